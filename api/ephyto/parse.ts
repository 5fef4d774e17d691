// The ePhyto certificate reader: UN/CEFACT SPS certificate XML (SPSCertificate:17), bare or inside an
// IPPC ePhyto Hub envelope (with or without SOAP) → ParsedCertificate (SPEC §3 "Certificate", "Goods line",
// "Attachment"). Field reference: /work/shared/ephyto/hub-ephyto.wsdl and README.md.
//
// Safety first: the input is size-checked, and any DTD or entity declaration is rejected before the XML is
// parsed (no XXE, no entity expansion). The reader is tolerant: namespace prefixes are ignored (they are often
// undeclared), every element may be missing or repeated, "NULL" and empty text count as missing, and note
// subjects it does not know are kept in `ukjenteMerknader`.

import { type X2jOptions, XMLParser, XMLValidator } from "fast-xml-parser";
import { behandlingstypeNavn, enhetVisning, tilsiktetBruk, transportmaate } from "../../domain/kodeverk";
import { formaterTall } from "../../domain/mengde";
import type {
  Adresse,
  Ankomststed,
  Behandling,
  ErstatterSertifikat,
  HubKonvolutt,
  Klassifisering,
  LagretSertifikat,
  Mengde,
  Merknad,
  Pakke,
  ParsedCertificate,
  ParsedVedlegg,
  PartIdentifikator,
  ReeksportSertifiseringsErklaering,
  ReferertDokument,
  SertifikatLand,
  SertifikatMottaker,
  SertifikatPart,
  SertifikatType,
  Signatur,
  Tilleggserklaering,
  Transportmiddel,
  Transportutstyr,
  Varelinje,
  VarelinjeTilleggserklaering,
} from "../../domain/sertifikat";
import { rensTekst } from "../../domain/text";
import { filtype, kanAapneVedlegg, mimetypeFor } from "../../domain/vedlegg";

// The certificate data types live in domain/ (shared with the app); re-exported here unchanged.
export type {
  Adresse,
  Ankomststed,
  AnnenBehandlingsegenskap,
  AnnenKlassifisering,
  Behandling,
  ErstatterSertifikat,
  HubKonvolutt,
  Klassifisering,
  LagretSertifikat,
  Mengde,
  Merknad,
  Opprinnelsesland,
  Pakke,
  ParsedCertificate,
  ParsedVedlegg,
  PartIdentifikator,
  ReeksportSertifiseringsErklaering,
  ReferertDokument,
  SertifikatLand,
  SertifikatMottaker,
  SertifikatPart,
  SertifikatType,
  Signatur,
  Tilleggserklaering,
  Transportmiddel,
  Transportutstyr,
  Varelinje,
  VarelinjeTilleggserklaering,
  Varemengde,
} from "../../domain/sertifikat";

/** The certificate without attachment bytes, ready for JSON (store `vedlegg[i].data` elsewhere). */
export function utenVedleggsdata(sertifikat: ParsedCertificate): LagretSertifikat {
  return { ...sertifikat, vedlegg: sertifikat.vedlegg.map(({ data: _data, ...resten }) => resten) };
}

// ---------------------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------------------

export type EphytoFeilkode =
  | "TOMT"
  | "FOR_STORT"
  | "DTD"
  | "UGYLDIG_XML"
  | "MANGLER_SERTIFIKAT"
  | "MANGLER_NUMMER"
  // Raised when storing (api/sertifikat/ingest.ts): the keys a certificate is found by are missing.
  | "MANGLER_EKSPORTLAND"
  | "MANGLER_UTSTEDT_DATO"
  // The SPSCertificate element is declared in another namespace than UN/CEFACT SPS (ADR 017).
  | "FEIL_NAVNEROM"
  // Raised when storing: the replacement note conflicts with stored certificates (ADR 017).
  | "ERSTATNING_SYKLUS"
  | "ALLEREDE_ERSTATTET";

/** A certificate that cannot be read. `message` is Norwegian and may be shown to users. */
export class EphytoParseError extends Error {
  override readonly name = "EphytoParseError";
  readonly kode: EphytoFeilkode;
  /** Technical detail (parser message, line), not for users. */
  readonly detaljer?: string;

  constructor(kode: EphytoFeilkode, melding: string, detaljer?: string, options?: { cause?: unknown }) {
    super(melding, options);
    this.kode = kode;
    this.detaljer = detaljer;
  }
}

export const STANDARD_MAKS_BYTES = 10 * 1024 * 1024;

export interface ParseEphytoOptions {
  /** Largest accepted input in bytes; default 10 MB. */
  maxBytes?: number;
}

// ---------------------------------------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------------------------------------

/**
 * Reads an ePhyto certificate. Throws {@link EphytoParseError} when the input is too large, carries a DTD
 * or entity declarations, is not well-formed XML, holds no SPSCertificate, or the certificate has no number.
 */
export function parseEphyto(xml: string | Uint8Array, opts: ParseEphytoOptions = {}): ParsedCertificate {
  return lesDokument(xml, opts.maxBytes ?? STANDARD_MAKS_BYTES, 0);
}

function lesDokument(input: string | Uint8Array, maksBytes: number, dybde: number): ParsedCertificate {
  const tekst = tilTekst(input, maksBytes);
  const rot = tolkXml(tekst);

  const funn = finnElement(rot, "SPSCertificate");
  if (funn) {
    sjekkNavnerom(tekst);
    return lesSertifikat(funn.node, lesKonvolutt(funn.forelder));
  }

  // A Hub Envelope (PULLSingleImportEnvelope...) carries the certificate as text in Content, often base64.
  if (dybde === 0) {
    const innhold = finnElement(rot, "Content");
    const indre = innhold ? innholdSomXml(innhold.node) : undefined;
    if (innhold && indre !== undefined) {
      const sertifikat = lesDokument(indre, maksBytes, dybde + 1);
      return { ...sertifikat, konvolutt: sertifikat.konvolutt ?? lesKonvolutt(innhold.forelder) };
    }
  }
  throw new EphytoParseError("MANGLER_SERTIFIKAT", "Fant ikke SPSCertificate i dokumentet");
}

// ---------------------------------------------------------------------------------------------------------
// Bytes → text → tree, with the safety checks
// ---------------------------------------------------------------------------------------------------------

/** "10 MB", or "512 kB" for limits below a megabyte. */
function stoerrelseTekst(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${formaterTall(Math.round(mb * 100) / 100)} MB`;
  return `${formaterTall(Math.max(1, Math.round(bytes / 1024)))} kB`;
}

function tilTekst(input: string | Uint8Array, maksBytes: number): string {
  const stoerrelse = typeof input === "string" ? Buffer.byteLength(input, "utf8") : input.byteLength;
  if (stoerrelse > maksBytes) {
    throw new EphytoParseError("FOR_STORT", `Dokumentet er for stort (maks ${stoerrelseTekst(maksBytes)})`);
  }
  const tekst = (typeof input === "string" ? input : dekod(input)).replace(/^\uFEFF/, "");
  if (tekst.trim() === "") throw new EphytoParseError("TOMT", "Dokumentet er tomt");
  if (/<!\s*(DOCTYPE|ENTITY)/i.test(tekst)) {
    throw new EphytoParseError("DTD", "Dokumentet inneholder DTD eller entiteter og avvises");
  }
  return tekst;
}

/** Decodes bytes by BOM, UTF-16 without BOM, or the XML declaration's encoding; UTF-8 otherwise. */
function dekod(bytes: Uint8Array): string {
  const [b0, b1, b2, b3] = bytes;
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) return new TextDecoder("utf-8").decode(bytes.subarray(3));
  if (b0 === 0xff && b1 === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (b0 === 0xfe && b1 === 0xff) return utf16be(bytes.subarray(2));
  if (b0 === 0x00 && b1 === 0x3c && b2 === 0x00 && b3 === 0x3f) return utf16be(bytes);
  if (b0 === 0x3c && b1 === 0x00 && b2 === 0x3f && b3 === 0x00)
    return new TextDecoder("utf-16le").decode(bytes);
  const hode = new TextDecoder("latin1").decode(bytes.subarray(0, 200));
  const koding = /^<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(hode)?.[1];
  if (koding && !/^utf-?8$/i.test(koding)) {
    try {
      return new TextDecoder(koding).decode(bytes);
    } catch {
      // An unknown label: fall through to UTF-8.
    }
  }
  return new TextDecoder("utf-8").decode(bytes);
}

function utf16be(bytes: Uint8Array): string {
  const byttet = new Uint8Array(bytes.length - (bytes.length % 2));
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    byttet[i] = bytes[i + 1] ?? 0;
    byttet[i + 1] = bytes[i] ?? 0;
  }
  return new TextDecoder("utf-16le").decode(byttet);
}

/** UN/CEFACT SPSCertificate, any schema version (":17" today). */
const SPS_NAVNEROM = /^urn:un:unece:uncefact:data:standard:SPSCertificate:\d+[A-Za-z0-9.]*$/;

const escapeRegExp = (tekst: string) => tekst.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Refuses a certificate whose SPSCertificate element is declared in another namespace (ADR 017). The parser
 * drops prefixes, so the namespace is read from the text: the declaration of the element's prefix (or the
 * default namespace) on the element itself, else the nearest one before it. An undeclared prefix is
 * accepted, as the Hub often sends them.
 */
export function sjekkNavnerom(tekst: string): void {
  const start = /<(?:([A-Za-z_][\w.-]*):)?SPSCertificate(?=[\s/>])([^>]*)>/.exec(tekst);
  if (!start) return;
  const prefiks = start[1];
  const attributtnavn = prefiks === undefined ? "xmlns" : `xmlns:${escapeRegExp(prefiks)}`;
  const deklarasjon = new RegExp(`\\s${attributtnavn}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, "g");
  const finnSiste = (del: string): string | undefined => {
    let siste: string | undefined;
    for (const m of del.matchAll(deklarasjon)) siste = m[1] ?? m[2];
    return siste;
  };
  const navnerom = finnSiste(start[2] ?? "") ?? finnSiste(tekst.slice(0, start.index));
  if (navnerom === undefined || navnerom.trim() === "") return;
  if (!SPS_NAVNEROM.test(navnerom.trim())) {
    throw new EphytoParseError(
      "FEIL_NAVNEROM",
      "Dokumentet er ikke et SPS-sertifikat (feil navnerom) og avvises",
      `SPSCertificate i navnerommet ${navnerom.slice(0, 200)}`,
    );
  }
}

/** A parsed element: child elements (always arrays), attributes ("@_name") and text ("#text"). */
interface XmlNode {
  [navn: string]: XmlNode[] | string | undefined;
}

const XML_ENTITETER: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Decodes the five XML entities and character references in one pass (no other entities exist here). */
function dekodEntiteter(tekst: string): string {
  if (!tekst.includes("&")) return tekst;
  return tekst.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|amp|lt|gt|quot|apos);/g, (hele, ref: string) => {
    if (!ref.startsWith("#")) return XML_ENTITETER[ref] ?? hele;
    const kodepunkt = ref[1] === "x" ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
    const gyldig = kodepunkt > 0 && kodepunkt <= 0x10ffff && !(kodepunkt >= 0xd800 && kodepunkt <= 0xdfff);
    return gyldig ? String.fromCodePoint(kodepunkt) : "\uFFFD";
  });
}

const PARSER_VALG: X2jOptions = {
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  textNodeName: "#text",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  alwaysCreateTextNode: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  processEntities: true,
  htmlEntities: false,
  entityDecoder: {
    setExternalEntities: () => {},
    addInputEntities: () => {},
    reset: () => {},
    setXmlVersion: () => {},
    decode: dekodEntiteter,
  },
  // Every element may repeat.
  isArray: (_navn, _sti, _erBlad, erAttributt) => !erAttributt,
};

function tolkXml(tekst: string): XmlNode {
  const validering = XMLValidator.validate(tekst);
  if (validering !== true) {
    const { msg, line } = validering.err;
    throw new EphytoParseError("UGYLDIG_XML", "Dokumentet er ikke gyldig XML", `${msg} (linje ${line})`);
  }
  try {
    const rot: unknown = new XMLParser(PARSER_VALG).parse(tekst);
    if (rot === null || typeof rot !== "object") throw new Error("Tomt resultat");
    return rot as XmlNode;
  } catch (feil) {
    const detaljer = feil instanceof Error ? feil.message : String(feil);
    throw new EphytoParseError("UGYLDIG_XML", "Dokumentet er ikke gyldig XML", detaljer, { cause: feil });
  }
}

// ---------------------------------------------------------------------------------------------------------
// Tree helpers (by local name; every element may be missing or repeated)
// ---------------------------------------------------------------------------------------------------------

function barn(node: XmlNode | undefined, navn: string): XmlNode[] {
  const verdi = node?.[navn];
  return Array.isArray(verdi) ? verdi : [];
}

/** All elements along a path of child names. */
function alle(node: XmlNode | undefined, ...sti: string[]): XmlNode[] {
  let noder: XmlNode[] = node ? [node] : [];
  for (const navn of sti) noder = noder.flatMap((n) => barn(n, navn));
  return noder;
}

function foerste(node: XmlNode | undefined, ...sti: string[]): XmlNode | undefined {
  return alle(node, ...sti)[0];
}

/**
 * Cleaned text: control and bidi characters stripped (domain `rensTekst`), all whitespace (line breaks from
 * the XML layout too) collapsed to single spaces; empty and the literal "NULL" count as missing.
 */
function renset(verdi: unknown): string | undefined {
  if (typeof verdi !== "string") return undefined;
  const tekst = rensTekst(verdi)?.replace(/\s+/g, " ");
  return tekst === undefined || /^null$/i.test(tekst) ? undefined : tekst;
}

function tekst(node: XmlNode | undefined): string | undefined {
  return renset(node?.["#text"]);
}

function attributt(node: XmlNode | undefined, navn: string): string | undefined {
  return renset(node?.[`@_${navn}`]);
}

/** The first non-missing text along a path. */
function tekstAv(node: XmlNode | undefined, ...sti: string[]): string | undefined {
  for (const n of alle(node, ...sti)) {
    const t = tekst(n);
    if (t !== undefined) return t;
  }
  return undefined;
}

/** All non-missing texts along a path. */
function tekster(node: XmlNode | undefined, ...sti: string[]): string[] {
  return alle(node, ...sti).flatMap((n) => tekst(n) ?? []);
}

const SPRAAK_REKKEFOELGE = ["nb", "no", "nn", "en"];

/**
 * One text from repeated language variants (languageID): Norwegian first, then English, then the first.
 * Variants without a language are joined with `skille` (duplicates dropped).
 */
function spraakTekst(noder: XmlNode[], skille = "\n"): string | undefined {
  const kandidater = noder.flatMap((n) => {
    const t = tekst(n);
    return t === undefined ? [] : [{ tekst: t, spraak: attributt(n, "languageID")?.toLowerCase() }];
  });
  if (kandidater.length === 0) return undefined;
  for (const spraak of SPRAAK_REKKEFOELGE) {
    const treff = kandidater.find((k) => k.spraak === spraak || k.spraak?.startsWith(`${spraak}-`));
    if (treff) return treff.tekst;
  }
  if (kandidater.every((k) => k.spraak === undefined)) {
    return [...new Set(kandidater.map((k) => k.tekst))].join(skille);
  }
  return kandidater[0]?.tekst;
}

/** Breadth-first search by local name, with the parent. */
function finnElement(rot: XmlNode, navn: string): { node: XmlNode; forelder: XmlNode } | undefined {
  let nivaa: XmlNode[] = [rot];
  for (let dybde = 0; dybde < 64 && nivaa.length > 0; dybde++) {
    const neste: XmlNode[] = [];
    for (const forelder of nivaa) {
      for (const [noekkel, verdi] of Object.entries(forelder)) {
        if (!Array.isArray(verdi)) continue;
        if (noekkel === navn && verdi[0]) return { node: verdi[0], forelder };
        neste.push(...verdi);
      }
    }
    nivaa = neste;
  }
  return undefined;
}

const TALL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A number written with "." as decimal point; anything else is missing. */
function tall(verdi: string | undefined): number | undefined {
  if (verdi === undefined) return undefined;
  const s = verdi.replace(/\s+/g, "");
  if (!TALL.test(s)) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

function heltall(verdi: string | undefined): number | undefined {
  const n = tall(verdi);
  return n !== undefined && Number.isInteger(n) ? n : undefined;
}

function mengde(node: XmlNode | undefined): Mengde | undefined {
  const verdi = tall(tekst(node));
  if (verdi === undefined) return undefined;
  const enhet = attributt(node, "unitCode");
  return enhet === undefined ? { verdi } : { verdi, enhet };
}

function foersteMengde(node: XmlNode | undefined, ...sti: string[]): Mengde | undefined {
  for (const n of alle(node, ...sti)) {
    const m = mengde(n);
    if (m) return m;
  }
  return undefined;
}

const DATO =
  /^(\d{4})-?(\d{2})-?(\d{2})(?:[T ]?(\d{2}):?(\d{2})(?::?(\d{2})(\.\d{1,9})?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** A date or date-time: `dag` is the date as written (YYYY-MM-DD), `iso` the instant in UTC. */
function tolkDato(verdi: string | undefined): { dag: string; iso: string } | undefined {
  if (verdi === undefined) return undefined;
  const m = DATO.exec(verdi.trim());
  if (!m) return undefined;
  const [, aar, maaned, dagen, time = "00", minutt = "00", sekund = "00", brøk = "", sone] = m;
  const a = Number(aar);
  const mnd = Number(maaned);
  const d = Number(dagen);
  const t = Number(time);
  const min = Number(minutt);
  const s = Number(sekund);
  const kalender = new Date(Date.UTC(a, mnd - 1, d));
  if (kalender.getUTCFullYear() !== a || kalender.getUTCMonth() !== mnd - 1 || kalender.getUTCDate() !== d) {
    return undefined;
  }
  if (t > 23 || min > 59 || s > 59) return undefined;
  let forskyvning = 0;
  if (sone && sone.toUpperCase() !== "Z") {
    const fortegn = sone.startsWith("-") ? -1 : 1;
    const siffer = sone.slice(1).replace(":", "");
    forskyvning = fortegn * (Number(siffer.slice(0, 2)) * 60 + Number(siffer.slice(2, 4) || "0"));
  }
  const ms = Math.round(Number(`0${brøk || ".0"}`) * 1000);
  const tid = Date.UTC(a, mnd - 1, d, t, min, s, ms) - forskyvning * 60_000;
  return { dag: `${aar}-${maaned}-${dagen}`, iso: new Date(tid).toISOString() };
}

/** YYYY-MM-DD when the text is a date, otherwise the text itself. */
function datoTekst(verdi: string | undefined): string | undefined {
  return tolkDato(verdi)?.dag ?? verdi;
}

/** The text of a date element: DateTimeString inside it, or its own text. */
function datoAv(node: XmlNode | undefined): string | undefined {
  return tekstAv(node, "DateTimeString") ?? tekst(node);
}

function sannhetsverdi(verdi: string | undefined): boolean | undefined {
  if (verdi === undefined) return undefined;
  const v = verdi.trim().toLowerCase();
  if (["true", "1", "yes", "y", "ja", "j", "x"].includes(v)) return true;
  if (["false", "0", "no", "n", "nei"].includes(v)) return false;
  return undefined;
}

function utenTomme<T extends object>(objekt: T): T | undefined {
  return Object.values(objekt).some((v) => v !== undefined && !(Array.isArray(v) && v.length === 0))
    ? objekt
    : undefined;
}

/** Drops undefined properties, so that the result is the same after a JSON round trip. */
function rydd<T extends object>(objekt: T): T {
  for (const noekkel of Object.keys(objekt) as (keyof T)[]) {
    if (objekt[noekkel] === undefined) delete objekt[noekkel];
  }
  return objekt;
}

// ---------------------------------------------------------------------------------------------------------
// Envelope
// ---------------------------------------------------------------------------------------------------------

function lesKonvolutt(forelder: XmlNode): HubKonvolutt | undefined {
  return utenTomme(
    rydd({
      fra: tekstAv(forelder, "From"),
      til: tekstAv(forelder, "To"),
      sertifikattype: tekstAv(forelder, "CertificateType"),
      sertifikatstatus: tekstAv(forelder, "CertificateStatus"),
      nppoSertifikatnummer: tekstAv(forelder, "NPPOCertificateNumber"),
      hubLeveringsnummer: tekstAv(forelder, "hubDeliveryNumber") ?? tekstAv(forelder, "HubDeliveryNumber"),
    }),
  );
}

/** The Hub's Content text as XML: literal XML, or base64 of it. Undefined when it is neither. */
function innholdSomXml(node: XmlNode): string | Uint8Array | undefined {
  const raa = node["#text"];
  if (typeof raa !== "string") return undefined;
  const t = raa.trim();
  if (t.startsWith("<")) return t.includes("SPSCertificate") ? t : undefined;
  const base64 = t.replace(/\s+/g, "");
  if (base64 === "" || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return undefined;
  const bytes = Buffer.from(base64, "base64");
  const latin = bytes.toString("latin1");
  return latin.includes("SPSCertificate") || latin.includes("S\0P\0S\0C\0e\0r\0t") ? bytes : undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Certificate
// ---------------------------------------------------------------------------------------------------------

function sertifikatType(typeKode: string | undefined): SertifikatType | undefined {
  if (typeKode === "851") return "Eksport";
  if (typeKode === "657") return "Reeksport";
  return undefined;
}

function lesSertifikat(sertifikat: XmlNode, konvolutt: HubKonvolutt | undefined): ParsedCertificate {
  const dok = foerste(sertifikat, "SPSExchangedDocument");
  const sending = foerste(sertifikat, "SPSConsignment");

  const nummer = tekstAv(dok, "ID") ?? konvolutt?.nppoSertifikatnummer;
  if (nummer === undefined) throw new EphytoParseError("MANGLER_NUMMER", "Sertifikatet mangler nummer");

  const typeKode = tekstAv(dok, "TypeCode") ?? konvolutt?.sertifikattype;
  const utstedt = tolkDato(datoAv(foerste(dok, "IssueDateTime")));
  const merknader = lesDokumentmerknader(alle(dok, "IncludedSPSNote"));
  const dokumenter = lesRefererteDokumenter([
    ...alle(dok, "ReferenceSPSReferencedDocument"),
    ...alle(sending, "ReferenceSPSReferencedDocument"),
  ]);

  return rydd({
    nummer,
    dokumentnavn: tekstAv(dok, "Name"),
    typeKode,
    type: sertifikatType(typeKode),
    statusKode: tekstAv(dok, "StatusCode") ?? konvolutt?.sertifikatstatus,
    utstedtDato: utstedt?.iso,
    utstedtDag: utstedt?.dag,
    utsteder: tekstAv(dok, "IssuerSPSParty", "Name"),
    avsender: lesPart(foerste(sending, "ConsignorSPSParty")),
    mottaker: lesMottaker(foerste(sending, "ConsigneeSPSParty")),
    eksportLand: lesLand(foerste(sending, "ExportSPSCountry")),
    importLand: lesLand(foerste(sending, "ImportSPSCountry")),
    transittland: alle(sending, "TransitSPSCountry").flatMap((n) => lesLand(n) ?? []),
    ankomststed: lesAnkomststed(foerste(sending, "UnloadingBaseportSPSLocation")),
    inspeksjonssted: tekstAv(sending, "ExaminationSPSEvent", "OccurrenceSPSLocation", "Name"),
    transportmidler: alle(sending, "MainCarriageSPSTransportMovement").flatMap(
      (n) => lesTransportmiddel(n) ?? [],
    ),
    transportutstyr: alle(sending, "UtilizedSPSTransportEquipment").flatMap(
      (n) => lesTransportutstyr(n) ?? [],
    ),
    varelinjer: alle(sending, "IncludedSPSConsignmentItem", "IncludedSPSTradeLineItem").map(lesVarelinje),
    friForPestErklaering: merknader.friForPestErklaering,
    tilleggserklaering: merknader.tilleggserklaering,
    erstatter: merknader.erstatter,
    kjennetegn: merknader.kjennetegn,
    signatur: lesSignatur(foerste(dok, "SignatorySPSAuthentication")),
    vedlegg: dokumenter.vedlegg,
    refererteDokumenter: dokumenter.refererte,
    konvolutt,
    ukjenteMerknader: merknader.ukjente,
  });
}

function lesMerknad(node: XmlNode): { emne?: string; innhold?: string } {
  return rydd({ emne: tekstAv(node, "Subject")?.toUpperCase(), innhold: spraakTekst(barn(node, "Content")) });
}

function lesDokumentmerknader(noder: XmlNode[]) {
  const tilleggserklaering: Tilleggserklaering = {
    tilleggserklaeringer: [],
    offisiellTilleggsinformasjon: [],
  };
  const importtillatelser: string[] = [];
  const kjennetegn: string[] = [];
  const ukjente: Merknad[] = [];
  const erstatter: ErstatterSertifikat = {};
  let friForPestErklaering: string | undefined;
  let harErstatning = false;

  for (const node of noder) {
    const { emne, innhold } = lesMerknad(node);
    switch (emne) {
      case "SPSFL":
        friForPestErklaering ??= innhold;
        break;
      case "ADEDL":
        if (innhold) tilleggserklaering.tilleggserklaeringer.push(innhold);
        break;
      case "ADAOEDL":
        if (innhold) tilleggserklaering.offisiellTilleggsinformasjon.push(innhold);
        break;
      case "ADIPEDL":
        if (innhold) importtillatelser.push(innhold);
        break;
      case "ADDIEDL":
        tilleggserklaering.datoForInspeksjon ??= datoTekst(innhold);
        break;
      case "ADRP":
        harErstatning = true;
        erstatter.kode ??= innhold;
        break;
      case "ADRPN":
        harErstatning = true;
        erstatter.nummer ??= innhold;
        break;
      case "ADRPR":
        harErstatning = true;
        erstatter.aarsak ??= innhold;
        break;
      case "ADRD":
        harErstatning = true;
        erstatter.dato ??= datoTekst(innhold);
        break;
      case "DMCL":
        if (innhold) kjennetegn.push(innhold);
        break;
      default:
        if (emne !== undefined || innhold !== undefined) ukjente.push(rydd({ emne, innhold }));
    }
  }
  if (importtillatelser.length > 0) tilleggserklaering.importtillatelse = importtillatelser.join("\n");
  return {
    friForPestErklaering,
    tilleggserklaering,
    erstatter: harErstatning ? rydd(erstatter) : undefined,
    kjennetegn,
    ukjente,
  };
}

function lesLand(node: XmlNode | undefined): SertifikatLand | undefined {
  const kode = tekstAv(node, "ID")?.toUpperCase();
  return utenTomme(rydd({ kode, navn: tekstAv(node, "Name") }));
}

function lesAdresse(node: XmlNode | undefined): Adresse | undefined {
  if (!node) return undefined;
  return utenTomme(
    rydd({
      linje1: tekstAv(node, "LineOne"),
      linje2: tekstAv(node, "LineTwo"),
      linje3: tekstAv(node, "LineThree"),
      linje4: tekstAv(node, "LineFour"),
      linje5: tekstAv(node, "LineFive"),
      postnummer: tekstAv(node, "PostcodeCode"),
      poststed: tekstAv(node, "CityName"),
      landkode: tekstAv(node, "CountryID")?.toUpperCase(),
      land: tekstAv(node, "CountryName"),
    }),
  );
}

function lesIdentifikatorer(part: XmlNode): PartIdentifikator[] {
  const fraId = barn(part, "ID").flatMap((n) => {
    const verdi = tekst(n);
    if (verdi === undefined) return [];
    return [rydd({ verdi, type: attributt(n, "schemeID") ?? attributt(n, "schemeName") })];
  });
  const fraTypeKode = barn(part, "TypeCode").flatMap((n) => {
    const verdi = tekst(n);
    if (verdi === undefined) return [];
    return [rydd({ verdi, type: attributt(n, "listName") ?? attributt(n, "listID") })];
  });
  return [...fraId, ...fraTypeKode];
}

function lesPart(node: XmlNode | undefined): SertifikatPart | undefined {
  if (!node) return undefined;
  const navn = tekstAv(node, "Name");
  const adresse = lesAdresse(foerste(node, "SpecifiedSPSAddress"));
  const identifikatorer = lesIdentifikatorer(node);
  if (navn === undefined && adresse === undefined && identifikatorer.length === 0) return undefined;
  return rydd({ navn, adresse, identifikatorer });
}

/** Nine digits with a valid MOD11 check digit ("NO 974 760 673 MVA" → "974760673"), else undefined. */
export function norskOrganisasjonsnummer(verdi: string): string | undefined {
  const siffer = verdi
    .toUpperCase()
    .replace(/^NO/, "")
    .replace(/MVA$/, "")
    .replace(/[\s.\-\u00A0]/g, "");
  if (!/^\d{9}$/.test(siffer)) return undefined;
  const vekter = [3, 2, 7, 6, 5, 4, 3, 2];
  const sum = vekter.reduce((s, v, i) => s + v * Number(siffer[i]), 0);
  const rest = sum % 11;
  const kontroll = rest === 0 ? 0 : 11 - rest;
  return kontroll !== 10 && kontroll === Number(siffer[8]) ? siffer : undefined;
}

function lesMottaker(node: XmlNode | undefined): SertifikatMottaker | undefined {
  const part = lesPart(node);
  if (!part) return undefined;
  const organisasjonsnummer = part.identifikatorer
    .map((i) => norskOrganisasjonsnummer(i.verdi))
    .find((n) => n !== undefined);
  return rydd({ ...part, organisasjonsnummer });
}

function lesAnkomststed(node: XmlNode | undefined): Ankomststed | undefined {
  return utenTomme(rydd({ navn: tekstAv(node, "Name"), lokasjonkode: tekstAv(node, "ID") }));
}

function lesTransportmiddel(node: XmlNode): Transportmiddel | undefined {
  const modusKode = tekstAv(node, "ModeCode");
  const navn = spraakTekst(alle(node, "UsedSPSTransportMeans", "Name"));
  const id = tekstAv(node, "ID");
  if (modusKode === undefined && navn === undefined && id === undefined) return undefined;
  return rydd({ modusKode, transportMetode: transportmaate(modusKode).navn, navn, id });
}

function lesTransportutstyr(node: XmlNode): Transportutstyr | undefined {
  return utenTomme(rydd({ id: tekstAv(node, "ID"), forseglinger: tekster(node, "AffixedSPSSeal", "ID") }));
}

function lesSignatur(node: XmlNode | undefined): Signatur | undefined {
  if (!node) return undefined;
  const klausuler = barn(node, "IncludedSPSClause").flatMap((k) => {
    const klausul = rydd({ id: tekstAv(k, "ID"), innhold: spraakTekst(barn(k, "Content")) });
    return utenTomme(klausul) ? [klausul] : [];
  });
  return utenTomme(
    rydd({
      navn: tekstAv(node, "ProviderSPSParty", "SpecifiedSPSPerson", "Name"),
      sted: tekstAv(node, "IssueSPSLocation", "Name"),
      dato: datoTekst(datoAv(foerste(node, "ActualDateTime"))),
      organisasjon: tekstAv(node, "ProviderSPSParty", "Name"),
      klausuler,
    }),
  );
}

function lesRefererteDokumenter(noder: XmlNode[]): {
  vedlegg: ParsedVedlegg[];
  refererte: ReferertDokument[];
} {
  const vedlegg: ParsedVedlegg[] = [];
  const refererte: ReferertDokument[] = [];
  for (const node of noder) {
    const dokument: ReferertDokument = rydd({
      identifikator: tekstAv(node, "ID"),
      typeKode: tekstAv(node, "TypeCode"),
      relasjonKode: tekstAv(node, "RelationshipTypeCode"),
      dato: datoTekst(datoAv(foerste(node, "IssueDateTime"))),
      informasjon: spraakTekst(barn(node, "Information")),
    });
    const fil = barn(node, "AttachmentBinaryObject").find(
      (n) => typeof n["#text"] === "string" && n["#text"],
    );
    const data = fil ? base64Data(fil["#text"] as string) : undefined;
    if (fil && data && data.byteLength > 0) {
      const filnavn = attributt(fil, "filename");
      const mimetype = mimetypeFor(filnavn, data);
      vedlegg.push(
        rydd({
          ...dokument,
          filnavn,
          mimeKode: attributt(fil, "mimeCode"),
          filtype: filtype(filnavn, mimetype),
          mimetype,
          kanAapneVedlegg: kanAapneVedlegg(mimetype),
          stoerrelse: data.byteLength,
          data,
        }),
      );
    } else if (utenTomme(dokument)) {
      refererte.push(dokument);
    }
  }
  return { vedlegg, refererte };
}

/** Decodes base64 (also URL-safe, with line breaks); a copy that owns its memory. */
function base64Data(raa: string): Uint8Array | undefined {
  const ren = raa.replace(/\s+/g, "");
  if (ren === "") return undefined;
  return new Uint8Array(Buffer.from(ren, /[-_]/.test(ren) ? "base64url" : "base64"));
}

// ---------------------------------------------------------------------------------------------------------
// Goods lines
// ---------------------------------------------------------------------------------------------------------

type ReeksportFlagg = {
  [K in keyof ReeksportSertifiseringsErklaering]-?: ReeksportSertifiseringsErklaering[K] extends
    | boolean
    | undefined
    ? K
    : never;
}[keyof ReeksportSertifiseringsErklaering];

const RPC_FLAGG: Record<string, ReeksportFlagg | undefined> = {
  RPCOR: "originalSertifikat",
  RPCTC: "bekreftetKopi",
  RPCPK: "pakket",
  RPCRP: "ompakket",
  RPCOC: "originaleContainere",
  RPCNC: "nyeContainere",
  RPCPC: "fytosanitaertSertifikat",
  RPCAI: "tilleggsinspeksjon",
};

function lesVarelinje(linje: XmlNode, indeks: number): Varelinje {
  const tilleggserklaering: VarelinjeTilleggserklaering = {
    tilleggserklaeringer: [],
    offisiellTilleggsInformasjon: [],
  };
  const importtillatelser: string[] = [];
  const kjennetegn: string[] = [];
  const pakkebeskrivelser: string[] = [];
  const ukjenteMerknader: Merknad[] = [];
  const reeksport: ReeksportSertifiseringsErklaering = { koder: [] };
  let antallVerdi: number | undefined;
  let antallEnhet: string | undefined;

  for (const node of [...barn(linje, "AdditionalInformationSPSNote"), ...barn(linje, "IncludedSPSNote")]) {
    const { emne, innhold } = lesMerknad(node);
    if (emne?.startsWith("RPC")) {
      reeksport.koder.push(rydd({ emne, innhold }));
      const flagg = RPC_FLAGG[emne];
      if (flagg) reeksport[flagg] ??= sannhetsverdi(innhold);
      else if (emne === "RPCST") reeksport.reeksportErklaeringKode ??= innhold;
      else if (emne === "RPCRF") reeksport.ephytoSertifikatReferanse ??= innhold;
      else if (emne === "RPCCO" && innhold)
        reeksport.kontraktsinngaaendePart ??= { kode: innhold.toUpperCase() };
      continue;
    }
    switch (emne) {
      case "DMTLIL":
        if (innhold) kjennetegn.push(innhold);
        break;
      case "ADTLIL":
        if (innhold) tilleggserklaering.tilleggserklaeringer.push(innhold);
        break;
      case "ADAOTLIL":
        if (innhold) tilleggserklaering.offisiellTilleggsInformasjon.push(innhold);
        break;
      case "ADIPTLIL":
        if (innhold) importtillatelser.push(innhold);
        break;
      case "ADDITLIL":
        tilleggserklaering.inspeksjonsdato ??= datoTekst(innhold);
        break;
      case "OPTND":
        if (innhold) pakkebeskrivelser.push(innhold);
        break;
      case "OQV":
        antallVerdi ??= tall(innhold);
        break;
      case "OQU":
        antallEnhet ??= innhold;
        break;
      default:
        if (emne !== undefined || innhold !== undefined) ukjenteMerknader.push(rydd({ emne, innhold }));
    }
  }
  if (importtillatelser.length > 0)
    tilleggserklaering.importtillatelseserklaering = importtillatelser.join("\n");
  for (const merke of alle(linje, "PhysicalSPSShippingMarks")) {
    const t = spraakTekst([
      ...barn(merke, "Marking"),
      ...barn(merke, "Content"),
      ...barn(merke, "Description"),
    ]);
    if (t) kjennetegn.push(t);
  }

  const varelinjeTilleggserklaering = rydd(tilleggserklaering);
  const harTilleggserklaeringer =
    varelinjeTilleggserklaering.tilleggserklaeringer.length > 0 ||
    varelinjeTilleggserklaering.offisiellTilleggsInformasjon.length > 0 ||
    varelinjeTilleggserklaering.importtillatelseserklaering !== undefined ||
    varelinjeTilleggserklaering.inspeksjonsdato !== undefined;

  return rydd({
    sorteringsnummer: heltall(tekstAv(linje, "SequenceNumeric")) ?? indeks + 1,
    navn: spraakTekst(barn(linje, "CommonName"), ", "),
    botaniskNavn: spraakTekst(barn(linje, "ScientificName"), ", "),
    beskrivelse: spraakTekst(barn(linje, "Description")),
    klassifisering: lesKlassifisering(linje),
    mengde: rydd({
      antall: antallVerdi === undefined ? undefined : { verdi: antallVerdi, enhet: antallEnhet ?? "H87" },
      nettoVekt: foersteMengde(linje, "NetWeightMeasure"),
      bruttoVekt: foersteMengde(linje, "GrossWeightMeasure"),
      nettoVolum: foersteMengde(linje, "NetVolumeMeasure"),
      bruttoVolum: foersteMengde(linje, "GrossVolumeMeasure"),
    }),
    pakker: lesPakker(linje),
    pakkebeskrivelse: pakkebeskrivelser.length > 0 ? pakkebeskrivelser.join("\n") : undefined,
    kjennetegn,
    opprinnelsesland: barn(linje, "OriginSPSCountry").flatMap((n) => {
      const land = lesLand(n);
      const landsdel = tekstAv(n, "SubordinateSPSCountrySubDivision", "Name");
      const opprinnelse = utenTomme(rydd({ ...land, landsdel }));
      return opprinnelse ? [opprinnelse] : [];
    }),
    behandlinger: barn(linje, "AppliedSPSProcess").flatMap((n) => lesBehandling(n) ?? []),
    harTilleggserklaeringer,
    varelinjeTilleggserklaering,
    reeksportSertifiseringsErklaering: reeksport.koder.length > 0 ? rydd(reeksport) : undefined,
    ukjenteMerknader,
  });
}

function normaliserSystem(system: string | undefined): string | undefined {
  return system?.toUpperCase().replace(/[\s_-]+/g, "");
}

function lesKlassifisering(linje: XmlNode): Klassifisering {
  const klassifisering: Klassifisering = { tilstander: [], eppoKoder: [], andre: [] };
  let tilsiktetFraKlassifisering: string | undefined;
  for (const node of barn(linje, "ApplicableSPSClassification")) {
    const systemNavn = tekstAv(node, "SystemName");
    const system = normaliserSystem(systemNavn);
    const kode = tekstAv(node, "ClassCode");
    const navn = spraakTekst(barn(node, "ClassName"), ", ");
    const verdi = navn ?? kode;
    if (system === "HS" || system?.startsWith("HSCODE") || /^HS\d{2,4}$/.test(system ?? "")) {
      const hs = kode ?? navn;
      klassifisering.hsKode ??= hs && /^[\d.\s]+$/.test(hs) ? hs.replace(/[.\s]/g, "") : hs;
    } else if (system === "IPPCPCVP") {
      klassifisering.plantedel ??= verdi;
    } else if (system === "IPPCPCC") {
      if (verdi) klassifisering.tilstander.push(verdi);
    } else if (system?.startsWith("EPPO")) {
      const eppo = (kode ?? navn)?.toUpperCase();
      if (eppo && !klassifisering.eppoKoder.includes(eppo)) klassifisering.eppoKoder.push(eppo);
    } else if (system === "IPPCIU" || system === "IU" || system?.startsWith("INTENDEDUSE")) {
      tilsiktetFraKlassifisering ??= verdi;
    } else if (systemNavn !== undefined || kode !== undefined || navn !== undefined) {
      klassifisering.andre.push(rydd({ system: systemNavn, kode, navn }));
    }
  }
  const tilsiktet = spraakTekst(barn(linje, "IntendedUse"), ", ") ?? tilsiktetFraKlassifisering;
  klassifisering.tilsiktetBruk = tilsiktet;
  klassifisering.tilsiktetBrukKode = tilsiktetBruk(tilsiktet)?.kode;
  return rydd(klassifisering);
}

function lesPakker(linje: XmlNode): Pakke[] {
  const pakker: Pakke[] = [];
  for (const node of barn(linje, "PhysicalSPSPackage")) {
    const pakke = {
      nivaa: heltall(tekstAv(node, "LevelCode")),
      pakkeKode: tekstAv(node, "TypeCode")?.toUpperCase(),
      antall: tall(tekstAv(node, "ItemQuantity")),
    };
    if (utenTomme(rydd(pakke))) pakker.push({ sorteringsnummer: pakker.length + 1, ...pakke });
  }
  return pakker;
}

function visMengde(m: Mengde): string {
  return m.enhet === undefined ? formaterTall(m.verdi) : `${formaterTall(m.verdi)} ${enhetVisning(m.enhet)}`;
}

function lesBehandling(node: XmlNode): Behandling | undefined {
  const behandling: Behandling = { kjemikalier: [], andreEgenskaper: [], merknader: [] };
  const typeKode = tekstAv(node, "TypeCode");
  const tilleggsinformasjon: string[] = [];
  const fritekster: string[] = [];

  for (const egenskap of barn(node, "ApplicableSPSProcessCharacteristic")) {
    const beskrivelser = barn(egenskap, "Description");
    const foersteTekst = tekst(beskrivelser[0])?.toUpperCase();
    const harKode = foersteTekst !== undefined && /^TT[A-Z0-9]{1,4}$/.test(foersteTekst);
    const kode = harKode ? foersteTekst : undefined;
    const verdiNoder = harKode ? beskrivelser.slice(1) : beskrivelser;
    const verdi = spraakTekst(verdiNoder, " ");
    const maal = foersteMengde(egenskap, "ValueMeasure");
    switch (kode) {
      case "TTL1":
        behandling.behandlingstype ??= verdi;
        break;
      case "TTL2":
        behandling.behandlingstypeNivaa2 ??= verdi;
        break;
      case "TTCH":
        if (verdi) behandling.kjemikalier.push(verdi);
        break;
      case "TTCO":
        behandling.konsentrasjon ??= maal;
        behandling.konsentrasjonTekst ??= maal ? undefined : verdi;
        break;
      case "TTTM": {
        // A temperature is a ValueMeasure, sometimes a bare number; other text goes to the free text.
        const tallverdi = tall(verdi);
        const temperatur = maal ?? (tallverdi === undefined ? undefined : { verdi: tallverdi });
        if (temperatur) behandling.temperatur ??= temperatur;
        else if (verdi) fritekster.push(verdi);
        break;
      }
      case "TTAI":
        if (verdi) tilleggsinformasjon.push(verdi);
        break;
      case "TTFT":
        if (verdi) fritekster.push(verdi);
        break;
      default: {
        const verdier = verdiNoder.flatMap((n) => tekst(n) ?? []);
        if (kode !== undefined || verdier.length > 0 || maal !== undefined) {
          behandling.andreEgenskaper.push(rydd({ kode, verdier, mengde: maal }));
        }
      }
    }
  }

  const periode = foerste(node, "CompletionSPSPeriod");
  behandling.startdato = datoTekst(datoAv(foerste(periode, "StartDateTime")));
  behandling.sluttdato = datoTekst(datoAv(foerste(periode, "EndDateTime")));
  behandling.varighet = foersteMengde(periode, "DurationMeasure");
  for (const merknad of barn(node, "AdditionalInformationSPSNote")) {
    const m = lesMerknad(merknad);
    if (utenTomme(m)) behandling.merknader.push(m);
  }
  if (tilleggsinformasjon.length > 0) behandling.tilleggsinformasjon = tilleggsinformasjon.join("\n");
  if (fritekster.length > 0) behandling.fritekst = fritekster.join("\n");

  const harInnhold = utenTomme({ ...behandling, typeKode: undefined }) !== undefined;
  const meningsfullType = typeKode !== undefined && typeKode.toUpperCase() !== "ZZZ";
  if (!harInnhold && !meningsfullType) return undefined;
  behandling.typeKode = typeKode;

  behandling.beskrivelse = lagBeskrivelse(behandling, meningsfullType ? typeKode : undefined);
  const tillegg = [
    behandling.tilleggsinformasjon,
    behandling.beskrivelse === behandling.fritekst ? undefined : behandling.fritekst,
  ].filter((t): t is string => t !== undefined);
  behandling.tilleggsbeskrivelse = tillegg.length > 0 ? tillegg.join("\n") : undefined;
  return rydd(behandling);
}

/** "Kjemisk behandling (Dypping), temperatur 32 °C, varighet 3 t, konsentrasjon 2,5 g/l". */
function lagBeskrivelse(b: Behandling, typeKode: string | undefined): string | undefined {
  const type = b.behandlingstype ?? typeKode;
  const typeNavn = type === undefined ? undefined : behandlingstypeNavn(type);
  const nivaa2 =
    b.behandlingstypeNivaa2 === undefined ? undefined : behandlingstypeNavn(b.behandlingstypeNivaa2);
  const hode =
    typeNavn !== undefined
      ? nivaa2 !== undefined && nivaa2 !== typeNavn
        ? `${typeNavn} (${nivaa2})`
        : typeNavn
      : nivaa2;
  const detaljer = [
    b.temperatur && `temperatur ${visMengde(b.temperatur)}`,
    b.varighet && `varighet ${visMengde(b.varighet)}`,
    b.konsentrasjon && `konsentrasjon ${visMengde(b.konsentrasjon)}`,
    !b.konsentrasjon && b.konsentrasjonTekst && `konsentrasjon ${b.konsentrasjonTekst}`,
  ].filter((d): d is string => typeof d === "string");
  if (hode === undefined && detaljer.length === 0) return b.fritekst;
  const deler = hode === undefined ? detaljer : [hode, ...detaljer];
  const tekst = deler.join(", ");
  return tekst.charAt(0).toUpperCase() + tekst.slice(1);
}
