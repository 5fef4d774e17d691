// Text clean-up and Norwegian sorting (SPEC §5 "Display and text rules", §2 goods-line sorting).

// C0 controls except tab (U+0009) and line feed (U+000A), DEL and C1 controls, and the bidirectional
// marks, embeddings, overrides and isolates (LRM, RLM, ALM, LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI).
const UONSKEDE_TEGN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

// The control characters no text of ours may hold (the same as above but for tab, line feed and carriage
// return, which text fields may have, and without the bidirectional marks).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const KONTROLLTEGN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** Whether the text holds NUL or another control character (tab, line feed and carriage return aside). */
export function harKontrolltegn(s: string): boolean {
  return KONTROLLTEGN.test(s);
}

/**
 * Strips control characters (keeping newline and tab) and bidirectional-override characters, and trims.
 * CR LF and lone CR become LF. An empty result is `undefined` ("empty strings count as missing").
 */
export function rensTekst(s: string | null | undefined): string | undefined {
  if (typeof s !== "string") return undefined;
  const renset = s.replace(/\r\n?/g, "\n").replace(UONSKEDE_TEGN, "").trim();
  return renset === "" ? undefined : renset;
}

/**
 * The display side of the same rule: the control and bidirectional characters removed and nothing else
 * (no trimming), for text that reaches a screen, an e-mail or a document from anywhere — stored before the
 * input was cleaned, or from another system. Returns the same string when there is nothing to remove.
 */
export function utenStyretegn(s: string): string {
  UONSKEDE_TEGN.lastIndex = 0;
  return UONSKEDE_TEGN.test(s) ? s.replace(UONSKEDE_TEGN, "") : s;
}

/**
 * A value read from JSON with {@link utenStyretegn} applied to every string in it (object keys included).
 * Plain JSON only: objects, arrays, strings, numbers, booleans, null.
 */
export function utenStyretegnIJson<T>(verdi: T): T {
  if (typeof verdi === "string") return utenStyretegn(verdi) as T;
  if (Array.isArray(verdi)) return verdi.map(utenStyretegnIJson) as T;
  if (verdi && typeof verdi === "object") {
    const ut: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(verdi)) ut[utenStyretegn(k)] = utenStyretegnIJson(v);
    return ut as T;
  }
  return verdi;
}

/** True when the text has content after {@link rensTekst}. */
export function harVerdi(s: string | null | undefined): boolean {
  return rensTekst(s) !== undefined;
}

const kollator = new Intl.Collator("nb", { numeric: true });

/** Norwegian collation (æ, ø, å after z). Missing values sort after present ones. */
export function sammenlignNorsk(a: string | null | undefined, b: string | null | undefined): number {
  const aMangler = a === null || a === undefined || a === "";
  const bMangler = b === null || b === undefined || b === "";
  if (aMangler || bMangler) return aMangler === bMangler ? 0 : aMangler ? 1 : -1;
  return kollator.compare(a, b);
}

export type Sorteringsretning = "ASC" | "DESC";

type Tekstnoekkel<T> = { [K in keyof T]: T[K] extends string | null | undefined ? K : never }[keyof T];

/**
 * A stable, sorted copy of `items` by a text key (a property name or a function), in Norwegian collation.
 * Items with a missing key come last in both directions.
 */
export function sorterNorsk<T>(
  items: readonly T[],
  key: Tekstnoekkel<T> | ((item: T) => string | null | undefined),
  retning: Sorteringsretning = "ASC",
): T[] {
  const hent =
    typeof key === "function" ? key : (item: T) => item[key as Tekstnoekkel<T>] as string | null | undefined;
  const faktor = retning === "DESC" ? -1 : 1;
  return items
    .map((item, indeks) => ({ item, indeks, verdi: rensTekst(hent(item)) }))
    .sort((a, b) => {
      if (a.verdi === undefined || b.verdi === undefined) {
        return sammenlignNorsk(a.verdi, b.verdi) || a.indeks - b.indeks;
      }
      return faktor * kollator.compare(a.verdi, b.verdi) || a.indeks - b.indeks;
    })
    .map((x) => x.item);
}

/** Text for HTML: the five special characters escaped (the e-mails and the API's reference page write HTML). */
export const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
