import type { T } from "../sprak/oversetter";
import type { ImportmeldingStatus } from "./status";

/**
 * A notification's status as badges and lists name it, in the reader's language: one the authority assessed
 * before the shipment arrived says so (ADR 041), «Frigitt før ankomst».
 */
export function statusNavn(t: T, m: { status: ImportmeldingStatus; vurdertFoerAnkomst?: boolean }): string {
  if (
    m.vurdertFoerAnkomst &&
    (m.status === "FRIGITT" || m.status === "AVVIST" || m.status === "DELVIS_AVVIST")
  )
    return t(`kodeverk.foerAnkomst.${m.status}`);
  return t(`kodeverk.status.${m.status}`);
}
