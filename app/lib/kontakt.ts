// Contact points shown in the footer and panels (configured in the product, SPEC §9).
export const MYNDIGHET = "Mattilsynet";
export const KONTAKT_EPOST = "planteimport@mattilsynet.no";
export const MYNDIGHET_URL = "https://www.mattilsynet.no";
export const VEILEDER_URL =
  "https://www.mattilsynet.no/planter-og-dyrking/import-av-planter-og-planteprodukter";
export const TILBAKEMELDING_URL = `mailto:${KONTAKT_EPOST}?subject=${encodeURIComponent(
  "Tilbakemelding på digital forhåndsmelding",
)}`;
