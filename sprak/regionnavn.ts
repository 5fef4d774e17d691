// Country (region) names in nynorsk and English from Intl.DisplayNames (issue 33 §1); bokmål keeps the service's
// own table (SPEC's names), so it gets none here. One formatter per language, made on first use and kept, and
// each name it gives kept too: the names are static, `of` costs a microsecond or more each time, and the pages
// ask for the same few dozen codes on every request. At most 26 × 26 names per language (two capital letters).
import { LOKALE, type Sprak } from "./sprak";

interface Navn {
  formatterer: Intl.DisplayNames;
  kjente: Map<string, string | undefined>;
}

const perSprak = new Map<Sprak, Navn>();

/** The name of the region `kode` in `sprak`; undefined for bokmål, or a code Intl does not know. */
export function regionnavn(sprak: Sprak, kode: string | null | undefined): string | undefined {
  if (sprak === "nb" || !kode || !/^[A-Z]{2}$/.test(kode)) return undefined;
  let n = perSprak.get(sprak);
  if (!n) {
    n = { formatterer: new Intl.DisplayNames([LOKALE[sprak]], { type: "region" }), kjente: new Map() };
    perSprak.set(sprak, n);
  }
  if (n.kjente.has(kode)) return n.kjente.get(kode);
  let verdi: string | undefined;
  try {
    verdi = n.formatterer.of(kode);
  } catch {
    verdi = undefined;
  }
  n.kjente.set(kode, verdi);
  return verdi;
}
