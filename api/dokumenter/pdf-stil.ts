// The PDFs' layout constants and shared types (api/dokumenter/pdf-oppsett.ts writes with them; re-exported there).
import type { Alvorlighetsgrad } from "../../domain/status";

// ---------------------------------------------------------------------------------------------------------
// Layout
// ---------------------------------------------------------------------------------------------------------

export const MARGER = { top: 50, bottom: 62, left: 48, right: 48 };
export const FONT = "Helvetica";
export const FONT_FET = "Helvetica-Bold";
export const FONT_KURSIV = "Helvetica-Oblique";
export const BRODTEKST = 9;
export const LINJEGAP = 1.5;
export const TABELLTEKST = 7.5;
export const CELLEPOLSTRING = 3;
/** Blocks up to this share of the page are kept whole; taller ones flow on over the page break. */
export const MAKS_SAMLET_ANDEL = 0.4;
/** Longest text in a table cell; the full text is in the line details. */
export const MAKS_CELLETEKST = 160;

export const FARGE = {
  tekst: "#1b1f23",
  dempet: "#4d5761",
  linje: "#c3cad1",
  tabellhode: "#e3e8ee",
  stripe: "#f4f6f8",
  lenke: "#0a58a8",
  avvik: "#b42318",
};

export type Bannerfarge = { kant: string; bakgrunn: string };
export const BANNER: Record<Alvorlighetsgrad | "INFO", Bannerfarge> = {
  FORBUD: { kant: "#b42318", bakgrunn: "#fdecea" },
  VARSEL: { kant: "#b54708", bakgrunn: "#fef4e6" },
  UFULLSTENDIG: { kant: "#667085", bakgrunn: "#f2f4f7" },
  ALT_OK: { kant: "#067647", bakgrunn: "#e8f6ee" },
  INFO: { kant: "#175cd3", bakgrunn: "#eaf2fd" },
};

export interface Kolonne {
  tittel: string;
  /** Relative width. */
  vekt: number;
}

export interface Lenketekst {
  tekst: string;
  lenke?: string;
}

export type Struktur = PDFKit.PDFStructureElement;
