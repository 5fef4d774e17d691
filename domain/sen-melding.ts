// The late-notice dialog shown before the arrival form is submitted (SPEC §1, §5 Arrival form, §9).

import { erIsoDato, erKlokkeslett } from "./format";

/** From this date goods that were not notified in time may be stopped at the border. */
export const REGELDATO_SEN_MELDING = "2026-04-01";

/** The dialog is shown when both date and time are present and valid. */
export function skalViseSenMeldingDialog(dato?: string | null, klokkeslett?: string | null): boolean {
  return erIsoDato(dato?.trim()) && erKlokkeslett(klokkeslett?.trim());
}

export interface SenMeldingTekst {
  tittel: string;
  tekst: string;
}

/**
 * The dialog texts. They always name the rule date (SPEC §1, §9): "Fra og med 1. april 2026 kan …" reads
 * right both before the date (announcing the rule) and after it (stating it), so the text does not change
 * with the date. `now` is kept for callers and tests.
 */
export function senMeldingTekst(_now: Date = new Date()): SenMeldingTekst {
  return {
    tittel: "Forhåndsmeldingen må være mottatt før varene passerer grensen",
    tekst:
      "Forhåndsmeldingen må være mottatt av Mattilsynet før varene passerer grensen. Fra og med 1. april 2026 kan varer som ikke er forhåndsmeldt i tide, bli stoppet på grensen.",
  };
}
