// The export-country facets of the lists and home: exact counts per country (ADR 051, read from the counter
// rows of migration 032 by sertifikat/synlighet.ts and importmelding/tilgang.ts), with the paperless-agreement
// countries added, by Norwegian name.
import { allePapirloeseLand, landNavn } from "../domain/kodeverk";
import type { Eksportland } from "../domain/sertifikat-visning";

const kollator = new Intl.Collator("nb");

/** The counts of a per-country map together. */
export function summer(antall: ReadonlyMap<string, number>): number {
  let sum = 0;
  for (const n of antall.values()) sum += n;
  return sum;
}

/**
 * Counted countries plus the paperless-agreement countries (0 when none), by Norwegian name. The counts are
 * exact, so `flereEnnMaks` (kept in the v2 answer for its clients, ADR 021) is always false.
 */
export function medPapirloeseLand(antall: ReadonlyMap<string, number>): Eksportland[] {
  const alle = new Map(antall);
  for (const l of allePapirloeseLand()) {
    if (!alle.has(l.alpha2)) alle.set(l.alpha2, 0);
  }
  return [...alle]
    .map(([kode, n]) => ({ kode, navn: landNavn(kode), antall: n, flereEnnMaks: false }))
    .sort((a, b) => kollator.compare(a.navn, b.navn) || a.kode.localeCompare(b.kode));
}
