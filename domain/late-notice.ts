// The late-notice dialog shown before the arrival form is submitted (SPEC §1, §5 Arrival form, §9).

import { erIsoDato, erKlokkeslett, osloDato } from "./format";

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

/** The dialog texts; the wording depends on whether the rule date (in Oslo) has come. */
export function senMeldingTekst(now: Date = new Date()): SenMeldingTekst {
  const foerRegeldato = osloDato(now) < REGELDATO_SEN_MELDING;
  const stopp = foerRegeldato
    ? "Fra og med 1. april 2026 kan varer som ikke er forhåndsmeldt i tide, bli stoppet på grensen."
    : "Varer som ikke er forhåndsmeldt i tide, kan bli stoppet på grensen.";
  return {
    tittel: "Forhåndsmeldingen må være mottatt før varene passerer grensen",
    tekst: `Forhåndsmeldingen må være mottatt av Mattilsynet før varene passerer grensen. ${stopp}`,
  };
}
