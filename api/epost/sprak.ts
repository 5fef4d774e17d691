// «Språk i e-postvarsel» (issue 33 item 2, docs/decisions/055-epost-paa-importoerens-sprak.md): the language
// the importer's alert and outcome e-mails are written in, a column of its own on the importer (migration 035).
import { sql } from "kysely";
import type { Db } from "../../db";
import { erSprak, type Sprak, STANDARD_SPRAK } from "../../sprak/sprak";

/**
 * The language of the importer's e-mails: the one stored (chosen under Varslinger, or taken from the person
 * who turned the alerts on), else bokmål (an importer whose alerts were on before the setting existed).
 */
export function epostSprak(lagret: string | null | undefined): Sprak {
  return erSprak(lagret) ? lagret : STANDARD_SPRAK;
}

/**
 * The default rule: when a person turns an alert on (or registers the importer, whose alerts are on from the
 * start) and the importer has no language for its e-mails yet, it gets that person's language, the language
 * the call is made in (the web app sends its user's language: the stored preference of migration 030, carried
 * in the language cookie since login; a system without Accept-Language gives bokmål). A language already set,
 * chosen or by an earlier default, is kept: turning alerts off and on again changes nothing.
 */
export async function settStandardEpostSprak(db: Db, importoerId: number, sprak: Sprak): Promise<void> {
  await db
    .updateTable("importoer")
    .set({ epost_sprak: sprak })
    .where("id", "=", importoerId)
    .where("epost_sprak", "is", null)
    .where(sql<boolean>`(skal_ha_epost or varsle_vurderinger)`)
    .execute();
}
