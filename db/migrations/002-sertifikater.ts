import { type Kysely, sql } from "kysely";

// Certificates (ePhyto) as received, with their attachments and risk assessment (SPEC §3 Certificate).
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("sertifikat")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("nummer", "text", (c) => c.notNull())
    /** alpha-2 code of the export (sender) country */
    .addColumn("eksportland", "text", (c) => c.notNull())
    /** issue date as written on the certificate, YYYY-MM-DD */
    .addColumn("utstedt_dato", "date", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("status_kode", "text")
    .addColumn("avsender_navn", "text")
    .addColumn("mottaker_navn", "text")
    /** normalised consignee name (trimmed, single spaces, lower case) for exact-name matching */
    .addColumn("mottaker_navn_norm", "text")
    .addColumn("mottaker_orgnr", "text")
    .addColumn("meldepliktig_vurdering", "text", (c) => c.notNull())
    .addColumn("alvorlighetsgrad", "text", (c) => c.notNull())
    /** LagretSertifikat (the parsed certificate without attachment bytes) */
    .addColumn("data", "jsonb", (c) => c.notNull())
    /** SertifikatVurdering (risk per line and certificate) */
    .addColumn("vurdering", "jsonb", (c) => c.notNull())
    /** sha256 of the canonical parsed content: re-ingesting the same certificate changes nothing */
    .addColumn("innhold_hash", "text", (c) => c.notNull())
    .addColumn("erstatter_nummer", "text")
    .addColumn("erstattet_av_id", "bigint", (c) => c.references("sertifikat.id").onDelete("set null"))
    .addColumn("mottatt", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("status_sist_endret", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("sertifikat_land_nummer_unik", ["eksportland", "nummer"])
    .execute();
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
  await db.schema.createIndex("sertifikat_utstedt_idx").on("sertifikat").column("utstedt_dato").execute();
  await db.schema.createIndex("sertifikat_nummer_idx").on("sertifikat").column("nummer").execute();

  await db.schema
    .createTable("vedlegg")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("sertifikat_id", "bigint", (c) => c.notNull().references("sertifikat.id").onDelete("cascade"))
    .addColumn("rekkefoelge", "integer", (c) => c.notNull())
    .addColumn("filnavn", "text")
    .addColumn("mimetype", "text", (c) => c.notNull())
    .addColumn("identifikator", "text")
    .addColumn("informasjon", "text")
    .addColumn("stoerrelse", "integer", (c) => c.notNull())
    .addColumn("data", "bytea", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("vedlegg_sertifikat_idx").on("vedlegg").column("sertifikat_id").execute();

  // Access granted by a search with the exact keys (number, date, country): SPEC §1.
  await db.schema
    .createTable("sertifikat_tilgang")
    .addColumn("sertifikat_id", "bigint", (c) => c.notNull().references("sertifikat.id").onDelete("cascade"))
    .addColumn("importoer_id", "bigint", (c) => c.notNull().references("importoer.id").onDelete("cascade"))
    .addColumn("opprettet", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("sertifikat_tilgang_pk", ["importoer_id", "sertifikat_id"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("sertifikat_tilgang").execute();
  await db.schema.dropTable("vedlegg").execute();
  await db.schema.dropTable("sertifikat").execute();
}
