// Which systems may act for an importer (issue 25 §2, docs/decisions/035-maskintilgang.md): the register API
// of the settings side "Integrasjoner". Guarded like the other register calls (a person who may act for
// {orgnr}); only a person may grant or revoke, never a system (it could otherwise give itself more).
// The rows are read and written in tilganger.ts.
import { Router } from "express";
import type { Db } from "../../db";
import { systemtilgangEndringSchema, systemtilgangSchema } from "../../domain/schemas/systemtilgang";
import { kunPerson, type OrgRequest, requireOrg } from "../auth";
import { forbidden } from "../http/feil";
import { ah } from "../http/kall";
import { parseId } from "../http/sti";
import { importoerIdFor } from "../importoer/profil";
import {
  endreSystemtilgang,
  fjernSystemtilgang,
  hentSystemtilganger,
  leggTilSystemtilgang,
} from "./tilganger";

const STI = "/import/register/v1/:orgnr/systemtilgang";

export function systemtilgangRouter(db: Db): Router {
  const router = Router();
  const kunPersonForOrg = [
    requireOrg(db),
    ah(async (req, _res, next) => {
      kunPerson(req);
      next();
    }),
  ];

  router.get(
    STI,
    kunPersonForOrg,
    ah(async (req, res) => {
      res.json(await hentSystemtilganger(db, await importoerIdFor(db, (req as OrgRequest).orgnr)));
    }),
  );

  router.post(
    STI,
    kunPersonForOrg,
    ah(async (req, res) => {
      const r = req as OrgRequest;
      const id = await importoerIdFor(db, r.orgnr);
      const ny = systemtilgangSchema.parse(req.body ?? {});
      // Giving a system lasting power to act for the organisation is checked against Altinn itself (the PDP,
      // ADR 042), not the few-minutes cache: a delegation revoked a minute ago grants nothing.
      if (!(await r.innlogget.tilgang.avgjoer(r.innlogget.pid, r.orgnr, "write"))) throw forbidden();
      const nyId = await leggTilSystemtilgang(db, id, r.innlogget.pid, ny);
      const alle = await hentSystemtilganger(db, id);
      res.status(201).json(alle.find((s) => s.id === nyId));
    }),
  );

  // Access changed in place (issue 36 item 1): read only, or read and write; the client and its name stay.
  router.put(
    `${STI}/:id`,
    kunPersonForOrg,
    ah(async (req, res) => {
      const r = req as OrgRequest;
      const id = await importoerIdFor(db, r.orgnr);
      const tilgangId = parseId(req.params.id, "systemtilgang");
      const { scopes } = systemtilgangEndringSchema.parse(req.body ?? {});
      // As for granting: checked against Altinn itself, not the cache.
      if (!(await r.innlogget.tilgang.avgjoer(r.innlogget.pid, r.orgnr, "write"))) throw forbidden();
      await endreSystemtilgang(db, id, tilgangId, scopes);
      const alle = await hentSystemtilganger(db, id);
      res.json(alle.find((s) => s.id === tilgangId));
    }),
  );

  router.delete(
    `${STI}/:id`,
    kunPersonForOrg,
    ah(async (req, res) => {
      const id = await importoerIdFor(db, (req as OrgRequest).orgnr);
      await fjernSystemtilgang(db, id, parseId(req.params.id, "systemtilgang"));
      res.status(204).end();
    }),
  );

  return router;
}
