import type { Kysely } from "kysely";
import { sql } from "kysely";

// «Språk i e-postvarsel» (issue 33 item 2, docs/decisions/055-epost-paa-importoerens-sprak.md): the language
// of the importer's alert and outcome e-mails, bokmål, nynorsk or English. Empty until a person chooses it
// under Varslinger or turns an alert on (then it is that person's language); empty reads as bokmål, so the
// importers whose alerts were on before this column keep getting bokmål.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("importoer")
    .addColumn("epost_sprak", "text", (c) => c.check(sql`epost_sprak in ('nb', 'nn', 'en')`))
    .execute();
  // The development mail catcher keeps each message's Content-Language, so a test can see the header.
  await db.schema.alterTable("epost_fanget").addColumn("sprak", "text").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("epost_fanget").dropColumn("sprak").execute();
  await db.schema.alterTable("importoer").dropColumn("epost_sprak").execute();
}
