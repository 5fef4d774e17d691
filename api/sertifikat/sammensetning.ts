// The certificate page's answer put together from what visning.ts read (the frame, and the data and the
// assessment as JSON text). Pure: runs in the request thread for the page, and in a worker thread for the
// documents (api/arbeid, ADR 018), where a certificate of 12,000 goods lines is parsed in full.
import { kortFritekst } from "../../domain/fritekst";
import type { SertifikatVurdering } from "../../domain/risiko/vurder";
import { type LagretSertifikat, mengdeOppsummering } from "../../domain/sertifikat";
import type { SertifikatVisning } from "../../domain/sertifikat-visning";
import type { Sorteringsretning } from "../../domain/text";
import { varelinjeside } from "../../domain/varelinjeside";
import { oversetter } from "../../sprak/katalog.server";
import { STANDARD_SPRAK } from "../../sprak/sprak";
import type { SertifikatTekst } from "./tekst";

/** The mark when the reader's language is not given: the documents (api/dokumenter) until they have one. */
const FORKORTET_MERKE = oversetter(STANDARD_SPRAK)("sertifikat.forkortet.merke");

/**
 * The certificate with every goods line (`side` undefined: the documents), or with one page of them and
 * the summary of all (the certificate page).
 */
export function settSammen(
  t: SertifikatTekst,
  side?: { side: number; sortering: Sorteringsretning | null },
): SertifikatVisning {
  // Free text past its display length is cut here, once, for the page and the documents alike (issue 34 item 5).
  const { verdi: data, forkortet } = kortFritekst(
    JSON.parse(t.data) as LagretSertifikat,
    t.forkortMerke ?? FORKORTET_MERKE,
  );
  const vurdering = JSON.parse(t.vurdering) as SertifikatVurdering;
  const hele = {
    ...data,
    forkortedeFelt: forkortet,
    ...t.ramme,
    vurdering,
    mengdeOppsummering: mengdeOppsummering(data.varelinjer),
    kanOppretteImportmelding: t.ramme.kanOppretteImportmelding && data.varelinjer.length > 0,
  };
  if (!side) return hele;
  const utdrag = varelinjeside(oversetter(t.sprak ?? STANDARD_SPRAK), data, vurdering, side);
  return {
    ...hele,
    varelinjer: utdrag.varelinjer,
    vurdering: utdrag.vurdering,
    varelinjeOppsummering: utdrag.oppsummering,
  };
}
