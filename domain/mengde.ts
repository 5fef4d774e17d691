// Quantities: actual-quantity input (SPEC §5 reception control) and display (SPEC §5 display rules).

import { rensTekst } from "./text";

export const MENGDE_MELDINGER = {
  ikkeNumerisk: "Innholdet må være et numerisk tall",
  negativ: "Verdien kan ikke være negativ",
  forStor: "Mengden kan ikke være større enn opprinnelig mengde",
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

const tallFormat = new Intl.NumberFormat("nb-NO", { maximumFractionDigits: 6 });

/** nb-NO number, e.g. 1234.5 → "1 234,5" (the group separator is a no-break space, U+00A0). */
export function formaterTall(n: number): string {
  return tallFormat.format(n);
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
): string | undefined {
  if (!kanViseMengde(verdi, enhet)) return undefined;
  const kode = rensTekst(enhet) as string;
  const navn = rensTekst(enhetsnavn?.(kode)) ?? kode;
  return `${formaterTall(verdi)} ${navn}`;
}
