// The importer's alerts (ADR 011, ADR 034, ADR 055): its e-mail addresses, whether it is told of new
// certificates and of assessments, and the language of those e-mails.
import type { Db } from "../../db";
import { melding } from "../../sprak/melding";
import type { Sprak } from "../../sprak/sprak";
import { settStandardEpostSprak } from "../epost/sprak";
import { badRequest, notFound } from "../http/feil";

/** At most this many e-mail addresses per importer (ADR 011). */
export const MAKS_EPOSTADRESSER = 10;

/** Adds an address: 400 when the importer has it already (any case) or has as many as it may. */
export async function leggTilEpostadresse(
  db: Db,
  importoerId: number,
  epostadresse: string,
): Promise<{ id: number; epostadresse: string }> {
  const ny = await db.transaction().execute(async (trx) => {
    // Serialise additions for one importer so the count and the duplicate check hold.
    await trx.selectFrom("importoer").select("id").where("id", "=", importoerId).forUpdate().execute();
    const finnes = await trx
      .selectFrom("importoer_epost")
      .select("epostadresse")
      .where("importoer_id", "=", importoerId)
      .execute();
    if (finnes.some((e) => e.epostadresse.toLowerCase() === epostadresse.toLowerCase())) {
      throw badRequest(melding("api.register.epostFinnes"));
    }
    if (finnes.length >= MAKS_EPOSTADRESSER) {
      throw badRequest(melding("api.register.epostMaks", { antall: MAKS_EPOSTADRESSER }));
    }
    return trx
      .insertInto("importoer_epost")
      .values({ importoer_id: importoerId, epostadresse })
      .returning(["id", "epostadresse"])
      .executeTakeFirstOrThrow();
  });
  return { id: Number(ny.id), epostadresse: ny.epostadresse };
}

/** Removes one of the importer's addresses; 404 when it has no such address. */
export async function slettEpostadresse(db: Db, importoerId: number, id: number): Promise<void> {
  const slettet = await db
    .deleteFrom("importoer_epost")
    .where("id", "=", id)
    .where("importoer_id", "=", importoerId)
    .executeTakeFirst();
  if (Number(slettet.numDeletedRows) === 0) throw notFound(melding("api.register.fantIkkeEpost"));
}

/** The two alerts: new certificates (skal_ha_epost) and the authority's outcomes (varsle_vurderinger). */
export type Varsel = "skal_ha_epost" | "varsle_vurderinger";

/**
 * Turns an alert on or off. Turned on, the importer's e-mails get the language of the call when they have none
 * yet (ADR 055).
 */
export async function settVarsel(
  db: Db,
  importoerId: number,
  varsel: Varsel,
  paa: boolean,
  sprak: Sprak,
): Promise<void> {
  await db
    .updateTable("importoer")
    .set({ [varsel]: paa })
    .where("id", "=", importoerId)
    .execute();
  if (paa) await settStandardEpostSprak(db, importoerId, sprak);
}

/** «Språk i e-postvarsel» (ADR 055): later e-mails, also those already in the outbox. */
export async function settEpostSprak(db: Db, importoerId: number, sprak: Sprak): Promise<void> {
  await db.updateTable("importoer").set({ epost_sprak: sprak }).where("id", "=", importoerId).execute();
}
