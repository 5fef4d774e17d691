import { type Kysely, sql } from "kysely";

// The notification lists' sender filter by the importer's own sender names (issue 13 goal 1, ADR 021): a
// trigram index over every importer's notifications read whole the posting lists of trigrams most names
// share, so the filter grew with the table. Per owner column an (owner, sender name) btree instead: a loose
// index scan lists one importer's distinct sender names (one probe each), the few that match are compared
// in memory, and the notifications are fetched by equality on those names.
const KOLONNER = ["ansvarlig_importoer_id", "opprettet_av_importoer_id", "ansvarlig_dokumentkontroll_id"];

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const k of KOLONNER) {
    await sql`create index ${sql.raw(`importmelding_${k}_avsender_idx`)} on importmelding
      (${sql.ref(k)}, avsender_navn) where status <> 'SLETTET'`.execute(db);
  }
  await db.schema.dropIndex("importmelding_avsender_trgm_idx").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index importmelding_avsender_trgm_idx on importmelding
    using gin (avsender_navn gin_trgm_ops) where status <> 'SLETTET'`.execute(db);
  for (const k of KOLONNER) await db.schema.dropIndex(`importmelding_${k}_avsender_idx`).execute();
}
