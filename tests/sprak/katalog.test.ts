// The catalogues (docs/sprak.md): every message in bokmål, nynorsk and English with the same placeholders,
// plural and select forms and markup; none empty; every one used by the code; a translation that is the same as
// bokmål only where the catalogue says so (@samme); and the glossary's terms used (sprak/ordliste.json).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { KATALOGER, type Katalogfil, SAMME_SOM_BOKMAAL } from "../../sprak/katalog.server";
import { NAVNEROM, type Navnerom } from "../../sprak/navnerom";
import ordliste from "../../sprak/ordliste.json";

const OVERSATT = ["nn", "en"] as const;
/** In an nn or en file: messages exempt from the glossary check, each because it quotes a bokmål title. */
const UNNTAK_ORDLISTE = "@unntakOrdliste";

const meldinger = (fil: Katalogfil) =>
  Object.entries(fil).filter((e): e is [string, string] => !e[0].startsWith("@"));
const liste = (fil: Katalogfil, noekkel: string) => (fil[noekkel] as string[] | undefined) ?? [];

/** The shape of a message: its placeholders, plural and select forms and markup tags, sorted. */
function form(tekst: string): string[] {
  const deler = new Set<string>();
  // Lingui's compiled form: text, or a list of text and arguments [name, type?, options?].
  const tekstdel = (t: string) => {
    for (const tagg of t.matchAll(/<\/?\d+>/g)) deler.add(`tagg ${tagg[0]}`);
  };
  const gaa = (m: unknown): void => {
    if (typeof m === "string") {
      tekstdel(m);
      return;
    }
    if (!Array.isArray(m)) return;
    for (const del of m) {
      if (typeof del === "string") tekstdel(del);
      else if (Array.isArray(del)) {
        const [navn, type, valg] = del as [string, string?, unknown?];
        deler.add(`verdi ${navn}${type ? ` ${type}` : ""}`);
        if (valg && typeof valg === "object") {
          const former = Object.keys(valg).filter((k) => k !== "offset");
          deler.add(`${type} ${navn}: ${former.sort().join(",")}`);
          for (const v of Object.values(valg)) gaa(v);
        }
      }
    }
  };
  gaa(compileMessage(tekst));
  return [...deler].sort();
}

describe("katalogene", () => {
  it("har en fil per navnerom og språk, og ikke flere", () => {
    for (const sprak of ["nb", ...OVERSATT] as const) {
      const filer = readdirSync(`sprak/katalog/${sprak}`).map((f) => f.replace(/\.json$/, ""));
      expect(filer.sort(), sprak).toEqual([...NAVNEROM].sort());
    }
  });

  it.each(NAVNEROM)(
    "%s: hver nøkkel finnes på bokmål, nynorsk og engelsk, med innhold og samme form",
    (n) => {
      const nb = KATALOGER.nb[n];
      const feil: string[] = [];
      for (const [k, tekst] of meldinger(nb)) if (!tekst.trim()) feil.push(`nb ${k}: tom`);
      for (const sprak of OVERSATT) {
        const fil = KATALOGER[sprak][n];
        const noekler = new Set(meldinger(fil).map(([k]) => k));
        for (const [k, tekst] of meldinger(nb)) {
          const oversatt = fil[k];
          if (typeof oversatt !== "string") feil.push(`${sprak} ${k}: mangler`);
          else if (!oversatt.trim()) feil.push(`${sprak} ${k}: tom`);
          else if (form(oversatt).join("|") !== form(tekst).join("|"))
            feil.push(`${sprak} ${k}: ${form(oversatt).join("; ")} ≠ nb ${form(tekst).join("; ")}`);
          noekler.delete(k);
        }
        for (const k of noekler) feil.push(`${sprak} ${k}: finnes ikke på bokmål`);
        for (const meta of Object.keys(fil).filter((k) => k.startsWith("@"))) {
          if (meta !== SAMME_SOM_BOKMAAL && meta !== UNNTAK_ORDLISTE) feil.push(`${sprak} ${meta}: ukjent`);
        }
      }
      expect(feil).toEqual([]);
    },
  );

  it.each(NAVNEROM)("%s: en oversettelse er lik bokmål bare der @samme sier det, og da er den lik", (n) => {
    const feil: string[] = [];
    for (const sprak of OVERSATT) {
      const fil = KATALOGER[sprak][n];
      const samme = new Set(liste(fil, SAMME_SOM_BOKMAAL));
      for (const [k, tekst] of meldinger(KATALOGER.nb[n])) {
        const lik = fil[k] === tekst;
        if (lik && !samme.has(k))
          feil.push(`${sprak} ${k}: lik bokmål, men ikke i @samme (glemt å oversette?)`);
        if (!lik && samme.has(k)) feil.push(`${sprak} ${k}: i @samme, men ulik bokmål`);
        samme.delete(k);
      }
      for (const k of samme) feil.push(`${sprak} @samme: ${k} finnes ikke`);
    }
    expect(feil).toEqual([]);
  });
});

// -----------------------------------------------------------------------------------------------------------
// Every message is used: its id appears in the code (app/, api/, domain/, server/, scripts/), or the code builds
// ids under a prefix (`t(\`kodeverk.status.${s}\`)`), which covers every key under it.
// -----------------------------------------------------------------------------------------------------------

function kildefiler(mappe: string): string[] {
  return readdirSync(mappe).flatMap((navn) => {
    const sti = path.join(mappe, navn);
    if (statSync(sti).isDirectory()) return navn === "katalog" ? [] : kildefiler(sti);
    return /\.tsx?$/.test(navn) && !/\.(test|spec)\.tsx?$/.test(navn) ? [sti] : [];
  });
}

describe("hver melding brukes", () => {
  const kilde = ["app", "api", "domain", "server", "scripts", "sprak"]
    .flatMap(kildefiler)
    .map((f) => readFileSync(f, "utf8"))
    .join("\n");
  const prefikser = [...kilde.matchAll(/`((?:[a-z]+)\.[\w.]*)\$\{/g)].map((m) => m[1]!);

  it.each(NAVNEROM)("%s: ingen ubrukte nøkler", (n: Navnerom) => {
    const ubrukt = meldinger(KATALOGER.nb[n])
      .map(([k]) => `${n}.${k}`)
      .filter((id) => !kilde.includes(`"${id}"`) && !kilde.includes(`"${id}?`))
      .filter((id) => !prefikser.some((p) => id.startsWith(p)));
    expect(ubrukt).toEqual([]);
  });
});

// -----------------------------------------------------------------------------------------------------------
// The glossary: a bokmål message with a term has the term's nynorsk and English form in its translations.
// -----------------------------------------------------------------------------------------------------------

interface Term {
  nb: string;
  nn: string;
  en: string;
}

/** The bokmål term in any inflection: forhåndsmelding, -en, -er, -ene; not as part of another word. */
const nbTerm = (term: string) =>
  new RegExp(`(^|[^\\p{L}])${term}(en|et|er|ene|a|e|n|r|ne|s)?($|[^\\p{L}])`, "iu");

describe("ordlisten", () => {
  const termer = (ordliste as { termer: Term[] }).termer;

  it("har hvert begrep én gang, med alle tre språk", () => {
    expect(termer.length).toBeGreaterThan(20);
    for (const t of termer)
      expect(
        [t.nb, t.nn, t.en].every((s) => s.trim().length > 0),
        t.nb,
      ).toBe(true);
    expect(new Set(termer.map((t) => t.nb)).size).toBe(termer.length);
  });

  it.each(NAVNEROM)("%s: meldingene bruker ordlistens ord på nynorsk og engelsk", (n) => {
    const feil: string[] = [];
    for (const [k, tekst] of meldinger(KATALOGER.nb[n])) {
      for (const term of termer) {
        // a code in capitals (FRIGITT, AVVIST) is no word of the text
        const treff = tekst.match(nbTerm(term.nb));
        if (!treff || treff[0].trim() === treff[0].trim().toUpperCase()) continue;
        for (const sprak of OVERSATT) {
          const fil = KATALOGER[sprak][n];
          if (liste(fil, UNNTAK_ORDLISTE).includes(k)) continue;
          const oversatt = String(fil[k] ?? "");
          // the stem, so the inflected forms count: varelinje → varelinja, varelinjer
          if (!oversatt.toLowerCase().includes(term[sprak].toLowerCase().replace(/e$/, "")))
            feil.push(`${sprak} ${n}.${k}: «${term.nb}» skal være «${term[sprak]}»`);
        }
      }
    }
    expect(feil).toEqual([]);
  });
});
