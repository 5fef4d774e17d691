// What home shows, in one call (GET /import/importmelding/v2/{orgnr}/{importoerId}/forside?avsender&avsenderland,
// routed in liste-router.ts; issue 26, "Decisions on what issue 13 left open"; beyond SPEC §7,
// docs/architecture.md). The same answers as the four calls home made (oversikt, eksportland without
// parameters, the importer profile's onboarding facts, epoststatus), read in one request: each call cost the app
// 2–3 ms of CPU (ADR 015).
import { sql } from "kysely";
import type { Db } from "../../db";
import type { Forside, OversiktFilter } from "../../domain/oversikt";
import type { Innlogget } from "../auth";
import { hentEpostStatus } from "../epost/status";
import { hentEksportland } from "../sertifikat/eksportland";
import { type ImportoerMatch, importoererForPerson } from "../sertifikat/synlighet";
import { hentOversikt } from "./oversikt";

export async function hentForside(
  db: Db,
  importoer: ImportoerMatch,
  innlogget: Innlogget,
  filter: OversiktFilter,
  epostNedeVarselMs: number,
): Promise<Forside> {
  const [oversikt, eksportland, oppstart, epost] = await Promise.all([
    hentOversikt(db, importoer, filter),
    importoererForPerson(db, innlogget).then((alle) => hentEksportland(db, alle)),
    db
      .selectFrom("importoer as i")
      .select([
        "i.har_lest_regelverk",
        sql<boolean>`exists (select 1 from importoer_epost e where e.importoer_id = i.id)`.as("har_epost"),
      ])
      .where("i.id", "=", importoer.id)
      .executeTakeFirstOrThrow(),
    hentEpostStatus(db, importoer.id, epostNedeVarselMs),
  ]);
  return {
    oversikt,
    eksportland,
    oppstart: { harLestRegelverk: oppstart.har_lest_regelverk, harEpostadresse: oppstart.har_epost },
    epostSendingFeiler: epost.sendingFeiler,
  };
}
