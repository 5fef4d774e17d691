// Reads a page of one event stream (an importer's feed, or the authority's case system's, ADR 045), which
// skriv.ts numbers without gaps. Both routers read through here; neither imports the other.
import type { Db } from "../../db";
import { melding } from "../../sprak/melding";
import { ApiError } from "../http/feil";

/**
 * One page of a stream: the events after `etter` in number order, the cursor for the next call (the last
 * number read, or `etter` when nothing was new) and whether more wait. An index range of (stroem, nummer).
 */
export async function lesStroem(
  db: Db,
  stroem: string,
  { etter: markoer, antall = 100 }: { etter?: number; antall?: number },
) {
  // Events past the retention are deleted (ADR 053): a cursor behind what was deleted is told so (410, and
  // where to go on from), never handed a page that silently skips them. Without a cursor: what is kept.
  const teller = await db
    .selectFrom("hendelse_teller")
    .select("slettet_til")
    .where("stroem", "=", stroem)
    .executeTakeFirst();
  const slettetTil = Number(teller?.slettet_til ?? 0);
  if (markoer !== undefined && markoer < slettetTil) {
    throw new ApiError(
      410,
      melding("api.hendelserSlettet", { etter: markoer, fortsettEtter: slettetTil }),
      {},
      { fortsettEtter: String(slettetTil) },
    );
  }
  const etter = markoer ?? slettetTil;
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
