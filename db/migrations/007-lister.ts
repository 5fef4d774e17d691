import { type Kysely, sql } from "kysely";

// Index-driven lists at any size (issue 13, ADR 021). Each list walks one index in its display order per
// owner column and stops after the page (or the bounded count), instead of collecting every row the
// importer owns and sorting them:
// - notifications by owner column and status_endret (the archive and the home lists);
// - certificates by consignee organisation number or normalised name and issue date (the certificate list);
// - the export country copied onto the notification (a certificate's country never changes), so the
//   notification list's country filter and facets count notifications through an index;
// - trigram indexes (pg_trgm) for the free-text filters, which search anywhere in the text (ilike '%…%'),
//   so a number that matches one row in 100,000 is found without reading the other 99,999.
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  await db.schema.alterTable("importmelding").addColumn("eksportland", "text").execute();
  await sql`update importmelding m set eksportland = s.eksportland from sertifikat s where s.id = m.sertifikat_id`.execute(
    db,
  );
  await sql`alter table importmelding alter column eksportland set not null`.execute(db);
  // Filled from the certificate on insert, so no writer can forget it or get it wrong.
  await sql`create function importmelding_eksportland() returns trigger language plpgsql as $$
    begin
      new.eksportland := (select eksportland from sertifikat where id = new.sertifikat_id);
      return new;
    end $$`.execute(db);
  await sql`create trigger importmelding_eksportland before insert or update of sertifikat_id on importmelding
    for each row execute function importmelding_eksportland()`.execute(db);

  // Partial (deleted drafts are in no list), so the walks and counts can read the index alone.
  for (const kolonne of [
    "ansvarlig_importoer_id",
    "opprettet_av_importoer_id",
    "ansvarlig_dokumentkontroll_id",
  ]) {
    await sql`create index ${sql.raw(`importmelding_${kolonne}_endret_idx`)} on importmelding
      (${sql.ref(kolonne)}, status_endret desc, id desc) where status <> 'SLETTET'`.execute(db);
    await sql`create index ${sql.raw(`importmelding_${kolonne}_land_idx`)} on importmelding
      (${sql.ref(kolonne)}, eksportland, id) where status <> 'SLETTET'`.execute(db);
  }
  // from a certificate found by its sender name to its notifications (the notification list's sender filter)
  await sql`create index importmelding_sertifikat_idx on importmelding (sertifikat_id)`.execute(db);
  await sql`create index importmelding_nummer_trgm_idx on importmelding using gin (nummer gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index importmelding_referanse_trgm_idx on importmelding using gin (egen_referanse gin_trgm_ops)`.execute(
    db,
  );

  await sql`create index sertifikat_orgnr_utstedt_idx on sertifikat (mottaker_orgnr, utstedt_dato desc, id desc)`.execute(
    db,
  );
  await sql`create index sertifikat_navn_utstedt_idx on sertifikat (mottaker_navn_norm, utstedt_dato desc, id desc)`.execute(
    db,
  );
  await sql`create index sertifikat_orgnr_land_idx on sertifikat (mottaker_orgnr, eksportland, id)`.execute(
    db,
  );
  await sql`create index sertifikat_navn_land_idx on sertifikat (mottaker_navn_norm, eksportland, id)`.execute(
    db,
  );
  await sql`create index sertifikat_nummer_trgm_idx on sertifikat using gin (nummer gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index sertifikat_avsender_trgm_idx on sertifikat using gin (avsender_navn gin_trgm_ops)`.execute(
    db,
  );
  // Superseded by the (column, order) indexes above.
  await db.schema.dropIndex("sertifikat_mottaker_orgnr_idx").execute();
  await db.schema.dropIndex("sertifikat_mottaker_navn_idx").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("sertifikat_mottaker_orgnr_idx")
    .on("sertifikat")
    .column("mottaker_orgnr")
    .execute();
  await db.schema
    .createIndex("sertifikat_mottaker_navn_idx")
    .on("sertifikat")
    .column("mottaker_navn_norm")
    .execute();
  for (const i of [
    "sertifikat_avsender_trgm_idx",
    "sertifikat_nummer_trgm_idx",
    "sertifikat_navn_land_idx",
    "sertifikat_orgnr_land_idx",
    "sertifikat_navn_utstedt_idx",
    "sertifikat_orgnr_utstedt_idx",
    "importmelding_referanse_trgm_idx",
    "importmelding_sertifikat_idx",
    "importmelding_nummer_trgm_idx",
  ]) {
    await db.schema.dropIndex(i).execute();
  }
  for (const kolonne of [
    "ansvarlig_importoer_id",
    "opprettet_av_importoer_id",
    "ansvarlig_dokumentkontroll_id",
  ]) {
    await db.schema.dropIndex(`importmelding_${kolonne}_land_idx`).execute();
    await db.schema.dropIndex(`importmelding_${kolonne}_endret_idx`).execute();
  }
  await sql`drop trigger importmelding_eksportland on importmelding`.execute(db);
  await sql`drop function importmelding_eksportland()`.execute(db);
  await db.schema.alterTable("importmelding").dropColumn("eksportland").execute();
}
