// The service's languages (issue 33, docs/decisions/047-sprakbibliotek.md and 048-valg-av-sprak.md): bokmål
// (the default, SPEC's texts word for word), nynorsk and English. Pure and small: the browser may import it.

export const SPRAK = ["nb", "nn", "en"] as const;
export type Sprak = (typeof SPRAK)[number];

export const STANDARD_SPRAK: Sprak = "nb";

/** The locale each language formats dates, times and numbers with (always in Europe/Oslo time). */
export const LOKALE: Record<Sprak, string> = { nb: "nb-NO", nn: "nn-NO", en: "en-GB" };

/** Each language's name in its own language (shown with its own `lang`, WCAG 3.1.2). */
export const SPRAKNAVN: Record<Sprak, string> = { nb: "Bokmål", nn: "Nynorsk", en: "English" };

export function erSprak(verdi: unknown): verdi is Sprak {
  return typeof verdi === "string" && (SPRAK as readonly string[]).includes(verdi);
}

/** The language a tag of Accept-Language names, if it is one of ours ("no" is Norwegian: bokmål). */
function sprakForTagg(tagg: string): Sprak | undefined {
  const primaer = tagg.trim().toLowerCase().split("-")[0];
  if (primaer === "nn") return "nn";
  if (primaer === "nb" || primaer === "no") return "nb";
  if (primaer === "en") return "en";
  return undefined;
}

/**
 * The language of a first visit from the browser's Accept-Language: the most preferred of its languages
 * that we offer (`nn` → nynorsk, `en`, `en-GB`, `en-US`… → English, `nb`/`no` → bokmål), in the order of its
 * q-values; bokmål when it names none of them (or is absent or malformed). "de, en;q=0.8" is English: a
 * German reader is better served by English than by bokmål.
 */
export function sprakFraAcceptLanguage(header: string | null | undefined): Sprak {
  if (!header) return STANDARD_SPRAK;
  const tagger = header
    .split(",")
    .slice(0, 20)
    .map((del, i) => {
      const [tagg = "", ...param] = del.split(";");
      const q = param.map((p) => /^\s*q=([0-9.]+)\s*$/i.exec(p)?.[1]).find(Boolean);
      return { tagg, q: q === undefined ? 1 : Number(q), i };
    })
    .filter((t) => Number.isFinite(t.q) && t.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tagg } of tagger) {
    const sprak = sprakForTagg(tagg);
    if (sprak) return sprak;
  }
  return STANDARD_SPRAK;
}
