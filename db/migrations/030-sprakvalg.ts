import type { Kysely } from "kysely";
import { sql } from "kysely";

// The language a person has chosen (issue 33, docs/decisions/048-valg-av-sprak.md): bokmål, nynorsk or
// English, by national identity number, so the choice follows them to another device. The web app's own
// table beside its sessions (not the import API's person register): read once at login (into the language
// cookie), written when the person chooses, never read per request. `endret` lets the newer of this row and
// a choice made in the browser before login win.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("sprakvalg")
    .addColumn("pid", "text", (c) => c.primaryKey())
    .addColumn("sprak", "text", (c) => c.notNull().check(sql`sprak in ('nb', 'nn', 'en')`))
    .addColumn("endret", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("sprakvalg").execute();
}
