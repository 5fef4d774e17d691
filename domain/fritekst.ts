// Oversized free text (issue 34 item 5): a certificate's free-text fields are shown at most MAKS_FRITEKST
// characters long, with a mark that they were cut, on the certificate page and in its PDF and spreadsheet (one
// place: api/sertifikat/sammensetning.ts, which both use). The full text stays in the stored XML and the
// evidence pack. The ePhyto schema (UN/CEFACT SPS, TextType and xs:string) sets no length on these fields, so the
// limit is ours: longer than any real name, address, description or declaration, short enough that a page of
// them stays small. Intake records which fields were longer (sertifikat.for_lange_felt, migration 034).

/** Characters (code points) of one free-text field that pages and documents show. */
export const MAKS_FRITEKST = 2000;

/**
 * Characters of a name kept in the certificate's own columns (`sertifikat.avsender_navn`, `mottaker_navn`, and
 * the notification's copy of the sender): they are indexed for sorting, filtering and finds by name, and an index
 * row has a size limit (an 8 MB name made an insert fail). Longer than any real name; the whole name stays in the
 * certificate's data and XML.
 */
export const MAKS_NAVN_KOLONNE = 500;

/** A name for the certificate's columns: at most MAKS_NAVN_KOLONNE characters (code points), or null. */
export function navnKolonne(navn: string | null | undefined): string | null {
  if (navn == null) return null;
  if (navn.length <= MAKS_NAVN_KOLONNE) return navn;
  return Array.from(navn).slice(0, MAKS_NAVN_KOLONNE).join("");
}

/** A field's path without list positions: "avsender.navn", "varelinjer.beskrivelse". */
function sti(foran: string, navn: string): string {
  return foran ? `${foran}.${navn}` : navn;
}

function gaa(verdi: unknown, foran: string, maks: number, funnet: Set<string>, merke?: string): unknown {
  if (typeof verdi === "string") {
    // length counts UTF-16 units, never fewer than code points: a shorter string is within the limit.
    if (verdi.length <= maks) return verdi;
    const tegn = Array.from(verdi);
    if (tegn.length <= maks) return verdi;
    funnet.add(foran);
    return merke === undefined ? verdi : `${tegn.slice(0, maks).join("")}${merke}`;
  }
  if (Array.isArray(verdi)) return verdi.map((v) => gaa(v, foran, maks, funnet, merke));
  if (verdi !== null && typeof verdi === "object") {
    const ut: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(verdi)) ut[k] = gaa(v, sti(foran, k), maks, funnet, merke);
    return ut;
  }
  return verdi;
}

/** The fields of `verdi` longer than `maks`, by path (each once). */
export function forLangeFelt(verdi: unknown, maks = MAKS_FRITEKST): string[] {
  const funnet = new Set<string>();
  gaa(verdi, "", maks, funnet);
  return [...funnet];
}

/** `verdi` with every string longer than `maks` cut to `maks` characters and `merke` after; and which fields. */
export function kortFritekst<T>(
  verdi: T,
  merke: string,
  maks = MAKS_FRITEKST,
): { verdi: T; forkortet: string[] } {
  const funnet = new Set<string>();
  const kort = gaa(verdi, "", maks, funnet, merke) as T;
  return { verdi: funnet.size === 0 ? verdi : kort, forkortet: [...funnet] };
}
