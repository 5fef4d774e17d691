// Bounded counts over a union of branches (ADR 021): the lists count their hits up to MAKS_TREFF + 1 and say
// "over 1 000" past that. A row can be reached through more than one branch (a notification through two owner
// columns, a certificate by organisation number and by name), so an exact count needs the branches' UNION,
// and deduplicating it costs more than reading the rows. A branch that alone has `maks` rows already answers
// "at least maks", so each branch is first counted on its own up to `maks`, and the UNION is only made
// when every branch has fewer: the cost at any size is at most one walk of `maks` entries per branch, and no
// branch is run twice.
import { type RawBuilder, sql } from "kysely";
import type { Db } from "../db";

/**
 * How many distinct rows `grener` (each a subquery selecting one id column, in any order) give together,
 * as an SQL expression; at most `maks` (more is told as `maks`). Exact below `maks`: when every branch has
 * fewer rows, the union of all of them is counted (and told as `maks` when it has that many or more).
 */
export function begrensetAntall(grener: readonly RawBuilder<unknown>[], maks: number): RawBuilder<number> {
  if (grener.length === 0) return sql<number>`0`;
  const n = sql.lit(maks);
  // Each branch at most once (a trigram filter's bitmap is dear): materialised, read by its own count and,
  // when that does not reach the bound, again by the union.
  const navn = grener.map((_, i) => sql.raw(`g${i}`));
  const med = grener.map((g, i) => sql`${navn[i]} as materialized (select * from (${g}) b limit ${n})`);
  const alene = navn.map((g) => sql`when (select count(*) from ${g}) >= ${n} then ${n}`);
  const sammen = sql.join(
    navn.map((g) => sql`select * from ${g}`),
    sql` union `,
  );
  return sql<number>`(with ${sql.join(med, sql`, `)}
    select case ${sql.join(alene, sql` `)} else least((select count(*) from (${sammen}) x), ${n}) end)`;
}

/** begrensetAntall run on its own. */
export async function tellBegrenset(
  db: Db,
  grener: readonly RawBuilder<unknown>[],
  maks: number,
): Promise<number> {
  const { rows } = await sql<{ antall: number }>`select ${begrensetAntall(grener, maks)} as antall`.execute(
    db,
  );
  return Number(rows[0]?.antall ?? 0);
}
