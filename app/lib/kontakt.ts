// Contact points shown in the footer and panels (configured in the product, SPEC §9). Names and addresses,
// the same in every language.
export const MYNDIGHET = "Mattilsynet";
export const KONTAKT_EPOST = "planteimport@mattilsynet.no";
export const MYNDIGHET_URL = "https://www.mattilsynet.no";
export const VEILEDER_URL =
  "https://www.mattilsynet.no/planter-og-dyrking/import-av-planter-og-planteprodukter";

/** The feedback link: a mail to the contact address with `emne` (in the reader's language) as its subject. */
export const tilbakemeldingUrl = (emne: string) =>
  `mailto:${KONTAKT_EPOST}?subject=${encodeURIComponent(emne)}`;
