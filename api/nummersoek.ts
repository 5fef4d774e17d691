// The number filters (SPEC §2): part of a notification or certificate number, anywhere in it and
// case-insensitive, at a cost that follows the hits and not the table (issue 26,
// docs/decisions/039-nummersoek-som-ikke-vokser.md, 072-nummersoek-kandidater-foerst.md).
import { type RawBuilder, sql } from "kysely";
import type { Db } from "../db";
import { likeMoenster } from "./importmelding/tilgang";

/** The length of the pieces `nummer_deler` indexes (migration 017). */
const DEL_LENGDE = 6;

/**
 * Where the pieces start (1-based, as `substr` counts) that together cover a part of `lengde` characters: one
 * every DEL_LENGDE characters and the last one, so that every character of the part is in one of them.
 */
export function dekkendeStarter(lengde: number): number[] {
  const starter: number[] = [];
  for (let i = 1; i + DEL_LENGDE - 1 < lengde; i += DEL_LENGDE) starter.push(i);
  starter.push(lengde - DEL_LENGDE + 1);
  return [...new Set(starter)];
}

/**
 * At most this many candidates are looked up by their ids; a term in more numbers than this is filtered by
 * `ilike` as a short term is (ADR 072: the id list is a bounded set, never a share of the table).
 */
export const MAKS_KANDIDATER = 2_000;

/**
 * Where `<alias>.nummer` contains `tekst`, as `ilike '%tekst%'` finds it. A part of at least DEL_LENGDE
 * characters with a piece that is not among the index's most common pieces (its statistics, from ANALYZE)
 * is looked up first, on its own, in the `nummer_deler` GIN index (migration 017) by every piece of the part:
 * the numbers that have all of them are nearly those that contain it (strpos keeps exactly those), whatever
 * the size of the table (ADR 072; with only the rare pieces, a part read every number sharing its rarest
 * piece, eleven times as many at 100,000 as at 1,000; by the rare pieces alone, outside the list query, still
 * 137 → 337 rows for `SKALA.000055`, ADR 078). The candidates the importer cannot see (`egne`) are dropped
 * (ADR 078). The filter is then equality on those ids, so each way
 * of seeing a row probes the primary key for the few candidates, the same plan at every size (ADR 072: the
 * planner otherwise chose between the GIN index and the owner's whole index from statistics, differently at
 * 1,000 and 100,000). Otherwise (a short part, a part whose every piece is common, more than MAKS_KANDIDATER
 * candidates, or no statistics yet) the filter is `ilike` as before: its trigram index, or a walk in list
 * order that stops at the page and the count bound, whichever the planner finds cheaper from the column's
 * statistics.
 */
export async function nummerInneholder(
  db: Db,
  tabell: "importmelding" | "sertifikat",
  alias: string,
  tekst: string,
  /** The rows (table alias given) the importer may see at all: a superset of what the list keeps. */
  egne?: (alias: string) => RawBuilder<boolean>,
): Promise<RawBuilder<boolean>> {
  return filterForNummer(alias, tekst, await nummerKandidater(db, tabell, tekst, egne));
}

/** nummerInneholder's filter from nummerKandidater's answer: the ids, or `ilike` without them. */
export function filterForNummer(alias: string, tekst: string, ider: readonly number[] | undefined) {
  if (ider === undefined) return sql<boolean>`${sql.ref(`${alias}.nummer`)} ilike ${likeMoenster(tekst)}`;
  if (ider.length === 0) return sql<boolean>`false`;
  return sql<boolean>`${sql.ref(`${alias}.id`)} in (${sql.join(ider)})`;
}

/**
 * The ids of the rows whose number contains `tekst` that `egne` keeps, looked up as nummerInneholder says;
 * undefined when the filter is `ilike` instead (a short part, only common pieces, too many candidates).
 */
export async function nummerKandidater(
  db: Db,
  tabell: "importmelding" | "sertifikat",
  tekst: string,
  egne?: (alias: string) => RawBuilder<boolean>,
): Promise<number[] | undefined> {
  if ([...tekst].length < DEL_LENGDE) return undefined;
  // No row without statistics for the index, and none when every piece is common. The list of common pieces
  // is read and parsed once (offset 0 keeps the subquery apart), not once per piece.
  // Each rare piece is told whether it is one of the covering pieces (dekkendeStarter, below).
  const starter = sql.val(dekkendeStarter([...tekst].length));
  const dekkende = sql`array(select substr(lower(${tekst}), i, ${DEL_LENGDE}) from unnest(${starter}::int[]) i)`;
  const { rows } = await sql<{ del: string; dekker: boolean }>`select d as del, d = any(${dekkende}) as dekker
    from (select coalesce(most_common_elems::text::text[], '{}') as vanlige from pg_stats
      where schemaname = current_schema() and tablename = ${`${tabell}_nummer_deler_idx`} offset 0) s,
      unnest(nummer_deler(${tekst})) d
    where d <> all(s.vanlige)`.execute(db);
  if (rows.length === 0) return undefined;
  // The lookup must have a rare piece to be driven by: when every covering piece is common (the rare one lies
  // inside the part, between common ends), one rare piece is asked for beside them, or the index would
  // intersect the common pieces' long lists, which grow with the table.
  const drivende = rows.some((r) => r.dekker) ? [] : [rows[0]!.del];
  // strpos rather than ilike for the check, so the planner does not add the trigram index's scan to this
  // one: the same test (ilike compares the lower-cased texts), with % and _ as text.
  // Which of them the importer may see (`egne`) is told beside each, outside the lookup (which stays as it
  // was, and decides on the fallback by every importer's candidates as before): the list then probes only the
  // importer's own, not every importer's number that contains the term (10 at 100,000 for `0000555`, 2 at
  // 1,000; ADR 078). `egne` may only narrow to rows the list's own filter would keep anyway.
  // The index is asked for the pieces that cover the part (dekkendeStarter), not all of them: every piece is a
  // walk down the index's key tree and the rows' list, deeper as the table grows (12 pieces for a whole
  // certificate number: 18 → 42 buffers from 1,000 to 100,000; its 3 covering pieces 8 → 15), plus one rare
  // piece when none of them is rare (above). A row that has them all nearly always contains the part; strpos
  // keeps exactly those.
  const kandidater = await sql<{ id: number | string; egen: boolean }>`select k.id,
      ${egne ? egne("k") : sql`true`} as egen
    from (select * from ${sql.table(tabell)} k
      where nummer_deler(k.nummer) @> (${dekkende} || ${sql.val(drivende)}::text[])
        and strpos(lower(k.nummer), lower(${tekst})) > 0
      limit ${MAKS_KANDIDATER + 1}) k`.execute(db);
  if (kandidater.rows.length > MAKS_KANDIDATER) return undefined;
  return kandidater.rows.filter((r) => r.egen).map((r) => Number(r.id));
}
