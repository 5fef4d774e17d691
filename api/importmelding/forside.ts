// GET /import/importmelding/v2/{orgnr}/{importoerId}/forside?avsender&avsenderland: what home shows, in one
// call (issue 26, "Decisions on what issue 13 left open"; beyond SPEC §7, docs/architecture.md). The same
// answers as the four calls home made (oversikt, eksportland without parameters, the importer profile's
// onboarding facts, epoststatus), read in one request: each call cost the app 2–3 ms of CPU (ADR 015).
import { Router } from "express";
import { sql } from "kysely";
import type { Db } from "../../db";
import type { Forside } from "../../domain/oversikt";
import { OversiktSoek } from "../../domain/schemas/listefilter";
import { type AuthedRequest, type ImportoerRequest, requireImportoer } from "../auth";
import { hentEpostStatus } from "../epost/status";
import { ah } from "../http/kall";
import { lesSoek } from "../http/soek";
import { hentEksportland } from "../sertifikat/eksportland";
import { importoererForPerson } from "../sertifikat/synlighet";
import { hentOversikt } from "./oversikt";

export function forsideRouter(db: Db, epostNedeVarselMs: number): Router {
  const router = Router();
  router.get(
    "/import/importmelding/v2/:orgnr/:importoerId/forside",
    requireImportoer(db),
    ah(async (req, res) => {
      const { importoer } = req as ImportoerRequest;
      const filter = lesSoek(OversiktSoek, req.query);
      const [oversikt, eksportland, oppstart, epost] = await Promise.all([
        hentOversikt(db, importoer, filter),
        importoererForPerson(db, (req as AuthedRequest).innlogget).then((alle) => hentEksportland(db, alle)),
        db
          .selectFrom("importoer as i")
          .select([
            "i.har_lest_regelverk",
            sql<boolean>`exists (select 1 from importoer_epost e where e.importoer_id = i.id)`.as(
              "har_epost",
            ),
          ])
          .where("i.id", "=", importoer.id)
          .executeTakeFirstOrThrow(),
        hentEpostStatus(db, importoer.id, epostNedeVarselMs),
      ]);
      const svar: Forside = {
        oversikt,
        eksportland,
        oppstart: { harLestRegelverk: oppstart.har_lest_regelverk, harEpostadresse: oppstart.har_epost },
        epostSendingFeiler: epost.sendingFeiler,
      };
      res.json(svar);
    }),
  );
  return router;
}
