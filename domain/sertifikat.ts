// The certificate as read from ePhyto XML (SPEC §3 "Certificate", "Goods line", "Attachment"); the certificate
// API's response types (SPEC §7 "Certificates and data") are in sertifikat-visning.ts, built on these. Types,
// plus a few pure helpers: shared by api/ (the reader in api/ephyto/parse.ts, the certificate API) and the app.

import type { TilsiktetBrukKode } from "./kodeverk";
import { kanViseMengde } from "./mengde";
import { rensTekst } from "./text";

// ---------------------------------------------------------------------------------------------------------
// The parsed certificate
// ---------------------------------------------------------------------------------------------------------

export type SertifikatType = "Eksport" | "Reeksport";

/** A country as the certificate gives it (the code is upper-cased; the name is the certificate's own). */
export interface SertifikatLand {
  kode?: string;
  navn?: string;
}

export interface Opprinnelsesland extends SertifikatLand {
  /** Region of origin (SubordinateSPSCountrySubDivision). */
  landsdel?: string;
}

export interface Adresse {
  linje1?: string;
  linje2?: string;
  linje3?: string;
  linje4?: string;
  linje5?: string;
  postnummer?: string;
  poststed?: string;
  landkode?: string;
  land?: string;
}

/** An identifier of a party: `ID` (with schemeID/schemeName) or `TypeCode` with listName. */
export interface PartIdentifikator {
  verdi: string;
  /** The scheme or list name, e.g. "NationalRegistrationNumber". */
  type?: string;
}

export interface SertifikatPart {
  navn?: string;
  adresse?: Adresse;
  identifikatorer: PartIdentifikator[];
}

export interface SertifikatMottaker extends SertifikatPart {
  /** A Norwegian organisation number (nine digits, valid check digit) found among the identifiers. */
  organisasjonsnummer?: string;
}

export interface Ankomststed {
  navn?: string;
  /** UN/LOCODE or other location ID. */
  lokasjonkode?: string;
}

export interface Transportmiddel {
  /** UN Rec 19 mode code as given, e.g. "3". */
  modusKode?: string;
  /** Norwegian label of the mode (SPEC §2), "Annen transport" when unknown or missing. */
  transportMetode: string;
  /** Name of the means of transport (vessel, flight, truck). */
  navn?: string;
  /** Voyage, flight or registration number. */
  id?: string;
}

export interface Transportutstyr {
  /** Container or equipment ID. */
  id?: string;
  forseglinger: string[];
}

export interface Mengde {
  verdi: number;
  /** The unitCode as given (UN/ECE Rec 20); missing when the certificate gives none. */
  enhet?: string;
}

export interface Varemengde {
  /**
   * The count from the OQV/OQU notes. The reader gives a count without OQU the default unit code H87
   * (piece, SPEC §9); weights and volumes keep their unitCode as given and get no default.
   */
  antall?: Mengde;
  nettoVekt?: Mengde;
  bruttoVekt?: Mengde;
  nettoVolum?: Mengde;
  bruttoVolum?: Mengde;
}

export interface Pakke {
  /** 1-based position on the goods line. */
  sorteringsnummer: number;
  /** LevelCode (1 = outermost). */
  nivaa?: number;
  /** UN/ECE Rec 21 package code, e.g. "BX". */
  pakkeKode?: string;
  antall?: number;
}

export interface AnnenKlassifisering {
  system?: string;
  kode?: string;
  navn?: string;
}

export interface Klassifisering {
  /** Customs (HS) code, dots and spaces removed when it is numeric. */
  hsKode?: string;
  /** Plant part (IPPCPCVP), e.g. "Seeds". */
  plantedel?: string;
  /** Conditions (IPPCPCC), e.g. ["Fresh", "Rooted"]. */
  tilstander: string[];
  /** Intended use as written (IntendedUse). */
  tilsiktetBruk?: string;
  /** Intended use mapped to the reference table, when recognised. */
  tilsiktetBrukKode?: TilsiktetBrukKode;
  eppoKoder: string[];
  /** Classifications of other systems, kept as they are. */
  andre: AnnenKlassifisering[];
}

/** A note (IncludedSPSNote / AdditionalInformationSPSNote) the reader did not map. */
export interface Merknad {
  emne?: string;
  innhold?: string;
}

export interface AnnenBehandlingsegenskap {
  kode?: string;
  verdier: string[];
  mengde?: Mengde;
}

export interface Behandling {
  /** AppliedSPSProcess/TypeCode as given. */
  typeKode?: string;
  /** TTL1: treatment type, level 1 (code or text as given). */
  behandlingstype?: string;
  /** TTL2: treatment type, level 2. */
  behandlingstypeNivaa2?: string;
  /** TTCH: chemicals (active ingredients), as given. */
  kjemikalier: string[];
  /** TTCO: concentration. */
  konsentrasjon?: Mengde;
  konsentrasjonTekst?: string;
  /** TTTM: temperature. */
  temperatur?: Mengde;
  /** CompletionSPSPeriod/DurationMeasure. */
  varighet?: Mengde;
  /** YYYY-MM-DD as written, or the text when it is not a date. */
  startdato?: string;
  sluttdato?: string;
  /** TTAI: additional information. */
  tilleggsinformasjon?: string;
  /** TTFT: free text. */
  fritekst?: string;
  /** Norwegian one-line description: type (level 2), temperature, duration, concentration. */
  beskrivelse?: string;
  /** TTAI and TTFT together (when the free text is not already the description). */
  tilleggsbeskrivelse?: string;
  andreEgenskaper: AnnenBehandlingsegenskap[];
  merknader: Merknad[];
}

export interface VarelinjeTilleggserklaering {
  /** ADTLIL. */
  tilleggserklaeringer: string[];
  /** ADIPTLIL: import permit. */
  importtillatelseserklaering?: string;
  /** ADDITLIL: YYYY-MM-DD when it is a date, otherwise the text. */
  inspeksjonsdato?: string;
  /** ADAOTLIL. */
  offisiellTilleggsInformasjon: string[];
}

/** The re-export certification notes (RPC*) of a goods line. */
export interface ReeksportSertifiseringsErklaering {
  /** RPCST: statement code. */
  reeksportErklaeringKode?: string;
  /** RPCCO: the country (contracting party) that issued the original certificate. */
  kontraktsinngaaendePart?: SertifikatLand;
  /** RPCRF: number of the original phytosanitary certificate. */
  ephytoSertifikatReferanse?: string;
  /** RPCOR: based on the original certificate. */
  originalSertifikat?: boolean;
  /** RPCTC: based on a certified true copy. */
  bekreftetKopi?: boolean;
  /** RPCPK: packed. */
  pakket?: boolean;
  /** RPCRP: repacked. */
  ompakket?: boolean;
  /** RPCOC: in original containers. */
  originaleContainere?: boolean;
  /** RPCNC: in new containers. */
  nyeContainere?: boolean;
  /** RPCPC: the underlying document is a phytosanitary certificate. */
  fytosanitaertSertifikat?: boolean;
  /** RPCAI: additional inspection done. */
  tilleggsinspeksjon?: boolean;
  /** Every RPC* note in document order, including ones not mapped above. */
  koder: Merknad[];
}

export interface Varelinje {
  /** SequenceNumeric; the 1-based position when missing. */
  sorteringsnummer: number;
  /** CommonName. */
  navn?: string;
  /** ScientificName. */
  botaniskNavn?: string;
  beskrivelse?: string;
  klassifisering: Klassifisering;
  mengde: Varemengde;
  pakker: Pakke[];
  /** OPTND: package description. */
  pakkebeskrivelse?: string;
  /** DMTLIL notes and PhysicalSPSShippingMarks. */
  kjennetegn: string[];
  opprinnelsesland: Opprinnelsesland[];
  behandlinger: Behandling[];
  harTilleggserklaeringer: boolean;
  varelinjeTilleggserklaering: VarelinjeTilleggserklaering;
  reeksportSertifiseringsErklaering?: ReeksportSertifiseringsErklaering;
  ukjenteMerknader: Merknad[];
}

export interface Tilleggserklaering {
  /** ADEDL. */
  tilleggserklaeringer: string[];
  /** ADAOEDL. */
  offisiellTilleggsinformasjon: string[];
  /** ADIPEDL. */
  importtillatelse?: string;
  /** ADDIEDL: YYYY-MM-DD when it is a date, otherwise the text. */
  datoForInspeksjon?: string;
}

/** ADRP/ADRPN/ADRPR/ADRD: this certificate replaces another. Unknown parts are missing. */
export interface ErstatterSertifikat {
  /** ADRP content (a code). */
  kode?: string;
  /** ADRPN: the number of the replaced certificate. */
  nummer?: string;
  /** ADRPR: reason. */
  aarsak?: string;
  /** ADRD: YYYY-MM-DD when it is a date, otherwise the text. */
  dato?: string;
}

export interface Signatur {
  /** The signing officer. */
  navn?: string;
  /** Place of issue. */
  sted?: string;
  /** YYYY-MM-DD as written, or the text when it is not a date. */
  dato?: string;
  /** ProviderSPSParty/Name. */
  organisasjon?: string;
  klausuler: { id?: string; innhold?: string }[];
}

/** ReferenceSPSReferencedDocument without an attached file (e.g. the original certificate of a re-export). */
export interface ReferertDokument {
  identifikator?: string;
  typeKode?: string;
  relasjonKode?: string;
  /** YYYY-MM-DD as written, or the text when it is not a date. */
  dato?: string;
  informasjon?: string;
}

export interface ParsedVedlegg extends ReferertDokument {
  filnavn?: string;
  /** The mimeCode attribute, when given. */
  mimeKode?: string;
  /** Short file type ("pdf", "png", ...), "" when unknown. */
  filtype: string;
  /** From the content first, then the file name; application/octet-stream when unknown. */
  mimetype: string;
  /** Only pdf, png, jpg/jpeg and gif open in the browser (SPEC §5). */
  kanAapneVedlegg: boolean;
  stoerrelse: number;
  /** The decoded file. Not JSON: store it separately (see `utenVedleggsdata`). */
  data: Uint8Array;
}

/** The ePhyto Hub envelope header around the certificate, when there was one. */
export interface HubKonvolutt {
  fra?: string;
  til?: string;
  sertifikattype?: string;
  sertifikatstatus?: string;
  nppoSertifikatnummer?: string;
  hubLeveringsnummer?: string;
}

export interface ParsedCertificate {
  /** SPSExchangedDocument/ID (falls back to the envelope's NPPOCertificateNumber). */
  nummer: string;
  /** SPSExchangedDocument/Name. */
  dokumentnavn?: string;
  /** 851 (phytosanitary certificate) or 657 (re-export), as given. */
  typeKode?: string;
  type?: SertifikatType;
  /** UN/CEFACT 1373 status code as given, e.g. "70". */
  statusKode?: string;
  /** Issue time as ISO 8601 UTC (a time without zone is read as UTC; a date alone as midnight UTC). */
  utstedtDato?: string;
  /** The issue date as written on the certificate, YYYY-MM-DD. */
  utstedtDag?: string;
  /** IssuerSPSParty/Name: the exporting plant-health authority. */
  utsteder?: string;
  avsender?: SertifikatPart;
  mottaker?: SertifikatMottaker;
  eksportLand?: SertifikatLand;
  importLand?: SertifikatLand;
  transittland: SertifikatLand[];
  ankomststed?: Ankomststed;
  /** ExaminationSPSEvent/OccurrenceSPSLocation/Name. */
  inspeksjonssted?: string;
  transportmidler: Transportmiddel[];
  transportutstyr: Transportutstyr[];
  varelinjer: Varelinje[];
  /** SPSFL: the free-from-pest statement (a statement code or text, as given). */
  friForPestErklaering?: string;
  tilleggserklaering: Tilleggserklaering;
  erstatter?: ErstatterSertifikat;
  /** DMCL: distinguishing marks. */
  kjennetegn: string[];
  signatur?: Signatur;
  vedlegg: ParsedVedlegg[];
  refererteDokumenter: ReferertDokument[];
  konvolutt?: HubKonvolutt;
  /** Certificate-level notes with a subject the reader does not map. */
  ukjenteMerknader: Merknad[];
}

/** A ParsedCertificate without attachment bytes: what can be stored as JSON. */
export type LagretSertifikat = Omit<ParsedCertificate, "vedlegg"> & {
  vedlegg: Omit<ParsedVedlegg, "data">[];
};

/** Normalised consignee name for exact-name matching (SPEC §1): NFC, trimmed, single spaces, lower case. */
export function normaliserMottakerNavn(navn: string | null | undefined): string | undefined {
  if (typeof navn !== "string") return undefined;
  const norm = navn.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();
  return norm === "" ? undefined : norm;
}

// ---------------------------------------------------------------------------------------------------------
// The 14-day rule (SPEC §5 "Certificates", §9)
// ---------------------------------------------------------------------------------------------------------

export const MAKS_SERTIFIKATALDER_DAGER = 14;

/** SPEC §8 "No goods lines": such a certificate cannot be processed, so it cannot be notified either. */
export const INGEN_VARELINJER_MELDING = "Sertifikatet har ingen varelinjer og kan derfor ikke behandles.";

export const FOR_GAMMELT_SERTIFIKAT_MELDING =
  "Sertifikater som er mer enn 2 uker gamle kan ikke meldes. Be eksportør om et nytt sertifikat.";

/** Whole days from `fra` to `til` (both YYYY-MM-DD); NaN when either is not such a date. */
export function dagerMellom(fra: string, til: string): number {
  const dag = (s: string) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
    return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : Number.NaN;
  };
  return Math.round((dag(til) - dag(fra)) / 86_400_000);
}

/** NL certificates may be searched and notified with a date up to this many days off (SPEC §2). */
export const NL_DATO_SLINGRING_DAGER = 2;

/** How many days a given date may differ from the certificate's issue date: ±2 for NL, otherwise 0. */
export function datoSlingringDager(avsenderland: string): number {
  return avsenderland.trim().toUpperCase() === "NL" ? NL_DATO_SLINGRING_DAGER : 0;
}

/**
 * Whether `oppgittDato` (YYYY-MM-DD, as the importer gave it) matches the certificate's issue date
 * `utstedtDato` for a certificate from `avsenderland`: exactly, or within ±2 days for NL.
 */
export function datoStemmer(avsenderland: string, utstedtDato: string, oppgittDato: string): boolean {
  const avvik = Math.abs(dagerMellom(utstedtDato, oppgittDato));
  return Number.isFinite(avvik) && avvik <= datoSlingringDager(avsenderland);
}

/**
 * True when the issue date (YYYY-MM-DD) is more than 14 days before `idag` (the Oslo date, YYYY-MM-DD).
 * A date that does not match YYYY-MM-DD is not checked (false), as SPEC §5 says.
 */
export function erSertifikatForGammelt(utstedtDato: string, idag: string): boolean {
  const dager = dagerMellom(utstedtDato, idag);
  return Number.isFinite(dager) && dager > MAKS_SERTIFIKATALDER_DAGER;
}

// ---------------------------------------------------------------------------------------------------------
// Total quantity (SPEC §2 goods-lines table, §3 mengdeOppsummering)
// ---------------------------------------------------------------------------------------------------------

/** Total quantities of all goods lines, one entry per unit (SPEC §3 "mengdeOppsummering"). */
export interface MengdeOppsummering {
  totaltAntall: Mengde[];
  totalNettoVekt: Mengde[];
  totalBruttoVekt: Mengde[];
  totalNettoVolum: Mengde[];
  totalBruttoVolum: Mengde[];
}

const MENGDEFELT = [
  ["antall", "totaltAntall"],
  ["nettoVekt", "totalNettoVekt"],
  ["bruttoVekt", "totalBruttoVekt"],
  ["nettoVolum", "totalNettoVolum"],
  ["bruttoVolum", "totalBruttoVolum"],
] as const satisfies readonly (readonly [keyof Varemengde, keyof MengdeOppsummering])[];

/**
 * Sums each quantity of all goods lines per unit code (in order of first appearance). Only quantities that
 * may be shown count (SPEC §5: a unit exists and the value is not negative), so a total never hides a
 * negative value or puts a number without a unit into one. Sums are rounded to 6 decimals.
 */
export function mengdeOppsummering(varelinjer: readonly Pick<Varelinje, "mengde">[]): MengdeOppsummering {
  const ut: MengdeOppsummering = {
    totaltAntall: [],
    totalNettoVekt: [],
    totalBruttoVekt: [],
    totalNettoVolum: [],
    totalBruttoVolum: [],
  };
  for (const [felt, total] of MENGDEFELT) {
    const perEnhet = new Map<string, number>();
    for (const linje of varelinjer) {
      const m = linje.mengde[felt];
      const enhet = rensTekst(m?.enhet);
      if (!m || enhet === undefined || !kanViseMengde(m.verdi, enhet)) continue;
      perEnhet.set(enhet, (perEnhet.get(enhet) ?? 0) + m.verdi);
    }
    ut[total] = [...perEnhet].map(([enhet, sum]) => ({ verdi: Math.round(sum * 1e6) / 1e6 + 0, enhet }));
  }
  return ut;
}

/**
 * How many goods lines each total of mengdeOppsummering counts (the lines with that quantity in a unit that
 * may be shown): a total that leaves some lines out is partial, and the page says so (issue 23 item 9).
 */
export function mengdeDekning(
  varelinjer: readonly Pick<Varelinje, "mengde">[],
): Record<keyof MengdeOppsummering, number> {
  const ut = {} as Record<keyof MengdeOppsummering, number>;
  for (const [felt, total] of MENGDEFELT) {
    ut[total] = varelinjer.filter((l) => {
      const m = l.mengde[felt];
      return !!m && kanViseMengde(m.verdi, rensTekst(m.enhet));
    }).length;
  }
  return ut;
}
