// Country names in the reader's language (issue 33 §1): bokmål from the service's own table (SPEC's names, or
// the name the API already gave), nynorsk and English from Intl.DisplayNames. On the server, with the rest of
// a loader's data, so no table reaches the bundle and server and browser show the same name.
import { alleLand, finnLand, landNavn } from "../../domain/kodeverk";
import { regionnavn } from "../../sprak/regionnavn";
import { LOKALE, type Sprak } from "../../sprak/sprak";

/** The name of the country `kode` in `sprak`; `navn` is the bokmål name when the caller has one. */
export function landnavnFor(sprak: Sprak): (kode: string, navn?: string) => string {
  if (sprak === "nb") return (kode, navn) => navn ?? landNavn(kode);
  // an alpha-3 or numeric code by its alpha-2; not a region code Intl knows: the name as given
  return (kode, navn) => regionnavn(sprak, finnLand(kode)?.alpha2 ?? kode) ?? navn ?? landNavn(kode);
}

/**
 * Names every country of `land` (the API's `{ kode, navn }`, bokmål) in `sprak`, in place: the lists' rows and
 * home's lists. Bokmål keeps the API's names.
 */
export function navngiLand(sprak: Sprak, land: Iterable<{ kode: string; navn: string }>): void {
  if (sprak === "nb") return;
  const navn = landnavnFor(sprak);
  for (const l of land) l.navn = navn(l.kode, l.navn);
}

/**
 * A country facet (the filter panels' country lists) in `sprak`: named as `navngiLand` does and sorted by those
 * names with the locale, as the API sorts the bokmål ones (api/land-antall.ts).
 */
export function landvalgPaa<L extends { kode: string; navn: string }>(sprak: Sprak, land: L[]): L[] {
  if (sprak === "nb") return land;
  navngiLand(sprak, land);
  return sorterLand(sprak, land);
}

/** Sorts `land` in place by name in `sprak`'s collation, then by code. */
function sorterLand<L extends { kode: string; navn: string }>(sprak: Sprak, land: L[]): L[] {
  const rang = rangPaa(sprak);
  if (land.every((l) => rang.has(l.navn))) {
    // the names' places in the language's sorted country list, worked out once: the same order as the collator
    // gives (equal names share a place), at the cost of two map lookups per comparison
    return land.sort((a, b) => rang.get(a.navn)! - rang.get(b.navn)! || sammenlignKode(a.kode, b.kode));
  }
  const { compare } = sortering(sprak);
  return land.sort((a, b) => compare(a.navn, b.navn) || sammenlignKode(a.kode, b.kode));
}

const sammenlignKode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Per language: every country name the code list gives (as `landnavnFor` names it), by its sorted place. */
const rangene = new Map<Sprak, Map<string, number>>();
function rangPaa(sprak: Sprak): Map<string, number> {
  let rang = rangene.get(sprak);
  if (!rang) {
    const navn = landnavnFor(sprak);
    const { compare } = sortering(sprak);
    const sortert = [...new Set(alleLand().map((l) => navn(l.alpha2)))].sort(compare);
    rang = new Map();
    let plass = 0;
    for (const [i, n] of sortert.entries()) {
      if (i > 0 && compare(sortert[i - 1]!, n) !== 0) plass = i;
      rang.set(n, plass);
    }
    rangene.set(sprak, rang);
  }
  return rang;
}

const faste = new WeakMap<readonly object[], Map<Sprak, readonly object[]>>();

/**
 * A country list that never changes (the certificate search's countries, domain/sertifikatsok.ts) named in
 * `sprak` (bokmål: the code list's names) and sorted by those names, once per language for the process. The
 * answer is shared by every request: never change it.
 */
export function fastLandvalg<L extends { kode: string }>(
  sprak: Sprak,
  land: readonly L[],
): readonly (L & { navn: string })[] {
  let perSprak = faste.get(land);
  if (!perSprak) {
    perSprak = new Map();
    faste.set(land, perSprak);
  }
  let liste = perSprak.get(sprak) as readonly (L & { navn: string })[] | undefined;
  if (!liste) {
    const navn = landnavnFor(sprak);
    liste = Object.freeze(
      sorterLand(
        sprak,
        land.map((l) => ({ ...l, navn: navn(l.kode) })),
      ),
    );
    perSprak.set(sprak, liste);
  }
  return liste;
}

/** One collator per language for the process: `localeCompare` with a locale builds one per comparison. */
const sorteringer = new Map<Sprak, Intl.Collator>();
function sortering(sprak: Sprak): Intl.Collator {
  let c = sorteringer.get(sprak);
  if (!c) {
    c = new Intl.Collator(LOKALE[sprak]);
    sorteringer.set(sprak, c);
  }
  return c;
}

/**
 * The names in `sprak` of the country codes a page shows by code (the certificate page's sections), so its
 * components look them up instead of importing a country table into the browser. Bokmål: the table's names.
 */
export function landnavnTabell(
  sprak: Sprak,
  koder: Iterable<string | null | undefined>,
): Record<string, string> {
  const navn = landnavnFor(sprak);
  const tabell: Record<string, string> = {};
  for (const k of koder) if (k && !(k in tabell)) tabell[k] = navn(k);
  return tabell;
}
