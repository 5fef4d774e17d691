// Whether e-mail sending has problems for an importer (SPEC §2 Home banner, issue 10 item 5):
// GET /import/register/v1/{orgnr}/{importoerId}/epoststatus, authorised like the other importer calls.
import { Router } from "express";
import { sql } from "kysely";
import type { Db } from "../../db";
import { type ImportoerRequest, requireImportoer } from "../auth";
import { ah } from "../http/kall";

export interface EpostStatusDto {
  /** Show the banner: an alert to this importer was given up, or SMTP has been unreachable too long. */
  sendingFeiler: boolean;
  /** Alerts to this importer given up after the retry limit and not followed by a delivered one. */
  feiledeVarsler: number;
  /** SMTP has been unreachable for at least the configured time. */
  smtpNede: boolean;
}

export async function hentEpostStatus(
  db: Db,
  importoerId: number,
  nedeVarselMs: number,
): Promise<EpostStatusDto> {
  const [helse, feilede] = await Promise.all([
    db
      .selectFrom("epost_helse")
      .select(
        sql<boolean>`feilet_siden is not null and feilet_siden <= now() - (${nedeVarselMs}::float8 * interval '1 millisecond')`.as(
          "nede",
        ),
      )
      .where("id", "=", 1)
      .executeTakeFirst(),
    db
      .selectFrom("epost_varsel as v")
      .select((eb) => eb.fn.countAll<number>().as("antall"))
      .where("v.importoer_id", "=", importoerId)
      .where("v.status", "=", "FEILET")
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("epost_varsel as s")
              .select("s.id")
              .whereRef("s.importoer_id", "=", "v.importoer_id")
              .where("s.status", "=", "SENDT")
              .whereRef("s.sendt", ">", "v.sist_forsoek"),
          ),
        ),
      )
      .executeTakeFirstOrThrow(),
  ]);
  const smtpNede = helse?.nede === true;
  const feiledeVarsler = Number(feilede.antall);
  return { sendingFeiler: smtpNede || feiledeVarsler > 0, feiledeVarsler, smtpNede };
}

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
