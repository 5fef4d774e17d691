// Vocabulary of the risk rules (domain/risiko/vurder.ts): plant parts, intended uses and country codes are
// compared after normalisation, so that the ePhyto English class names, Norwegian labels and small
// variations all meet the rule table's values.
import { rensTekst } from "../text";

function noekkel(s: string): string {
  return s.replace(/\s+/g, " ").trim().toLowerCase();
}

function lagOppslag(aliaser: Record<string, readonly string[]>): Map<string, string> {
  const oppslag = new Map<string, string>();
  for (const [kanonisk, liste] of Object.entries(aliaser)) {
    oppslag.set(noekkel(kanonisk), kanonisk);
    for (const alias of liste) oppslag.set(noekkel(alias), kanonisk);
  }
  return oppslag;
}

/** Plant parts known to the engine (canonical name -> accepted spellings). */
export const PLANTEDELER: Record<string, readonly string[]> = {
  "Plants for planting": [
    "plants",
    "plant",
    "live plants",
    "living plants",
    "young plants",
    "cuttings",
    "rooted cuttings",
    "unrooted cuttings",
    "planter",
    "planter for planting",
    "planter til planting",
    "stiklinger",
    "småplanter",
  ],
  Seeds: ["seed", "frø", "såfrø", "seeds for sowing"],
  Fruits: [
    "fruit",
    "fruits and vegetables",
    "vegetables",
    "frukt",
    "frukt og grønnsaker",
    "grønnsaker",
    "bær",
  ],
  "Cut flowers": [
    "cut flowers and branches",
    "cut flowers and foliage",
    "cut branches",
    "foliage",
    "snittblomster",
    "avskårne blomster",
    "snittgrønt",
  ],
  "Bulbs and tubers": ["bulbs", "tubers", "corms", "rhizomes", "løk og knoller", "løk", "knoller"],
  Grain: ["grains", "cereals", "korn"],
  Wood: [
    "wood and wood products",
    "timber",
    "round wood",
    "roundwood",
    "sawn wood",
    "lumber",
    "logs",
    "tømmer",
    "trevirke",
    "trelast",
  ],
  "Wood chips": ["chips", "flis", "treflis"],
  Bark: ["isolated bark", "isolert bark"],
  "Growing medium": [
    "growing media",
    "soil",
    "soil and growing media",
    "jord",
    "dyrkingsmedium",
    "dyrkingsmedier",
    "vekstmedium",
  ],
  "Plant tissue cultures": ["tissue cultures", "tissue culture", "in vitro plants", "vevskultur"],
  Pollen: [],
  "Stored products": ["dried plant products", "tørkede planteprodukter"],
};

/** Intended uses (SPEC §9: planting, decoration, consumption, sprouting for consumption, processing, research). */
export const TILSIKTEDE_BRUK: Record<string, readonly string[]> = {
  Planting: ["for planting", "plantning", "til planting", "propagation", "formering", "dyrking"],
  Decoration: ["decorative", "ornamental", "dekorasjon", "pynt", "prydformål"],
  Consumption: ["human consumption", "konsum", "forbruk", "mat"],
  "Sprouting for consumption": ["sprouting", "spiring for konsum", "spiring"],
  Processing: [
    "industrial processing",
    "bearbeiding",
    "prosessering",
    "foredling",
    "industriell bearbeiding",
  ],
  Research: ["research purposes", "scientific purposes", "forskning", "forsøk"],
};

const PLANTEDEL_OPPSLAG = lagOppslag(PLANTEDELER);
const BRUK_OPPSLAG = lagOppslag(TILSIKTEDE_BRUK);

/** Canonical plant part ("frø" -> "Seeds"); unknown values are returned lower-cased; empty -> undefined. */
export function normaliserPlantedel(s: string | null | undefined): string | undefined {
  const renset = rensTekst(s);
  if (renset === undefined) return undefined;
  return PLANTEDEL_OPPSLAG.get(noekkel(renset)) ?? noekkel(renset);
}

/** Canonical intended use ("konsum" -> "Consumption"); unknown values lower-cased; empty -> undefined. */
export function normaliserTilsiktetBruk(s: string | null | undefined): string | undefined {
  const renset = rensTekst(s);
  if (renset === undefined) return undefined;
  return BRUK_OPPSLAG.get(noekkel(renset)) ?? noekkel(renset);
}

const LANDKODE_ALIAS: Record<string, string> = { UK: "GB", EL: "GR" };

/** Upper-cased alpha-2 code ("uk" and "EL" become GB and GR); empty -> undefined. */
export function normaliserLandkode(s: string | null | undefined): string | undefined {
  const renset = rensTekst(s)?.toUpperCase();
  if (renset === undefined) return undefined;
  return LANDKODE_ALIAS[renset] ?? renset;
}

/** Genus key: lower-cased, without a hybrid sign ("x Triticosecale" and "Triticosecale" meet). */
export function slektNoekkel(s: string): string {
  return noekkel(s)
    .replace(/^(x|×)\s*/, "")
    .trim();
}
