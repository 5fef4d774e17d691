// What the documents (api/dokumenter) show of the code lists in the reader's language, as the pages do: country
// names (bokmål keeps the reference table's, SPEC; nynorsk and English take Intl.DisplayNames), the intended use
// from `kodeverk`, the quantity labels. Certificate data a code list does not know stays as written.

import type { MengdeFelt } from "../../domain/importmelding";
import { tilsiktetBruk, tilsiktetBrukVisning } from "../../domain/kodeverk";
import type { Noekkel } from "../../sprak/navnerom";
import type { T } from "../../sprak/oversetter";
import { regionnavn } from "../../sprak/regionnavn";

/** A country by its code in the reader's language; bokmål (and an unknown code) keeps the given name. */
export function landNavnFor(t: T, land: { kode: string | null; navn: string | null }): string {
  return regionnavn(t.sprak, land.kode) ?? land.navn ?? land.kode ?? "";
}

/** A goods line's intended use: a use of the code list in the reader's language, any other as written. */
export function tilsiktetBrukFor(
  t: T,
  k: { tilsiktetBruk?: string | null; tilsiktetBrukKode?: string | null },
): string | undefined {
  const bruk = tilsiktetBruk(k.tilsiktetBrukKode) ?? tilsiktetBruk(k.tilsiktetBruk?.trim());
  const id = `kodeverk.tilsiktetBruk.${bruk?.kode}` as Noekkel;
  return bruk && t.har(id) ? t(id) : tilsiktetBrukVisning(k);
}

/** "Nettovekt", "Antall", … in the reader's language. */
export const mengdeFeltTekst = (t: T, felt: MengdeFelt): string => t(`dokumenter.felles.mengde.${felt}`);
