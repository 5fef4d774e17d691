// Whether e-mail sending has problems for an importer (SPEC §2 Home banner, issue 10 item 5):
// read for GET /import/register/v1/{orgnr}/{importoerId}/epoststatus (router.ts) and for home (forside).
import { sql } from "kysely";
import type { Db } from "../../db";

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
