// The importer's events over HTTP (issue 25 §3, docs/decisions/036-hendelser-og-webhooker.md):
// - the pull feed GET /import/v2/{orgnr}/{importoerId}/hendelser?etter=<cursor>&antall=<n>, in order, a page
//   at a time; the cursor is the importer's event number (gap-free and commit-ordered, skriv.ts), so a
//   client that keeps `neste` reads every event exactly once;
// - the webhook subscriptions under /import/register/v1/{orgnr}/{importoerId}/webhooker: list (with the
//   delivery log), create (the secret in that answer only), pause/resume, delete.
// Both behind the same guard as the importer's notification list (requireImportoer).
import { Router } from "express";
import type { Db } from "../../db";
import {
  HENDELSESTYPER,
  type Hendelsestype,
  type LeveringsforsoekVisning,
  type WebhookVisning,
} from "../../domain/hendelser";
import { oversetter } from "../../sprak/katalog.server";
import { lesMelding, melding } from "../../sprak/melding";
import type { T } from "../../sprak/oversetter";
import { type ImportoerRequest, requireImportoer } from "../auth";
import { ah, badRequest, lesSoek, notFound, parseId, sprakForKall } from "../http";
import { type Adressepolicy, sjekkWebhookUrl, UgyldigAdresse } from "./adresse";
import { krypterHemmelighet, nyHemmelighet } from "./hemmelighet";
import { feedSoek, type HendelseSide, hendelseJson, nyWebhook, webhookStatus } from "./kontrakt";
import { importoerStroem } from "./skriv";
import { lesStroem } from "./stroem";

/** At most this many subscriptions per importer. */
export const MAKS_WEBHOOKER = 10;
/** The delivery log shows this many attempts. */
export const LOGG_ANTALL = 50;

type HendelseRad = Parameters<typeof hendelseJson>[0];

async function webhooker(db: Db, importoerId: number): Promise<WebhookVisning[]> {
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

async function leveringslogg(db: Db, importoerId: number, t: T): Promise<LeveringsforsoekVisning[]> {
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

export function hendelseRouter(db: Db, webhook: { noekkel: string; policy: Adressepolicy }): Router {
  const router = Router();

  router.get(
    "/import/v2/:orgnr/:importoerId/hendelser",
    requireImportoer(db),
    ah<ImportoerRequest>(async (req, res) => {
      const { importoerId, orgnr } = req;
      const side = await lesStroem(db, importoerStroem(importoerId), lesSoek(feedSoek, req.query));
      const importoer = { id: importoerId, organisasjonsnummer: orgnr };
      const svar: HendelseSide = {
        hendelser: side.rader.map((r) => hendelseJson(r as HendelseRad, importoer)),
        neste: side.neste,
        flere: side.flere,
      };
      res.json(svar);
    }),
  );

  const BASE = "/import/register/v1/:orgnr/:importoerId/webhooker";

  router.get(
    BASE,
    requireImportoer(db),
    ah<ImportoerRequest>(async (req, res) => {
      res.vary("Accept-Language").json({
        webhooker: await webhooker(db, req.importoerId),
        logg: await leveringslogg(db, req.importoerId, oversetter(sprakForKall(req))),
      });
    }),
  );

  router.post(
    BASE,
    requireImportoer(db),
    ah<ImportoerRequest>(async (req, res) => {
      const { importoerId } = req;
      const body = nyWebhook.parse(req.body ?? {});
      let url: string;
      try {
        url = await sjekkWebhookUrl(body.url, webhook.policy);
      } catch (e) {
        if (e instanceof UgyldigAdresse) throw badRequest(e.referanse);
        throw e;
      }
      const hemmelighet = nyHemmelighet();
      const ny = await db.transaction().execute(async (trx) => {
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
            url,
            typer: JSON.stringify(HENDELSESTYPER.filter((t) => body.typer.includes(t))),
            hemmelighet: krypterHemmelighet(hemmelighet, webhook.noekkel),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
      });
      const dto = (await webhooker(db, importoerId)).find((w) => w.id === ny.id);
      // The only answer that carries the secret: it is stored encrypted and never shown again.
      res.status(201).json({ ...dto, hemmelighet });
    }),
  );

  router.put(
    `${BASE}/:id/status`,
    requireImportoer(db),
    ah<ImportoerRequest>(async (req, res) => {
      const id = parseId(req.params.id, "webhook");
      const { aktiv } = webhookStatus.parse(req.body ?? {});
      const endret = await db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable("webhook")
          .set(aktiv ? { aktiv: true, pauset: null, feil_paa_rad: 0 } : { aktiv: false, pauset: new Date() })
          .where("id", "=", id)
          .where("importoer_id", "=", req.importoerId)
          .executeTakeFirst();
        // Resumed: what waited while it was paused goes with the sender's next round.
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
      res.status(204).end();
    }),
  );

  router.delete(
    `${BASE}/:id`,
    requireImportoer(db),
    ah<ImportoerRequest>(async (req, res) => {
      const id = parseId(req.params.id, "webhook");
      const slettet = await db
        .deleteFrom("webhook")
        .where("id", "=", id)
        .where("importoer_id", "=", req.importoerId)
        .executeTakeFirst();
      if (Number(slettet.numDeletedRows) === 0) throw notFound(melding("api.webhook.fantIkke"));
      res.status(204).end();
    }),
  );

  return router;
}
