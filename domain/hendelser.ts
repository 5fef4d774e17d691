// The events an importer can follow (issue 25 §3, docs/decisions/036-hendelser-og-webhooker.md): in the feed
// GET /import/v2/{orgnr}/{importoerId}/hendelser and as webhooks.

export const HENDELSESTYPER = [
  "sertifikat.mottatt",
  "importmelding.status_endret",
  "importmelding.vurdert",
] as const;
export type Hendelsestype = (typeof HENDELSESTYPER)[number];

/** How the settings page names each event type. */
export const HENDELSESTYPE_TEKST: Record<Hendelsestype, string> = {
  "sertifikat.mottatt": "Sertifikat mottatt",
  "importmelding.status_endret": "Forhåndsmelding har endret status",
  "importmelding.vurdert": "Forhåndsmelding er vurdert av Mattilsynet",
};

/** The statuses that are an outcome (importmelding.vurdert): the authority's assessments and the automatic release. */
export const VURDERT_STATUSER: readonly string[] = [
  "FRIGITT",
  "AVVIST",
  "DELVIS_AVVIST",
  "AUTOMATISK_FRIGITT",
];

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
