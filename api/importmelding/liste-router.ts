// The lists' routes of the notifications (SPEC §2 "Notification list", "Home"; §7): the notification list and
// its country facets (arkiv.ts), the five home lists (oversikt.ts) and home in one call (forside.ts). Each
// parses its query, lets the importer guard check access and answers with one operation of its module.
import { Router } from "express";
import type { Db } from "../../db";
import { ImportmeldingListeSoek, OversiktSoek } from "../../domain/schemas/listefilter";
import { type ImportoerRequest, requireImportoer } from "../auth";
import { ah } from "../http/kall";
import { lesSoek } from "../http/soek";
import { hentArkiv, hentListeEksportland } from "./arkiv";
import { hentForside } from "./forside";
import { hentOversikt } from "./oversikt";

const STI = "/import/importmelding/v2/:orgnr/:importoerId";

export function listeRouter(db: Db, epostNedeVarselMs: number): Router {
  const router = Router();
  router.get(
    `${STI}/arkiv`,
    requireImportoer(db),
    ah(async (req, res) => {
      const { importoerId, importoer } = req as ImportoerRequest;
      const soek = lesSoek(ImportmeldingListeSoek, req.query);
      res.json(await hentArkiv(db, importoerId, soek, importoer.erMottakskontrolloer));
    }),
  );
  router.get(
    `${STI}/eksportland`,
    requireImportoer(db),
    ah(async (req, res) => {
      const { importoerId } = req as ImportoerRequest;
      res.json(await hentListeEksportland(db, importoerId, req.query.importoer));
    }),
  );
  router.get(
    `${STI}/oversikt`,
    requireImportoer(db),
    ah(async (req, res) => {
      const { importoer } = req as ImportoerRequest;
      res.json(await hentOversikt(db, importoer, lesSoek(OversiktSoek, req.query)));
    }),
  );
  router.get(
    `${STI}/forside`,
    requireImportoer(db),
    ah(async (req, res) => {
      const r = req as ImportoerRequest;
      const filter = lesSoek(OversiktSoek, req.query);
      res.json(await hentForside(db, r.importoer, r.innlogget, filter, epostNedeVarselMs));
    }),
  );
  return router;
}
