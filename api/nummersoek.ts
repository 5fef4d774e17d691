// The number filters (SPEC §2): part of a notification or certificate number, anywhere in it and
// case-insensitive, at a cost that follows the hits and not the table (issue 26,
// docs/decisions/039-nummersoek-som-ikke-vokser.md).
import { type RawBuilder, sql } from "kysely";
import type { Db } from "../db";
import { likeMoenster } from "./importmelding/tilgang";

/** The length of the pieces `nummer_deler` indexes (migration 017). */
const DEL_LENGDE = 6;

/**
 * Where `<alias>.nummer` contains `tekst`, as `ilike '%tekst%'` finds it. A part of at least DEL_LENGDE
 * characters with a piece that is not among the index's most common pieces (its statistics, from ANALYZE)
 * is found through those rare pieces in the `nummer_deler` GIN index (migration 017): the lookup reads the
 * rows that have them, however many other numbers share the rest of the part. Otherwise (a short part, a part
 * whose every piece is common, or no statistics yet) the filter is `ilike` as before: its trigram index, or
 * a walk in list order that stops at the page and the count bound, whichever the planner finds cheaper
 * from the column's statistics.
 */
export async function nummerInneholder(
  db: Db,
  tabell: "importmelding" | "sertifikat",
  alias: string,
  tekst: string,
): Promise<RawBuilder<boolean>> {
  const kolonne = sql.ref(`${alias}.nummer`);
  const somIlike = sql<boolean>`${kolonne} ilike ${likeMoenster(tekst)}`;
  if ([...tekst].length < DEL_LENGDE) return somIlike;
  // No row without statistics for the index, and none when every piece is common. The list of common pieces
  // is read and parsed once (offset 0 keeps the subquery apart), not once per piece.
  const { rows } = await sql<{ del: string }>`select d as del
    from (select coalesce(most_common_elems::text::text[], '{}') as vanlige from pg_stats
      where schemaname = current_schema() and tablename = ${`${tabell}_nummer_deler_idx`} offset 0) s,
      unnest(nummer_deler(${tekst})) d
    where d <> all(s.vanlige)`.execute(db);
  if (rows.length === 0) return somIlike;
  // strpos rather than ilike for the check, so the planner does not add the trigram index's scan to this
  // one: the same test (ilike compares the lower-cased texts), with % and _ as text.
  return sql<boolean>`nummer_deler(${kolonne}) @> array[${sql.join(rows.map((r) => r.del))}]::text[]
    and strpos(lower(${kolonne}), lower(${tekst})) > 0`;
}
