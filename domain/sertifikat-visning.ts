// The certificate API's responses (SPEC §7 "Certificates and data"), shared by api/ and the app. Timestamps
// are ISO 8601 strings (UTC), dates are YYYY-MM-DD. Built on domain/sertifikat.ts, which does not import this.
import type { SertifikatVurdering } from "./risiko/vurder";
import type { LagretSertifikat, MengdeOppsummering, SertifikatType } from "./sertifikat";
import type { Alvorlighetsgrad, ImportmeldingStatus, MeldepliktigVurdering } from "./status";
import type { VarelinjeOppsummering } from "./varelinjeside";

/** A code with its Norwegian display text. */
export interface KodeVisning<K extends string = string> {
  kode: K;
  visningstekst: string;
}

/** A country with its Norwegian name (domain/kodeverk `landNavn`). */
export interface LandVisning {
  /** Alpha-2 code. */
  kode: string;
  navn: string;
}

/** GET /import/v2/eksportland: countries certificates exist from, plus the paperless-agreement countries. */
export interface Eksportland extends LandVisning {
  /** Number of certificates received from the country (0 for a paperless country without any), at most MAKS_TREFF. */
  antall: number;
  /** More than MAKS_TREFF from the country (ADR 021). */
  flereEnnMaks: boolean;
}

/** Paging of a list (zero-based page numbers, SPEC §3 "List element", §9). */
export interface Paginering {
  sidenummer: number;
  antallSider: number;
  /** The hits, at most MAKS_TREFF (domain/pagination.ts). */
  antallElementer: number;
  antallElementerPerSide: number;
  /** More hits than MAKS_TREFF: the list shows the newest MAKS_TREFF (ADR 021). */
  flereEnnMaks: boolean;
}

/**
 * What a certificate's card on a page shows (home's new certificates, the certificate list's rows): its keys,
 * sender and duty to notify, and nothing else of the API's answer (single fetch writes loader data into the
 * HTML; ADR 082, 086).
 */
export interface SertifikatKort {
  id: number;
  nummer: string;
  utstedtDato: string;
  eksportLand: { kode: string; navn: string };
  avsender: string | null;
  meldeplikt: MeldepliktigVurdering;
}

export const sertifikatKort = (s: {
  id: number;
  nummer: string;
  utstedtDato: string;
  eksportLand: { kode: string; navn: string };
  avsender: string | null;
  meldepliktigVurdering: { kode: MeldepliktigVurdering };
}): SertifikatKort => ({
  id: s.id,
  nummer: s.nummer,
  utstedtDato: s.utstedtDato,
  eksportLand: { kode: s.eksportLand.kode, navn: s.eksportLand.navn },
  avsender: s.avsender,
  meldeplikt: s.meldepliktigVurdering.kode,
});

/** One row of GET /import/v2/{orgnr}/{importoerId}/sertifikater. */
export interface SertifikatListeElement {
  id: number;
  nummer: string;
  /** Issue date as written on the certificate (the search key `dato`). */
  utstedtDato: string;
  /** Null when the certificate's type code is neither 851 nor 657. */
  type: SertifikatType | null;
  eksportLand: LandVisning;
  /** Consignor (sender) name. */
  avsender: string | null;
  /** Consignee name as written on the certificate. */
  mottaker: string | null;
  meldepliktigVurdering: KodeVisning<MeldepliktigVurdering>;
  alvorlighetsgrad: Alvorlighetsgrad;
  antallVarelinjer: number;
  /** Replaced by a newer certificate. */
  erstattet: boolean;
  /** The live notification (not SLETTET/TILBAKETRUKKET) this importer may see, if any. */
  importMeldingId: number | null;
  importMeldingStatus: ImportmeldingStatus | null;
  /** When we received it (ISO timestamp). */
  mottatt: string;
}

export interface SertifikatListe {
  sertifikatListe: SertifikatListeElement[];
  paginering: Paginering;
  /** With `fasetter=true`: the country filter's choices, as GET /import/v2/eksportland gives them (ADR 077). */
  eksportland?: Eksportland[];
}

/** The keys a certificate is opened by: /sertifikat?sertifikatnummer&dato&avsenderland (SPEC §2). */
export interface SertifikatNoekler {
  sertifikatnummer: string;
  /** YYYY-MM-DD. */
  dato: string;
  /** Alpha-2 code of the export country. */
  avsenderland: string;
}

/** "This certificate replaces ..." banner. Missing parts show 'unknown number' / 'unknown reason'. */
export interface ErstatterSertifikatVisning {
  nummer?: string;
  grunn?: string;
  /** As written (YYYY-MM-DD when it is a date). */
  dato?: string;
  /** Keys of the replaced certificate, when we have received it. */
  lenke?: SertifikatNoekler;
}

/** "This certificate was replaced by ..." banner: the replacing certificate we hold. */
export interface ErstattetAvSertifikatVisning {
  nummer: string;
  /** Issue date of the replacing certificate, YYYY-MM-DD. */
  dato: string;
  /** Alpha-2 code of its export country. */
  avsenderland: string;
}

/** An attachment of the certificate page; the file itself is GET /import/v1/vedlegg/{id}. */
export interface VedleggVisning {
  /** UUID (the spec's gcpStorageId). */
  id: string;
  filnavn: string | null;
  mimetype: string;
  /** Short type ("pdf", "png", ...), "" when unknown. */
  filtype: string;
  /** pdf, png, jpg/jpeg and gif only (SPEC §5). */
  kanAapneVedlegg: boolean;
  identifikator: string | null;
  informasjon: string | null;
  /** Size in bytes. */
  stoerrelse: number;
}

/** An importer that may be made responsible for a notification of this certificate. */
export interface KandidatImportoer {
  id: number;
  navn: string;
  organisasjonsnummer: string;
  /** Named on the certificate (organisation number or exact consignee name); these come first. */
  paaSertifikatet: boolean;
  /** Whether this importer has confirmed knowledge of the regulations (SPEC §5); only it can confirm it. */
  harLestRegelverk: boolean;
}

/**
 * GET /import/v2/{orgnr}/{importoerId}/sertifikat: the certificate page. All LagretSertifikat data
 * (`utstedtDato` is the ISO instant from the certificate, `utstedtDag` the date as written, which is the
 * search key) with the attachments replaced by their metadata, plus what the page needs.
 */
export interface SertifikatVisning extends Omit<LagretSertifikat, "vedlegg"> {
  id: number;
  /** Norwegian text of the status code ("Utstedt", "Trukket tilbake"), undefined without status. */
  statusTekst?: string;
  /** The stored risk assessment (banners and per-line findings). */
  vurdering: SertifikatVurdering;
  meldepliktigVurdering: KodeVisning<MeldepliktigVurdering>;
  alvorlighetsgrad: Alvorlighetsgrad;
  mottatt: string;
  statusSistEndret: string;
  erstatterSertifikat?: ErstatterSertifikatVisning;
  erstattetAvSertifikat?: ErstattetAvSertifikatVisning;
  vedlegg: VedleggVisning[];
  /** Over all goods lines, also when `varelinjer` is one page of them. */
  mengdeOppsummering: MengdeOppsummering;
  /**
   * The certificate API answers one page of goods lines (`varelinjer`, and their assessments in
   * `vurdering.varelinjer`) and this about all of them (domain/varelinjeside.ts); absent in the documents,
   * which have every line.
   */
  varelinjeOppsummering?: VarelinjeOppsummering;
  /** The export country has a paperless-certificate agreement (SPEC §9). */
  erPapirloest: boolean;
  /**
   * Free-text fields longer than pages and documents show, by path ("avsender.navn"): their text here is cut
   * with a mark (domain/fritekst.ts); the full text is in the certificate's XML.
   */
  forkortedeFelt: string[];
  /** Issued more than 14 days before today (Oslo date): cannot be notified (SPEC §5, §9). */
  erForGammel: boolean;
  /** The live notification of this certificate, when this importer may see it. */
  importMeldingId: number | null;
  importMeldingStatus: ImportmeldingStatus | null;
  /** That notification belongs to this importer and is UNDER_REGISTRERING or REGISTRERT. */
  kanEndreImportmelding: boolean;
  /**
   * No live notification (or one that gives way to the importer named on the certificate, ADR 027), not
   * withdrawn (status 40), not replaced, and a paperless export country. The 14-day rule is reported
   * separately (`erForGammel`) and enforced when a notification is created.
   */
  kanOppretteImportmelding: boolean;
  /** Whether this importer has confirmed knowledge of the regulations (SPEC §5): the page asks it first. */
  harLestRegelverk: boolean;
  /**
   * This importer and the importers it is reception controller for; those on the certificate first. When
   * creating replaces another organisation's notification (`annenForhaandsmelding.vedNyMelding`), only those
   * on the certificate.
   */
  kandidatImportoerer: KandidatImportoer[];
  /**
   * Another organisation's live notification of this certificate, told only to an importer named on the
   * certificate (or its reception controller) so it sees who holds it (ADR 027); null otherwise.
   */
  annenForhaandsmelding: AnnenForhaandsmelding | null;
}

/** Another organisation's live notification of a certificate addressed to the asking importer (ADR 027). */
export interface AnnenForhaandsmelding {
  /** The organisation that created it. */
  opprettetAv: { navn: string; organisasjonsnummer: string };
  status: ImportmeldingStatus;
  /**
   * What becomes of it when the importer named on the certificate creates its own: a draft is deleted
   * (SLETTET), a submitted one is withdrawn (TILBAKETRUKKET) until the authority has assessed it; null when
   * it stays (its responsible importer is on the certificate too, or the authority has assessed it).
   */
  vedNyMelding: "SLETTET" | "TILBAKETRUKKET" | null;
}
