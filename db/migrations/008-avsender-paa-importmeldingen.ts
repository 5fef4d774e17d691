import { type Kysely, sql } from "kysely";

// The certificate's sender name copied onto the notification (issue 13 goal 1, ADR 021), like the export
// country in 007: the notification lists' sender filter (ilike '%…%') is then a trigram index on the
// notification itself instead of a trigram bitmap on the certificates joined back to the notifications.
// Unlike the country, a sender name can change: a newer delivery of the same certificate rewrites its
// columns (ADR 017), and a trigger on the certificate carries the new name to its notifications.
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("importmelding").addColumn("avsender_navn", "text").execute();
  await sql`update importmelding m set avsender_navn = s.avsender_navn
    from sertifikat s where s.id = m.sertifikat_id`.execute(db);
  // One insert trigger (in place of 007's) fills both columns from the certificate, so no writer can forget
  // or get them wrong.
  await sql`drop trigger importmelding_eksportland on importmelding`.execute(db);
  await sql`drop function importmelding_eksportland()`.execute(db);
  await sql`create function importmelding_fra_sertifikat() returns trigger language plpgsql as $$
    begin
      select eksportland, avsender_navn into new.eksportland, new.avsender_navn
        from sertifikat where id = new.sertifikat_id;
      return new;
    end $$`.execute(db);
  await sql`create trigger importmelding_fra_sertifikat before insert or update of sertifikat_id on importmelding
    for each row execute function importmelding_fra_sertifikat()`.execute(db);
  await sql`create function sertifikat_avsender_til_importmelding() returns trigger language plpgsql as $$
    begin
      update importmelding set avsender_navn = new.avsender_navn where sertifikat_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger sertifikat_avsender_til_importmelding after update of avsender_navn on sertifikat
    for each row when (old.avsender_navn is distinct from new.avsender_navn)
    execute function sertifikat_avsender_til_importmelding()`.execute(db);
  await sql`create index importmelding_avsender_trgm_idx on importmelding
    using gin (avsender_navn gin_trgm_ops) where status <> 'SLETTET'`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("importmelding_avsender_trgm_idx").execute();
  await sql`drop trigger sertifikat_avsender_til_importmelding on sertifikat`.execute(db);
  await sql`drop function sertifikat_avsender_til_importmelding()`.execute(db);
  await sql`drop trigger importmelding_fra_sertifikat on importmelding`.execute(db);
  await sql`drop function importmelding_fra_sertifikat()`.execute(db);
  await sql`create function importmelding_eksportland() returns trigger language plpgsql as $$
    begin
      new.eksportland := (select eksportland from sertifikat where id = new.sertifikat_id);
      return new;
    end $$`.execute(db);
  await sql`create trigger importmelding_eksportland before insert or update of sertifikat_id on importmelding
    for each row execute function importmelding_eksportland()`.execute(db);
  await db.schema.alterTable("importmelding").dropColumn("avsender_navn").execute();
}
