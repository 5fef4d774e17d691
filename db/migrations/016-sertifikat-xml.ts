import type { Kysely } from "kysely";

// The ePhyto XML exactly as the Hub delivered it (issue 24 §3, docs/decisions/038-dokumentasjonspakke.md):
// until now only the parsed certificate was stored, so the evidence pack could not give the importer the
// document the Hub sent. One row per certificate, the bytes of the delivery whose content is stored (a new or
// changed delivery replaces it; an unchanged re-delivery leaves it), with its SHA-256 and when it came. In a
// table of its own, so the many reads of `sertifikat` never carry the bytes. Certificates stored before this
// migration have no row: the pack says so.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("sertifikat_xml")
    .addColumn("sertifikat_id", "integer", (c) =>
      c.primaryKey().references("sertifikat.id").onDelete("cascade"),
    )
    .addColumn("xml", "bytea", (c) => c.notNull())
    .addColumn("sha256", "text", (c) => c.notNull())
    .addColumn("mottatt", "timestamptz", (c) => c.notNull().defaultTo(db.fn("now")))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("sertifikat_xml").execute();
}
