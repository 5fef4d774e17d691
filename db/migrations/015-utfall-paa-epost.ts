import { type Kysely, sql } from "kysely";

// The authority's outcome pushed by e-mail (issue 24 §2, docs/decisions/034-utfall-paa-epost.md): the
// importer's preference "Varsle meg om vurderinger" (on by default), and the outbox of the certificate alerts
// (migration 005) widened to a second kind of row: UTFALL, one per assessment event of a notification
// (FRIGITT, AVVIST, DELVIS_AVVIST, AUTOMATISK_FRIGITT), written in the assessment's transaction. The rows of
// both kinds go through the same sender, retries, grouping window and e-mail banner.
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("importoer")
    .addColumn("varsle_vurderinger", "boolean", (c) => c.notNull().defaultTo(true))
    .execute();

  await db.schema
    .alterTable("epost_varsel")
    .addColumn("type", "text", (c) =>
      c.notNull().defaultTo("SERTIFIKAT").check(sql`type in ('SERTIFIKAT', 'UTFALL')`),
    )
    .addColumn("importmelding_id", "bigint", (c) => c.references("importmelding.id").onDelete("cascade"))
    /** the assessment's event in the notification's history: one e-mail per event */
    .addColumn("hendelse_id", "bigint", (c) => c.references("importmelding_hendelse.id").onDelete("cascade"))
    /** the status the notification got (FRIGITT, AVVIST, DELVIS_AVVIST, AUTOMATISK_FRIGITT) */
    .addColumn("utfall", "text")
    .execute();
  await sql`alter table epost_varsel add constraint epost_varsel_utfall_felt check (
    type = 'SERTIFIKAT' or (importmelding_id is not null and hendelse_id is not null and utfall is not null))`.execute(
    db,
  );
  // One certificate alert per (importer, certificate) as before; one outcome e-mail per (importer, event).
  await sql`alter table epost_varsel drop constraint epost_varsel_unik`.execute(db);
  await sql`create unique index epost_varsel_unik on epost_varsel (importoer_id, sertifikat_id)
    where type = 'SERTIFIKAT'`.execute(db);
  await sql`create unique index epost_varsel_utfall_unik on epost_varsel (importoer_id, hendelse_id)
    where type = 'UTFALL'`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from epost_varsel where type = 'UTFALL'`.execute(db);
  await sql`drop index epost_varsel_utfall_unik`.execute(db);
  await sql`drop index epost_varsel_unik`.execute(db);
  await sql`alter table epost_varsel drop constraint epost_varsel_utfall_felt`.execute(db);
  await db.schema
    .alterTable("epost_varsel")
    .dropColumn("type")
    .dropColumn("importmelding_id")
    .dropColumn("hendelse_id")
    .dropColumn("utfall")
    .execute();
  await sql`alter table epost_varsel add constraint epost_varsel_unik unique (importoer_id, sertifikat_id)`.execute(
    db,
  );
  await db.schema.alterTable("importoer").dropColumn("varsle_vurderinger").execute();
}
