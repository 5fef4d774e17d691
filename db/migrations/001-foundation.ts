import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function up(db: Kysely<any>): Promise<void> {
  // Server-side sessions: the cookie carries only the random id.
  await db.schema
    .createTable("sesjon")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("data", "jsonb", (c) => c.notNull())
    .addColumn("opprettet", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("sist_aktiv", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("utloeper", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sesjon_utloeper_idx").on("sesjon").column("utloeper").execute();

  // Stand-in for the national authorisation service (Altinn) and the business register (Brreg):
  // persons, legal entities and which person may act for which entity.
  await db.schema
    .createTable("person")
    .addColumn("pid", "text", (c) => c.primaryKey())
    .addColumn("navn", "text", (c) => c.notNull())
    .addColumn("telefonnummer", "text")
    .execute();
  await db.schema
    .createTable("enhet")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("type", "text", (c) => c.notNull().check(sql`type in ('Bedrift', 'Foretak', 'Person')`))
    .addColumn("organisasjonsnummer", "text", (c) => c.unique())
    .addColumn("personnummer", "text")
    .addColumn("navn", "text", (c) => c.notNull())
    .addColumn("organisasjonsform", "text")
    .addColumn("hovedenhet", "text")
    .addColumn("adresse", "jsonb")
    .execute();
  await db.schema
    .createTable("delegering")
    .addColumn("pid", "text", (c) => c.notNull().references("person.pid").onDelete("cascade"))
    .addColumn("enhet_id", "integer", (c) => c.notNull().references("enhet.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("delegering_pk", ["pid", "enhet_id"])
    .execute();

  // The importer register (SPEC §3 Importer).
  await db.schema
    .createTable("importoer")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("organisasjonsnummer", "text", (c) => c.notNull().unique())
    .addColumn("navn", "text", (c) => c.notNull())
    .addColumn("hovedenhet_navn", "text")
    .addColumn("hovedenhet_organisasjonsnummer", "text")
    .addColumn("har_lest_regelverk", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("er_mottakskontrolloer", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("skal_ha_epost", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("opprettet", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable("importoer_epost")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("importoer_id", "bigint", (c) => c.notNull().references("importoer.id").onDelete("cascade"))
    .addColumn("epostadresse", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("importoer_epost_unik")
    .on("importoer_epost")
    .expression(sql`importoer_id, lower(epostadresse)`)
    .unique()
    .execute();
  // importoer_id has appointed mottakskontrolloer_id to do notification and physical control for it.
  await db.schema
    .createTable("mottakskontrolloer_avtale")
    .addColumn("importoer_id", "bigint", (c) => c.notNull().references("importoer.id").onDelete("cascade"))
    .addColumn("mottakskontrolloer_id", "bigint", (c) =>
      c.notNull().references("importoer.id").onDelete("cascade"),
    )
    .addPrimaryKeyConstraint("mottakskontrolloer_avtale_pk", ["importoer_id", "mottakskontrolloer_id"])
    .execute();
  await db.schema
    .createIndex("mottakskontrolloer_avtale_kontrolloer_idx")
    .on("mottakskontrolloer_avtale")
    .column("mottakskontrolloer_id")
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    "mottakskontrolloer_avtale",
    "importoer_epost",
    "importoer",
    "delegering",
    "enhet",
    "person",
    "sesjon",
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
