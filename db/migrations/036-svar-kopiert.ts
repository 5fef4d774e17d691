import type { Kysely } from "kysely";
import { sql } from "kysely";

// «Bruk svarene fra IM-…» (issue 36 item 14, docs/decisions/061-bruk-svarene-fra-forrige.md): the history
// gets an event type of its own for answers copied from an earlier notification, so it reads as a milestone of
// its own, not as one more «endret». Only the check of migration 014 changes.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table importmelding_hendelse drop constraint if exists importmelding_hendelse_type_check`.execute(
    db,
  );
  await sql`alter table importmelding_hendelse add constraint importmelding_hendelse_type_check
    check (type in ('OPPRETTET', 'STATUS', 'ENDRET', 'SERTIFIKAT', 'SVAR_KOPIERT'))`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from importmelding_hendelse where type = 'SVAR_KOPIERT'`.execute(db);
  await sql`alter table importmelding_hendelse drop constraint if exists importmelding_hendelse_type_check`.execute(
    db,
  );
  await sql`alter table importmelding_hendelse add constraint importmelding_hendelse_type_check
    check (type in ('OPPRETTET', 'STATUS', 'ENDRET', 'SERTIFIKAT'))`.execute(db);
}
