// "The same treatments" on all goods lines (SPEC §5 display rules, last bullet).

import { rensTekst } from "./text";

export interface MedBehandlinger {
  behandlinger: ReadonlyArray<{ beskrivelse?: string | null }>;
}

/**
 * True only if every goods line has at least one treatment and every line's treatment descriptions match,
 * position by position (and in number), those of the first line that has treatments. Descriptions are
 * compared after {@link rensTekst}, so surrounding spaces and empty-versus-missing do not matter.
 * An empty list gives false.
 */
export function harSammeBehandlinger(varelinjer: readonly MedBehandlinger[]): boolean {
  const foerste = varelinjer.find((v) => v.behandlinger.length > 0);
  if (!foerste) return false;
  const forventet = foerste.behandlinger.map((b) => rensTekst(b.beskrivelse));
  return varelinjer.every(
    (v) =>
      v.behandlinger.length === forventet.length &&
      v.behandlinger.every((b, i) => rensTekst(b.beskrivelse) === forventet[i]),
  );
}
