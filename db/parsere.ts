// Type parsers for PGlite, aligned with node-postgres's so int8, numeric and date come back identically on
// both databases (STACK.md gotcha 12). Its own module: the PGlite worker thread (pglite-traad.ts) needs them
// without the rest of db/.
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;

/** int8 as number (ids and counts stay far below 2^53), numeric as number, date as 'YYYY-MM-DD'. */
export const parsers: Record<number, (value: string) => unknown> = {
  [INT8]: (v) => Number(v),
  [NUMERIC]: (v) => Number.parseFloat(v),
  [DATE]: (v) => v,
};
