// The systems that may act for an importer (issue 25 §2, docs/decisions/035-maskintilgang.md): the rows of
// `systemtilgang`, read, added, changed and removed for the register API in router.ts. A revocation deletes the
// row, and krevSystemtilgang (api/auth.ts) reads the row on every request.
import type { Db } from "../../db";
import { MAKS_SYSTEMER, type Systemscope, type SystemtilgangDto } from "../../domain/schemas/systemtilgang";
import { melding } from "../../sprak/melding";
import { badRequest, notFound } from "../http/feil";

export async function hentSystemtilganger(db: Db, importoerId: number): Promise<SystemtilgangDto[]> {
  const rader = await db
    .selectFrom("systemtilgang")
    .select(["id", "klient_id", "klient_navn", "scopes", "lagt_til_av", "lagt_til"])
    .where("importoer_id", "=", importoerId)
    .orderBy("klient_navn")
    .orderBy("id")
    .execute();
  return rader.map((r) => ({
    id: Number(r.id),
    klientId: r.klient_id,
    klientNavn: r.klient_navn,
    scopes: r.scopes,
    lagtTilAv: r.lagt_til_av,
    lagtTil: new Date(r.lagt_til).toISOString(),
  }));
}

/**
 * Grants a system access for the importer, noted as added by the person `pid`; 400 when the client already
 * has access or the importer has MAKS_SYSTEMER. Returns the new row's id.
 */
export async function leggTilSystemtilgang(
  db: Db,
  importoerId: number,
  pid: string,
  ny: { klientId: string; klientNavn: string; scopes: Systemscope[] },
): Promise<number> {
  const person = await db.selectFrom("person").select("navn").where("pid", "=", pid).executeTakeFirst();
  const rad = await db.transaction().execute(async (trx) => {
    // Serialise additions for one importer so the count and the duplicate check hold.
    await trx.selectFrom("importoer").select("id").where("id", "=", importoerId).forUpdate().execute();
    const finnes = await trx
      .selectFrom("systemtilgang")
      .select("klient_id")
      .where("importoer_id", "=", importoerId)
      .execute();
    if (finnes.some((f) => f.klient_id === ny.klientId)) {
      throw badRequest(melding("api.systemtilgang.finnes"));
    }
    if (finnes.length >= MAKS_SYSTEMER)
      throw badRequest(melding("api.systemtilgang.maks", { antall: MAKS_SYSTEMER }));
    return trx
      .insertInto("systemtilgang")
      .values({
        importoer_id: importoerId,
        klient_id: ny.klientId,
        klient_navn: ny.klientNavn,
        scopes: ny.scopes,
        lagt_til_av: person?.navn?.trim() || null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
  });
  return Number(rad.id);
}

/** Changes a system's access in place (issue 36 item 1); 404 when the importer has no such row. */
export async function endreSystemtilgang(
  db: Db,
  importoerId: number,
  tilgangId: number,
  scopes: Systemscope[],
): Promise<void> {
  const endret = await db
    .updateTable("systemtilgang")
    .set({ scopes })
    .where("id", "=", tilgangId)
    .where("importoer_id", "=", importoerId)
    .executeTakeFirst();
  if (Number(endret.numUpdatedRows) === 0) throw notFound(melding("api.systemtilgang.fantIkke"));
}

/** Revokes a system's access (the row goes); 404 when the importer has no such row. */
export async function fjernSystemtilgang(db: Db, importoerId: number, tilgangId: number): Promise<void> {
  const slettet = await db
    .deleteFrom("systemtilgang")
    .where("id", "=", tilgangId)
    .where("importoer_id", "=", importoerId)
    .executeTakeFirst();
  if (Number(slettet.numDeletedRows) === 0) throw notFound(melding("api.systemtilgang.fantIkke"));
}
