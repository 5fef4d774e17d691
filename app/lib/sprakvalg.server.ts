// A logged-in person's chosen language, stored so it follows them to another device (ADR 048): the web app's
// own table next to its sessions (db/migrations/030-sprakvalg.ts), reached only here and only at login and
// when the person chooses. Every other request reads the language from the cookie (app/lib/tekster.server.ts).
import type { AppLoadContext } from "@remix-run/node";
import { sql } from "kysely";
import type { Db } from "../../db";
import type { Sprak } from "../../sprak/sprak";
import { lesSprakCookie, type SprakCookie, settSprakCookie } from "./tekster.server";

/** Stores the choice; an older choice never overwrites a newer one (two devices, two tabs). */
export async function lagreSprakvalg(db: Db, pid: string, sprak: Sprak, valgt: number): Promise<void> {
  await db
    .insertInto("sprakvalg")
    .values({ pid, sprak, endret: new Date(valgt) })
    .onConflict((oc) =>
      oc
        .column("pid")
        .doUpdateSet({ sprak, endret: new Date(valgt) })
        .where(sql<boolean>`sprakvalg.endret <= excluded.endret`),
    )
    .execute();
}

/**
 * At login: the newer of the stored preference and a choice made in this browser before login wins. The
 * browser's choice is stored (it follows the person from now on); a stored one newer than the browser's is
 * set in the cookie. Returns the Set-Cookie value when the cookie must change. One query (and one write
 * when the browser's choice is newer).
 */
export async function sprakVedInnlogging(
  request: Request,
  context: AppLoadContext,
  pid: string,
): Promise<string | undefined> {
  const [lagret, nettleser] = await Promise.all([
    context.db.selectFrom("sprakvalg").select(["sprak", "endret"]).where("pid", "=", pid).executeTakeFirst(),
    lesSprakCookie(request),
  ]);
  if (nettleser && (!lagret || lagret.endret.getTime() < nettleser.valgt)) {
    await lagreSprakvalg(context.db, pid, nettleser.sprak, nettleser.valgt);
    return undefined;
  }
  if (!lagret || lagret.sprak === nettleser?.sprak) return undefined;
  const verdi: SprakCookie = { sprak: lagret.sprak, valgt: lagret.endret.getTime() };
  return settSprakCookie(verdi, context);
}
