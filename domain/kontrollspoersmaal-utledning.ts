// Which questions a notification of a certificate gets (docs/decisions/007-importmelding-rules.md). Kept
// apart from kontrollspoersmaal.ts because it needs the risk tables, which pages should not ship.
import {
  type DokumentSpoersmaalKode,
  MOTTAK_SPOERSMAAL_KODER,
  type MottakSpoersmaalKode,
  type SpoersmaalKode,
} from "./kontrollspoersmaal";
import { normaliserPlantedel, normaliserTilsiktetBruk, type SertifikatVurdering } from "./risiko/vurder";
import type { LagretSertifikat } from "./sertifikat";

// ---------------------------------------------------------------------------------------------------------

export interface UtledetSpoersmaal<K extends SpoersmaalKode = SpoersmaalKode> {
  kode: K;
  /** 1-based position among the questions of its category. */
  rekkefoelge: number;
}

export interface UtledeteKontrollspoersmaal {
  dokument: UtledetSpoersmaal<DokumentSpoersmaalKode>[];
  /** Reception questions; empty when `kunDokumentkontroll`. */
  mottak: UtledetSpoersmaal<MottakSpoersmaalKode>[];
  /** Only document control: no physical reception control is needed. */
  kunDokumentkontroll: boolean;
}

const REGELFUNN = ["VEDLEGG_3_FORBUD", "VEDLEGG_4A_VARSEL", "RAMORUM_FORBUD", "RAMORUM_VARSEL"] as const;
const OPPRINNELSESSTED_FUNN = ["VEDLEGG_4A_VARSEL", "RAMORUM_FORBUD", "RAMORUM_VARSEL"] as const;

const harTekst = (liste: readonly string[] | undefined) => (liste ?? []).some((s) => s.trim() !== "");

/** A goods line of plants for planting: plant part "Plants" (for planting) or intended use planting. */
export function erPlanterForPlanting(linje: LagretSertifikat["varelinjer"][number]): boolean {
  const k = linje.klassifisering;
  if (normaliserPlantedel(k.plantedel) === "Plants for planting") return true;
  if (k.tilsiktetBrukKode === "PLANTING") return true;
  return normaliserTilsiktetBruk(k.tilsiktetBruk) === "Planting";
}

/**
 * The questions a notification of this certificate gets:
 * - DOKUMENT_REEKSPORT only for a re-export certificate;
 * - DOKUMENT_TILLEGGSERKLAERING when the certificate or any line has additional declarations, or any line
 *   has an annex 4A finding;
 * - DOKUMENT_TILSIKTET_BRUK when there is at least one goods line;
 * - DOKUMENT_OPPRINNELSESSTED when any line has an annex 4A or Ramorum finding;
 * in that order. `kunDokumentkontroll` when no line has a FORBUD/VARSEL finding and no line is plants for
 * planting; otherwise the reception questions MOTTAK_INNHOLD_SAMSVARER and MOTTAK_FRI_FOR_PLANTESKADEGJOERERE.
 */
export function utledKontrollspoersmaal(
  sertifikat: LagretSertifikat,
  vurdering: SertifikatVurdering,
): UtledeteKontrollspoersmaal {
  const funn = vurdering.varelinjer.flatMap((l) => l.funn.map((f) => f.kode));
  const harFunn = (koder: readonly string[]) => funn.some((k) => koder.includes(k));
  const linjer = sertifikat.varelinjer;

  const koder: DokumentSpoersmaalKode[] = [];
  if (sertifikat.type === "Reeksport") koder.push("DOKUMENT_REEKSPORT");
  const harTilleggserklaering =
    harTekst(sertifikat.tilleggserklaering?.tilleggserklaeringer) ||
    linjer.some(
      (l) => l.harTilleggserklaeringer || harTekst(l.varelinjeTilleggserklaering?.tilleggserklaeringer),
    );
  if (harTilleggserklaering || harFunn(["VEDLEGG_4A_VARSEL"])) koder.push("DOKUMENT_TILLEGGSERKLAERING");
  if (linjer.length > 0) koder.push("DOKUMENT_TILSIKTET_BRUK");
  if (harFunn(OPPRINNELSESSTED_FUNN)) koder.push("DOKUMENT_OPPRINNELSESSTED");

  const kunDokumentkontroll = !harFunn(REGELFUNN) && !linjer.some(erPlanterForPlanting);
  const mottak: UtledetSpoersmaal<MottakSpoersmaalKode>[] = kunDokumentkontroll
    ? []
    : MOTTAK_SPOERSMAAL_KODER.map((kode, i) => ({ kode, rekkefoelge: i + 1 }));

  return {
    dokument: koder.map((kode, i) => ({ kode, rekkefoelge: i + 1 })),
    mottak,
    kunDokumentkontroll,
  };
}
