import { type Kysely, sql } from "kysely";

// Home flat at 100,000 (issue 35 item 1, ADR 063). Two of home's lists read more the more the importer had:
// - New certificates (issued in the last 14 days, not replaced, without a live notification) walked every
//   certificate of the window and looked each up among the notifications; the planner chose a hash anti join
//   over the whole notification table instead (61,000 rows at 10k). Whether a certificate has a live
//   notification is kept on the certificate (har_aktiv_melding) by a trigger on importmelding, exact whichever
//   code path writes, and partial (consignee, issue date, id) indexes over the certificates without one let
//   the list walk the first few in order and stop.
// - A home list of one status (drafts, arrived, assessed) walked the (owner column, status_endret) index and
//   filtered on status, reading past the importer's other statuses (12 % of them for an importer with much
//   open work), or read all of one status and sorted it. One (owner column, status, status_endret, id) index
//   per owner column lets each status be walked in display order (tilgang.ts, eideMeldinger); they replace
//   the (owner column, status[, status_endret]) indexes of migrations 003 and 006.

const EIERE = ["ansvarlig_importoer_id", "opprettet_av_importoer_id", "ansvarlig_dokumentkontroll_id"];

/**
 * Sets har_aktiv_melding from the notifications where it is wrong (the migration's backfill; also for a bulk
 * load with the trigger off, dev/skala.ts). Touches only the rows that differ.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function fyllAktivMelding(db: Kysely<any>): Promise<void> {
  await sql`update sertifikat s set har_aktiv_melding = not s.har_aktiv_melding
    where s.har_aktiv_melding <> exists (select 1 from importmelding m where m.sertifikat_id = s.id
      and m.status not in ('SLETTET', 'TILBAKETRUKKET'))`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see fyllAktivMelding()
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table sertifikat add column har_aktiv_melding boolean not null default false`.execute(db);
  // One live notification per certificate at most (migration 003's unique index), so the certificates of the
  // changed row are looked up again by that index: exact whatever order the changes come in.
  await sql`create function sertifikat_har_aktiv_melding() returns trigger language plpgsql as $$
    declare
      ider bigint[] := array[]::bigint[];
    begin
      if tg_op <> 'INSERT' then ider := ider || old.sertifikat_id; end if;
      if tg_op <> 'DELETE' then ider := ider || new.sertifikat_id; end if;
      update sertifikat s set har_aktiv_melding = x.aktiv
      from (select i.id, exists (select 1 from importmelding m where m.sertifikat_id = i.id
              and m.status not in ('SLETTET', 'TILBAKETRUKKET')) as aktiv
            from (select distinct unnest(ider) as id) i) x
      where s.id = x.id and s.har_aktiv_melding <> x.aktiv;
      return null;
    end $$`.execute(db);
  await sql`create trigger sertifikat_har_aktiv_melding after insert or delete on importmelding
    for each row execute function sertifikat_har_aktiv_melding()`.execute(db);
  await sql`create trigger sertifikat_har_aktiv_melding_endret after update of status, sertifikat_id on importmelding
    for each row
    when (old.sertifikat_id is distinct from new.sertifikat_id
      or (old.status in ('SLETTET', 'TILBAKETRUKKET')) <> (new.status in ('SLETTET', 'TILBAKETRUKKET')))
    execute function sertifikat_har_aktiv_melding()`.execute(db);
  await fyllAktivMelding(db);
  for (const kolonne of ["mottaker_orgnr", "mottaker_navn_norm"]) {
    await sql`create index ${sql.raw(`sertifikat_${kolonne === "mottaker_orgnr" ? "orgnr" : "navn"}_nye_idx`)}
      on sertifikat (${sql.ref(kolonne)}, utstedt_dato desc, id desc)
      where erstattet_av_id is null and not har_aktiv_melding`.execute(db);
  }

  for (const kolonne of EIERE) {
    await sql`create index ${sql.raw(`importmelding_${kolonne}_status_endret_idx`)} on importmelding
      (${sql.ref(kolonne)}, status, status_endret desc, id desc)`.execute(db);
  }
  await sql`drop index importmelding_importoer_status_idx`.execute(db);
  await sql`drop index importmelding_opprettet_av_status_idx`.execute(db);
  await sql`drop index importmelding_dokumentkontroll_status_idx`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index importmelding_importoer_status_idx on importmelding (ansvarlig_importoer_id, status)`.execute(
    db,
  );
  await sql`create index importmelding_opprettet_av_status_idx on importmelding
    (opprettet_av_importoer_id, status, status_endret)`.execute(db);
  await sql`create index importmelding_dokumentkontroll_status_idx on importmelding
    (ansvarlig_dokumentkontroll_id, status, status_endret)`.execute(db);
  for (const kolonne of EIERE) {
    await sql`drop index ${sql.raw(`importmelding_${kolonne}_status_endret_idx`)}`.execute(db);
  }
  await sql`drop index sertifikat_orgnr_nye_idx`.execute(db);
  await sql`drop index sertifikat_navn_nye_idx`.execute(db);
  await sql`drop trigger sertifikat_har_aktiv_melding_endret on importmelding`.execute(db);
  await sql`drop trigger sertifikat_har_aktiv_melding on importmelding`.execute(db);
  await sql`drop function sertifikat_har_aktiv_melding()`.execute(db);
  await sql`alter table sertifikat drop column har_aktiv_melding`.execute(db);
}
