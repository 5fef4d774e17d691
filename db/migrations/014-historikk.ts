import { type Kysely, sql } from "kysely";

// The history of every notification (issue 24 §1, docs/decisions/033-historikk.md) on the audit table that
// held only status changes: the kind of event (type), who did it as the history shows it (a snapshot of the
// actor: kind, name, organisation; never a national identity number), and the event's details (which fields
// changed from what to what, the deviations reported, the certificate). Non-status events have no
// til_status. Older rows get their actor from the audit string `utfoert_av`: a person by the name in the
// authorisation register and the importer named in it, the authority, or the service itself.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("importmelding_hendelse")
    .addColumn("type", "text", (c) =>
      c.notNull().defaultTo("STATUS").check(sql`type in ('OPPRETTET', 'STATUS', 'ENDRET', 'SERTIFIKAT')`),
    )
    .addColumn("aktoer_type", "text", (c) =>
      c.check(sql`aktoer_type in ('PERSON', 'MASKIN', 'MYNDIGHET', 'HUB', 'SYSTEM')`),
    )
    .addColumn("aktoer_navn", "text")
    .addColumn("aktoer_virksomhet", "text")
    .addColumn("aktoer_orgnr", "text")
    .addColumn("detaljer", "jsonb")
    .execute();
  await db.schema
    .alterTable("importmelding_hendelse")
    .alterColumn("til_status", (c) => c.dropNotNull())
    .execute();

  await sql`update importmelding_hendelse set type = 'OPPRETTET' where fra_status is null`.execute(db);
  // The consignee's take-over (ADR 027) was written with the causing person's audit string: it is the service's.
  await sql`update importmelding_hendelse set aktoer_type = 'SYSTEM' where merknad like '%(ADR 027)'`.execute(
    db,
  );
  await sql`update importmelding_hendelse h
    set aktoer_type = 'PERSON',
      aktoer_navn = (select p.navn from person p where p.pid = substring(h.utfoert_av from 'person:([0-9]+)$')),
      aktoer_virksomhet = i.navn,
      aktoer_orgnr = i.organisasjonsnummer
    from importoer i
    where h.aktoer_type is null
      and h.utfoert_av ~ '^importoer:[0-9]+ person:[0-9]+$'
      and i.id = substring(h.utfoert_av from '^importoer:([0-9]+)')::bigint`.execute(db);
  await sql`update importmelding_hendelse set aktoer_type = 'MYNDIGHET'
    where aktoer_type is null and utfoert_av like 'myndighet%'`.execute(db);
  await sql`update importmelding_hendelse set aktoer_type = 'SYSTEM' where aktoer_type is null`.execute(db);
  await db.schema
    .alterTable("importmelding_hendelse")
    .alterColumn("aktoer_type", (c) => c.setNotNull())
    .execute();

  // The history pages by (notification, id) newest first.
  await db.schema
    .createIndex("importmelding_hendelse_melding_idx")
    .on("importmelding_hendelse")
    .columns(["importmelding_id", "id"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("importmelding_hendelse_melding_idx").execute();
  await sql`delete from importmelding_hendelse where til_status is null`.execute(db);
  await db.schema
    .alterTable("importmelding_hendelse")
    .alterColumn("til_status", (c) => c.setNotNull())
    .execute();
  await db.schema
    .alterTable("importmelding_hendelse")
    .dropColumn("type")
    .dropColumn("aktoer_type")
    .dropColumn("aktoer_navn")
    .dropColumn("aktoer_virksomhet")
    .dropColumn("aktoer_orgnr")
    .dropColumn("detaljer")
    .execute();
}
