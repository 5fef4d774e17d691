// Text for the PDFs (api/dokumenter): Helvetica in WinAnsi shows æøå, en dash, °, ³ and €; `pdfTekst` keeps
// what it can show and replaces the rest, so no character becomes garbage in a PDF.
import { rensTekst } from "../../domain/text";

/** The code points outside Latin-1 that WinAnsi has (Œ, Š, –, —, ‘ ’ “ ” „, †, •, …, ‰, ‹ ›, €, ™, ...). */
export const WIN_ANSI_EKSTRA = new Set([
  0x0152, 0x0153, 0x0160, 0x0161, 0x0178, 0x017d, 0x017e, 0x0192, 0x02c6, 0x02dc, 0x2013, 0x2014, 0x2018,
  0x2019, 0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac,
  0x2122,
]);

export const ERSTATNING: Record<string, string> = {
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "–",
  "\u2015": "—",
  "\u2212": "-",
  "\u2032": "'",
  "\u2033": '"',
  "\u2192": "->",
  "\u2264": "<=",
  "\u2265": ">=",
  "\u2260": "!=",
  "\u2248": "~",
  "\u2116": "No.",
  "\u0131": "i",
  "\u0141": "L",
  "\u0142": "l",
  "\u0110": "D",
  "\u0111": "d",
  "\u2009": " ",
  "\u202f": "\u00a0",
  "\u200b": "",
  "\u2060": "",
  "\ufeff": "",
};

export function kanVises(kode: number): boolean {
  return (kode >= 0x20 && kode < 0x7f) || (kode >= 0xa0 && kode <= 0xff) || WIN_ANSI_EKSTRA.has(kode);
}

/** Cleaned text (SPEC §5) in characters Helvetica can show; others become a close ASCII form or "?". */
export function pdfTekst(s: string | null | undefined): string {
  const renset = rensTekst(s);
  if (renset === undefined) return "";
  let ut = "";
  for (const tegn of renset.normalize("NFC")) {
    const kode = tegn.codePointAt(0) ?? 0;
    if (kode === 0x0a) ut += "\n";
    else if (kode === 0x09) ut += " ";
    else if (kanVises(kode)) ut += tegn;
    else if (kode < 0x20 || (kode >= 0x7f && kode < 0xa0) || /\p{M}/u.test(tegn)) continue;
    else if (ERSTATNING[tegn] !== undefined) ut += ERSTATNING[tegn];
    else {
      const enkel = tegn.normalize("NFKD").replace(/\p{M}/gu, "");
      ut += enkel !== "" && [...enkel].every((c) => kanVises(c.codePointAt(0) ?? 0)) ? enkel : "?";
    }
  }
  return ut;
}

/** Cut text for a cell, with an ellipsis. */
export function kortet(s: string, maks: number): { tekst: string; kortet: boolean } {
  if (s.length <= maks) return { tekst: s, kortet: false };
  return { tekst: `${s.slice(0, Math.max(0, maks - 1)).trimEnd()}…`, kortet: true };
}
