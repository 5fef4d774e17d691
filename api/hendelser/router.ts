// The importer's events over HTTP (issue 25 §3, docs/decisions/036-hendelser-og-webhooker.md):
// - the pull feed GET /import/v2/{orgnr}/{importoerId}/hendelser?etter=<cursor>&antall=<n>, in order, a page
//   at a time; the cursor is the importer's event number (gap-free and commit-ordered, skriv.ts), so a
//   client that keeps `neste` reads every event exactly once;
// - the webhook subscriptions under /import/register/v1/{orgnr}/{importoerId}/webhooker: list (with the
//   delivery log), create (the secret in that answer only), pause/resume, delete; their queries in webhooker.ts.
// Both behind the same guard as the importer's notification list (requireImportoer).
import { Router } from "express";
import type { Db } from "../../db";
import { oversetter } from "../../sprak/katalog.server";
import { type ImportoerRequest, requireImportoer } from "../auth";
import { badRequest } from "../http/feil";
import { ah, sprakForKall } from "../http/kall";
import { lesSoek } from "../http/soek";
import { parseId } from "../http/sti";
import { type Adressepolicy, sjekkWebhookUrl, UgyldigAdresse } from "./adresse";
import { feedSoek, type HendelseSide, hendelseJson, nyWebhook, webhookStatus } from "./kontrakt";
import { importoerStroem } from "./skriv";
import { lesStroem } from "./stroem";
import { leveringslogg, opprettWebhook, settWebhookStatus, slettWebhook, webhooker } from "./webhooker";

type HendelseRad = Parameters<typeof hendelseJson>[0];

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
      // The only answer that carries the secret: it is stored encrypted and never shown again.
      res
        .status(201)
        .json(await opprettWebhook(db, importoerId, { url, typer: body.typer }, webhook.noekkel));
    }),
  );

  router.put(
    `${BASE}/:id/status`,
    requireImportoer(db),
    ah<ImportoerRequest>(async (req, res) => {
      const id = parseId(req.params.id, "webhook");
      const { aktiv } = webhookStatus.parse(req.body ?? {});
      await settWebhookStatus(db, req.importoerId, id, aktiv);
      res.status(204).end();
    }),
  );

  router.delete(
    `${BASE}/:id`,
    requireImportoer(db),
    ah<ImportoerRequest>(async (req, res) => {
      await slettWebhook(db, req.importoerId, parseId(req.params.id, "webhook"));
      res.status(204).end();
    }),
  );

  return router;
}
