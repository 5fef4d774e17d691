// Reception controllers in the importer register (ADR 011): registering as one, the controllers an importer has
// appointed, whom it is controller for, and the registered controllers to choose from. Which of them a
// notification may name is api/importmelding/kontrolloervalg.ts.
import type { Db } from "../../db";
import { melding } from "../../sprak/melding";
import type { Innlogget } from "../auth";
import { badRequest } from "../http/feil";
import type { ImportoerKortDto } from "./profil";

/** At most this many appointed controllers per importer (ADR 011). */
export const MAKS_MOTTAKSKONTROLLOERER = 50;

/** The importers this importer is reception controller for, while it is registered as one. */
export function kontrolloerFor(db: Db, importoerId: number): Promise<ImportoerKortDto[]> {
  return db
    .selectFrom("mottakskontrolloer_avtale as a")
    .innerJoin("importoer as i", "i.id", "a.importoer_id")
    .innerJoin("importoer as k", "k.id", "a.mottakskontrolloer_id")
    .select(["i.id", "i.navn", "i.organisasjonsnummer"])
    .where("a.mottakskontrolloer_id", "=", importoerId)
    .where("k.er_mottakskontrolloer", "=", true)
    .orderBy("i.navn")
    .execute();
}

/** Registering as controller; unregistering keeps the agreements but they stop counting (ADR 011). */
export async function settErMottakskontrolloer(db: Db, importoerId: number, er: boolean): Promise<void> {
  await db
    .updateTable("importoer")
    .set({ er_mottakskontrolloer: er })
    .where("id", "=", importoerId)
    .execute();
}

/**
 * Replaces the list of controllers acting on the importer's behalf, in one transaction: only registered
 * controllers (400 otherwise), never the importer itself.
 */
export async function erstattMottakskontrolloerer(db: Db, importoerId: number, ids: number[]): Promise<void> {
  if (ids.includes(importoerId)) throw badRequest(melding("api.register.kontrolloerSegSelv"));
  await db.transaction().execute(async (trx) => {
    if (ids.length > 0) {
      const gyldige = await trx
        .selectFrom("importoer")
        .select("id")
        .where("id", "in", ids)
        .where("er_mottakskontrolloer", "=", true)
        .execute();
      if (gyldige.length !== ids.length) throw badRequest(melding("api.register.ukjentKontrolloer"));
    }
    await trx.deleteFrom("mottakskontrolloer_avtale").where("importoer_id", "=", importoerId).execute();
    if (ids.length > 0) {
      await trx
        .insertInto("mottakskontrolloer_avtale")
        .values(ids.map((id) => ({ importoer_id: importoerId, mottakskontrolloer_id: id })))
        .execute();
    }
  });
}

/**
 * Every registered reception controller but the asking company, by name: `orgnr` names it (the caller has
 * been checked to act for it); without, a system leaves out its own organisation and a person every company
 * Altinn says the person may act for.
 */
export async function velgbareKontrolloerer(
  db: Db,
  innlogget: Innlogget,
  orgnr: string | undefined,
): Promise<ImportoerKortDto[]> {
  let unntatt: string[];
  if (orgnr !== undefined) unntatt = [orgnr];
  else if (innlogget.maskin) unntatt = [innlogget.maskin.orgnr];
  else {
    await innlogget.tilgang.sikre(innlogget.pid);
    const rader = await db
      .selectFrom("altinn_avgiver")
      .select("organisasjonsnummer")
      .where("pid", "=", innlogget.pid)
      .execute();
    unntatt = rader.flatMap((r) => (r.organisasjonsnummer ? [r.organisasjonsnummer] : []));
  }
  let sporring = db
    .selectFrom("importoer")
    .select(["id", "navn", "organisasjonsnummer"])
    .where("er_mottakskontrolloer", "=", true);
  if (unntatt.length > 0) sporring = sporring.where("organisasjonsnummer", "not in", unntatt);
  return sporring.orderBy("navn").orderBy("id").execute();
}
