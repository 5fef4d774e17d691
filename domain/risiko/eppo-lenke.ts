// The pest-database link of an EPPO code (kept apart from the EPPO table so pages can link without loading it).
/** Link to the taxon in the EPPO Global Database (the pest database). */
export function eppoLenke(kode: string): string {
  return `https://gd.eppo.int/taxon/${encodeURIComponent(kode.trim().toUpperCase())}`;
}
