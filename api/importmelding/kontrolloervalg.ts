// Which reception controllers an importer may choose (ADR 011): used by the arrival form's list, the check
// of a chosen controller, and the notification detail's "still appointed" (issue 23 item 5).
import type { Db } from "../../db";

/** The importers an importer may choose as reception controller: itself if it is one, and its appointed ones. */
export async function mottakskontrolloerValg(db: Db, ansvarligId: number) {
  const [ansvarlig, avtaler] = await Promise.all([
    db
      .selectFrom("importoer")
      .select(["id", "navn", "organisasjonsnummer", "er_mottakskontrolloer"])
      .where("id", "=", ansvarligId)
      .executeTakeFirst(),
    db
      .selectFrom("mottakskontrolloer_avtale as a")
      .innerJoin("importoer as k", "k.id", "a.mottakskontrolloer_id")
      .select(["k.id", "k.navn", "k.organisasjonsnummer"])
      .where("a.importoer_id", "=", ansvarligId)
      .where("k.er_mottakskontrolloer", "=", true)
      .where("k.id", "<>", ansvarligId)
      .orderBy("k.navn")
      .execute(),
  ]);
  const liste = ansvarlig?.er_mottakskontrolloer ? [ansvarlig, ...avtaler] : avtaler;
  return liste.map((i) => ({ importoerId: i.id, navn: i.navn, organisasjonsnummer: i.organisasjonsnummer }));
}
