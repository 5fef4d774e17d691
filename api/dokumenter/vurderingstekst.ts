// The risk assessment in words for the certificate documents (PDF and Excel): severities, the notification
// requirement, each goods line's findings, and which lines a banner is about. In the reader's language (`t`).
import type { SertifikatVurdering, VarelinjeVurdering } from "../../domain/risiko/vurder";
import { tekst, tekster } from "../../domain/sertifikat-tekst";
import { type Alvorlighetsgrad, MELDEPLIKTIG_VURDERINGER } from "../../domain/status";
import type { T } from "../../sprak/oversetter";
import type { LagretSertifikat } from "../ephyto/parse";

// ---------------------------------------------------------------------------------------------------------
// Risk assessment
// ---------------------------------------------------------------------------------------------------------

/** A severity in words («Forbud»; ALT_OK «Ingen funn»). */
export function alvorlighetsgradTekst(t: T, grad: Alvorlighetsgrad): string {
  return t(`dokumenter.sertifikat.verdi.alvorlighet.${grad}`);
}

/** The notification-requirement text: a known code is translated, any other text is shown as it is. */
export function meldepliktTekst(
  t: T,
  meldepliktigVurdering: string | null | undefined,
  vurdering: SertifikatVurdering | undefined,
): string | undefined {
  const gitt = tekst(meldepliktigVurdering);
  const kode = gitt ?? vurdering?.meldepliktigVurdering;
  if (kode === undefined) return undefined;
  const kjent = MELDEPLIKTIG_VURDERINGER.find((k) => k === kode);
  return kjent ? t(`kodeverk.meldeplikt.${kjent}`) : kode;
}

/** The assessment of each line by position (the assessment keeps the input order). */
export function linjevurderinger(
  s: Pick<LagretSertifikat, "varelinjer">,
  vurdering: SertifikatVurdering | undefined,
): (VarelinjeVurdering | undefined)[] {
  return s.varelinjer.map((_, i) => vurdering?.varelinjer[i]);
}

/** "Varsel: <finding>; <finding>", or undefined without an assessment. */
export function linjevurderingTekst(t: T, v: VarelinjeVurdering | undefined): string | undefined {
  if (!v) return undefined;
  const funn = tekster(v.funn.map((f) => f.tekst));
  const grad = alvorlighetsgradTekst(t, v.alvorlighetsgrad);
  return funn.length > 0 ? `${grad}: ${funn.join("\n")}` : grad;
}

/** The goods-line numbers shown for the ids of a risk banner (ids map to lines by the assessment order). */
export function beroerteLinjer(
  s: Pick<LagretSertifikat, "varelinjer">,
  vurdering: SertifikatVurdering,
  ider: readonly (string | number)[],
): string {
  const nummerFor = new Map<string, number>();
  vurdering.varelinjer.forEach((v, i) => {
    const linje = s.varelinjer[i];
    if (linje) nummerFor.set(String(v.id), linje.sorteringsnummer);
  });
  return ider.map((id) => String(nummerFor.get(String(id)) ?? id)).join(", ");
}
