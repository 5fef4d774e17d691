// Botanical name -> EPPO code, from the bundled table tabeller/eppo.json (SPEC §3 goods line eppoKode,
// §2 "The link to the pest database is built from the EPPO code").

import { z } from "zod";
import { melding } from "../../sprak/melding";
import eppoData from "./tabeller/eppo.json";

export type EppoTakson = { navn: string; eppoKode: string; slekt: string };

/** One row of the EPPO table: a botanical name (genus, species or synonym), its code and its genus. */
export const taksonSchema = z
  .object({
    navn: z.string().trim().min(1),
    eppoKode: z.string().regex(/^[0-9A-Z]{5,6}$/, melding("validering.regelsett.eppoKode")),
    slekt: z.string().trim().min(1),
  })
  .strict();

const eppoSchema = z.object({ taksa: z.array(taksonSchema) });

/** Lower-cased, whitespace-collapsed key; a hybrid sign "×" is written "x". */
function noekkel(s: string): string {
  return s.replace(/×/g, " x ").replace(/\s+/g, " ").trim().toLowerCase();
}

/** Builds a lookup from a table of taxa (exported for tests and for a table loaded elsewhere). */
export function lagEppoTabell(taksa: readonly EppoTakson[]): ReadonlyMap<string, EppoTakson> {
  const tabell = new Map<string, EppoTakson>();
  for (const takson of taksa) {
    const k = noekkel(takson.navn);
    if (!tabell.has(k)) tabell.set(k, takson);
  }
  return tabell;
}

/** The bundled table. */
export const EPPO_TAKSA: readonly EppoTakson[] = Object.freeze(eppoSchema.parse(eppoData).taksa);
const STANDARD_TABELL = lagEppoTabell(EPPO_TAKSA);

// Words that only say "some species of": "Rosa spp.", "Pinus sp", "Malus species".
const ART_UKJENT = new Set(["sp", "sp.", "spp", "spp.", "ssp", "ssp.", "species", "sp.nov.", "indet."]);

/**
 * The words of a botanical name that identify the taxon: quoted cultivar names ('Peace', "Peace",
 * ‘Peace’), "cv. X", parenthesised author citations and "sp."/"spp." are dropped, whitespace collapsed,
 * and a hybrid sign "×" becomes the word "x" (a leading one is joined to the genus: "x triticosecale").
 * Author citations after the epithet ("L.", "Mill.") are left in; the lookup tries ever shorter prefixes.
 */
export function navneord(botaniskNavn: string): string[] {
  const renset = botaniskNavn
    .replace(/['"‘’“”«»][^'"‘’“”«»]*['"‘’“”«»]/g, " ")
    .replace(/\bcv\.?\s+\S+/gi, " ")
    .replace(/\([^)]*\)/g, " ");
  const ord = noekkel(renset)
    .split(" ")
    .filter((o) => o !== "" && !ART_UKJENT.has(o));
  if (ord[0] === "x" && ord.length > 1) return [`x ${ord[1]}`, ...ord.slice(2)];
  return ord;
}

/**
 * The genus of a botanical name, capitalised ("pinus sylvestris L." -> "Pinus"); a hybrid genus keeps
 * its "x" ("× Triticosecale" -> "x Triticosecale"). Undefined when there is no name.
 */
export function slektAv(botaniskNavn: string | null | undefined): string | undefined {
  if (typeof botaniskNavn !== "string") return undefined;
  const foerste = navneord(botaniskNavn)[0];
  if (foerste === undefined) return undefined;
  const [hybrid, navn] = foerste.startsWith("x ") ? ["x ", foerste.slice(2)] : ["", foerste];
  return hybrid + navn.charAt(0).toUpperCase() + navn.slice(1);
}

/**
 * Looks a botanical name up: the longest matching prefix of its words first (so the species before the
 * genus, with author citations and infraspecific names ignored), then the genus alone. Returns the
 * table's name and code, or undefined when neither species nor genus is known.
 */
export function finnEppoTakson(
  botaniskNavn: string | null | undefined,
  tabell: ReadonlyMap<string, EppoTakson> = STANDARD_TABELL,
): EppoTakson | undefined {
  if (typeof botaniskNavn !== "string") return undefined;
  const ord = navneord(botaniskNavn);
  for (let n = Math.min(ord.length, 4); n >= 1; n--) {
    const treff = tabell.get(ord.slice(0, n).join(" "));
    if (treff) return treff;
  }
  // "Triticosecale" written without the hybrid sign.
  const foerste = ord[0];
  if (foerste !== undefined && !foerste.startsWith("x ")) return tabell.get(`x ${foerste}`);
  return undefined;
}

/** EPPO code and the table's name for a botanical name; undefined when it is not in the table. */
export function finnEppoKode(
  botaniskNavn: string | null | undefined,
  tabell: ReadonlyMap<string, EppoTakson> = STANDARD_TABELL,
): { eppoKode: string; navn: string } | undefined {
  const takson = finnEppoTakson(botaniskNavn, tabell);
  return takson ? { eppoKode: takson.eppoKode, navn: takson.navn } : undefined;
}

/** EPPO code of a genus, when the genus itself is in the table. */
export function slektensEppoKode(
  slekt: string | null | undefined,
  tabell: ReadonlyMap<string, EppoTakson> = STANDARD_TABELL,
): string | undefined {
  if (!slekt) return undefined;
  return tabell.get(noekkel(slekt))?.eppoKode;
}

export { eppoLenke } from "./eppo-lenke";
