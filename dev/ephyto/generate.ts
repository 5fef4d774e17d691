// Builds realistic ePhyto certificates (a bare UN/CEFACT SPSCertificate:17, element order as in the Hub's
// XSD) from a small input object: for seed data and tests. The output reads back through `parseEphyto`.

const NS_RSM = "urn:un:unece:uncefact:data:standard:SPSCertificate:17";
const NS_RAM = "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:21";
const NS_UDT = "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:21";

export interface MengdeInput {
  verdi: number;
  /** UN/ECE Rec 20 unit code, e.g. "KGM". */
  enhet?: string;
}

/** Alpha-2 code, or code and name as the certificate should show it. */
export type LandInput = string | { kode: string; navn?: string };

export interface PartInput {
  navn: string;
  /** Up to five address lines. */
  adresse?: string[];
}

export interface MottakerInput extends PartInput {
  /** Written as TypeCode listName="NationalRegistrationNumber". */
  organisasjonsnummer?: string;
}

export interface TransportInput {
  /** UN Rec 19: 1 sea, 2 rail, 3 road, 4 air, 5 mail, 8 inland water. */
  modus: number | string;
  /** Name of the vessel, flight or truck. */
  navn?: string;
  /** Voyage, flight or registration number. */
  id?: string;
}

export interface PakkeInput {
  /** UN/ECE Rec 21 package code, e.g. "BX". */
  kode: string;
  antall: number;
  /** LevelCode; defaults to 1. */
  nivaa?: number;
}

export interface OpprinnelseInput {
  kode: string;
  navn?: string;
  landsdel?: string;
}

export interface BehandlingInput {
  /** TTL1, e.g. "Fumigation" or "CHT". */
  type?: string;
  /** TTL2. */
  type2?: string;
  /** TTCH, one characteristic each. */
  kjemikalier?: string[];
  /** TTCO. */
  konsentrasjon?: MengdeInput;
  /** TTTM. */
  temperatur?: MengdeInput;
  varighet?: MengdeInput;
  /** YYYY-MM-DD or an ISO date-time. */
  startdato?: string;
  sluttdato?: string;
  /** TTAI. */
  tilleggsinformasjon?: string;
  /** TTFT. */
  fritekst?: string;
}

/** The RPC* notes of a re-exported goods line. */
export interface ReeksportInput {
  /** RPCST. */
  erklaeringKode?: string;
  /** RPCCO: the country that issued the original certificate. */
  opprinneligLand?: string;
  /** RPCRF: the original certificate's number. */
  sertifikatReferanse?: string;
  originalSertifikat?: boolean;
  bekreftetKopi?: boolean;
  pakket?: boolean;
  ompakket?: boolean;
  originaleContainere?: boolean;
  nyeContainere?: boolean;
  fytosanitaertSertifikat?: boolean;
  tilleggsinspeksjon?: boolean;
}

export interface VarelinjeInput {
  botaniskNavn?: string;
  /** Common name. */
  navn?: string;
  beskrivelse?: string;
  hsKode?: string;
  /** IPPCPCVP, e.g. "Cut flowers". */
  plantedel?: string;
  /** IPPCPCC, e.g. ["Fresh"]. */
  tilstander?: string[];
  /** As written in the certificate, e.g. "Consumption". */
  tilsiktetBruk?: string;
  eppoKode?: string;
  nettoVekt?: MengdeInput;
  bruttoVekt?: MengdeInput;
  nettoVolum?: MengdeInput;
  bruttoVolum?: MengdeInput;
  /** Written as the OQV/OQU notes. */
  antall?: MengdeInput;
  pakker?: PakkeInput[];
  /** OPTND. */
  pakkebeskrivelse?: string;
  opprinnelsesland?: (string | OpprinnelseInput)[];
  behandlinger?: BehandlingInput[];
  /** ADTLIL. */
  tilleggserklaeringer?: string[];
  /** ADAOTLIL. */
  offisiellTilleggsinformasjon?: string[];
  /** ADIPTLIL. */
  importtillatelse?: string;
  /** ADDITLIL. */
  inspeksjonsdato?: string;
  /** DMTLIL. */
  kjennetegn?: string[];
  reeksport?: ReeksportInput;
}

export interface VedleggInput {
  filnavn?: string;
  /** The file as base64, or as bytes in `data`. */
  base64?: string;
  data?: Uint8Array;
  identifikator?: string;
  informasjon?: string;
  mimeKode?: string;
  dato?: string;
}

export interface SertifikatInput {
  nummer: string;
  /** Default "Eksport" (TypeCode 851); "Reeksport" is 657. */
  type?: "Eksport" | "Reeksport";
  /** Document status code; default 70 (issued). */
  status?: string | number;
  /** Issue time: a Date, or the DateTimeString as it should be written. */
  utstedt: string | Date;
  /** The issuing plant-health authority. */
  utsteder?: string;
  avsender: PartInput;
  mottaker: MottakerInput;
  eksportland: LandInput;
  /** Default "NO". */
  importland?: LandInput;
  transitt?: LandInput[];
  transport?: TransportInput | TransportInput[];
  ankomststed?: { navn: string; kode?: string };
  /** UtilizedSPSTransportEquipment: containers with their seals. */
  transportutstyr?: { id?: string; plomber?: string[] }[];
  inspeksjonssted?: string;
  /** SPSFL. */
  friForPestErklaering?: string;
  /** ADEDL. */
  erklaeringer?: string[];
  /** ADAOEDL. */
  offisiellTilleggsinformasjon?: string[];
  /** ADIPEDL. */
  importtillatelse?: string;
  /** ADDIEDL. */
  inspeksjonsdato?: string;
  /** DMCL. */
  kjennetegn?: string[];
  /** ADRP/ADRPN/ADRPR/ADRD. */
  erstatter?: { nummer?: string; aarsak?: string; dato?: string; kode?: string };
  signatur?: { navn: string; sted?: string; dato?: string; organisasjon?: string; erklaering?: string };
  /** For a re-export: the original certificate, referenced without a file. */
  opprinneligSertifikat?: { nummer: string; dato?: string; informasjon?: string };
  vedlegg?: VedleggInput[];
  varelinjer: VarelinjeInput[];
  /** The first goods line's SequenceNumeric (1 unless given; real ePhyto deliveries may number from 0). */
  foersteLinjenummer?: number;
}

// ---------------------------------------------------------------------------------------------------------
// A tiny XML writer
// ---------------------------------------------------------------------------------------------------------

interface Element {
  navn: string;
  attributter?: Record<string, string | undefined>;
  tekst?: string;
  barn?: (Element | undefined)[];
}

// Characters XML 1.0 does not allow, and lone surrogates.
const ULOVLIGE_TEGN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Escapes XML special characters and drops characters XML cannot carry. */
export function escapeXml(tekst: string): string {
  return tekst
    .replace(ULOVLIGE_TEGN, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

function skriv(element: Element, innrykk: string): string {
  const attributter = Object.entries(element.attributter ?? {})
    .filter((a): a is [string, string] => a[1] !== undefined)
    .map(([navn, verdi]) => ` ${navn}="${escapeXml(verdi)}"`)
    .join("");
  const barn = (element.barn ?? []).filter((b): b is Element => b !== undefined);
  if (barn.length > 0) {
    const indre = barn.map((b) => skriv(b, `${innrykk}  `)).join("\n");
    return `${innrykk}<${element.navn}${attributter}>\n${indre}\n${innrykk}</${element.navn}>`;
  }
  return `${innrykk}<${element.navn}${attributter}>${escapeXml(element.tekst ?? "")}</${element.navn}>`;
}

/** A ram: element with text, or nothing when the value is missing. */
function t(navn: string, verdi: string | number | undefined, attributter?: Element["attributter"]) {
  if (verdi === undefined || verdi === "") return undefined;
  return { navn: `ram:${navn}`, tekst: String(verdi), attributter };
}

/** A ram: element with children, or nothing when none of them is present. */
function e(navn: string, ...barn: (Element | undefined)[]): Element | undefined {
  return barn.some((b) => b !== undefined) ? { navn: `ram:${navn}`, barn } : undefined;
}

function dato(navn: string, verdi: string | undefined): Element | undefined {
  return verdi === undefined ? undefined : e(navn, { navn: "udt:DateTimeString", tekst: verdi });
}

function mengde(navn: string, m: MengdeInput | undefined): Element | undefined {
  return m === undefined ? undefined : t(navn, m.verdi, { unitCode: m.enhet });
}

function merknad(navn: string, emne: string, innhold: string | undefined): Element | undefined {
  return innhold === undefined ? undefined : e(navn, t("Subject", emne), t("Content", innhold));
}

function merknader(navn: string, emne: string, innhold: string[] | undefined): Element[] {
  return (innhold ?? []).flatMap((i) => merknad(navn, emne, i) ?? []);
}

function land(navn: string, l: LandInput | undefined): Element | undefined {
  if (l === undefined) return undefined;
  const { kode, navn: landnavn } = typeof l === "string" ? { kode: l, navn: undefined } : l;
  return e(navn, t("ID", kode), t("Name", landnavn));
}

function isoUtenMillisekunder(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, "Z");
}

// ---------------------------------------------------------------------------------------------------------
// The certificate
// ---------------------------------------------------------------------------------------------------------

function part(navn: string, p: PartInput, organisasjonsnummer?: string): Element | undefined {
  const linjer = ["LineOne", "LineTwo", "LineThree", "LineFour", "LineFive"];
  return e(
    navn,
    t("Name", p.navn),
    t("TypeCode", organisasjonsnummer, { listName: "NationalRegistrationNumber" }),
    e("SpecifiedSPSAddress", ...linjer.map((linje, i) => t(linje, p.adresse?.[i]))),
  );
}

function sannhet(verdi: boolean | undefined): string | undefined {
  return verdi === undefined ? undefined : verdi ? "True" : "False";
}

function reeksportMerknader(r: ReeksportInput | undefined): (Element | undefined)[] {
  if (!r) return [];
  const n = (emne: string, verdi: string | undefined) => merknad("AdditionalInformationSPSNote", emne, verdi);
  return [
    n("RPCST", r.erklaeringKode),
    n("RPCCO", r.opprinneligLand),
    n("RPCRF", r.sertifikatReferanse),
    n("RPCOR", sannhet(r.originalSertifikat)),
    n("RPCTC", sannhet(r.bekreftetKopi)),
    n("RPCPK", sannhet(r.pakket)),
    n("RPCRP", sannhet(r.ompakket)),
    n("RPCOC", sannhet(r.originaleContainere)),
    n("RPCNC", sannhet(r.nyeContainere)),
    n("RPCPC", sannhet(r.fytosanitaertSertifikat)),
    n("RPCAI", sannhet(r.tilleggsinspeksjon)),
  ];
}

function egenskap(kode: string, verdi: string | undefined, maal?: MengdeInput): Element | undefined {
  if (verdi === undefined && maal === undefined) return undefined;
  return e(
    "ApplicableSPSProcessCharacteristic",
    t("Description", kode),
    t("Description", verdi),
    mengde("ValueMeasure", maal),
  );
}

function behandling(b: BehandlingInput): Element | undefined {
  return e(
    "AppliedSPSProcess",
    t("TypeCode", "ZZZ"),
    e(
      "CompletionSPSPeriod",
      dato("StartDateTime", b.startdato),
      dato("EndDateTime", b.sluttdato),
      mengde("DurationMeasure", b.varighet),
    ),
    egenskap("TTL1", b.type),
    egenskap("TTL2", b.type2),
    ...(b.kjemikalier ?? []).map((k) => egenskap("TTCH", k)),
    egenskap("TTCO", undefined, b.konsentrasjon),
    egenskap("TTTM", undefined, b.temperatur),
    egenskap("TTAI", b.tilleggsinformasjon),
    egenskap("TTFT", b.fritekst),
  );
}

function klassifisering(system: string, kode?: string, navn?: string): Element | undefined {
  if (kode === undefined && navn === undefined) return undefined;
  return e(
    "ApplicableSPSClassification",
    t("SystemName", system),
    t("ClassCode", kode),
    t("ClassName", navn),
  );
}

function varelinje(v: VarelinjeInput, nummer: number): Element | undefined {
  const notat = (emne: string, verdi: string | undefined) =>
    merknad("AdditionalInformationSPSNote", emne, verdi);
  return e(
    "IncludedSPSTradeLineItem",
    t("SequenceNumeric", nummer),
    t("Description", v.beskrivelse, { languageID: "en" }),
    t("CommonName", v.navn, { languageID: "en" }),
    t("ScientificName", v.botaniskNavn),
    t("IntendedUse", v.tilsiktetBruk, { languageID: "en" }),
    mengde("NetWeightMeasure", v.nettoVekt),
    mengde("GrossWeightMeasure", v.bruttoVekt),
    mengde("NetVolumeMeasure", v.nettoVolum),
    mengde("GrossVolumeMeasure", v.bruttoVolum),
    notat("OQV", v.antall === undefined ? undefined : String(v.antall.verdi)),
    notat("OQU", v.antall?.enhet),
    notat("OPTND", v.pakkebeskrivelse),
    ...merknader("AdditionalInformationSPSNote", "DMTLIL", v.kjennetegn),
    ...merknader("AdditionalInformationSPSNote", "ADTLIL", v.tilleggserklaeringer),
    notat("ADIPTLIL", v.importtillatelse),
    notat("ADDITLIL", v.inspeksjonsdato),
    ...merknader("AdditionalInformationSPSNote", "ADAOTLIL", v.offisiellTilleggsinformasjon),
    ...reeksportMerknader(v.reeksport),
    klassifisering("HS", v.hsKode),
    klassifisering("IPPCPCVP", undefined, v.plantedel),
    ...(v.tilstander ?? []).map((tilstand) => klassifisering("IPPCPCC", undefined, tilstand)),
    klassifisering("EPPO", v.eppoKode),
    ...(v.pakker ?? []).map((p) =>
      e(
        "PhysicalSPSPackage",
        t("LevelCode", p.nivaa ?? 1),
        t("TypeCode", p.kode),
        t("ItemQuantity", p.antall),
      ),
    ),
    ...(v.opprinnelsesland ?? []).map((o) => {
      const { kode, navn, landsdel } =
        typeof o === "string" ? { kode: o, navn: undefined, landsdel: undefined } : o;
      return e(
        "OriginSPSCountry",
        t("ID", kode),
        t("Name", navn),
        e("SubordinateSPSCountrySubDivision", t("Name", landsdel)),
      );
    }),
    ...(v.behandlinger ?? []).map(behandling),
  );
}

function vedlegg(v: VedleggInput): Element | undefined {
  const base64 = v.base64 ?? (v.data ? Buffer.from(v.data).toString("base64") : undefined);
  return e(
    "ReferenceSPSReferencedDocument",
    dato("IssueDateTime", v.dato),
    t("TypeCode", "916"),
    t("RelationshipTypeCode", "ZZZ"),
    t("ID", v.identifikator),
    t("AttachmentBinaryObject", base64, { filename: v.filnavn, mimeCode: v.mimeKode }),
    t("Information", v.informasjon, { languageID: "en" }),
  );
}

/** A bare SPSCertificate (rsm/ram/udt prefixes, declared) for the input, as a UTF-8 XML string. */
export function lagSertifikatXml(input: SertifikatInput): string {
  const utstedt = input.utstedt instanceof Date ? isoUtenMillisekunder(input.utstedt) : input.utstedt;
  const transport = input.transport === undefined ? [] : [input.transport].flat();
  const dokNotat = (emne: string, verdi: string | undefined) => merknad("IncludedSPSNote", emne, verdi);
  const signatur = input.signatur;

  const dokument: Element = {
    navn: "rsm:SPSExchangedDocument",
    barn: [
      t(
        "Name",
        input.type === "Reeksport" ? "Re-export phytosanitary certificate" : "Phytosanitary certificate",
      ),
      t("ID", input.nummer),
      t("TypeCode", input.type === "Reeksport" ? "657" : "851"),
      t("StatusCode", input.status ?? 70),
      dato("IssueDateTime", utstedt),
      e("IssuerSPSParty", t("Name", input.utsteder)),
      dokNotat("SPSFL", input.friForPestErklaering),
      ...merknader("IncludedSPSNote", "ADEDL", input.erklaeringer),
      ...merknader("IncludedSPSNote", "ADAOEDL", input.offisiellTilleggsinformasjon),
      dokNotat("ADIPEDL", input.importtillatelse),
      dokNotat("ADDIEDL", input.inspeksjonsdato),
      ...(input.erstatter
        ? [
            dokNotat("ADRP", input.erstatter.kode ?? "1"),
            dokNotat("ADRPN", input.erstatter.nummer),
            dokNotat("ADRPR", input.erstatter.aarsak),
            dokNotat("ADRD", input.erstatter.dato),
          ]
        : []),
      ...merknader("IncludedSPSNote", "DMCL", input.kjennetegn),
      input.opprinneligSertifikat &&
        e(
          "ReferenceSPSReferencedDocument",
          dato("IssueDateTime", input.opprinneligSertifikat.dato),
          t("TypeCode", "851"),
          t("RelationshipTypeCode", "ACE"),
          t("ID", input.opprinneligSertifikat.nummer),
          t("Information", input.opprinneligSertifikat.informasjon, { languageID: "en" }),
        ),
      ...(input.vedlegg ?? []).map(vedlegg),
      signatur &&
        e(
          "SignatorySPSAuthentication",
          dato("ActualDateTime", signatur.dato),
          e("IssueSPSLocation", t("Name", signatur.sted)),
          e(
            "ProviderSPSParty",
            t("Name", signatur.organisasjon),
            e("SpecifiedSPSPerson", t("Name", signatur.navn)),
          ),
          e("IncludedSPSClause", t("ID", 1), t("Content", signatur.erklaering)),
        ),
    ],
  };

  const sending: Element = {
    navn: "rsm:SPSConsignment",
    barn: [
      part("ConsignorSPSParty", input.avsender),
      part("ConsigneeSPSParty", input.mottaker, input.mottaker.organisasjonsnummer),
      land("ExportSPSCountry", input.eksportland),
      land("ImportSPSCountry", input.importland ?? "NO"),
      ...(input.transitt ?? []).map((l) => land("TransitSPSCountry", l)),
      input.ankomststed &&
        e("UnloadingBaseportSPSLocation", t("ID", input.ankomststed.kode), t("Name", input.ankomststed.navn)),
      e("ExaminationSPSEvent", e("OccurrenceSPSLocation", t("Name", input.inspeksjonssted))),
      ...transport.map((m) =>
        e(
          "MainCarriageSPSTransportMovement",
          t("ID", m.id),
          t("ModeCode", m.modus),
          e("UsedSPSTransportMeans", t("Name", m.navn)),
        ),
      ),
      ...(input.transportutstyr ?? []).map((u) =>
        e(
          "UtilizedSPSTransportEquipment",
          t("ID", u.id),
          ...(u.plomber ?? []).map((p) => e("AffixedSPSSeal", t("ID", p))),
        ),
      ),
      e(
        "IncludedSPSConsignmentItem",
        ...input.varelinjer.map((v, i) => varelinje(v, (input.foersteLinjenummer ?? 1) + i)),
      ),
    ],
  };

  const rot: Element = {
    navn: "rsm:SPSCertificate",
    attributter: { "xmlns:rsm": NS_RSM, "xmlns:ram": NS_RAM, "xmlns:udt": NS_UDT },
    barn: [dokument, sending],
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${skriv(rot, "")}\n`;
}
