// Whether e-mail sending has problems for an importer (SPEC §2 Home banner, issue 10 item 5):
// GET /import/register/v1/{orgnr}/{importoerId}/epoststatus, authorised like the other importer calls; read
// in status.ts.
import { Router } from "express";
import type { Db } from "../../db";
import { type ImportoerRequest, requireImportoer } from "../auth";
import { ah } from "../http/kall";
import { hentEpostStatus } from "./status";

export function epostStatusRouter(db: Db, nedeVarselMs: number): Router {
  const router = Router();
  router.get(
    "/import/register/v1/:orgnr/:importoerId/epoststatus",
    requireImportoer(db),
    ah(async (req, res) => {
      const { importoerId } = req as ImportoerRequest;
      res.set("Cache-Control", "no-store").json(await hentEpostStatus(db, importoerId, nedeVarselMs));
    }),
  );
  return router;
}
