// Reads a page of one event stream (an importer's feed, or the authority's case system's, ADR 045), which
// skriv.ts numbers without gaps. Both routers read through here; neither imports the other.
import type { Db } from "../../db";

/**
 * One page of a stream: the events after `etter` in number order, the cursor for the next call (the last
 * number read, or `etter` when nothing was new) and whether more wait. An index range of (stroem, nummer).
 */
export async function lesStroem(
  db: Db,
  stroem: string,
  { etter = 0, antall = 100 }: { etter?: number; antall?: number },
) {
  const rader = await db
    .selectFrom("hendelse")
    .select(["uuid", "nummer", "type", "tidspunkt", "data"])
    .where("stroem", "=", stroem)
    .where("nummer", ">", etter)
    .orderBy("nummer")
    .limit(antall + 1)
    .execute();
  const side = rader.slice(0, antall);
  return {
    rader: side,
    neste: String(side.length > 0 ? Number(side[side.length - 1]!.nummer) : etter),
    flere: rader.length > antall,
  };
}
