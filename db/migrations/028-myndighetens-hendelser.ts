import { type Kysely, sql } from "kysely";

// The authority's event feed (issue 32 item 2, docs/decisions/045-myndighetens-api.md) on the importers' event
// mechanism (ADR 036), not a second one: an event belongs to a stream (`stroem`), `importoer:<id>` for each
// importer as before and `myndighet` for the authority's case system, each numbered gap-free and in commit order
// through its own counter row. The authority's events name no importer stream (importoer_id is null) and so get
// no webhook deliveries.
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table hendelse_teller add column stroem text`.execute(db);
  await sql`update hendelse_teller set stroem = 'importoer:' || importoer_id`.execute(db);
  await sql`alter table hendelse_teller alter column stroem set not null`.execute(db);
  await sql`alter table hendelse_teller drop constraint hendelse_teller_pkey`.execute(db);
  await sql`alter table hendelse_teller add constraint hendelse_teller_pkey primary key (stroem)`.execute(db);
  await sql`alter table hendelse_teller alter column importoer_id drop not null`.execute(db);

  await sql`alter table hendelse add column stroem text`.execute(db);
  await sql`update hendelse set stroem = 'importoer:' || importoer_id`.execute(db);
  await sql`alter table hendelse alter column stroem set not null`.execute(db);
  await sql`alter table hendelse drop constraint hendelse_nummer_unik`.execute(db);
  await sql`alter table hendelse add constraint hendelse_nummer_unik unique (stroem, nummer)`.execute(db);
  await sql`alter table hendelse alter column importoer_id drop not null`.execute(db);
  await sql`alter table hendelse add constraint hendelse_stroem_importoer
    check ((stroem = 'myndighet') = (importoer_id is null))`.execute(db);
  await sql`alter table hendelse drop constraint hendelse_type_check`.execute(db);
  await sql`alter table hendelse add constraint hendelse_type_check check (type in (
    'sertifikat.mottatt', 'importmelding.status_endret', 'importmelding.vurdert',
    'importmelding.sendt_inn', 'importmelding.ankomst_endret', 'importmelding.ankommet',
    'importmelding.trukket_tilbake'))`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from hendelse where stroem = 'myndighet'`.execute(db);
  await sql`delete from hendelse_teller where stroem = 'myndighet'`.execute(db);
  await sql`alter table hendelse drop constraint hendelse_type_check`.execute(db);
  await sql`alter table hendelse add constraint hendelse_type_check
    check (type in ('sertifikat.mottatt', 'importmelding.status_endret', 'importmelding.vurdert'))`.execute(
    db,
  );
  await sql`alter table hendelse drop constraint hendelse_stroem_importoer`.execute(db);
  await sql`alter table hendelse alter column importoer_id set not null`.execute(db);
  await sql`alter table hendelse drop constraint hendelse_nummer_unik`.execute(db);
  await sql`alter table hendelse add constraint hendelse_nummer_unik unique (importoer_id, nummer)`.execute(
    db,
  );
  await sql`alter table hendelse drop column stroem`.execute(db);
  await sql`alter table hendelse_teller alter column importoer_id set not null`.execute(db);
  await sql`alter table hendelse_teller drop constraint hendelse_teller_pkey`.execute(db);
  await sql`alter table hendelse_teller add constraint hendelse_teller_pkey primary key (importoer_id)`.execute(
    db,
  );
  await sql`alter table hendelse_teller drop column stroem`.execute(db);
}
