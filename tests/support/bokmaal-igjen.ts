// The bokmål phrases a document in nynorsk or English must not contain (issue 33 item 2): every bokmål message of
// the given catalogue prefixes whose translation differs, cut at its placeholders into the fixed pieces (three
// letters or more), each looked for as a whole phrase. A message that is the same in the language (its @samme)
// is no sign of a forgotten text, nor is a piece its translation has too.
import { KATALOGER } from "../../sprak/katalog.server";
import type { Navnerom } from "../../sprak/navnerom";

const ESCAPE = /[.*+?^${}()|[\]\\]/g;

export function bokmaalIgjen(
  tekst: string,
  sprak: "nn" | "en",
  prefikser: readonly string[],
  /** Data the document shows as written (a party named «Mottaker AS»): not looked in. */
  data: readonly string[] = [],
): string[] {
  const flat = data.reduce((t, d) => t.replaceAll(d, " "), tekst.replace(/\s+/g, " "));
  const funnet = new Set<string>();
  for (const prefiks of prefikser) {
    const [navnerom, ...rest] = prefiks.split(".");
    const underprefiks = rest.join(".");
    const nb = KATALOGER.nb[navnerom as Navnerom];
    const oversatt = KATALOGER[sprak][navnerom as Navnerom];
    for (const [noekkel, melding] of Object.entries(nb)) {
      if (noekkel.startsWith("@") || typeof melding !== "string" || !noekkel.startsWith(underprefiks))
        continue;
      if (oversatt[noekkel] === melding || /, (select|plural),/.test(melding)) continue;
      for (const bit of melding.split(/\{[^}]*\}/)) {
        const frase = bit.trim().replace(/^[:,.–-]\s*|\s*[:,(–-]$/g, "");
        // a piece the translation has too («sertifikat» in nynorsk) is no sign of bokmål
        if (frase.length < 3 || !/\p{L}{3}/u.test(frase) || String(oversatt[noekkel] ?? "").includes(frase))
          continue;
        const re = new RegExp(`(^|[^\\p{L}])${frase.replace(ESCAPE, "\\$&")}($|[^\\p{L}])`, "u");
        if (re.test(flat)) funnet.add(`${navnerom}.${noekkel}: «${frase}»`);
      }
    }
  }
  return [...funnet];
}
