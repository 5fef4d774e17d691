// The home dashboard (SPEC §2 "Home", §3 "Dashboard (oversikt)"): the five lists of GET .../oversikt, with
// the server names of SPEC §3, shared by the API and the home page. Every list is bounded (ADR 013).
import type { LandKodeNavn } from "./importmelding";
import type { ImportmeldingListeElement } from "./importmelding-liste";
import type { Eksportland } from "./sertifikat-visning";
import type { Alvorlighetsgrad, MeldepliktigVurdering } from "./status";

/** At most this many in each list; 'flere' says there are more (the links to all lead on). */
export const OVERSIKT_MAKS = 10;
/** Assessed notifications are shown on home for the last 2 weeks (SPEC §9). */
export const VURDERT_DAGER = 14;
/** A certificate older than 14 days cannot be notified (SPEC §9), so it is no longer "new". */
export const NYTT_SERTIFIKAT_DAGER = 14;

export interface ForventetAnkomst {
  /** Oslo date YYYY-MM-DD. */
  dato: string;
  /** Oslo wall-clock time HH:MM. */
  klokkeslett: string;
  forventetAnkomstHarPassert: boolean;
}

export interface OversiktImportmelding extends ImportmeldingListeElement {
  /** Only for REGISTRERT (forventetAnkomstImportMeldinger); null when no arrival time is given. */
  forventetAnkomst: ForventetAnkomst | null;
}

export interface OversiktSertifikat {
  id: number;
  nummer: string;
  utstedtDato: string;
  eksportLand: LandKodeNavn;
  avsender: string | null;
  meldepliktigVurdering: { kode: MeldepliktigVurdering; visningstekst: string };
  alvorlighetsgrad: Alvorlighetsgrad;
}

export interface Oversikt {
  paabegynteImportMeldinger: OversiktImportmelding[];
  nyeSertifikater: OversiktSertifikat[];
  forventetAnkomstImportMeldinger: OversiktImportmelding[];
  tilVurderingImportMeldinger: OversiktImportmelding[];
  vurderteImportMeldinger: OversiktImportmelding[];
  /** Whether each list was cut at OVERSIKT_MAKS. */
  flere: Record<Exclude<keyof Oversikt, "flere">, boolean>;
}

/**
 * GET /import/importmelding/v2/{orgnr}/{importoerId}/forside: everything home shows, in one call (issue 26,
 * beyond SPEC §7; docs/architecture.md). Four calls cost the app more CPU than half the trivial route.
 */
export interface Forside {
  oversikt: Oversikt;
  /** As GET /import/v2/eksportland without parameters: every importer the person may act for. */
  eksportland: Eksportland[];
  /** The forced onboarding (SPEC §2 "Home"): regulations confirmed, and at least one e-mail address. */
  oppstart: { harLestRegelverk: boolean; harEpostadresse: boolean };
  /** As GET .../epoststatus's sendingFeiler: the banner that e-mail sending has problems. */
  epostSendingFeiler: boolean;
}

/** The home filter panel (ADR 013): sender name (contains) and sender countries, for all five lists. */
export interface OversiktFilter {
  avsender?: string;
  avsenderland: string[];
}

/** Registered notifications grouped by their expected arrival date, earliest first; no date last. */
export function grupperEtterAnkomst<M extends Pick<OversiktImportmelding, "forventetAnkomst">>(
  meldinger: readonly M[],
): { dato: string | null; importmeldinger: M[] }[] {
  const grupper = new Map<string | null, M[]>();
  for (const m of meldinger) {
    const dato = m.forventetAnkomst?.dato ?? null;
    grupper.set(dato, [...(grupper.get(dato) ?? []), m]);
  }
  return [...grupper.entries()]
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b)))
    .map(([dato, importmeldinger]) => ({ dato, importmeldinger }));
}
