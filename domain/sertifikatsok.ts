// Certificate search on the home page (SPEC §2 "Certificate search"): the countries, their placeholders and
// help texts (a data file), and the validation shared by the form and the server.
import data from "./data/sertifikatsok-land.json" with { type: "json" };
import { erIsoDato } from "./format";
import { landNavn } from "./reference";

export interface SokeLand {
  kode: string;
  navn: string;
  plassholder: string;
  hjelpetekst: string;
}

export const SOKELAND: readonly SokeLand[] = data.land
  .map((l) => ({ ...l, navn: landNavn(l.kode) }))
  .sort((a, b) => a.navn.localeCompare(b.navn, "nb"));

export const SOK_MANGLER_FELT = "Du må fylle ut land, sertifikatnummer og dato";
export const SOK_INGEN_TREFF = "Ingen treff basert på dine søkekriterier";
export const SOK_DATO_I_FREMTIDEN = "Datoen kan ikke være senere enn i dag";

export interface Sertifikatsok {
  avsenderland: string;
  sertifikatnummer: string;
  dato: string;
}

/** Checks a search: all three fields are required, and the date may not be after today (Oslo). */
export function validerSok(
  sok: Partial<Record<keyof Sertifikatsok, string | null>>,
  idag: string,
): { ok: true; sok: Sertifikatsok } | { ok: false; melding: string } {
  const avsenderland = sok.avsenderland?.trim().toUpperCase() ?? "";
  const sertifikatnummer = sok.sertifikatnummer?.trim().replace(/\s+/g, "") ?? "";
  const dato = sok.dato?.trim() ?? "";
  if (!avsenderland || !sertifikatnummer || !dato) return { ok: false, melding: SOK_MANGLER_FELT };
  if (!erIsoDato(dato)) return { ok: false, melding: "Datoen må være en gyldig dato" };
  if (dato > idag) return { ok: false, melding: SOK_DATO_I_FREMTIDEN };
  return { ok: true, sok: { avsenderland, sertifikatnummer, dato } };
}
