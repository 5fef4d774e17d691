// Counts in Norwegian: "1 sertifikat", "2 sertifikater", "0 sertifikater" (SPEC §9 locale nb-NO). The
// plural category comes from Intl.PluralRules for bokmål, the number from the same format as quantities.

import { formaterTall } from "./mengde";

const regler = new Intl.PluralRules("nb");

/** The singular and plural of a word a count is shown with. */
export interface Ord {
  en: string;
  flere: string;
}

export const ORD = {
  sertifikat: { en: "sertifikat", flere: "sertifikater" },
  forhaandsmelding: { en: "forhåndsmelding", flere: "forhåndsmeldinger" },
  varelinje: { en: "varelinje", flere: "varelinjer" },
  treff: { en: "treff", flere: "treff" },
} as const satisfies Record<string, Ord>;

/** The word's form for `antall` (singular for exactly one in bokmål). */
export function ordFor(antall: number, ord: Ord): string {
  return regler.select(antall) === "one" ? ord.en : ord.flere;
}

/** "1 sertifikat", "15 sertifikater", "1 234 varelinjer". */
export function antallTekst(antall: number, ord: Ord): string {
  return `${formaterTall(antall)} ${ordFor(antall, ord)}`;
}

/**
 * The hit count of a bounded list (ADR 021): "15 sertifikater", or past the bound "Over 1 000 sertifikater"
 * with how to find the rest.
 */
export function treffTekst(antall: number, flereEnnMaks: boolean, ord: Ord): string {
  if (!flereEnnMaks) return antallTekst(antall, ord);
  const n = formaterTall(antall);
  return `Over ${n} ${ord.flere}. Listen viser de ${n} nyeste; bruk filtrene for å finne eldre.`;
}

/** A country facet's label: "Nederland (12)", or past the bound "Nederland (over 1 000)". */
export function landEtikett(l: { navn: string; antall: number; flereEnnMaks?: boolean }): string {
  return `${l.navn} (${l.flereEnnMaks ? "over " : ""}${formaterTall(l.antall)})`;
}
