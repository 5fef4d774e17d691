// Reference data (SPEC §3 "Reference data", §2 transport modes, §9 business constants): countries in
// Norwegian Bokmål, UN/ECE Rec 20 units, Rec 21 package codes, Rec 19 transport modes, intended uses,
// treatment types, countries with paperless certificates and certificate status codes. The tables live in
// ./data/*.json; this module only looks them up. Unknown codes are shown as they are. What a person reads of
// them (unit words, plant parts, treatment types) comes from the catalogues through the caller's translator.

import type { Noekkel } from "../sprak/navnerom";
import type { T } from "../sprak/oversetter";
import behandlingstypeData from "./data/behandlingstyper.json" with { type: "json" };
import enhetData from "./data/enheter.json" with { type: "json" };
import landData from "./data/land.json" with { type: "json" };
import pakkeData from "./data/pakker.json" with { type: "json" };
import papirloeseLandData from "./data/papirloese-land.json" with { type: "json" };
import sertifikatstatusData from "./data/sertifikatstatus.json" with { type: "json" };
import tilsiktetBrukData from "./data/tilsiktet-bruk.json" with { type: "json" };
import transportmaateData from "./data/transportmaater.json" with { type: "json" };

export interface Land {
  /** ISO 3166-1 alpha-2, e.g. "NL". */
  alpha2: string;
  /** ISO 3166-1 alpha-3, e.g. "NLD". */
  alpha3: string;
  /** ISO 3166-1 numeric, three digits, e.g. "528". */
  numerisk: string;
  /** Norwegian Bokmål name, e.g. "Nederland". */
  navn: string;
  /** Other two-letter codes in use for the country (the EU's "EL" for Greece, "UK" for the United Kingdom). */
  alias?: readonly string[];
}

export interface Enhet {
  /** UN/ECE Rec 20 code (or a name seen in certificates, such as "Piece"). */
  kode: string;
  /** Short display unit, e.g. "kg", "stk", "m³". */
  visning: string;
  /** Norwegian name. */
  navn: string;
  /** English Rec 20 name. */
  engelsk: string;
}

export interface Pakke {
  /** UN/ECE Rec 21 code, e.g. "BX". */
  kode: string;
  /** English name, e.g. "Box". */
  navn: string;
}

export type TransportType = "sjoe" | "jernbane" | "vei" | "luft" | "post" | "innlandsvann" | "annen";

export interface Transportmaate {
  /** The UN Rec 19 mode code as given ("1" ... "9"); "annen" when no code was given. */
  kode: string;
  type: TransportType;
  /** English label, e.g. "Road transport". */
  engelsk: string;
  /** Norwegian label, e.g. "Veitransport". */
  navn: string;
  /** False when the code is not one of 1, 2, 3, 4, 5 or 8 (then it is "other"). */
  kjent: boolean;
}

export type TilsiktetBrukKode =
  | "PLANTING"
  | "DECORATION"
  | "CONSUMPTION"
  | "SPROUTING_FOR_CONSUMPTION"
  | "PROCESSING"
  | "RESEARCH";

export interface TilsiktetBruk {
  kode: TilsiktetBrukKode;
  /** Norwegian label, e.g. "Konsum". */
  navn: string;
  /** English label, e.g. "Consumption". */
  engelsk: string;
  /** Texts seen in certificates that mean this use (lower case). */
  tekster: readonly string[];
}

export interface Behandlingstype {
  /** Our stable key, e.g. "FUMIGATION". */
  kode: string;
  /** Norwegian label, e.g. "Gassing". */
  navn: string;
  /** English label, e.g. "Fumigation". */
  engelsk: string;
  /** Codes and English texts seen in certificates (ePhyto TTL1/TTL2 values, ISPM 15 marks, ...). */
  alias: readonly string[];
}

export interface PapirloestLand {
  alpha2: string;
  navn: string;
  /** Restriction on the agreement, e.g. "noen virksomheter" (some companies). */
  merknad?: string;
}

export interface Sertifikatstatus {
  /** UN/CEFACT 1373 document status code, e.g. "70". */
  kode: string;
  engelsk: string;
  /** Norwegian label, e.g. "Utstedt". */
  navn: string;
}

const LAND: readonly Land[] = landData;
const ENHETER: readonly Enhet[] = enhetData;
const PAKKER: readonly Pakke[] = pakkeData;
const TRANSPORTMAATER = transportmaateData as readonly Omit<Transportmaate, "kjent">[];
const TILSIKTET_BRUK = tilsiktetBrukData as readonly TilsiktetBruk[];
const BEHANDLINGSTYPER: readonly Behandlingstype[] = behandlingstypeData;
const PAPIRLOESE_LAND: readonly PapirloestLand[] = papirloeseLandData;
const SERTIFIKATSTATUSER: readonly Sertifikatstatus[] = sertifikatstatusData;

/** Trimmed, upper-case code, or undefined when empty. */
function normaliserKode(kode: string | number | null | undefined): string | undefined {
  if (kode === null || kode === undefined) return undefined;
  const s = String(kode).trim().toUpperCase();
  return s === "" ? undefined : s;
}

/** Lower case, single spaces, without surrounding punctuation: for matching free text. */
function normaliserTekst(tekst: string): string {
  return tekst
    .normalize("NFC")
    .toLowerCase()
    .replace(/[\s_]+/g, " ")
    .replace(/^[\s.,;:'"()-]+|[\s.,;:'"()-]+$/g, "");
}

// ---------------------------------------------------------------------------------------------------------
// Countries
// ---------------------------------------------------------------------------------------------------------

// Built on first use, not when the module loads: a browser page that imports other code lists from here (the
// certificate page's units and packages) then leaves the country table out of its bundle (nothing at the top
// level refers to it).
let landEtterKodeMap: Map<string, Land> | undefined;
function landEtterKode(): Map<string, Land> {
  if (!landEtterKodeMap) {
    landEtterKodeMap = new Map();
    for (const land of LAND) {
      landEtterKodeMap.set(land.alpha2, land);
      landEtterKodeMap.set(land.alpha3, land);
      landEtterKodeMap.set(land.numerisk, land);
      for (const alias of land.alias ?? []) landEtterKodeMap.set(alias, land);
    }
  }
  return landEtterKodeMap;
}

/**
 * The country for an ISO 3166-1 alpha-2, alpha-3 or numeric code (case and surrounding spaces ignored;
 * a numeric code may lack leading zeros), an alias ("EL", "UK"), or an ISO 3166-2 subdivision code
 * ("ES-CN" gives Spain). Undefined when unknown.
 */
export function finnLand(kode: string | number | null | undefined): Land | undefined {
  const k = normaliserKode(kode);
  if (k === undefined) return undefined;
  if (/^\d{1,3}$/.test(k)) return landEtterKode().get(k.padStart(3, "0"));
  const direkte = landEtterKode().get(k);
  if (direkte) return direkte;
  const underinndeling = /^([A-Z]{2})-[A-Z0-9]{1,3}$/.exec(k);
  return underinndeling?.[1] ? landEtterKode().get(underinndeling[1]) : undefined;
}

/** The Norwegian name of a country code; an unknown code is returned as it is (trimmed). */
export function landNavn(kode: string | number): string;
export function landNavn(kode: string | number | null | undefined): string | undefined;
export function landNavn(kode: string | number | null | undefined): string | undefined {
  if (kode === null || kode === undefined) return undefined;
  return finnLand(kode)?.navn ?? String(kode).trim();
}

let landSortert: readonly Land[] | undefined;

/** All ISO 3166-1 countries, sorted by Norwegian name (Norwegian collation). */
export function alleLand(): readonly Land[] {
  if (!landSortert) {
    const kollator = new Intl.Collator("nb");
    landSortert = [...LAND].sort((a, b) => kollator.compare(a.navn, b.navn));
  }
  return landSortert;
}

// ---------------------------------------------------------------------------------------------------------
// Units and packages
// ---------------------------------------------------------------------------------------------------------

const enhetEtterKode = new Map(ENHETER.map((e) => [e.kode.toUpperCase(), e] as const));

/** The unit for a Rec 20 code (case ignored), or undefined. */
export function finnEnhet(kode: string | null | undefined): Enhet | undefined {
  const k = normaliserKode(kode);
  return k === undefined ? undefined : enhetEtterKode.get(k);
}

/** The display unit of a unit code ("KGM" → "kg"); an unknown code is returned as it is. */
export function enhetVisning(kode: string): string;
export function enhetVisning(kode: string | null | undefined): string | undefined;
export function enhetVisning(kode: string | null | undefined): string | undefined {
  if (kode === null || kode === undefined) return undefined;
  return finnEnhet(kode)?.visning ?? kode;
}

/**
 * A unit's name in the reader's language: a word («stk», «uker», «mnd.») from the catalogue (`felles.enhet.*`,
 * so every page has it), a symbol (kg, m³, °C) or an unknown code as it is.
 */
export function enhetNavn(t: T, kode: string): string {
  const visning = enhetVisning(kode);
  const id = `felles.enhet.${visning.replace(/ø/g, "oe").replace(/\.$/, "")}`;
  return t.har(id) ? t(id as Noekkel) : visning;
}

const pakkeEtterKode = new Map(PAKKER.map((p) => [p.kode, p] as const));

/** The English name of a Rec 21 package code ("BX" → "Box"); an unknown code is returned as it is. */
export function pakkeNavn(kode: string): string;
export function pakkeNavn(kode: string | null | undefined): string | undefined;
export function pakkeNavn(kode: string | null | undefined): string | undefined {
  if (kode === null || kode === undefined) return undefined;
  const k = normaliserKode(kode);
  return (k && pakkeEtterKode.get(k)?.navn) ?? kode;
}

// ---------------------------------------------------------------------------------------------------------
// Transport modes
// ---------------------------------------------------------------------------------------------------------

const ANNEN_TRANSPORT = TRANSPORTMAATER.find((t) => t.type === "annen")!;

/**
 * The transport mode for a UN Rec 19 mode code (1 maritime, 2 rail, 3 road, 4 air, 5 mail, 8 inland
 * water). Any other code (0, 6, 7, 9, text) is "Annen transport", keeping the code; a missing code gives
 * kode "annen".
 */
export function transportmaate(kode: string | number | null | undefined): Transportmaate {
  const k = normaliserKode(kode)?.replace(/^0+(?=\d)/, "");
  const kjent = k === undefined ? undefined : TRANSPORTMAATER.find((t) => t.kode === k && t.type !== "annen");
  if (kjent) return { ...kjent, kjent: true };
  return { ...ANNEN_TRANSPORT, kode: k ?? ANNEN_TRANSPORT.kode, kjent: false };
}

/** All transport modes of SPEC §2, "other" last. */
export function alleTransportmaater(): readonly Transportmaate[] {
  return TRANSPORTMAATER.map((t) => ({ ...t, kjent: t.type !== "annen" }));
}

// ---------------------------------------------------------------------------------------------------------
// Intended use
// ---------------------------------------------------------------------------------------------------------

const bruksTekster: { tekst: string; bruk: TilsiktetBruk }[] = [];
for (const bruk of TILSIKTET_BRUK) {
  for (const tekst of [bruk.kode, bruk.navn, bruk.engelsk, ...bruk.tekster]) {
    bruksTekster.push({ tekst: normaliserTekst(tekst), bruk });
  }
}
// Longest texts first, so that "sprouting for consumption" wins over "consumption".
const bruksTeksterEtterLengde = [...bruksTekster].sort((a, b) => b.tekst.length - a.tekst.length);

function inneholderOrd(tekst: string, ord: string): boolean {
  const i = tekst.indexOf(ord);
  if (i < 0) return false;
  const foer = tekst[i - 1];
  const etter = tekst[i + ord.length];
  const erBokstav = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);
  return !erBokstav(foer) && !erBokstav(etter);
}

/**
 * The intended use for a code ("CONSUMPTION"), a Norwegian or English label, or a text seen in
 * certificates ("For planting", "Ornamental", "Human consumption"). Exact matches first, then the
 * longest known phrase contained in the text. Undefined when nothing matches.
 */
export function tilsiktetBruk(tekstEllerKode: string | null | undefined): TilsiktetBruk | undefined {
  if (!tekstEllerKode) return undefined;
  const tekst = normaliserTekst(tekstEllerKode);
  if (tekst === "") return undefined;
  const eksakt = bruksTekster.find((t) => t.tekst === tekst);
  if (eksakt) return eksakt.bruk;
  return bruksTeksterEtterLengde.find((t) => t.tekst.length >= 4 && inneholderOrd(tekst, t.tekst))?.bruk;
}

/**
 * What a Norwegian screen shows for a goods line's intended use: the Norwegian label of a recognised use
 * (SPEC §9), otherwise the text as the certificate wrote it.
 */
export function tilsiktetBrukVisning(k: {
  tilsiktetBruk?: string | null;
  tilsiktetBrukKode?: string | null;
}): string | undefined {
  const tekst = k.tilsiktetBruk?.trim() || undefined;
  return tilsiktetBruk(k.tilsiktetBrukKode)?.navn ?? tilsiktetBruk(tekst)?.navn ?? tekst;
}

/**
 * The IPPC commodity classes (IPPCPCVP, the certificate's plant part): their names are
 * `sertifikat.verdi.plantedel.<key>` in the catalogues (English as IPPC writes them).
 */
const PLANTEDELER: Record<string, string> = {
  plants: "plants",
  "plants for planting": "plantsForPlanting",
  "plants in vitro": "plantsInVitro",
  "cut flowers": "cutFlowers",
  "cut flowers and branches": "cutFlowersAndBranches",
  branches: "branches",
  seeds: "seeds",
  seed: "seeds",
  grain: "grain",
  fruit: "fruit",
  fruits: "fruit",
  "fruits and vegetables": "fruitsAndVegetables",
  vegetables: "vegetables",
  "bulbs and tubers": "bulbsAndTubers",
  bulbs: "bulbs",
  tubers: "tubers",
  "stored products": "storedProducts",
  wood: "wood",
  bark: "bark",
  pollen: "pollen",
  "growing medium": "growingMedium",
  "growing media": "growingMedium",
  leaves: "leaves",
  roots: "roots",
};

/** The certificate's plant part in the reader's language when it is a known IPPC class, otherwise as written. */
export function plantedelVisning(t: T, plantedel: string | null | undefined): string | undefined {
  const tekst = plantedel?.trim();
  if (!tekst) return undefined;
  const noekkel = PLANTEDELER[normaliserTekst(tekst)];
  return noekkel ? t(`sertifikat.verdi.plantedel.${noekkel}` as Noekkel) : tekst;
}

/** All intended uses of SPEC §9, in the spec's order. */
export function alleTilsiktetBruk(): readonly TilsiktetBruk[] {
  return TILSIKTET_BRUK;
}

// ---------------------------------------------------------------------------------------------------------
// Treatment types
// ---------------------------------------------------------------------------------------------------------

const behandlingEtterTekst = new Map<string, Behandlingstype>();
for (const b of BEHANDLINGSTYPER) {
  for (const tekst of [b.kode, b.navn, b.engelsk, ...b.alias]) {
    const n = normaliserTekst(tekst);
    if (!behandlingEtterTekst.has(n)) behandlingEtterTekst.set(n, b);
  }
}

/** The treatment type for a code or a name seen in certificates ("FUM", "Fumigation", "HT"), or undefined. */
export function behandlingstype(kode: string | null | undefined): Behandlingstype | undefined {
  if (!kode) return undefined;
  return behandlingEtterTekst.get(normaliserTekst(kode));
}

/** A treatment type in the reader's language; an unknown code or text is returned as it is. */
export function behandlingstypeNavn(t: T, kode: string): string {
  const b = behandlingstype(kode);
  return b ? t(`sertifikat.verdi.behandlingstype.${b.kode}` as Noekkel) : kode;
}

// ---------------------------------------------------------------------------------------------------------
// Paperless countries and certificate status
// ---------------------------------------------------------------------------------------------------------

/** The paperless-certificate agreement for a country (alpha-2 or another country code), or undefined. */
export function papirloestLand(kode: string | null | undefined): PapirloestLand | undefined {
  const alpha2 = finnLand(kode)?.alpha2;
  return alpha2 === undefined ? undefined : PAPIRLOESE_LAND.find((l) => l.alpha2 === alpha2);
}

/** True when the export country has agreed to fully digital certificates (SPEC §9). */
export function erPapirloestLand(alpha2: string | null | undefined): boolean {
  return papirloestLand(alpha2) !== undefined;
}

/** All countries with a paperless-certificate agreement. */
export function allePapirloeseLand(): readonly PapirloestLand[] {
  return PAPIRLOESE_LAND;
}

/** The Norwegian text of a certificate status code ("70" → "Utstedt"); an unknown code as it is. */
export function sertifikatstatusTekst(kode: string | number): string;
export function sertifikatstatusTekst(kode: string | number | null | undefined): string | undefined;
export function sertifikatstatusTekst(kode: string | number | null | undefined): string | undefined {
  if (kode === null || kode === undefined) return undefined;
  const k = String(kode).trim();
  return SERTIFIKATSTATUSER.find((s) => s.kode === k.replace(/^0+(?=\d)/, ""))?.navn ?? k;
}
