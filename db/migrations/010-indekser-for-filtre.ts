import { type Kysely, sql } from "kysely";

// Index-only reads for two list filters (issue 13 goal 1, ADR 021):
// - The certificate list's bounded count under a country and notification-requirement filter: the
//   (consignee, country, id) indexes of 007 get the requirement as a third key column, so the count reads
//   only matching index entries instead of walking the importer's certificates by date until enough match.
//   They replace 007's two indexes, which the country facets and the country filter use the same way through
//   their leading columns: one index more per certificate would slow every ingest.
// - The notification lists' sender filter: 009's (owner, sender name) indexes get the list order
//   (status_endret, id), so the notifications with the matching names are read from the index alone
//   (then sorted), without a heap read per notification.
const SERTIFIKAT = [
  ["orgnr", "mottaker_orgnr"],
  ["navn", "mottaker_navn_norm"],
] as const;
const EIERE = ["ansvarlig_importoer_id", "opprettet_av_importoer_id", "ansvarlig_dokumentkontroll_id"];

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const [navn, kolonne] of SERTIFIKAT) {
    await sql`create index ${sql.raw(`sertifikat_${navn}_land_krav_idx`)} on sertifikat
      (${sql.ref(kolonne)}, eksportland, meldepliktig_vurdering, id)`.execute(db);
    await db.schema.dropIndex(`sertifikat_${navn}_land_idx`).execute();
  }
  for (const k of EIERE) {
    await sql`create index ${sql.raw(`importmelding_${k}_avsender_endret_idx`)} on importmelding
      (${sql.ref(k)}, avsender_navn, status_endret desc, id desc) where status <> 'SLETTET'`.execute(db);
    await db.schema.dropIndex(`importmelding_${k}_avsender_idx`).execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const k of EIERE) {
    await sql`create index ${sql.raw(`importmelding_${k}_avsender_idx`)} on importmelding
      (${sql.ref(k)}, avsender_navn) where status <> 'SLETTET'`.execute(db);
    await db.schema.dropIndex(`importmelding_${k}_avsender_endret_idx`).execute();
  }
  for (const [navn, kolonne] of SERTIFIKAT) {
    await sql`create index ${sql.raw(`sertifikat_${navn}_land_idx`)} on sertifikat
      (${sql.ref(kolonne)}, eksportland, id)`.execute(db);
    await db.schema.dropIndex(`sertifikat_${navn}_land_krav_idx`).execute();
  }
}
