// Notification statuses, list categories and assessment codes (SPEC §4).

export const IMPORTMELDING_STATUSER = [
  "UNDER_REGISTRERING",
  "REGISTRERT",
  "ANKOMMET",
  "FRIGITT",
  "AUTOMATISK_FRIGITT",
  "AVVIST",
  "DELVIS_AVVIST",
  "TILBAKETRUKKET",
  "SLETTET",
] as const;
export type ImportmeldingStatus = (typeof IMPORTMELDING_STATUSER)[number];

/** Short label used in badges and detail pages. */
export const STATUS_TEKST: Record<ImportmeldingStatus, string> = {
  UNDER_REGISTRERING: "Påbegynt",
  REGISTRERT: "Registrert",
  ANKOMMET: "Avventer vurdering",
  FRIGITT: "Frigitt",
  AUTOMATISK_FRIGITT: "Frigitt",
  AVVIST: "Avvist",
  DELVIS_AVVIST: "Delvis avvist",
  TILBAKETRUKKET: "Tilbaketrukket",
  SLETTET: "Slettet",
};

/** Labels of the status filter on the notification list (SPEC §2). */
export const STATUS_FILTER_TEKST = {
  UNDER_REGISTRERING: "Påbegynt",
  REGISTRERT: "Forhåndsmeldt",
  ANKOMMET: "Venter på vurdering",
  VURDERT: "Vurdert",
} as const;

export type Farge = "success" | "info" | "danger" | "neutral" | "warning";

/** Badge colours (SPEC §4). */
export function statusFarge(status: ImportmeldingStatus): Farge {
  switch (status) {
    case "FRIGITT":
    case "AUTOMATISK_FRIGITT":
      return "success";
    case "ANKOMMET":
    case "REGISTRERT":
      return "info";
    case "AVVIST":
    case "DELVIS_AVVIST":
      return "danger";
    default:
      return "neutral";
  }
}

export const INNSENDTE_STATUSER: readonly ImportmeldingStatus[] = [
  "REGISTRERT",
  "ANKOMMET",
  "FRIGITT",
  "AVVIST",
  "DELVIS_AVVIST",
  "TILBAKETRUKKET",
  "AUTOMATISK_FRIGITT",
];
export const ANKOMNE_STATUSER: readonly ImportmeldingStatus[] = [
  "ANKOMMET",
  "FRIGITT",
  "AVVIST",
  "DELVIS_AVVIST",
  "AUTOMATISK_FRIGITT",
];
export const VURDERTE_STATUSER: readonly ImportmeldingStatus[] = [
  "FRIGITT",
  "AVVIST",
  "DELVIS_AVVIST",
  "AUTOMATISK_FRIGITT",
];

export const erInnsendt = (s: ImportmeldingStatus) => INNSENDTE_STATUSER.includes(s);
export const erAnkommet = (s: ImportmeldingStatus) => ANKOMNE_STATUSER.includes(s);
export const erVurdert = (s: ImportmeldingStatus) => VURDERTE_STATUSER.includes(s);

/**
 * Assessed before arrival (docs/decisions/041-vurdert-foer-ankomst.md): the authority released or rejected a
 * notification that expects a physical reception control before the shipment was reported arrived (SPEC's
 * «forhåndsfrigitte»). The shipment has not arrived under it, and no reception control is expected any more:
 * the authority has decided, and the control's answers were input to a decision it no longer needs.
 */
export function erVurdertFoerAnkomst(m: {
  status: ImportmeldingStatus;
  kunDokumentkontroll: boolean;
  /** When the shipment was reported arrived (ANKOMMET), null when never. */
  faktiskAnkommet: unknown;
}): boolean {
  return (
    MYNDIGHETENS_VURDERINGER.includes(m.status) &&
    !m.kunDokumentkontroll &&
    (m.faktiskAnkommet === null || m.faktiskAnkommet === undefined)
  );
}

/** The authority's assessments (FRIGITT, AVVIST, DELVIS_AVVIST); AUTOMATISK_FRIGITT is the service's. */
export const MYNDIGHETENS_VURDERINGER: readonly ImportmeldingStatus[] = [
  "FRIGITT",
  "AVVIST",
  "DELVIS_AVVIST",
];

/** The authority's assessments made before arrival, as shown (ADR 041); whole phrases, for the catalogues. */
export const FOER_ANKOMST_TEKST: Partial<Record<ImportmeldingStatus, string>> = {
  FRIGITT: "Frigitt før ankomst",
  AVVIST: "Avvist før ankomst",
  DELVIS_AVVIST: "Delvis avvist før ankomst",
};

/** The status as shown in badges, lists and documents: an assessment before arrival says so (ADR 041). */
export function statusTekst(status: ImportmeldingStatus, vurdertFoerAnkomst = false): string {
  return (vurdertFoerAnkomst ? FOER_ANKOMST_TEKST[status] : undefined) ?? STATUS_TEKST[status];
}

export type Kategori = "PAABEGYNT" | "REGISTRERT" | "TIL_VURDERING" | "VURDERT";

/** Archive list category (SPEC §4 "List categories"). */
export function kategori(status: ImportmeldingStatus): Kategori {
  switch (status) {
    case "AVVIST":
    case "DELVIS_AVVIST":
    case "FRIGITT":
    case "AUTOMATISK_FRIGITT":
    case "TILBAKETRUKKET":
      return "VURDERT";
    case "REGISTRERT":
      return "REGISTRERT";
    case "UNDER_REGISTRERING":
      return "PAABEGYNT";
    default:
      return "TIL_VURDERING";
  }
}

export const ALVORLIGHETSGRADER = ["ALT_OK", "VARSEL", "FORBUD", "UFULLSTENDIG"] as const;
export type Alvorlighetsgrad = (typeof ALVORLIGHETSGRADER)[number];

export const ALVORLIGHETSGRAD_FARGE: Record<Alvorlighetsgrad, Farge> = {
  ALT_OK: "success",
  VARSEL: "warning",
  FORBUD: "danger",
  UFULLSTENDIG: "neutral",
};

/** Display order: danger, then warning, then neutral (then success). */
export function alvorlighetsgradRekkefoelge(grad: Alvorlighetsgrad): number {
  return { FORBUD: 0, VARSEL: 1, UFULLSTENDIG: 2, ALT_OK: 3 }[grad];
}

export const MELDEPLIKTIG_VURDERINGER = [
  "MELDEPLIKTIG",
  "UFULLSTENDIG",
  "IKKE_VURDERT",
  "IKKE_MELDEPLIKTIG",
] as const;
export type MeldepliktigVurdering = (typeof MELDEPLIKTIG_VURDERINGER)[number];

export const MELDEPLIKTIG_TEKST: Record<MeldepliktigVurdering, string> = {
  MELDEPLIKTIG: "Meldepliktig",
  UFULLSTENDIG: "Mulig meldepliktig",
  IKKE_VURDERT: "Mulig meldepliktig",
  IKKE_MELDEPLIKTIG: "Ikke meldepliktig",
};

/**
 * The badge colour of a certificate's notification requirement, in the certificate list and on its page:
 * required is a warning, not required a success, and "possibly required" (incomplete or not assessed) neutral.
 */
export function meldepliktFarge(vurdering: MeldepliktigVurdering): Farge {
  if (vurdering === "MELDEPLIKTIG") return "warning";
  if (vurdering === "IKKE_MELDEPLIKTIG") return "success";
  return "neutral";
}
