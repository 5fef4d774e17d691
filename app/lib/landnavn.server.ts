// Country names in the reader's language (issue 33 §1): bokmål from the service's own table (SPEC's names, or
// the name the API already gave), nynorsk and English from Intl.DisplayNames. On the server, with the rest of
// a loader's data, so no table reaches the bundle and server and browser show the same name.
import { landNavn } from "../../domain/kodeverk";
import { regionnavn } from "../../sprak/regionnavn";
import type { Sprak } from "../../sprak/sprak";

/** The name of the country `kode` in `sprak`; `navn` is the bokmål name when the caller has one. */
export function landnavnFor(sprak: Sprak): (kode: string, navn?: string) => string {
  if (sprak === "nb") return (kode, navn) => navn ?? landNavn(kode);
  // not a region code Intl knows: the name as given
  return (kode, navn) => regionnavn(sprak, kode) ?? navn ?? landNavn(kode);
}
