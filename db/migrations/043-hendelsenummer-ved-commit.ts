import { type Kysely, sql } from "kysely";

// An event's number taken at commit (issue 35 item 4, ADR 084, ADR 036). The writer inserts `hendelse` without
// its number (null); a deferred constraint trigger numbers the transaction's events at COMMIT, each stream's
// from its counter row (`hendelse_teller`, `siste + 1`), so the counter's row lock is held only inside the
// commit, not from the events statement across the round trip to the api process that sends COMMIT. The rest
// of ADR 036 holds as before: the lock is held until the commit has ended, so number N+1 cannot be taken before
// N is committed or rolled back (gap-free, visible in number order); a rollback rolls the counter back too.
// Other transactions never see a row without its number: the row and its number become visible together.
//
// Lock order: the first firing numbers every unnumbered event of the transaction (the only unnumbered rows it
// can see: its own, uncommitted), the importers' streams ascending and the authority's last, whatever order
// they were written in; later firings find nothing. The country counters of migration 032 are also taken at
// commit, in the order their rows were written; their trigger functions number the transaction's events first,
// so every transaction takes its event counters before any country counter, as when the event counters were
// taken during the transaction (bulk loads that turn those triggers off are not slowed).

const KALL = "perform hendelse_nummerer();";
const TELLERE = ["sertifikat_antall", "importmelding_antall"];

/** Puts the numbering first in (or takes it out of) migration 032's trigger functions, their bodies kept. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
async function iTellerne(db: Kysely<any>, med: boolean): Promise<void> {
  for (const f of TELLERE) {
    const { rows } = await sql<{
      kilde: string;
    }>`select prosrc as kilde from pg_proc where proname = ${f}`.execute(db);
    const kilde = rows[0]!.kilde;
    const ny = med
      ? kilde.replace(/\bbegin\b/, `begin\n      ${KALL}`)
      : kilde.replace(`\n      ${KALL}`, "");
    await sql`create or replace function ${sql.raw(f)}() returns trigger language plpgsql as ${sql.lit(ny)}`.execute(
      db,
    );
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table hendelse alter column nummer drop not null`.execute(db);
  // Only the events of transactions in flight are unnumbered: a small index.
  await sql`create index hendelse_unummerert on hendelse (importoer_id, id) where nummer is null`.execute(db);
  // Each stream's events in the order they were written (id: one session's nextval ascends).
  await sql`create function hendelse_nummerer() returns void language plpgsql as $$
    declare
      r record;
      n bigint;
    begin
      for r in select id, stroem, importoer_id from hendelse where nummer is null
        order by importoer_id nulls last, id loop
        insert into hendelse_teller as t (stroem, importoer_id, siste) values (r.stroem, r.importoer_id, 1)
        on conflict (stroem) do update set siste = t.siste + 1
        returning siste into n;
        update hendelse set nummer = n where id = r.id;
      end loop;
    end $$`.execute(db);
  await sql`create function hendelse_nummer() returns trigger language plpgsql as $$
    begin
      perform hendelse_nummerer();
      return null;
    end $$`.execute(db);
  await sql`create constraint trigger hendelse_nummer after insert on hendelse
    deferrable initially deferred for each row when (new.nummer is null)
    execute function hendelse_nummer()`.execute(db);
  await iTellerne(db, true);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await iTellerne(db, false);
  await sql`drop trigger hendelse_nummer on hendelse`.execute(db);
  await sql`drop function hendelse_nummer()`.execute(db);
  await sql`drop function hendelse_nummerer()`.execute(db);
  await sql`drop index hendelse_unummerert`.execute(db);
  await sql`alter table hendelse alter column nummer set not null`.execute(db);
}
