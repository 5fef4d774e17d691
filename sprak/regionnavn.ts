// Country (region) names in nynorsk and English from Intl.DisplayNames (issue 33 §1); bokmål keeps the service's
// own table (SPEC's names), so it gets none here. One formatter per language, made on first use and kept:
// building one costs far more than the lookups of a page, and pages ask on every request.
import { LOKALE, type Sprak } from "./sprak";

const formatterer = new Map<Sprak, Intl.DisplayNames>();

/** The name of the region `kode` in `sprak`; undefined for bokmål, or a code Intl does not know. */
export function regionnavn(sprak: Sprak, kode: string | null | undefined): string | undefined {
  if (sprak === "nb" || !kode || !/^[A-Z]{2}$/.test(kode)) return undefined;
  let f = formatterer.get(sprak);
  if (!f) {
    f = new Intl.DisplayNames([LOKALE[sprak]], { type: "region" });
    formatterer.set(sprak, f);
  }
  try {
    return f.of(kode);
  } catch {
    return undefined;
  }
}
