// A ruleset: the rule table, the EPPO table and the country groups the risk assessment works from, as one
// document the authority loads and approves (issue 32 item 3, docs/decisions/046-godkjente-risikoregler.md).
// Validated here (zod, Norwegian messages naming the rule and field), so a version the engine would read
// wrongly never gets stored; `lagRegelsett` builds the lookups vurder.ts uses. The bundled tables
// (tabeller/*.json) are the development set: what `npm start`, the seed and the tests load as approved, and
// what assesses certificates while no approved ruleset exists.
import { z } from "zod";
import { melding } from "../../sprak/melding";
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
  .string({ error: melding("validering.regelsett.kildeMangler") })
  .trim()
  .min(1, melding("validering.regelsett.kildeMangler"))
  .max(1000, melding("validering.regelsett.kildeForLang", { maks: 1000 }));

/** The document the authority loads (POST /myndighet/v2/regelsett). */
export const regelsettSkjema = z
  .object(
    {
      beskrivelse: z
        .string({ error: melding("validering.regelsett.beskrivelseMangler") })
        .trim()
        .min(1, melding("validering.regelsett.beskrivelseMangler"))
        .max(2000, melding("validering.regelsett.beskrivelseForLang", { maks: 2000 })),
      regler: reglerSchema.refine((r) => r.length > 0, melding("validering.regelsett.ingenRegler")),
      eppo: z
        .object(
          {
            kilde,
            taksa: z.array(taksonSchema).min(1, melding("validering.regelsett.ingenEppo")),
          },
          { error: melding("validering.regelsett.eppoObjekt") },
        )
        .strict(),
      landgrupper: landgrupperSchema.extend({ kilde }).strict(),
    },
    { error: melding("validering.regelsett.objekt") },
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
          message: melding("validering.regelsett.landUtenforEuropa", { land }),
        });
      }
    }
    r.regler.forEach((regel, i) => {
      const sjekk = (
        felt: string,
        verdier: readonly string[] | undefined,
        ok: (v: string) => boolean,
        hva: "eppo" | "plantedel" | "tilsiktetBruk",
      ) =>
        verdier?.forEach((v, j) => {
          if (!ok(v)) {
            ctx.addIssue({
              code: "custom",
              path: ["regler", i, "match", felt, j],
              message: melding("validering.regelsett.ukjentVerdi", { regel: regel.id, hva, verdi: v }),
            });
          }
        });
      const kjentKode = (v: string) => koder.has(v.trim().toUpperCase());
      sjekk("eppoKoder", regel.match.eppoKoder, kjentKode, "eppo");
      sjekk("unntattEppoKoder", regel.match.unntattEppoKoder, kjentKode, "eppo");
      const kjentDel = (v: string) => (normaliserPlantedel(v) ?? "") in PLANTEDELER;
      sjekk("plantedeler", regel.match.plantedeler, kjentDel, "plantedel");
      sjekk("unntattPlantedeler", regel.match.unntattPlantedeler, kjentDel, "plantedel");
      const kjentBruk = (v: string) => (normaliserTilsiktetBruk(v) ?? "") in TILSIKTEDE_BRUK;
      sjekk("tilsiktetBruk", regel.match.tilsiktetBruk, kjentBruk, "tilsiktetBruk");
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

/**
 * The message of a refused ruleset in the caller's language (`tekst` resolves a message reference, sprak/melding.ts):
 * each problem with where it is, the first ones.
 */
export function regelsettFeil(
  feil: z.ZodError,
  tekst: (melding: string) => string,
  maks = 10,
): { melding: string; feil: string[] } {
  const linjer = feil.issues.map((i) => {
    const sti = i.path.map((d) => (typeof d === "number" ? `[${d}]` : `.${String(d)}`)).join("");
    return sti ? `${sti.replace(/^\./, "")}: ${tekst(i.message)}` : tekst(i.message);
  });
  const vist = linjer.slice(0, maks);
  return {
    melding: tekst(
      melding("validering.regelsett.ugyldig", { feil: vist.join("; "), resten: linjer.length - vist.length }),
    ),
    feil: linjer,
  };
}
