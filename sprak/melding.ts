// A message that is resolved where it is shown (docs/sprak.md "Meldinger som løses der de vises"): the
// validation schemas of domain/ and the API's errors do not know the reader's language, so they carry a
// message id, with its values, as one string: "validering.kommentar.forLang?maks=2000". The browser (client
// validation), the app's pages (the action's answer) and the API's problem details each resolve it in their
// reader's language. A string that is not such a reference (a text from before the conversion, or one the API
// already resolved) is shown as it is.
import { erNavnerom, type Noekkel } from "./navnerom";

export type Verdier = Record<string, string | number>;

/** A message reference: the id, and its placeholders' values if it has any. */
export function melding(id: Noekkel, verdier?: Verdier): string {
  if (!verdier || Object.keys(verdier).length === 0) return id;
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(verdier)) p.set(k, String(v));
  return `${id}?${p}`;
}

const REFERANSE = /^([a-z]+)\.[A-Za-z0-9_.-]+(\?[^\s]*)?$/;

/** The id and values of a message reference; undefined for any other text. */
export function lesMelding(tekst: string): { id: Noekkel; verdier: Verdier } | undefined {
  const m = REFERANSE.exec(tekst);
  if (!m || !erNavnerom(m[1]!)) return undefined;
  const skille = tekst.indexOf("?");
  if (skille < 0) return { id: tekst as Noekkel, verdier: {} };
  const verdier: Verdier = {};
  for (const [k, v] of new URLSearchParams(tekst.slice(skille + 1))) {
    verdier[k] = v !== "" && String(Number(v)) === v ? Number(v) : v;
  }
  return { id: tekst.slice(0, skille) as Noekkel, verdier };
}
