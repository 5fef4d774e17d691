import { type Kysely, sql } from "kysely";

// Machine access (issue 25 §2, docs/decisions/035-maskintilgang.md): which of an importer's systems (clients
// at the Maskinporten-like token issuer, by client_id) may act for it, with which scopes ("read", "write"),
// added by whom and when. Granted and revoked on the settings side "Integrasjoner"; the import API reads the
// row on every request with a machine token (unique index on importer and client), so a revocation holds at
// once. `lagt_til_av` is the person's name as shown then (never a national identity number).

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("systemtilgang")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("importoer_id", "bigint", (c) => c.notNull().references("importoer.id").onDelete("cascade"))
    .addColumn("klient_id", "text", (c) => c.notNull())
    .addColumn("klient_navn", "text", (c) => c.notNull())
    .addColumn("scopes", sql`text[]`, (c) =>
      c.notNull().check(sql`cardinality(scopes) > 0 and scopes <@ array['read', 'write']::text[]`),
    )
    .addColumn("lagt_til_av", "text")
    .addColumn("lagt_til", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("systemtilgang_importoer_klient_uq", ["importoer_id", "klient_id"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("systemtilgang").execute();
}
