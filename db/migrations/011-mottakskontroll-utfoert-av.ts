import { type Kysely, sql } from "kysely";

// Who actually did the reception control (issue 23 item 3): the importer that gave the person who does it
// (the reception controller page), which is not always the appointed controller (ankomstinfo
// .mottakskontrolloer_id): the importer may do it itself. Filled for notifications already arrived from their
// ANKOMMET audit row, whose `utfoert_av` names the importer that finished the control.
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("ankomstinfo")
    .addColumn("kontroll_utfoert_av_id", "bigint", (c) => c.references("importoer.id"))
    .execute();
  await sql`update ankomstinfo a set kontroll_utfoert_av_id = h.importoer_id
    from (
      select distinct on (importmelding_id) importmelding_id,
        substring(utfoert_av from 'importoer:([0-9]+)')::bigint as importoer_id
      from importmelding_hendelse
      where til_status = 'ANKOMMET' and utfoert_av ~ 'importoer:[0-9]+'
      order by importmelding_id, id desc
    ) h
    where h.importmelding_id = a.importmelding_id and a.mottakskontrolloer_navn is not null
      and exists (select 1 from importoer i where i.id = h.importoer_id)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("ankomstinfo").dropColumn("kontroll_utfoert_av_id").execute();
}
