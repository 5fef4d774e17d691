import type { ColumnType, Generated } from "kysely";
import type { Hendelsestype, MyndighetHendelsestype } from "../domain/hendelser";
import type { AktoerType, HendelseDetaljer, HendelseType } from "../domain/historikk";
import type { Systemscope } from "../domain/schemas/systemtilgang";
import type { Sprak } from "../sprak/sprak";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface SesjonTable {
  id: string;
  data: ColumnType<Record<string, unknown>, string, string>;
  opprettet: Timestamp;
  sist_aktiv: Timestamp;
  utloeper: ColumnType<Date, Date | string, Date | string>;
}

export interface PersonTable {
  pid: string;
  /** From Altinn's answer (the person's own party, docs/decisions/042-altinn-og-enhetsregisteret.md); null until known. */
  navn: string | null;
  telefonnummer: string | null;
}

export type EnhetType = "Bedrift" | "Foretak" | "Person";

export interface Adresse {
  adresselinje?: string[];
  postnummer?: string;
  poststed?: string;
  land?: string;
}

/** Our copy of a unit or sub-unit in Enhetsregisteret (ADR 042). */
export interface EnhetTable {
  organisasjonsnummer: string;
  navn: string;
  organisasjonsform: string | null;
  er_underenhet: boolean;
  overordnet: string | null;
  adresse: ColumnType<Adresse | null, string | null, string | null>;
  slettet: ColumnType<string | null, string | null | undefined, string | null>;
  hentet: Generated<Date>;
}

/** When Altinn was last asked about a person (ADR 042). */
export interface AltinnOppslagTable {
  pid: string;
  hentet: ColumnType<Date, Date | string, Date | string>;
}

/** One party of Altinn's answer for the person, in the answer's order. */
export interface AltinnAvgiverTable {
  pid: string;
  nr: number;
  type: EnhetType;
  organisasjonsnummer: string | null;
  hovedenhet: string | null;
  navn: string;
  organisasjonsform: string | null;
}

/** The register's update feed: where we are, and who reads it now (ADR 042). */
export interface EnhetsregisterMarkoerTable {
  kilde: "enheter" | "underenheter";
  oppdateringsid: number | null;
  fra: ColumnType<Date, Date | string, Date | string>;
  leie_av: string | null;
  leie_til: ColumnType<Date | null, Date | string | null, Date | string | null>;
  sist_lest: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

export interface ImportoerTable {
  id: Generated<number>;
  organisasjonsnummer: string;
  navn: string;
  hovedenhet_navn: string | null;
  hovedenhet_organisasjonsnummer: string | null;
  har_lest_regelverk: Generated<boolean>;
  er_mottakskontrolloer: Generated<boolean>;
  skal_ha_epost: Generated<boolean>;
  /** "Varsle meg om vurderinger": the authority's outcomes by e-mail (migration 015, ADR 034) */
  varsle_vurderinger: Generated<boolean>;
  /** «Språk i e-postvarsel» (migration 035, ADR 055); null reads as bokmål */
  epost_sprak: "nb" | "nn" | "en" | null;
  opprettet: Generated<Date>;
}

export interface ImportoerEpostTable {
  id: Generated<number>;
  importoer_id: number;
  epostadresse: string;
}

/** A system (Maskinporten client) an importer lets act for it (migration 018, ADR 035). */
export interface SystemtilgangTable {
  id: Generated<number>;
  importoer_id: number;
  klient_id: string;
  klient_navn: string;
  scopes: Systemscope[];
  lagt_til_av: string | null;
  lagt_til: Generated<Date>;
}

export interface MottakskontrolloerAvtaleTable {
  importoer_id: number;
  mottakskontrolloer_id: number;
}

export interface Database {
  sesjon: SesjonTable;
  person: PersonTable;
  enhet: EnhetTable;
  altinn_oppslag: AltinnOppslagTable;
  altinn_avgiver: AltinnAvgiverTable;
  enhetsregister_markoer: EnhetsregisterMarkoerTable;
  importoer: ImportoerTable;
  importoer_epost: ImportoerEpostTable;
  mottakskontrolloer_avtale: MottakskontrolloerAvtaleTable;
  systemtilgang: SystemtilgangTable;
}

type Jsonb<T> = ColumnType<T, string, string>;

export interface SertifikatTable {
  id: Generated<number>;
  nummer: string;
  eksportland: string;
  utstedt_dato: string;
  type: string;
  status_kode: string | null;
  avsender_navn: string | null;
  mottaker_navn: string | null;
  mottaker_navn_norm: string | null;
  mottaker_orgnr: string | null;
  meldepliktig_vurdering: string;
  alvorlighetsgrad: string;
  data: Jsonb<unknown>;
  vurdering: Jsonb<unknown>;
  innhold_hash: string;
  erstatter_nummer: string | null;
  /** The fields longer than pages show (domain/fritekst.ts, migration 034): a JSON array of paths, or null. */
  for_lange_felt: ColumnType<string[] | null, string | null | undefined, string | null>;
  erstattet_av_id: number | null;
  mottatt: Generated<Date>;
  status_sist_endret: Generated<Date>;
  /** The ruleset the risk assessment was made under (migration 027); null: the bundled tables, none approved. */
  regelsett_versjon: ColumnType<number | null, number | null | undefined, number | null>;
  /** Has a notification that is neither deleted nor withdrawn; kept by a trigger on importmelding (migration 038). */
  har_aktiv_melding: ColumnType<boolean, never, never>;
}

export interface VedleggTable {
  id: Generated<string>;
  sertifikat_id: number;
  rekkefoelge: number;
  filnavn: string | null;
  mimetype: string;
  identifikator: string | null;
  informasjon: string | null;
  stoerrelse: number;
  data: Uint8Array;
}

/** The ePhyto XML as the Hub delivered it (migration 016, ADR 038). */
export interface SertifikatXmlTable {
  sertifikat_id: number;
  xml: Uint8Array;
  sha256: string;
  mottatt: Generated<Date>;
}

export interface SertifikatTilgangTable {
  sertifikat_id: number;
  importoer_id: number;
  opprettet: Generated<Date>;
  /** the certificate's columns the country counts need, set by triggers on insert and when it changes (migration 040) */
  eksportland: Generated<string>;
  meldepliktig_vurdering: Generated<string>;
  mottaker_orgnr: Generated<string | null>;
  mottaker_navn_norm: Generated<string | null>;
  /** the certificate's issue date, replacement and live-notification flag, kept alike (migration 042) */
  utstedt_dato: Generated<string>;
  erstattet_av_id: Generated<number | null>;
  har_aktiv_melding: Generated<boolean>;
}

export interface ImportmeldingTable {
  id: Generated<number>;
  nummer: string;
  sertifikat_id: number;
  /** the certificate's export country, set by a trigger on insert (migration 007) */
  eksportland: Generated<string>;
  /** the certificate's sender name, set by triggers on insert and when the certificate changes (migration 008) */
  avsender_navn: Generated<string | null>;
  /** the certificate's number, set by triggers on insert and when the certificate changes (migration 040) */
  sertifikat_nummer: Generated<string>;
  /** the earliest expected arrival of its ankomstinfo, kept by a trigger (migration 011) */
  forventet_ankomst: Generated<Date | null>;
  /** the first ankomstinfo row's time, address and controller (by id), kept by the same trigger (migration 041) */
  ankomst_tid: Generated<Date | null>;
  ankomst_adresse_linje1: Generated<string | null>;
  ankomst_postnummer: Generated<string | null>;
  ankomst_poststed: Generated<string | null>;
  ankomst_mottakskontrolloer_id: Generated<number | null>;
  ansvarlig_importoer_id: number;
  ansvarlig_dokumentkontroll_id: number | null;
  opprettet_av_importoer_id: number;
  status: string;
  status_endret: Generated<Date>;
  opprettet: Generated<Date>;
  egen_referanse: string | null;
  innmelder: Jsonb<{ navn: string; epost: string; telefonnummer?: string | null } | null>;
  kun_dokumentkontroll: Generated<boolean>;
  versjon: Generated<number>;
  vurdering_begrunnelse: string | null;
  faktisk_ankommet: Date | null;
  /** The approved ruleset the automatic decision was made under (migration 027, ADR 046). */
  regelsett_versjon: ColumnType<number | null, number | null | undefined, number | null>;
  /** What the automatic decision was: released, waits for the authority, or made without an approved ruleset. */
  automatisk_vurdering: ColumnType<AutomatiskVurdering | null, AutomatiskVurdering | null | undefined>;
  /** The authority's decision letter with a rejection (ADR 045). */
  vedtaksbrev_referanse: ColumnType<string | null, string | null | undefined>;
}

export type AutomatiskVurdering = "FRIGITT" | "VENTER" | "UTEN_REGELSETT";

/** A version of the risk rules (migration 027, ADR 046): never changed once loaded, except its approval. */
export interface RegelsettTable {
  versjon: number;
  beskrivelse: string;
  innhold: Jsonb<unknown>;
  innhold_sha256: string;
  status: "UTKAST" | "GODKJENT";
  lastet_opp: Generated<Date>;
  lastet_opp_av: string;
  godkjent: Date | null;
  godkjent_av: string | null;
  godkjent_av_klient: string | null;
  utviklingssett: Generated<boolean>;
}

export interface Database {
  regelsett: RegelsettTable;
}

export interface KontrollspoersmaalTable {
  id: Generated<number>;
  importmelding_id: number;
  kategori: "DOKUMENT" | "MOTTAK";
  kode: string;
  rekkefoelge: number;
  svar: string | null;
  kommentar: string | null;
  avvik: Generated<boolean>;
}

export interface AnkomstinfoTable {
  id: Generated<number>;
  importmelding_id: number;
  ankomsttid: Date | null;
  adresse_linje1: string | null;
  adresse_linje2: string | null;
  postnummer: string | null;
  poststed: string | null;
  mottakskontrolloer_id: number | null;
  mottakskontrolloer_navn: string | null;
  mottakskontrolloer_telefon: string | null;
  sending_ankommet: Generated<boolean>;
  /** The importer that gave the person who does the reception control (migration 011); null until then. */
  kontroll_utfoert_av_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface FaktiskMengdeTable {
  importmelding_id: number;
  varelinje: number;
  felt: string;
  faktisk_verdi: number;
}

/** The notification's history (migration 014, ADR 033): status changes and every other event, with who did it. */
export interface ImportmeldingHendelseTable {
  id: Generated<number>;
  importmelding_id: number;
  tidspunkt: Generated<Date>;
  /** The audit string (api/aktoer.ts `revisjon`); never shown. */
  utfoert_av: string;
  fra_status: string | null;
  /** null for events that are not a status change */
  til_status: string | null;
  merknad: string | null;
  type: ColumnType<HendelseType, HendelseType | undefined, HendelseType>;
  aktoer_type: AktoerType;
  aktoer_navn: string | null;
  aktoer_virksomhet: string | null;
  aktoer_orgnr: string | null;
  detaljer: ColumnType<HendelseDetaljer | null, string | null | undefined, string | null>;
}

export interface Database {
  sertifikat: SertifikatTable;
  vedlegg: VedleggTable;
  sertifikat_xml: SertifikatXmlTable;
  sertifikat_tilgang: SertifikatTilgangTable;
  importmelding: ImportmeldingTable;
  kontrollspoersmaal: KontrollspoersmaalTable;
  ankomstinfo: AnkomstinfoTable;
  faktisk_mengde: FaktiskMengdeTable;
  importmelding_hendelse: ImportmeldingHendelseTable;
}

export type EpostVarselType = "SERTIFIKAT" | "UTFALL";

export type EpostVarselStatus = "VENTER" | "SENDT" | "FEILET" | "AVBRUTT";

export interface EpostVarselTable {
  id: Generated<number>;
  importoer_id: number;
  sertifikat_id: number;
  erstatter_nummer: string | null;
  /** SERTIFIKAT: a new certificate (ADR 012); UTFALL: the authority's outcome of a notification (ADR 034) */
  type: ColumnType<EpostVarselType, EpostVarselType | undefined, EpostVarselType>;
  importmelding_id: number | null;
  hendelse_id: number | null;
  utfall: string | null;
  status: ColumnType<EpostVarselStatus, EpostVarselStatus | undefined, EpostVarselStatus>;
  forsoek: Generated<number>;
  neste_forsoek: Generated<Date>;
  krav: string | null;
  sist_forsoek: Date | null;
  sist_feil: string | null;
  feil_type: "TILKOBLING" | "AVVIST" | null;
  opprettet: Generated<Date>;
  sendt: Date | null;
  melding_id: string | null;
}

export interface EpostHelseTable {
  id: number;
  feilet_siden: Date | null;
  sist_feil: string | null;
  sist_ok: Date | null;
}

export interface EpostFangetTable {
  id: Generated<number>;
  mottatt: Generated<Date>;
  avsender: string | null;
  mottakere: Jsonb<string[]>;
  emne: string | null;
  tekst: string | null;
  html: string | null;
  melding_id: string | null;
  idempotens: string | null;
  /** the message's Content-Language (migration 035) */
  sprak: string | null;
}

export interface Database {
  epost_varsel: EpostVarselTable;
  epost_helse: EpostHelseTable;
  epost_fanget: EpostFangetTable;
}

/**
 * Each stream's event counter (migration 019, ADR 036): the row lock orders the feed. A stream is an importer's
 * (`importoer:<id>`) or the authority's (`myndighet`, migration 028, ADR 045).
 */
export interface HendelseTellerTable {
  stroem: string;
  importoer_id: number | null;
  siste: number;
  /** The highest event number deleted by the retention (migration 033): a cursor behind it gets 410. */
  slettet_til: Generated<number>;
}

export interface HendelseTable {
  id: Generated<number>;
  stroem: string;
  /** The importer of an importer's stream; null in the authority's. */
  importoer_id: number | null;
  /** Null until commit, where a trigger numbers the events (migration 043): other transactions never see null. */
  nummer: ColumnType<number, number | undefined, number>;
  uuid: string;
  type: Hendelsestype | MyndighetHendelsestype;
  tidspunkt: Generated<Date>;
  data: Jsonb<Record<string, unknown>>;
}

export interface WebhookTable {
  id: Generated<number>;
  importoer_id: number;
  url: string;
  typer: Jsonb<Hendelsestype[]>;
  hemmelighet: string;
  aktiv: Generated<boolean>;
  feil_paa_rad: Generated<number>;
  pauset: Date | null;
  opprettet: Generated<Date>;
}

export type WebhookLeveringStatus = "VENTER" | "LEVERT" | "FEILET" | "AVBRUTT";

export interface WebhookLeveringTable {
  id: Generated<number>;
  webhook_id: number;
  hendelse_id: number;
  status: ColumnType<WebhookLeveringStatus, WebhookLeveringStatus | undefined, WebhookLeveringStatus>;
  forsoek: Generated<number>;
  neste_forsoek: Generated<Date>;
  krav: string | null;
  opprettet: Generated<Date>;
  levert: Date | null;
}

export interface WebhookForsoekTable {
  id: Generated<number>;
  webhook_id: number;
  levering_id: number;
  tidspunkt: Generated<Date>;
  forsoek: number;
  ok: boolean;
  http_status: number | null;
  feil: string | null;
}

export interface Database {
  hendelse_teller: HendelseTellerTable;
  hendelse: HendelseTable;
  webhook: WebhookTable;
  webhook_levering: WebhookLeveringTable;
  webhook_forsoek: WebhookForsoekTable;
}

/** A person's chosen language (migration 030, ADR 048): read at login, written when they choose. */
export interface SprakvalgTable {
  pid: string;
  sprak: Sprak;
  endret: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface Database {
  sprakvalg: SprakvalgTable;
}

/**
 * Exact counts per export country (migration 032, ADR 051), kept by deferred triggers: certificates by the
 * columns that decide who sees them ('' for none), notifications by their owner columns (0 for none).
 */
export interface SertifikatAntallTable {
  mottaker_orgnr: string;
  mottaker_navn_norm: string;
  eksportland: string;
  meldepliktig_vurdering: string;
  antall: number;
}

export interface ImportmeldingAntallTable {
  ansvarlig_importoer_id: number;
  opprettet_av_importoer_id: number;
  ansvarlig_dokumentkontroll_id: number;
  eksportland: string;
  status: string;
  antall: number;
}

export interface Database {
  sertifikat_antall: SertifikatAntallTable;
  importmelding_antall: ImportmeldingAntallTable;
}

/** The Hub pullers' shared row (migration 025, ADR 044): who runs the rounds, and how the last one went. */
export interface HubHenterTable {
  id: number;
  eier: string | null;
  leie_til: Date | null;
  siste_runde: Date | null;
  siste_ok: Date | null;
  siste_feil: string | null;
}

export type HubKonvoluttUtfall = "LAGRET" | "AVVIST";

/** One envelope the Hub listed for us (migration 025, ADR 044). */
export interface HubKonvoluttTable {
  hub_leveringsnummer: string;
  fra: string | null;
  nppo_sertifikatnummer: string | null;
  sertifikattype: string | null;
  sertifikatstatus: string | null;
  foerst_sett: Generated<Date>;
  utfall: HubKonvoluttUtfall | null;
  resultat: string | null;
  sertifikat_id: number | null;
  aarsak: string | null;
  melding: string | null;
  behandlet: Date | null;
  kvittert: Date | null;
  forsvunnet: Date | null;
  krav: string | null;
  krav_til: Date | null;
  forsoek: Generated<number>;
  siste_feil: string | null;
}

export interface Database {
  hub_henter: HubHenterTable;
  hub_konvolutt: HubKonvoluttTable;
}

/** The retention's shared row (migration 033, ADR 053): who runs the rounds now. */
export interface OppryddingTable {
  id: number;
  eier: string | null;
  leie_til: Date | null;
  siste_runde: Date | null;
}

export interface Database {
  opprydding: OppryddingTable;
}
