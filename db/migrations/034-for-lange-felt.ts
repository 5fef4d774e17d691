import type { Kysely } from "kysely";

// Oversized free text (issue 34 item 5, domain/fritekst.ts): intake records which of a certificate's fields were
// longer than pages and documents show (a JSON array of field paths; null when none). The full text is in
// sertifikat_xml.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sertifikat").addColumn("for_lange_felt", "jsonb").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sertifikat").dropColumn("for_lange_felt").execute();
}
