// A ruleset: the rule table, the EPPO table and the country groups the risk assessment works from, as one
// document the authority loads and approves (issue 32 item 3, docs/decisions/046-godkjente-risikoregler.md).
// Validated here (zod, Norwegian messages naming the rule and field), so a version the engine would read
// wrongly never gets stored; `lagRegelsett` builds the lookups vurder.ts uses. The bundled tables
// (tabeller/*.json) are the development set: what `npm start`, the seed and the tests load as approved, and
// what assesses certificates while no approved ruleset exists.
import { z } from "zod";
import { type EppoTakson, lagEppoTabell, taksonSchema } from "./eppo";
import {
  LANDGRUPPER_DATA,
  type Landgruppe,
  landgrupperSchema,
  landIGruppe,
  type Regel,
  reglerSchema,
} from "./regler";
import eppoData from "./tabeller/eppo.json";
import landgrupperData from "./tabeller/eu-eos.json";
import reglerData from "./tabeller/regler.json";
import { normaliserPlantedel, normaliserTilsiktetBruk, PLANTEDELER, TILSIKTEDE_BRUK } from "./vokabular";

const kilde = z
  .string({ error: "Oppgi kilden (kilde)" })
  .trim()
  .min(1, "Oppgi kilden (kilde)")
  .max(1000, "Kilden kan ikke være lengre enn 1000 tegn");

/** The document the authority loads (POST /myndighet/v2/regelsett). */
export const regelsettSkjema = z
  .object(
    {
      beskrivelse: z
        .string({ error: "Oppgi en beskrivelse av versjonen (beskrivelse)" })
        .trim()
        .min(1, "Oppgi en beskrivelse av versjonen (beskrivelse)")
        .max(2000, "Beskrivelsen kan ikke være lengre enn 2000 tegn"),
      regler: reglerSchema.refine((r) => r.length > 0, "Regelsettet må ha minst én regel"),
      eppo: z
        .object(
          {
            kilde,
            taksa: z.array(taksonSchema).min(1, "EPPO-tabellen må ha minst én rad"),
          },
          { error: "eppo må være et objekt med kilde og taksa" },
        )
        .strict(),
      landgrupper: landgrupperSchema.extend({ kilde }).strict(),
    },
    { error: "Regelsettet må være et objekt med beskrivelse, regler, eppo og landgrupper" },
  )
  .strict()
  .superRefine((r, ctx) => {
    const koder = new Set(r.eppo.taksa.map((t) => t.eppoKode));
    const europa = new Set(r.landgrupper.EUROPA);
    for (const land of r.landgrupper.EU_EOS) {
      if (!europa.has(land)) {
        ctx.addIssue({
          code: "custom",
          path: ["landgrupper", "EU_EOS"],
          message: `Landet ${land} er i EU_EOS, men ikke i EUROPA`,
        });
      }
    }
    r.regler.forEach((regel, i) => {
      const sjekk = (
        felt: string,
        verdier: readonly string[] | undefined,
        ok: (v: string) => boolean,
        hva: string,
      ) =>
        verdier?.forEach((v, j) => {
          if (!ok(v)) {
            ctx.addIssue({
              code: "custom",
              path: ["regler", i, "match", felt, j],
              message: `Regel ${regel.id}: ${hva} «${v}»`,
            });
          }
        });
      const kjentKode = (v: string) => koder.has(v.trim().toUpperCase());
      sjekk("eppoKoder", regel.match.eppoKoder, kjentKode, "EPPO-tabellen har ikke koden");
      sjekk("unntattEppoKoder", regel.match.unntattEppoKoder, kjentKode, "EPPO-tabellen har ikke koden");
      const kjentDel = (v: string) => (normaliserPlantedel(v) ?? "") in PLANTEDELER;
      sjekk("plantedeler", regel.match.plantedeler, kjentDel, "ukjent plantedel");
      sjekk("unntattPlantedeler", regel.match.unntattPlantedeler, kjentDel, "ukjent plantedel");
      const kjentBruk = (v: string) => (normaliserTilsiktetBruk(v) ?? "") in TILSIKTEDE_BRUK;
      sjekk("tilsiktetBruk", regel.match.tilsiktetBruk, kjentBruk, "ukjent tilsiktet bruk");
    });
  });

export type RegelsettInnhold = z.output<typeof regelsettSkjema>;

/** A ruleset ready for the engine: its rules, the EPPO lookup and the countries of each group. */
export interface Regelsett {
  regler: readonly Regel[];
  eppo: ReadonlyMap<string, EppoTakson>;
  landgrupper: Readonly<Record<Landgruppe, ReadonlySet<string>>>;
}

export function lagRegelsett(innhold: Pick<RegelsettInnhold, "regler" | "eppo" | "landgrupper">): Regelsett {
  return {
    regler: Object.freeze([...innhold.regler]),
    eppo: lagEppoTabell(innhold.eppo.taksa),
    landgrupper: landIGruppe(innhold.landgrupper),
  };
}

const kommentar = (data: unknown) => String((data as { $kommentar?: unknown }).$kommentar ?? "").trim();

/**
 * The development set: today's bundled tables as a ruleset document, each table's comment as its source. What
 * `npm start`, the seed and the tests load as approved (marked as the development set); never checked by the
 * authority (ADR 004).
 */
export const UTVIKLINGSSETT: RegelsettInnhold = regelsettSkjema.parse({
  beskrivelse:
    "Utviklingssettet: tabellene i domain/risiko/tabeller slik de ligger i koden. Ikke kontrollert av Mattilsynet.",
  regler: (reglerData as { regler: unknown }).regler,
  eppo: { kilde: kommentar(eppoData), taksa: (eppoData as { taksa: unknown }).taksa },
  landgrupper: { kilde: kommentar(landgrupperData), ...LANDGRUPPER_DATA },
});

/** The bundled tables, compiled: the engine's default, and what assesses while nothing is approved. */
export const STANDARD_REGELSETT: Regelsett = lagRegelsett(UTVIKLINGSSETT);

/** The bundled EPPO table and country groups with other rules (tests, and callers with their own rules). */
export function medRegler(regler: readonly Regel[]): Regelsett {
  return { ...STANDARD_REGELSETT, regler };
}

/** The Norwegian message of a refused ruleset: each problem with where it is, the first ones. */
export function regelsettFeil(feil: z.ZodError, maks = 10): { melding: string; feil: string[] } {
  const linjer = feil.issues.map((i) => {
    const sti = i.path.map((d) => (typeof d === "number" ? `[${d}]` : `.${String(d)}`)).join("");
    return sti ? `${sti.replace(/^\./, "")}: ${i.message}` : i.message;
  });
  const vist = linjer.slice(0, maks);
  const resten = linjer.length - vist.length;
  return {
    melding: `Regelsettet er ikke gyldig og er ikke lagret. ${vist.join("; ")}${resten > 0 ? ` (og ${resten} feil til)` : ""}`,
    feil: linjer,
  };
}
