import { type Kysely, sql } from "kysely";

// Write access implies read (issue 36 item 1, docs/decisions/057-skrivetilgang-gir-lesetilgang.md): a system
// that may create and submit notifications but not read them failed on its first GET. The rows granted before
// with write alone get read too, and a check keeps any such row out from now on (the API and the form already
// store read with write; this holds for anything else that writes the table).

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable("systemtilgang")
    .set({ scopes: sql`array['read', 'write']::text[]` })
    .where(sql<boolean>`'write' = any(scopes) and not 'read' = any(scopes)`)
    .execute();
  await db.schema
    .alterTable("systemtilgang")
    .addCheckConstraint(
      "systemtilgang_endre_krever_lese",
      sql`not 'write' = any(scopes) or 'read' = any(scopes)`,
    )
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  // The rows that got read stay with it: which of them had write alone is not kept, and read is what they needed.
  await db.schema.alterTable("systemtilgang").dropConstraint("systemtilgang_endre_krever_lese").execute();
}
