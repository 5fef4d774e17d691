// Certificate search on the home page (SPEC §2 "Certificate search"): the countries and their placeholders (a
// data file), the message ids of their help texts, and the validation shared by the form and the server.

import { melding } from "../sprak/melding";
import type { Noekkel } from "../sprak/navnerom";
import data from "./data/sertifikatsok-land.json" with { type: "json" };
import { erIsoDato } from "./format";
import { harKontrolltegn } from "./text";

export interface SokeLand {
  kode: string;
  /** An example of the country's number format, the same in every language. */
  plassholder: string;
}

/**
 * The message id of a search country's help text (the number's format, in the reader's language): one per
 * country in SOKELAND, in three languages (sertifikatsok.test.ts).
 */
export function landHjelp(kode: string): Noekkel {
  return `forside.sok.landHjelp.${kode}` as Noekkel;
}

/**
 * The search's countries, by code. Named and sorted in the reader's language by home's loader
 * (app/lib/landnavn.server.ts `fastLandvalg`), so no country table reaches the browser.
 */
export const SOKELAND: readonly SokeLand[] = data.land;

// message references (sprak/melding.ts), shown in the reader's language where the search's answer is shown
export const SOK_MANGLER_FELT = melding("forside.sok.mangler", { felt: "alle" });
export const SOK_INGEN_TREFF = melding("forside.sok.ingenTreff");
export const SOK_DATO_I_FREMTIDEN = melding("forside.sok.datoIFremtiden");
export const SOK_UGYLDIGE_TEGN = melding("forside.sok.ugyldigeTegn");

export interface Sertifikatsok {
  avsenderland: string;
  sertifikatnummer: string;
  dato: string;
}

export type SokFelt = keyof Sertifikatsok;

/** The fields, in the form's order. */
const FELTNAVN: Record<SokFelt, true> = { avsenderland: true, sertifikatnummer: true, dato: true };

/**
 * Checks a search: all three fields are required, and the date may not be after today (Oslo). A failure
 * names the fields that are wrong (for the message and aria-invalid); with all three empty the message is
 * SOK_MANGLER_FELT.
 */
export function validerSok(
  sok: Partial<Record<SokFelt, string | null>>,
  idag: string,
): { ok: true; sok: Sertifikatsok } | { ok: false; melding: string; felt: SokFelt[] } {
  // NUL and other control characters: no certificate has them, and the search says so (issue 22).
  const ugyldige = (Object.keys(FELTNAVN) as SokFelt[]).filter((f) => harKontrolltegn(sok[f] ?? ""));
  if (ugyldige.length > 0) return { ok: false, melding: SOK_UGYLDIGE_TEGN, felt: ugyldige };
  const avsenderland = sok.avsenderland?.trim().toUpperCase() ?? "";
  const sertifikatnummer = sok.sertifikatnummer?.trim().replace(/\s+/g, "") ?? "";
  const dato = sok.dato?.trim() ?? "";
  const verdier: Record<SokFelt, string> = { avsenderland, sertifikatnummer, dato };
  const mangler = (Object.keys(FELTNAVN) as SokFelt[]).filter((f) => !verdier[f]);
  if (mangler.length > 0) {
    // the message names the missing fields (one of the catalogue's choices; all three: "alle")
    const felt = mangler.length === 3 ? "alle" : mangler.join("_");
    return { ok: false, melding: melding("forside.sok.mangler", { felt }), felt: mangler };
  }
  if (!erIsoDato(dato)) return { ok: false, melding: melding("forside.sok.ugyldigDato"), felt: ["dato"] };
  if (dato > idag) return { ok: false, melding: SOK_DATO_I_FREMTIDEN, felt: ["dato"] };
  return { ok: true, sok: { avsenderland, sertifikatnummer, dato } };
}
