import type { Kysely } from "kysely";

// Indexes for GET .../oversikt (ADR 013): each home list looks up the importer's notifications per importer
// column and status; 003 has (ansvarlig_importoer_id, status), these add the creator and document control
// columns, with status_endret for the "assessed in the last 2 weeks" range.
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("importmelding_opprettet_av_status_idx")
    .on("importmelding")
    .columns(["opprettet_av_importoer_id", "status", "status_endret"])
    .execute();
  await db.schema
    .createIndex("importmelding_dokumentkontroll_status_idx")
    .on("importmelding")
    .columns(["ansvarlig_dokumentkontroll_id", "status", "status_endret"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("importmelding_dokumentkontroll_status_idx").execute();
  await db.schema.dropIndex("importmelding_opprettet_av_status_idx").execute();
}
