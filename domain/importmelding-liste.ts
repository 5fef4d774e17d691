// The notification list (SPEC §2 "Notification list", §3 "List element"): filters, status groups and the
// list element of GET .../arkiv, shared by the API and the page.
import type { LandKodeNavn } from "./importmelding";
import type { Eksportland, Paginering } from "./sertifikat-visning";
import type { Farge, ImportmeldingStatus, Kategori } from "./status";

/**
 * The status filter: four groups (SPEC §2). 'Vurdert' is FRIGITT, AUTOMATISK_FRIGITT, DELVIS_AVVIST and
 * AVVIST: a withdrawn notification was never assessed (issue 23 item 4), though the archive category of SPEC
 * §4 places it under VURDERT for display. It is found without a status filter.
 */
export const STATUS_GRUPPER = {
  UNDER_REGISTRERING: ["UNDER_REGISTRERING"],
  REGISTRERT: ["REGISTRERT"],
  ANKOMMET: ["ANKOMMET"],
  VURDERT: ["FRIGITT", "AUTOMATISK_FRIGITT", "DELVIS_AVVIST", "AVVIST"],
} as const satisfies Record<string, readonly ImportmeldingStatus[]>;
export type StatusGruppe = keyof typeof STATUS_GRUPPER;

export const IMPORTMELDING_SIDESTOERRELSE = 20;

export interface ImportmeldingListeElement {
  id: number;
  nummer: string;
  egenReferanse: string | null;
  avsender: string | null;
  eksportLand: LandKodeNavn;
  kunDokumentkontroll: boolean;
  status: ImportmeldingStatus;
  statusTekst: string;
  statusFarge: Farge;
  statusEndret: string;
  kategori: Kategori;
  /** Released or rejected by the authority before the shipment arrived (ADR 041); the status text says so. */
  vurdertFoerAnkomst: boolean;
  /** The page the notification opens on. */
  url: string;
}

export interface ImportmeldingListe {
  importmeldingListevisningElementer: ImportmeldingListeElement[];
  paginering: Paginering;
  /** With `fasetter=true`: the country filter's choices, as GET …/eksportland gives them (ADR 077). */
  eksportland?: Eksportland[];
  /** With `fasetter=true`: whom the importer is reception controller for, as GET …/mottakskontrolloerfor. */
  mottakskontrolloerFor?: { id: number; navn: string; organisasjonsnummer: string }[];
}
