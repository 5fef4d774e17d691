// Quantities: actual-quantity input (SPEC §5 reception control) and display (SPEC §5 display rules).

import { melding } from "../sprak/melding";
import { type Sprak, STANDARD_SPRAK } from "../sprak/sprak";
import { formaterTall } from "./format";

/** Numbers are formatted in domain/format.ts (by language); the quantity code imports them from here too. */
export { formaterTall };

import { rensTekst } from "./text";

export const MENGDE_MELDINGER = {
  ikkeNumerisk: melding("validering.mengde.ikkeNumerisk"),
  negativ: melding("validering.mengde.negativ"),
  forStor: melding("validering.mengde.forStor"),
} as const;

export type FaktiskMengdeResultat = { ok: true; verdi: number } | { ok: false; melding: string };

const TALL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * Parses an actual quantity typed by the user: all whitespace (also no-break spaces) is stripped, a comma is
 * a decimal point, and empty input counts as 0. The value may not be negative or larger than `opprinnelig`
 * (the check is skipped when `opprinnelig` is not a finite number).
 */
export function parseFaktiskMengde(
  input: string | null | undefined,
  opprinnelig: number | null | undefined,
): FaktiskMengdeResultat {
  const renset = (input ?? "")
    .replace(/\s+/g, "")
    .replace(/,/g, ".")
    .replace(/\u2212/g, "-");
  if (renset === "") return { ok: true, verdi: 0 };
  if (!TALL.test(renset)) return { ok: false, melding: MENGDE_MELDINGER.ikkeNumerisk };
  const verdi = Number(renset);
  if (!Number.isFinite(verdi)) return { ok: false, melding: MENGDE_MELDINGER.ikkeNumerisk };
  if (verdi < 0) return { ok: false, melding: MENGDE_MELDINGER.negativ };
  if (typeof opprinnelig === "number" && Number.isFinite(opprinnelig) && verdi > opprinnelig) {
    return { ok: false, melding: MENGDE_MELDINGER.forStor };
  }
  return { ok: true, verdi: verdi === 0 ? 0 : verdi };
}

/**
 * SPEC §5: a quantity may be shown (and counted in a total) only when a unit exists and the value is a
 * number that is not negative. No unit is assumed for a quantity that has none.
 */
export function kanViseMengde(
  verdi: number | null | undefined,
  enhet: string | null | undefined,
): verdi is number {
  return rensTekst(enhet) !== undefined && typeof verdi === "number" && Number.isFinite(verdi) && verdi >= 0;
}

/**
 * "1 234,5 kg": shown only when a unit exists and the value is a number that is not negative; otherwise
 * `undefined`. `enhetsnavn` maps a unit code to its display name; unknown codes are shown as they are.
 */
export function visningsMengde(
  verdi: number | null | undefined,
  enhet: string | null | undefined,
  enhetsnavn?: (kode: string) => string | undefined,
  sprak: Sprak = STANDARD_SPRAK,
): string | undefined {
  if (!kanViseMengde(verdi, enhet)) return undefined;
  const kode = rensTekst(enhet) as string;
  const navn = rensTekst(enhetsnavn?.(kode)) ?? kode;
  return `${formaterTall(verdi, sprak)} ${navn}`;
}
