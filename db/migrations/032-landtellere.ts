import { type Kysely, sql } from "kysely";

// Exact counts per export country that cost the same at 1,000 and 100,000 rows (issue 35 item 1, ADR 051).
// The country facets counted each country's rows up to 1,001 on every list page: countries × 1,001 index
// entries (and, between autovacuums, as many heap pages) at 100k. Counter rows are kept instead, by triggers
// in the transaction that writes the row, so they are exact whichever code path writes:
// - certificates by what decides who sees them (consignee organisation number and normalised name, ADR 010)
//   and by country and notification requirement. Keyed by the certificate's own columns, not by importer: an
//   importer registered later, or whose business-register name changes, finds its counts by the same rule
//   the list uses, with nothing to recount. A certificate is in exactly one row, so summing the rows of an
//   importer's number and name counts a certificate named both ways once.
// - notifications by their three owner columns (0 for no document-control importer), country and status. The
//   country is set by a BEFORE trigger when sertifikat_id changes (migration 007), which `update of` does not
//   see: so the update trigger also listens to sertifikat_id.
// The triggers are deferred to commit: a busy importer's counter row is locked only while the transaction
// commits, not through the rest of a certificate's ingest. Rows are never deleted (0 is a count too).

/**
 * The counter rows computed from the tables (the migration's backfill). Also for a bulk load that has the
 * triggers off (dev/skala.ts): a deferred row trigger updates a key once per row at commit, and 100,000 updates
 * of one row in one transaction each walk the row's versions so far.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function fyllLandtellere(db: Kysely<any>): Promise<void> {
  await sql`delete from sertifikat_antall`.execute(db);
  await sql`insert into sertifikat_antall
    select coalesce(mottaker_orgnr, ''), coalesce(mottaker_navn_norm, ''), eksportland, meldepliktig_vurdering,
      count(*)::int
    from sertifikat group by 1, 2, 3, 4`.execute(db);
  await sql`delete from importmelding_antall`.execute(db);
  await sql`insert into importmelding_antall
    select ansvarlig_importoer_id, opprettet_av_importoer_id, coalesce(ansvarlig_dokumentkontroll_id, 0),
      eksportland, status, count(*)::int
    from importmelding group by 1, 2, 3, 4, 5`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see fyllLandtellere()
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table sertifikat_antall (
    mottaker_orgnr text not null,
    mottaker_navn_norm text not null,
    eksportland text not null,
    meldepliktig_vurdering text not null,
    antall integer not null,
    primary key (mottaker_orgnr, mottaker_navn_norm, eksportland, meldepliktig_vurdering))`.execute(db);
  // by name (the primary key leads with the number)
  await sql`create index sertifikat_antall_navn_idx on sertifikat_antall (mottaker_navn_norm)`.execute(db);
  // The trigger adds -1 to the old key and +1 to the new, the lower key first, so two transactions moving
  // certificates between the same two keys lock them in the same order. plpgsql keeps the upsert's plan.
  await sql`create function sertifikat_antall() returns trigger language plpgsql as $$
    declare
      n integer := case when tg_op = 'UPDATE' then 2 else 1 end;
      noekler text[][] := array[]::text[][];
      d integer[] := array[]::integer[];
      gammel text[];
      ny text[];
    begin
      if tg_op <> 'INSERT' then
        gammel := array[coalesce(old.mottaker_orgnr, ''), coalesce(old.mottaker_navn_norm, ''), old.eksportland,
          old.meldepliktig_vurdering];
      end if;
      if tg_op <> 'DELETE' then
        ny := array[coalesce(new.mottaker_orgnr, ''), coalesce(new.mottaker_navn_norm, ''), new.eksportland,
          new.meldepliktig_vurdering];
      end if;
      if gammel is not null and (ny is null or gammel < ny) then
        noekler := array[gammel] || case when ny is null then array[]::text[][] else array[ny] end;
        d := array[-1] || case when ny is null then array[]::integer[] else array[1] end;
      elsif gammel is not null then
        noekler := array[ny, gammel];
        d := array[1, -1];
      else
        noekler := array[ny];
        d := array[1];
      end if;
      for i in 1 .. n loop
        insert into sertifikat_antall values (noekler[i][1], noekler[i][2], noekler[i][3], noekler[i][4], d[i])
        on conflict (mottaker_orgnr, mottaker_navn_norm, eksportland, meldepliktig_vurdering)
        do update set antall = sertifikat_antall.antall + excluded.antall;
      end loop;
      return null;
    end $$`.execute(db);
  await sql`create constraint trigger sertifikat_antall after insert or delete on sertifikat
    deferrable initially deferred for each row execute function sertifikat_antall()`.execute(db);
  await sql`create constraint trigger sertifikat_antall_endret
    after update of mottaker_orgnr, mottaker_navn_norm, eksportland, meldepliktig_vurdering on sertifikat
    deferrable initially deferred for each row
    when (old.mottaker_orgnr is distinct from new.mottaker_orgnr
      or old.mottaker_navn_norm is distinct from new.mottaker_navn_norm
      or old.eksportland is distinct from new.eksportland
      or old.meldepliktig_vurdering is distinct from new.meldepliktig_vurdering)
    execute function sertifikat_antall()`.execute(db);

  await sql`create table importmelding_antall (
    ansvarlig_importoer_id integer not null,
    opprettet_av_importoer_id integer not null,
    ansvarlig_dokumentkontroll_id integer not null,
    eksportland text not null,
    status text not null,
    antall integer not null,
    primary key (ansvarlig_importoer_id, opprettet_av_importoer_id, ansvarlig_dokumentkontroll_id, eksportland,
      status))`.execute(db);
  await sql`create index importmelding_antall_opprettet_idx on importmelding_antall (opprettet_av_importoer_id)`.execute(
    db,
  );
  await sql`create index importmelding_antall_dokumentkontroll_idx on importmelding_antall
    (ansvarlig_dokumentkontroll_id)`.execute(db);
  await sql`create function importmelding_antall() returns trigger language plpgsql as $$
    declare
      n integer := case when tg_op = 'UPDATE' then 2 else 1 end;
      noekler text[][] := array[]::text[][];
      d integer[] := array[]::integer[];
      gammel text[];
      ny text[];
    begin
      if tg_op <> 'INSERT' then
        gammel := array[old.ansvarlig_importoer_id::text, old.opprettet_av_importoer_id::text,
          coalesce(old.ansvarlig_dokumentkontroll_id, 0)::text, old.eksportland, old.status];
      end if;
      if tg_op <> 'DELETE' then
        ny := array[new.ansvarlig_importoer_id::text, new.opprettet_av_importoer_id::text,
          coalesce(new.ansvarlig_dokumentkontroll_id, 0)::text, new.eksportland, new.status];
      end if;
      if gammel is not null and (ny is null or gammel < ny) then
        noekler := array[gammel] || case when ny is null then array[]::text[][] else array[ny] end;
        d := array[-1] || case when ny is null then array[]::integer[] else array[1] end;
      elsif gammel is not null then
        noekler := array[ny, gammel];
        d := array[1, -1];
      else
        noekler := array[ny];
        d := array[1];
      end if;
      for i in 1 .. n loop
        insert into importmelding_antall values (noekler[i][1]::integer, noekler[i][2]::integer,
          noekler[i][3]::integer, noekler[i][4], noekler[i][5], d[i])
        on conflict (ansvarlig_importoer_id, opprettet_av_importoer_id, ansvarlig_dokumentkontroll_id, eksportland,
          status)
        do update set antall = importmelding_antall.antall + excluded.antall;
      end loop;
      return null;
    end $$`.execute(db);
  await sql`create constraint trigger importmelding_antall after insert or delete on importmelding
    deferrable initially deferred for each row execute function importmelding_antall()`.execute(db);
  await sql`create constraint trigger importmelding_antall_endret
    after update of ansvarlig_importoer_id, opprettet_av_importoer_id, ansvarlig_dokumentkontroll_id, eksportland,
      status, sertifikat_id on importmelding
    deferrable initially deferred for each row
    when (old.ansvarlig_importoer_id is distinct from new.ansvarlig_importoer_id
      or old.opprettet_av_importoer_id is distinct from new.opprettet_av_importoer_id
      or old.ansvarlig_dokumentkontroll_id is distinct from new.ansvarlig_dokumentkontroll_id
      or old.eksportland is distinct from new.eksportland
      or old.status is distinct from new.status)
    execute function importmelding_antall()`.execute(db);
  await fyllLandtellere(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger importmelding_antall_endret on importmelding`.execute(db);
  await sql`drop trigger importmelding_antall on importmelding`.execute(db);
  await sql`drop function importmelding_antall()`.execute(db);
  await sql`drop table importmelding_antall`.execute(db);
  await sql`drop trigger sertifikat_antall_endret on sertifikat`.execute(db);
  await sql`drop trigger sertifikat_antall on sertifikat`.execute(db);
  await sql`drop function sertifikat_antall()`.execute(db);
  await sql`drop table sertifikat_antall`.execute(db);
}
