// Page numbers (SPEC §5 display rules, §9): shown one-based, sent zero-based, at most 9 numbers shown.

export const MAKS_SIDETALL = 9;

/**
 * The most hits a list counts and pages through (ADR 021). A list with more says "Over 1 000 …" and asks for
 * a filter; counting or skipping past more rows would make every page cost what the whole list costs.
 */
export const MAKS_TREFF = 1000;

/** The number of pages for `antallElementer` hits (already bounded by MAKS_TREFF) at `perSide` a page. */
export function antallSider(antallElementer: number, perSide: number): number {
  return Math.ceil(Math.min(antallElementer, MAKS_TREFF) / perSide);
}

/** The zero-based page number the server expects. */
export function tilServerSide(side: number): number {
  return Number.isFinite(side) ? Math.max(0, Math.trunc(side) - 1) : 0;
}

/** The page clamped to [1, antallSider] (1 when there are no pages). */
export function klemSide(side: number, antallSider: number): number {
  const sider = Number.isFinite(antallSider) ? Math.max(0, Math.trunc(antallSider)) : 0;
  const s = Number.isFinite(side) ? Math.trunc(side) : 1;
  return Math.max(1, Math.min(s, sider));
}

/**
 * The page numbers to show: at most `maks`, centred on the (clamped) active page and moved to stay inside
 * [1, antallSider]. With an even count the extra number goes after the active page. Empty when there are no
 * pages.
 */
export function sidetall(aktiv: number, antallSider: number, maks: number = MAKS_SIDETALL): number[] {
  const sider = Number.isFinite(antallSider) ? Math.max(0, Math.trunc(antallSider)) : 0;
  if (sider === 0) return [];
  const antall = Math.min(Math.max(1, Math.trunc(maks) || 1), sider);
  const side = klemSide(aktiv, sider);
  const start = Math.min(Math.max(1, side - Math.floor((antall - 1) / 2)), sider - antall + 1);
  return Array.from({ length: antall }, (_, i) => start + i);
}
