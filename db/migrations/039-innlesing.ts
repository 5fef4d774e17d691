import { type Kysely, sql } from "kysely";

// Certificate intake, CPU per certificate (issue 35 item 4, ADR 075).
//
// 1. The large values every certificate writes (the delivered XML, the parsed data as JSON, the attachments) are compressed with lz4 instead of
// PostgreSQL's default pglz when they go out of line (TOAST). pglz took about half of PostgreSQL's CPU for
// inserting a certificate's XML and data (0.65 against 0.32 ms per row, ADR 075); lz4 stores them about 9 %
// larger and reads them back faster. Only values written from now on: the stored ones stay pglz, and both read
// the same. A server built without lz4 (PGlite, the embedded database) keeps pglz: nothing else changes.
// 2. The importers a certificate names by name are found by index (api/epost/utboks.ts, kandidaterSql): the
//    name as the intake compares it (trimmed, single spaces, lower case) indexed on the importer's own name and
//    on the register's name of its organisation, so the lookup no longer reads every importer.

/** The name as the intake's pre-filter compares it; the same expression in the query and the indexes. */
export const NAVN_NORM = (kolonne: string) => `lower(regexp_replace(btrim(${kolonne}), '\\s+', ' ', 'g'))`;

const KOLONNER = [
  ["sertifikat_xml", "xml"],
  ["sertifikat", "data"],
  ["vedlegg", "data"],
] as const;

/** `alter … set compression` for each column, or nothing where the server lacks the method (0A000). */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
async function settKomprimering(db: Kysely<any>, metode: "lz4" | "pglz"): Promise<void> {
  const setninger = KOLONNER.map(
    ([tabell, kolonne]) => `alter table ${tabell} alter column ${kolonne} set compression ${metode};`,
  ).join(" ");
  await sql`do $$ begin ${sql.raw(setninger)} exception when feature_not_supported then null; end $$`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see settKomprimering()
export async function up(db: Kysely<any>): Promise<void> {
  await settKomprimering(db, "lz4");
  await sql`create index importoer_navn_norm_idx on importoer (${sql.raw(NAVN_NORM("navn"))})`.execute(db);
  await sql`create index enhet_navn_norm_idx on enhet (${sql.raw(NAVN_NORM("navn"))})`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see settKomprimering()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists enhet_navn_norm_idx`.execute(db);
  await sql`drop index if exists importoer_navn_norm_idx`.execute(db);
  await settKomprimering(db, "pglz");
}
