import { type Kysely, sql } from "kysely";

// Home's upcoming arrivals (issue 26, ADR 021): the submitted notifications by expected arrival, earliest
// first. The arrival time lives in ankomstinfo, so the list read every submitted notification of the
// importer, joined its arrival and sorted them all: at 100k notifications with 10 % submitted, home took
// 3.1× its time at 1k. The earliest arrival is copied onto the notification (a trigger on ankomstinfo keeps
// it), and a partial (owner column, arrival, id) index per owner column over the submitted ones lets the
// list walk the first few in order and stop, as the other home lists do.
const EIERE = ["ansvarlig_importoer_id", "opprettet_av_importoer_id", "ansvarlig_dokumentkontroll_id"];

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("importmelding").addColumn("forventet_ankomst", "timestamptz").execute();
  await sql`update importmelding m set forventet_ankomst = a.tid
    from (select importmelding_id, min(ankomsttid) as tid from ankomstinfo group by importmelding_id) a
    where a.importmelding_id = m.id`.execute(db);
  await sql`create function importmelding_forventet_ankomst() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        update importmelding set forventet_ankomst =
          (select min(ankomsttid) from ankomstinfo where importmelding_id = old.importmelding_id)
        where id = old.importmelding_id;
      end if;
      if tg_op <> 'DELETE' then
        update importmelding set forventet_ankomst =
          (select min(ankomsttid) from ankomstinfo where importmelding_id = new.importmelding_id)
        where id = new.importmelding_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger ankomstinfo_forventet_ankomst
    after insert or delete or update of ankomsttid, importmelding_id on ankomstinfo
    for each row execute function importmelding_forventet_ankomst()`.execute(db);
  for (const k of EIERE) {
    await sql`create index ${sql.raw(`importmelding_${k}_ankomst_idx`)} on importmelding
      (${sql.ref(k)}, forventet_ankomst, id) where status = 'REGISTRERT'`.execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const k of EIERE) await db.schema.dropIndex(`importmelding_${k}_ankomst_idx`).execute();
  await sql`drop trigger ankomstinfo_forventet_ankomst on ankomstinfo`.execute(db);
  await sql`drop function importmelding_forventet_ankomst()`.execute(db);
  await db.schema.alterTable("importmelding").dropColumn("forventet_ankomst").execute();
}
