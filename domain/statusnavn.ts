import type { Noekkel } from "../sprak/navnerom";
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

/**
 * A certificate's status code in words in the reader's language («70»: Utstedt, Utferda, Issued), for a
 * translator that has `kodeverk` (the server's, or a page that loads it); an unknown code as it is, none:
 * undefined. The API's `statusTekst` is its bokmål form, for the API's readers.
 */
export function sertifikatstatusNavn(t: T, kode: string | number | null | undefined): string | undefined {
  const k =
    kode === null || kode === undefined
      ? ""
      : String(kode)
          .trim()
          .replace(/^0+(?=\d)/, "");
  if (!k) return undefined;
  const id = `kodeverk.sertifikatstatus.${k}`;
  return t.har(id) ? t(id as Noekkel) : k;
}
