// The importer's webhook subscriptions (issue 25 §3, docs/decisions/036-hendelser-og-webhooker.md): the list
// with its delivery log, creating one (the secret made here, stored encrypted, shown once), pausing and
// resuming, deleting. The address is checked before (adresse.ts); the routes are in router.ts.
import type { Db } from "../../db";
import {
  HENDELSESTYPER,
  type Hendelsestype,
  type LeveringsforsoekVisning,
  type WebhookVisning,
} from "../../domain/hendelser";
import { lesMelding, melding } from "../../sprak/melding";
import type { T } from "../../sprak/oversetter";
import { badRequest, notFound } from "../http/feil";
import { krypterHemmelighet, nyHemmelighet } from "./hemmelighet";

/** At most this many subscriptions per importer. */
export const MAKS_WEBHOOKER = 10;
/** The delivery log shows this many attempts. */
export const LOGG_ANTALL = 50;

/** The importer's subscriptions, oldest first (never the secret). */
export async function webhooker(db: Db, importoerId: number): Promise<WebhookVisning[]> {
  const rader = await db
    .selectFrom("webhook")
    .select(["id", "url", "typer", "aktiv", "feil_paa_rad", "pauset", "opprettet"])
    .where("importoer_id", "=", importoerId)
    .orderBy("id")
    .execute();
  return rader.map((r) => ({
    id: r.id,
    url: r.url,
    typer: r.typer,
    aktiv: r.aktiv,
    feilPaaRad: r.feil_paa_rad,
    pauset: r.pauset ? new Date(r.pauset).toISOString() : null,
    opprettet: new Date(r.opprettet).toISOString(),
  }));
}

/** The delivery log: the latest attempts over all the importer's subscriptions, newest first. */
export async function leveringslogg(db: Db, importoerId: number, t: T): Promise<LeveringsforsoekVisning[]> {
  // The latest attempts of each of the importer's subscriptions (webhook_forsoek_logg, a bounded walk per
  // subscription however long the log grows), then the latest of those.
  const rader = await db
    .selectFrom("webhook as w")
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom("webhook_forsoek")
          .selectAll()
          .whereRef("webhook_id", "=", "w.id")
          .orderBy("id", "desc")
          .limit(LOGG_ANTALL)
          .as("f"),
      (join) => join.onTrue(),
    )
    .innerJoin("webhook_levering as l", "l.id", "f.levering_id")
    .innerJoin("hendelse as h", "h.id", "l.hendelse_id")
    .select([
      "f.tidspunkt",
      "w.id as webhook_id",
      "w.url",
      "h.type",
      "h.nummer",
      "f.forsoek",
      "f.ok",
      "f.http_status",
      "f.feil",
    ])
    .where("w.importoer_id", "=", importoerId)
    .orderBy("f.id", "desc")
    .limit(LOGG_ANTALL)
    .execute();
  return rader.map((r) => ({
    tidspunkt: new Date(r.tidspunkt).toISOString(),
    webhookId: r.webhook_id,
    url: r.url,
    // A delivery is of an importer's event (the authority's stream has no webhooks).
    hendelseType: r.type as Hendelsestype,
    hendelseNummer: Number(r.nummer),
    forsoek: r.forsoek,
    ok: r.ok,
    httpStatus: r.http_status,
    // stored as a message reference (post.ts), read in the caller's language; a row from before as its text
    feil: r.feil === null ? null : t.melding(r.feil),
    feilSprak: r.feil === null ? null : lesMelding(r.feil) ? t.sprak : "nb",
  }));
}

/**
 * A new subscription to `url` (already checked) for `typer`, with a new secret: 400 when the importer has as
 * many as it may. Answers the subscription and the secret, the only time the secret leaves the service.
 */
export async function opprettWebhook(
  db: Db,
  importoerId: number,
  ny: { url: string; typer: readonly Hendelsestype[] },
  noekkel: string,
): Promise<Partial<WebhookVisning> & { hemmelighet: string }> {
  const hemmelighet = nyHemmelighet();
  const rad = await db.transaction().execute(async (trx) => {
    // Serialise additions for one importer so the count holds.
    await trx.selectFrom("importoer").select("id").where("id", "=", importoerId).forUpdate().execute();
    const antall = await trx
      .selectFrom("webhook")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("importoer_id", "=", importoerId)
      .executeTakeFirstOrThrow();
    if (Number(antall.n) >= MAKS_WEBHOOKER) {
      throw badRequest(melding("api.webhook.maks", { antall: MAKS_WEBHOOKER }));
    }
    return trx
      .insertInto("webhook")
      .values({
        importoer_id: importoerId,
        url: ny.url,
        typer: JSON.stringify(HENDELSESTYPER.filter((t) => ny.typer.includes(t))),
        hemmelighet: krypterHemmelighet(hemmelighet, noekkel),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
  });
  const dto = (await webhooker(db, importoerId)).find((w) => w.id === rad.id);
  return { ...dto, hemmelighet };
}

/**
 * Pauses or resumes one of the importer's subscriptions (404 when it has no such one). Resumed: what waited
 * while it was paused goes with the sender's next round.
 */
export async function settWebhookStatus(
  db: Db,
  importoerId: number,
  id: number,
  aktiv: boolean,
): Promise<void> {
  const endret = await db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable("webhook")
      .set(aktiv ? { aktiv: true, pauset: null, feil_paa_rad: 0 } : { aktiv: false, pauset: new Date() })
      .where("id", "=", id)
      .where("importoer_id", "=", importoerId)
      .executeTakeFirst();
    if (aktiv && Number(r.numUpdatedRows) > 0) {
      await trx
        .updateTable("webhook_levering")
        .set({ neste_forsoek: new Date() })
        .where("webhook_id", "=", id)
        .where("status", "=", "VENTER")
        .where("krav", "is", null)
        .execute();
    }
    return Number(r.numUpdatedRows);
  });
  if (endret === 0) throw notFound(melding("api.webhook.fantIkke"));
}

/** Deletes one of the importer's subscriptions; 404 when it has no such one. */
export async function slettWebhook(db: Db, importoerId: number, id: number): Promise<void> {
  const slettet = await db
    .deleteFrom("webhook")
    .where("id", "=", id)
    .where("importoer_id", "=", importoerId)
    .executeTakeFirst();
  if (Number(slettet.numDeletedRows) === 0) throw notFound(melding("api.webhook.fantIkke"));
}
