// XML for the ePhyto reader (api/ephyto/parse.ts): bytes to text to tree with the safety checks (size, DTD and
// entities refused, namespace), and helpers that read the tree by local name, values, numbers and dates.
import { formaterTall } from "../../domain/mengde";
import type { Mengde } from "../../domain/sertifikat";
import { rensTekst } from "../../domain/text";

import { EphytoParseError } from "./feil";
import type { XmlNode } from "./xml-tre";
// ---------------------------------------------------------------------------------------------------------
// Bytes → text → tree, with the safety checks
// ---------------------------------------------------------------------------------------------------------

/** "10 MB", or "512 kB" for limits below a megabyte. */
export function stoerrelseTekst(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${formaterTall(Math.round(mb * 100) / 100)} MB`;
  return `${formaterTall(Math.max(1, Math.round(bytes / 1024)))} kB`;
}

export function tilTekst(input: string | Uint8Array, maksBytes: number): string {
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
export function dekod(bytes: Uint8Array): string {
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

export function utf16be(bytes: Uint8Array): string {
  const byttet = new Uint8Array(bytes.length - (bytes.length % 2));
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    byttet[i] = bytes[i + 1] ?? 0;
    byttet[i + 1] = bytes[i] ?? 0;
  }
  return new TextDecoder("utf-16le").decode(byttet);
}

/** UN/CEFACT SPSCertificate, any schema version (":17" today). */
export const SPS_NAVNEROM = /^urn:un:unece:uncefact:data:standard:SPSCertificate:\d+[A-Za-z0-9.]*$/;

export const escapeRegExp = (tekst: string) => tekst.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

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

export { tolkXml, type XmlNode } from "./xml-tre";

// ---------------------------------------------------------------------------------------------------------
// Tree helpers (by local name; every element may be missing or repeated)
// ---------------------------------------------------------------------------------------------------------

export function barn(node: XmlNode | undefined, navn: string): XmlNode[] {
  const verdi = node?.[navn];
  return Array.isArray(verdi) ? verdi : [];
}

/** All elements along a path of child names (loops rather than `flatMap`: read for every field, ADR 079). */
export function alle(node: XmlNode | undefined, ...sti: string[]): XmlNode[] {
  let noder: XmlNode[] = node ? [node] : [];
  for (const navn of sti) {
    if (noder.length === 1) {
      noder = barn(noder[0], navn);
      continue;
    }
    const neste: XmlNode[] = [];
    for (const n of noder) for (const b of barn(n, navn)) neste.push(b);
    noder = neste;
  }
  return noder;
}

/** The first element along a path: depth first, so the same as `alle(…)[0]` without building the rest. */
export function foerste(node: XmlNode | undefined, ...sti: string[]): XmlNode | undefined {
  return node === undefined ? undefined : foersteFra(node, sti, 0);
}

function foersteFra(node: XmlNode, sti: string[], i: number): XmlNode | undefined {
  const navn = sti[i];
  if (navn === undefined) return node;
  for (const b of barn(node, navn)) {
    const treff = foersteFra(b, sti, i + 1);
    if (treff) return treff;
  }
  return undefined;
}

/**
 * Cleaned text: control and bidi characters stripped (domain `rensTekst`), all whitespace (line breaks from
 * the XML layout too) collapsed to single spaces; empty and the literal "NULL" count as missing.
 */
export function renset(verdi: unknown): string | undefined {
  if (typeof verdi !== "string") return undefined;
  const tekst = rensTekst(verdi)?.replace(/\s+/g, " ");
  return tekst === undefined || /^null$/i.test(tekst) ? undefined : tekst;
}

export function tekst(node: XmlNode | undefined): string | undefined {
  return renset(node?.["#text"]);
}

export function attributt(node: XmlNode | undefined, navn: string): string | undefined {
  return renset(node?.[`@_${navn}`]);
}

/** The first non-missing text along a path. */
export function tekstAv(node: XmlNode | undefined, ...sti: string[]): string | undefined {
  for (const n of alle(node, ...sti)) {
    const t = tekst(n);
    if (t !== undefined) return t;
  }
  return undefined;
}

/** All non-missing texts along a path. */
export function tekster(node: XmlNode | undefined, ...sti: string[]): string[] {
  return alle(node, ...sti).flatMap((n) => tekst(n) ?? []);
}

export const SPRAAK_REKKEFOELGE = ["nb", "no", "nn", "en"];

/**
 * One text from repeated language variants (languageID): Norwegian first, then English, then the first.
 * Variants without a language are joined with `skille` (duplicates dropped).
 */
export function spraakTekst(noder: XmlNode[], skille = "\n"): string | undefined {
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
export function finnElement(rot: XmlNode, navn: string): { node: XmlNode; forelder: XmlNode } | undefined {
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

export const TALL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A number written with "." as decimal point; anything else is missing. */
export function tall(verdi: string | undefined): number | undefined {
  if (verdi === undefined) return undefined;
  const s = verdi.replace(/\s+/g, "");
  if (!TALL.test(s)) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

export function heltall(verdi: string | undefined): number | undefined {
  const n = tall(verdi);
  return n !== undefined && Number.isInteger(n) ? n : undefined;
}

export function mengde(node: XmlNode | undefined): Mengde | undefined {
  const verdi = tall(tekst(node));
  if (verdi === undefined) return undefined;
  const enhet = attributt(node, "unitCode");
  return enhet === undefined ? { verdi } : { verdi, enhet };
}

export function foersteMengde(node: XmlNode | undefined, ...sti: string[]): Mengde | undefined {
  for (const n of alle(node, ...sti)) {
    const m = mengde(n);
    if (m) return m;
  }
  return undefined;
}

export const DATO =
  /^(\d{4})-?(\d{2})-?(\d{2})(?:[T ]?(\d{2}):?(\d{2})(?::?(\d{2})(\.\d{1,9})?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** A date or date-time: `dag` is the date as written (YYYY-MM-DD), `iso` the instant in UTC. */
export function tolkDato(verdi: string | undefined): { dag: string; iso: string } | undefined {
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
export function datoTekst(verdi: string | undefined): string | undefined {
  return tolkDato(verdi)?.dag ?? verdi;
}

/** The text of a date element: DateTimeString inside it, or its own text. */
export function datoAv(node: XmlNode | undefined): string | undefined {
  return tekstAv(node, "DateTimeString") ?? tekst(node);
}

export function sannhetsverdi(verdi: string | undefined): boolean | undefined {
  if (verdi === undefined) return undefined;
  const v = verdi.trim().toLowerCase();
  if (["true", "1", "yes", "y", "ja", "j", "x"].includes(v)) return true;
  if (["false", "0", "no", "n", "nei"].includes(v)) return false;
  return undefined;
}

export function utenTomme<T extends object>(objekt: T): T | undefined {
  return Object.values(objekt).some((v) => v !== undefined && !(Array.isArray(v) && v.length === 0))
    ? objekt
    : undefined;
}

/** Drops undefined properties, so that the result is the same after a JSON round trip. */
export function rydd<T extends object>(objekt: T): T {
  for (const noekkel of Object.keys(objekt) as (keyof T)[]) {
    if (objekt[noekkel] === undefined) delete objekt[noekkel];
  }
  return objekt;
}
