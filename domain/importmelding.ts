// The notification API's response types (SPEC §3 Import notification, Arrival info, Control question,
// Deviation; §7 "Notifications"), shared by api/ and the app. Timestamps are ISO 8601 strings (UTC); dates
// are YYYY-MM-DD; Oslo wall-clock times are "HH:MM".

import {
  erAvvik,
  erSpoersmaalKode,
  erSvarKode,
  SPOERSMAAL,
  type SpoersmaalKategori,
  type SpoersmaalKode,
  SVAR_TEKST,
  type SvarKode,
} from "./kontrollspoersmaal";
import type { Klassifisering, SertifikatType, VarelinjeTilleggserklaering } from "./sertifikat";
import type { Farge, ImportmeldingStatus, Kategori } from "./status";

export interface LandKodeNavn {
  kode: string;
  navn: string;
}

export interface PartAdresse {
  linje1: string | null;
  linje2: string | null;
  linje3: string | null;
  linje4: string | null;
  linje5: string | null;
}

export interface PartVisning {
  navn: string | null;
  adresse: PartAdresse;
}

export interface ImportoerVisning {
  id: number;
  navn: string;
  organisasjonsnummer: string;
}

export interface Innmelder {
  navn: string;
  epost: string;
  telefonnummer: string | null;
}

export interface KontrollAdresse {
  linje1: string | null;
  linje2: string | null;
  postnummer: string | null;
  poststed: string | null;
}

export interface AnkomstMottakskontrolloer {
  importoerId: number;
  /** The person who does the reception control (the controller page), when given. */
  navn: string | null;
  telefonnummer: string | null;
  /** The controller company's name (from the importer register). */
  virksomhetNavn?: string | null;
  organisasjonsnummer?: string | null;
  /**
   * The importer that gave the person who does the reception control (issue 23 item 3): the appointed
   * controller, or the importer doing it itself; null until the person is given.
   */
  utfoertAv?: { importoerId: number; navn: string; organisasjonsnummer: string } | null;
  /**
   * Whether the controller is still one the responsible importer may choose (issue 23 item 5). A controller
   * removed since stays on the notification (ADR 011); false says so. A draft cannot be sent with it.
   */
  erUtnevnt?: boolean;
}

export interface AnkomstInfoVisning {
  id: number;
  /** The arrival time as a UTC instant, null when not given. */
  ankomsttid: string | null;
  /** The same in Europe/Oslo: date and slot time ("06:00", "10:00", "14:00", "18:00"). */
  ankomstTid: { dato: string; klokkeslett: string } | null;
  kontrollAdresse: KontrollAdresse;
  mottakskontrolloer: AnkomstMottakskontrolloer | null;
  sendingAnkommet: boolean;
  /** Date, time, address line 1, postal code and city are all present (SPEC §5). */
  erRegistrert: boolean;
}

export interface SvarAlternativ {
  kontrollSvar: SvarKode;
  tekst: string;
  erAvvik: boolean;
}

export interface KontrollSvarVisning {
  kontrollSvar: SvarKode;
  /** The answer's label. */
  tekst: string;
  kommentar: string | null;
  avvik: boolean;
}

export interface KontrollspoersmaalVisning {
  id: number;
  kategori: SpoersmaalKategori;
  kode: SpoersmaalKode;
  /** Page path segment, e.g. "reeksport" or "innhold-samsvarer". */
  path: string;
  /** The question text. */
  kontrollSpoersmaal: string;
  /** Legal reference, e.g. "forskrift om plantehelse § 20". */
  referanse: string | null;
  rekkefoelge: number;
  svarAlternativer: SvarAlternativ[];
  kontrollSvar: KontrollSvarVisning | null;
}

export const MENGDE_FELTER = ["antall", "nettoVekt", "bruttoVekt", "nettoVolum", "bruttoVolum"] as const;
export type MengdeFelt = (typeof MENGDE_FELTER)[number];

export interface MengdeVisning {
  verdi: number;
  enhet: string | null;
  /** The actual quantity registered at reception control, null when none. */
  faktiskVerdi: number | null;
  /** "1 234,5 kg", or null when not shown (no unit or negative, SPEC §5). */
  visningsMengde: string | null;
}

export type VarelinjeMengdeVisning = Partial<Record<MengdeFelt, MengdeVisning>>;

export interface VarelinjeVisning {
  sorteringsnummer: number;
  navn: string | null;
  botaniskNavn: string | null;
  beskrivelse: string | null;
  klassifisering: Klassifisering;
  mengde: VarelinjeMengdeVisning;
  opprinnelsesland: { kode: string | null; navn: string | null; landsdel: string | null }[];
  harTilleggserklaeringer: boolean;
  varelinjeTilleggserklaering: VarelinjeTilleggserklaering;
}

export interface ImportmeldingVedlegg {
  /** UUID; the file is GET /import/v1/vedlegg/{id}. */
  id: string;
  filnavn: string | null;
  mimetype: string;
  filtype: string;
  kanAapneVedlegg: boolean;
  identifikator: string | null;
  informasjon: string | null;
}

export interface SertifikatTilleggserklaeringVisning {
  tilleggserklaeringer: string[];
  offisiellTilleggsinformasjon: string[];
  importtillatelse: string | null;
  datoForInspeksjon: string | null;
}

export interface SertifikatLenke {
  id: number;
  nummer: string;
  /** Issue date as written, YYYY-MM-DD (the search key `dato`). */
  utstedtDato: string;
  /** Alpha-2 code of the export country (the search key `avsenderland`). */
  avsenderland: string;
  type: SertifikatType | null;
}

/** GET /import/importmelding/v2/{orgnr}/{importoerId}/{id}. */
export interface ImportmeldingVisning {
  id: number;
  nummer: string;
  egenReferanse: string | null;
  status: ImportmeldingStatus;
  statusTekst: string;
  statusFarge: Farge;
  statusEndret: string;
  /** List category (SPEC §4). */
  kategori: Kategori;
  /** Optimistic-concurrency version: send it back with a change to detect edits in another tab. */
  versjon: number;
  opprettet: string;
  /** The certificate's issue date, YYYY-MM-DD. */
  utstedtDato: string;
  eksportLand: LandKodeNavn;
  alleOpprinnelsesland: LandKodeNavn[];
  avsender: PartVisning;
  mottaker: PartVisning;
  ansvarligImportoer: ImportoerVisning;
  ansvarligDokumentkontroll: ImportoerVisning | null;
  /** The responsible importer has confirmed the regulations. */
  harLestRegelverk: boolean;
  innmelder: Innmelder | null;
  kunDokumentkontroll: boolean;
  ankomstInfo: AnkomstInfoVisning[];
  /** Sorted by rekkefoelge. */
  dokumentkontrollSpoersmaal: KontrollspoersmaalVisning[];
  /** Sorted by rekkefoelge; empty when kunDokumentkontroll. */
  mottakskontrollSpoersmaal: KontrollspoersmaalVisning[];
  varelinjer: VarelinjeVisning[];
  vedlegg: ImportmeldingVedlegg[];
  tilleggserklaering: SertifikatTilleggserklaeringVisning;
  sertifikat: SertifikatLenke;
  /** Submitted (SPEC §4 "Submitted statuses"). */
  erRegistrert: boolean;
  /** The shipment has arrived (SPEC §4 "Arrived statuses"), except when it was assessed before arrival. */
  erAnkommet: boolean;
  erVurdert: boolean;
  /**
   * The authority released or rejected it before the shipment was reported arrived, though it expects a
   * physical reception control (ADR 041): no reception control is expected any more.
   */
  vurdertFoerAnkomst: boolean;
  /** Every document question is answered. */
  dokumentkontrollFerdig: boolean;
  /** Every reception question is answered. */
  mottakskontrollFerdig: boolean;
  /** The first arrival entry is registered (and a controller chosen unless kunDokumentkontroll). */
  ankomstRegistrert: boolean;
  /** UNDER_REGISTRERING, innmelder given, document control finished and arrival registered. */
  kanSendesInn: boolean;
  /** When the shipment was marked arrived (ISO), null before. */
  faktiskAnkommet: string | null;
  /** The authority's reason for a rejection, null otherwise. */
  vurderingBegrunnelse: string | null;
  /** The reference of the authority's decision letter with a rejection (ADR 045), null otherwise. */
  vedtaksbrevReferanse: string | null;
  /**
   * What the service decided by itself at submission or arrival (ADR 046): FRIGITT; VENTER, for the authority
   * by its rules; UTEN_REGELSETT, for the authority because no risk rules are approved. Null before submission.
   */
  automatiskVurdering: "FRIGITT" | "VENTER" | "UTEN_REGELSETT" | null;
  /**
   * The responsible importer is named on the certificate (ADR 010). When not, the notification is never
   * released automatically: it waits for the authority, and gives way to the consignee's own until the
   * authority has assessed it (ADR 027).
   */
  ansvarligPaaSertifikatet: boolean;
  /** What the calling importer may do here. */
  tilgang: { eier: boolean; mottakskontrolloer: boolean };
}

/** PUT .../{id}/status. */
/** «Bruk svarene fra IM-…» (ADR 061): the earlier notification a draft may take its answers from. */
export interface SvarKilde {
  id: number;
  nummer: string;
  /** ISO timestamp of its submission. */
  sendtInn: string;
}

/** What a copy of answers did: the source, the changed fields, and the controller it could not copy. */
export interface KopiResultat {
  kilde: { id: number; nummer: string };
  endringer: { felt: string; fra: string | null; til: string | null }[];
  /** The source's reception controller, when the importer can no longer choose it (then not copied). */
  kontrolloerIkkeKopiert: string | null;
}

export interface StatusSvar {
  status: ImportmeldingStatus;
  statusEndret: string;
}

/** GET .../{id}/mottakskontrolloerer. */
export interface MottakskontrolloerValg {
  importoerId: number;
  navn: string;
  organisasjonsnummer: string;
}

// ---------------------------------------------------------------------------------------------------------
// Derived facts, computed the same way by the API and (for forms) the app
// ---------------------------------------------------------------------------------------------------------

/** SPEC §5: an arrival entry is registered when date, time, address line 1, postal code and city exist. */
export function ankomstErRegistrert(info: {
  ankomstTid: { dato?: string | null; klokkeslett?: string | null } | null;
  kontrollAdresse: { linje1?: string | null; postnummer?: string | null; poststed?: string | null };
}): boolean {
  const har = (s: string | null | undefined) => typeof s === "string" && s.trim() !== "";
  return (
    har(info.ankomstTid?.dato) &&
    har(info.ankomstTid?.klokkeslett) &&
    har(info.kontrollAdresse.linje1) &&
    har(info.kontrollAdresse.postnummer) &&
    har(info.kontrollAdresse.poststed)
  );
}

/** Every question answered (true for none). */
export function alleBesvart(spoersmaal: readonly { kontrollSvar: unknown }[]): boolean {
  return spoersmaal.every((s) => s.kontrollSvar !== null && s.kontrollSvar !== undefined);
}

/** A question as stored (its code, order and answer), as the detail view shows it. */
export interface KontrollspoersmaalRad {
  id: number;
  kategori: SpoersmaalKategori;
  kode: string;
  rekkefoelge: number;
  svar: string | null;
  kommentar: string | null;
  avvik: boolean;
}

/** The stored question with its text, answer options and answer; undefined for an unknown code. */
export function spoersmaalVisning(r: KontrollspoersmaalRad): KontrollspoersmaalVisning | undefined {
  if (!erSpoersmaalKode(r.kode)) return undefined;
  const def = SPOERSMAAL[r.kode];
  return {
    id: r.id,
    kategori: r.kategori,
    kode: r.kode,
    path: def.path,
    kontrollSpoersmaal: def.tekst,
    referanse: def.referanse ?? null,
    rekkefoelge: r.rekkefoelge,
    svarAlternativer: def.svarAlternativer.map((s) => ({
      kontrollSvar: s,
      tekst: SVAR_TEKST[s],
      erAvvik: erAvvik(s),
    })),
    kontrollSvar:
      r.svar !== null && erSvarKode(r.svar)
        ? { kontrollSvar: r.svar, tekst: SVAR_TEKST[r.svar], kommentar: r.kommentar, avvik: r.avvik }
        : null,
  };
}
