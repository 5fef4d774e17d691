// The certificate page's goods lines, one page at a time (issue 22 item 4, ADR 018 "Grenser"): a certificate
// may carry 12,000 lines, and the page with all of them was 18.7 MB. The page shows at most
// VARELINJER_PER_SIDE lines, sorted over all of them, and what it says about all lines (count, totals,
// origins, treatments, re-export) is computed here over all of them. The Excel download has every line.
import type { T } from "../sprak/oversetter";
import { harSammeBehandlinger } from "./behandlinger";
import type { SertifikatVurdering } from "./risiko/vurder";
import {
  type Behandling,
  type LagretSertifikat,
  type MengdeOppsummering,
  mengdeDekning,
  type Varelinje,
} from "./sertifikat";
import { reeksportErklaering } from "./sertifikat-tekst";
import { type Sorteringsretning, sorterNorsk } from "./text";

export const VARELINJER_PER_SIDE = 50;

/** What the page says about all goods lines, and which page of them it shows. */
export interface VarelinjeOppsummering {
  /** All goods lines of the certificate. */
  antall: number;
  /** Zero-based, as the lists' `sidenummer`. */
  sidenummer: number;
  antallSider: number;
  antallElementerPerSide: number;
  sortering: Sorteringsretning | null;
  /** The origin countries of all lines (code, or name without one), each once, in order of appearance. */
  opprinnelsesland: string[];
  /** INGEN: no line has treatments; LIKE: every line has the same (`fellesBehandlinger`); ULIKE otherwise. */
  behandlinger: "INGEN" | "LIKE" | "ULIKE";
  fellesBehandlinger: Behandling[];
  /** How many of all goods lines each total of mengdeOppsummering counts (domain/sertifikat.ts). */
  mengdeDekning: Record<keyof MengdeOppsummering, number>;
  /** The re-export declaration: one for all lines, or per line for the lines on this page. */
  reeksport: ReturnType<typeof reeksportErklaering>;
}

/**
 * The page `side` (zero-based, clamped to the last page) of the certificate's goods lines, sorted by
 * botanical name when `sortering` is given, with the assessments of those lines only, and the summary of all
 * (its re-export declaration in the language of `t`).
 */
export function varelinjeside(
  t: T,
  data: Pick<LagretSertifikat, "eksportLand" | "varelinjer">,
  vurdering: SertifikatVurdering,
  valg: { side: number; sortering: Sorteringsretning | null },
): {
  varelinjer: Varelinje[];
  vurdering: SertifikatVurdering;
  oppsummering: VarelinjeOppsummering;
} {
  const alle = data.varelinjer;
  const antallSider = Math.max(1, Math.ceil(alle.length / VARELINJER_PER_SIDE));
  const sidenummer = Math.min(Math.max(0, Math.trunc(valg.side) || 0), antallSider - 1);
  const ordnet = valg.sortering ? sorterNorsk(alle, (l) => l.botaniskNavn, valg.sortering) : alle;
  const varelinjer = ordnet.slice(sidenummer * VARELINJER_PER_SIDE, (sidenummer + 1) * VARELINJER_PER_SIDE);
  const paaSiden = new Set(varelinjer.map((l) => String(l.sorteringsnummer)));
  const reeksport = reeksportErklaering(t, data);
  const like = harSammeBehandlinger(alle);
  return {
    varelinjer,
    vurdering: { ...vurdering, varelinjer: vurdering.varelinjer.filter((v) => paaSiden.has(String(v.id))) },
    oppsummering: {
      antall: alle.length,
      sidenummer,
      antallSider,
      antallElementerPerSide: VARELINJER_PER_SIDE,
      sortering: valg.sortering,
      opprinnelsesland: [
        ...new Set(alle.flatMap((l) => l.opprinnelsesland.map((o) => o.kode ?? o.navn ?? ""))),
      ].filter(Boolean),
      behandlinger: like ? "LIKE" : alle.some((l) => l.behandlinger.length) ? "ULIKE" : "INGEN",
      mengdeDekning: mengdeDekning(alle),
      fellesBehandlinger: like ? (alle.find((l) => l.behandlinger.length)?.behandlinger ?? []) : [],
      reeksport:
        "felles" in reeksport
          ? reeksport
          : { perLinje: reeksport.perLinje.filter((l) => paaSiden.has(String(l.sorteringsnummer))) },
    },
  };
}

/**
 * The certificate API's answer with one page of goods lines. Our API pages them itself; an API that
 * answers every line (SPEC §7 does not page them) is paged here, so the page stays small either way.
 */
export function medVarelinjeside<
  S extends Pick<LagretSertifikat, "eksportLand" | "varelinjer"> & {
    vurdering: SertifikatVurdering;
    varelinjeOppsummering?: VarelinjeOppsummering;
  },
>(
  t: T,
  s: S,
  side: number,
  sortering: Sorteringsretning | null,
): S & { varelinjeOppsummering: VarelinjeOppsummering } {
  if (s.varelinjeOppsummering) return { ...s, varelinjeOppsummering: s.varelinjeOppsummering };
  const utdrag = varelinjeside(t, s, s.vurdering, { side, sortering });
  return {
    ...s,
    varelinjer: utdrag.varelinjer,
    vurdering: utdrag.vurdering,
    varelinjeOppsummering: utdrag.oppsummering,
  };
}
