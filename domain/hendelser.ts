// The events an importer can follow (issue 25 §3, docs/decisions/036-hendelser-og-webhooker.md): in the feed
// GET /import/v2/{orgnr}/{importoerId}/hendelser and as webhooks.
import type { Sprak } from "../sprak/sprak";
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

/**
 * The authority's event feed (issue 32 item 2, ADR 045): what its case system follows, in the same gap-free
 * numbering as the importers' feed but a stream of its own (`GET /myndighet/v2/hendelser`). Submissions,
 * changed arrivals, arrivals with the reception control, withdrawals and outcomes.
 */
export const MYNDIGHET_HENDELSESTYPER = [
  "importmelding.sendt_inn",
  "importmelding.ankomst_endret",
  "importmelding.ankommet",
  "importmelding.trukket_tilbake",
  "importmelding.vurdert",
] as const;
export type MyndighetHendelsestype = (typeof MYNDIGHET_HENDELSESTYPER)[number];

/** The status each status-changing authority event follows (vurdert: every outcome). */
export const MYNDIGHET_HENDELSE_FOR_STATUS: Partial<Record<ImportmeldingStatus, MyndighetHendelsestype>> = {
  REGISTRERT: "importmelding.sendt_inn",
  ANKOMMET: "importmelding.ankommet",
  TILBAKETRUKKET: "importmelding.trukket_tilbake",
  FRIGITT: "importmelding.vurdert",
  AVVIST: "importmelding.vurdert",
  DELVIS_AVVIST: "importmelding.vurdert",
  AUTOMATISK_FRIGITT: "importmelding.vurdert",
};

/** The data of every authority event: which notification, its status now, and what the case system plans by. */
export type MyndighetHendelseData = {
  importmelding: {
    nummer: string;
    /** The status before (null for a changed arrival, which changes no status). */
    fraStatus: ImportmeldingStatus | null;
    status: ImportmeldingStatus;
  };
  sertifikat: { nummer: string; eksportland: string };
  ansvarligImportoer: { organisasjonsnummer: string; navn: string };
  /** The expected arrival (ISO 8601), null when none is registered. */
  forventetAnkomst: string | null;
};

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
  /**
   * The language `feil` is written in: the caller's (a stored message reference, resolved), or bokmål for an
   * attempt logged before the languages (its stored text); null without `feil`. The page marks a text in another
   * language than its own with `lang`.
   */
  feilSprak: Sprak | null;
}
