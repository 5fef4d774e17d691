// The events an importer can follow (issue 25 §3, docs/decisions/036-hendelser-og-webhooker.md): in the feed
// GET /import/v2/{orgnr}/{importoerId}/hendelser and as webhooks.
import type { ImportmeldingStatus } from "./status";

export const HENDELSESTYPER = [
  "sertifikat.mottatt",
  "importmelding.status_endret",
  "importmelding.vurdert",
] as const;
export type Hendelsestype = (typeof HENDELSESTYPER)[number];

/** The statuses that are an outcome (importmelding.vurdert): the authority's assessments and the automatic release. */
export const VURDERT_STATUSER: readonly string[] = [
  "FRIGITT",
  "AVVIST",
  "DELVIS_AVVIST",
  "AUTOMATISK_FRIGITT",
];

// Type aliases, not interfaces: the writers pass them on as a plain record (api/hendelser/skriv.ts).

/** The data of `sertifikat.mottatt`: a new certificate, or a changed version of one, naming the importer. */
export type SertifikatMottattData = {
  sertifikat: {
    id: number;
    nummer: string;
    /** The export country's ISO 3166-1 alpha-2 code. */
    eksportland: string;
    /** Absent when the certificate gives no time of issue. */
    utstedtDato?: string;
    erstatterNummer: string | null;
  };
  resultat: "ny" | "oppdatert" | "uendret" | "eldre";
};

/** The data of `importmelding.status_endret` and `importmelding.vurdert`. */
export type StatusEndretData = {
  importmelding: { id: number; nummer: string };
  sertifikat: { nummer: string; eksportland: string };
  fraStatus: ImportmeldingStatus;
  status: ImportmeldingStatus;
  /** Present when the authority assessed it before the shipment arrived (ADR 041): no reception control. */
  vurdertFoerAnkomst?: true;
};

/** Each event type's data. */
export interface HendelseData {
  "sertifikat.mottatt": SertifikatMottattData;
  "importmelding.status_endret": StatusEndretData;
  "importmelding.vurdert": StatusEndretData;
}

/** A webhook subscription as the register API lists it (never with its secret). */
export interface WebhookVisning {
  id: number;
  url: string;
  typer: Hendelsestype[];
  aktiv: boolean;
  feilPaaRad: number;
  /** When it was paused (by the importer, or by the sender after repeated failures). */
  pauset: string | null;
  opprettet: string;
}

/** One delivery attempt in the importer's delivery log. */
export interface LeveringsforsoekVisning {
  tidspunkt: string;
  webhookId: number;
  url: string;
  hendelseType: Hendelsestype;
  hendelseNummer: number;
  forsoek: number;
  ok: boolean;
  httpStatus: number | null;
  feil: string | null;
}
