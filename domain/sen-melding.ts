// The late-notice dialog shown before the arrival form is submitted (SPEC §1, §5 Arrival form, §9).

import { erIsoDato, erKlokkeslett } from "./format";

/** From this date goods that were not notified in time may be stopped at the border. */
export const REGELDATO_SEN_MELDING = "2026-04-01";

/** The dialog is shown when both date and time are present and valid. */
export function skalViseSenMeldingDialog(dato?: string | null, klokkeslett?: string | null): boolean {
  return erIsoDato(dato?.trim()) && erKlokkeslett(klokkeslett?.trim());
}

/**
 * The authority's public telephone number, for reporting plant pests (SPEC §9: the advice text gives one;
 * the spec does not reproduce it, so the authority's switchboard, which takes such reports, issue 23 item 9).
 */
export const SKADEGJOERER_TELEFON = "22 40 00 00";

export interface SenMeldingTekst {
  tittel: string;
  tekst: string;
  /** The advice on plant pests, ending with the phone number (SKADEGJOERER_TELEFON). */
  skadegjoerere: string;
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
    skadegjoerere: `Mistenker du planteskadegjørere i sendingen, meld fra til Mattilsynet på telefon ${SKADEGJOERER_TELEFON}.`,
  };
}
