import type { Kysely } from "kysely";

// The rate limits' counters (issue 22, docs/decisions/026-grenser.md): one row per limit and key (a person,
// an organisation, an IP address), written by rate-limiter-flexible's PostgreSQL store (db/grense.ts) so
// that several web and api processes on one server count together. The columns are the store's own
// (key, points, expire in epoch ms); the store is told the table exists and does not create it. On PGlite
// (one process) the counters live in memory and the table stays empty.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("grense_teller")
    .addColumn("key", "varchar(255)", (c) => c.primaryKey())
    .addColumn("points", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expire", "bigint")
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("grense_teller").execute();
}
