// Retention (issue 34 item 8, docs/decisions/053-lagringstid.md): the `sender` role deletes transient rows by age,
// in bounded batches, one process at a time (a lease on the `opprydding` row, taken with one UPDATE and renewed
// with every batch, like the Hub puller's; no advisory lock holding a pooled connection). Each rule's batch walks
// an index in age order (migration 033), so a batch costs the same however long the table is. What is kept for
// the archive (notifications, their history, certificates, their XML and attachments) has no rule here.
// Each round also measures every table the policy names: its rows and the age of its oldest row.
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../db";

/** The tables the policy names: the transient ones this job deletes from, and the archive it keeps. */
export const SLETTES = [
  "webhook_forsoek",
  "webhook_levering",
  "hendelse",
  "epost_varsel",
  "sesjon",
  "grense_teller",
  "hub_konvolutt",
] as const;
export const BEHOLDES = ["importmelding", "importmelding_hendelse", "sertifikat"] as const;
export type Tabell = (typeof SLETTES)[number] | (typeof BEHOLDES)[number];

/** How old (ms) each kind of row must be before it goes (set in server/config.ts, ADR 053). */
export interface Alder {
  hendelser: number;
  webhookforsoek: number;
  epost: number;
  sertifikatvarsler: number;
  sesjoner: number;
  grensetellere: number;
  hubjournal: number;
}

export interface Tabellmaaling {
  rader: number;
  /** Seconds since the oldest row was written (0 for an empty table). */
  eldsteSekunder: number;
}

export interface OppryddingMaaler {
  slettet(tabell: Tabell, antall: number): void;
  maalt(tabell: Tabell, m: Tabellmaaling): void;
}

export interface OppryddingOptions {
  db: Db;
  alder: Alder;
  intervallMs: number;
  batch: number;
  /** DELETEs per table per round: a round's work is bounded; the rest waits for the next round. */
  maksBatcher: number;
  leieMs: number;
  maaler?: OppryddingMaaler;
  logg?: { warn(obj: object, msg: string): void };
}

export interface Opprydding {
  start(): void;
  /** Stops after the batch in progress and gives up the lease. */
  stopp(): Promise<void>;
  /** One round now: the rows deleted per table, or undefined when another process holds the lease. */
  kjoerRunde(): Promise<Partial<Record<Tabell, number>> | undefined>;
  /** Rows and oldest age per table (each round reports them to the maaler). */
  maal(): Promise<Record<Tabell, Tabellmaaling>>;
}

/** One batch: deletes at most `batch` of the table's oldest rows past their age; returns how many went. */
type Regel = (db: Db, alder: Alder, batch: number) => Promise<number>;

const foer = (ms: number) => new Date(Date.now() - ms);

const antall = (r: { rows: { antall: number | string }[] }) => Number(r.rows[0]?.antall ?? 0);

/** Each transient table's rule: the oldest `batch` rows past the limit, by the index on their age. */
const REGLER: Record<(typeof SLETTES)[number], Regel> = {
  // The delivery log: attempts the importer reads for a month.
  webhook_forsoek: async (db, alder, batch) =>
    antall(
      await sql<{ antall: number }>`with s as (delete from webhook_forsoek where id in (
        select id from webhook_forsoek where tidspunkt < ${foer(alder.webhookforsoek)}
        order by tidspunkt limit ${batch}) returning 1) select count(*)::int as antall from s`.execute(db),
    ),
  // Finished deliveries (delivered, given up, cancelled); one still waiting is never deleted.
  webhook_levering: async (db, alder, batch) =>
    antall(
      await sql<{ antall: number }>`with s as (delete from webhook_levering where id in (
        select id from webhook_levering where status <> 'VENTER' and opprettet < ${foer(alder.webhookforsoek)}
        order by opprettet limit ${batch}) returning 1) select count(*)::int as antall from s`.execute(db),
    ),
  // The feeds (each importer's and the authority's, ADR 045): the highest number deleted per stream is kept, so a cursor behind it gets 410, never a gap.
  // An event with a delivery still waiting stays until that delivery is done.
  hendelse: async (db, alder, batch) =>
    antall(
      await sql<{ antall: number }>`with s as (delete from hendelse where id in (
          select h.id from hendelse h where h.tidspunkt < ${foer(alder.hendelser)}
            and not exists (select 1 from webhook_levering l where l.hendelse_id = h.id and l.status = 'VENTER')
          order by h.tidspunkt limit ${batch})
        returning stroem, nummer),
      t as (update hendelse_teller set slettet_til = greatest(slettet_til, m.til)
        from (select stroem, max(nummer) as til from s group by stroem) m
        where hendelse_teller.stroem = m.stroem returning 1)
      select count(*)::int as antall from s`.execute(db),
    ),
  // Sent, failed or cancelled e-mails: an outcome e-mail after a month; a certificate alert only when a new
  // version of its certificate can no longer come, since the row is what keeps that version from alerting again.
  epost_varsel: async (db, alder, batch) =>
    antall(
      await sql<{ antall: number }>`with s as (delete from epost_varsel where id in (
        (select id from epost_varsel where status <> 'VENTER' and type = 'UTFALL' and opprettet < ${foer(alder.epost)}
          order by type, opprettet limit ${batch})
        union all
        (select id from epost_varsel where status <> 'VENTER' and type = 'SERTIFIKAT'
          and opprettet < ${foer(alder.sertifikatvarsler)} order by type, opprettet limit ${batch})
        limit ${batch}) returning 1) select count(*)::int as antall from s`.execute(db),
    ),
  // Sessions idle this long have expired (sist_aktiv is never later than utloeper); the web role already wipes
  // their tokens at expiry, this removes the rows.
  sesjon: async (db, alder, batch) =>
    antall(
      await sql<{ antall: number }>`with s as (delete from sesjon where id in (
        select id from sesjon where sist_aktiv < ${foer(alder.sesjoner)} order by sist_aktiv limit ${batch})
        returning 1) select count(*)::int as antall from s`.execute(db),
    ),
  // Rate-limit counters whose window ended (expire is epoch milliseconds, the store's own column).
  grense_teller: async (db, alder, batch) =>
    antall(
      await sql<{ antall: number }>`with s as (delete from grense_teller where key in (
        select key from grense_teller where expire < ${foer(alder.grensetellere).getTime()}
        order by expire limit ${batch}) returning 1) select count(*)::int as antall from s`.execute(db),
    ),
  // The Hub journal: envelopes acknowledged (or gone from the Hub's list) long ago; the Hub lists them no more.
  hub_konvolutt: async (db, alder, batch) =>
    antall(
      await sql<{ antall: number }>`with s as (delete from hub_konvolutt where hub_leveringsnummer in (
        select hub_leveringsnummer from hub_konvolutt where coalesce(kvittert, forsvunnet) < ${foer(alder.hubjournal)}
        order by coalesce(kvittert, forsvunnet) limit ${batch}) returning 1)
        select count(*)::int as antall from s`.execute(db),
    ),
};

/** When each table's oldest row was written (an indexed column where the table can grow large). */
const ELDSTE: Record<Tabell, string> = {
  webhook_forsoek: "(select min(tidspunkt) from webhook_forsoek)",
  webhook_levering: "(select min(opprettet) from webhook_levering)",
  hendelse: "(select min(tidspunkt) from hendelse)",
  epost_varsel: "(select min(opprettet) from epost_varsel)",
  sesjon: "(select min(opprettet) from sesjon)",
  // A counter's window start is unknown; its end is what the rule goes by.
  grense_teller: "to_timestamp((select min(expire) from grense_teller) / 1000.0)",
  hub_konvolutt: "(select min(foerst_sett) from hub_konvolutt)",
  importmelding: "(select min(opprettet) from importmelding)",
  importmelding_hendelse: "(select min(tidspunkt) from importmelding_hendelse)",
  sertifikat: "(select min(mottatt) from sertifikat)",
};

export async function maalTabeller(db: Db): Promise<Record<Tabell, Tabellmaaling>> {
  const ut = {} as Record<Tabell, Tabellmaaling>;
  for (const tabell of [...SLETTES, ...BEHOLDES]) {
    const { rows } = await sql<{ rader: number; eldste: number | null }>`select
        (select count(*)::int from ${sql.table(tabell)}) as rader,
        extract(epoch from now() - ${sql.raw(ELDSTE[tabell])})::float8 as eldste`.execute(db);
    ut[tabell] = { rader: rows[0]?.rader ?? 0, eldsteSekunder: Math.max(0, rows[0]?.eldste ?? 0) };
  }
  return ut;
}

export function lagOpprydding(opts: OppryddingOptions): Opprydding {
  const { db, batch, maksBatcher } = opts;
  const leieSek = Math.max(5, Math.round(opts.leieMs / 1000));
  const meg = randomUUID();
  let stoppet = false;
  let tidsur: NodeJS.Timeout | undefined;
  let runde: Promise<unknown> | undefined;

  /** The lease for this process (taken or renewed), false when another process holds it. */
  async function taLeie(): Promise<boolean> {
    const rad = await db
      .updateTable("opprydding")
      .set({ eier: meg, leie_til: sql`now() + make_interval(secs => ${leieSek})` })
      .where("id", "=", 1)
      .where((eb) =>
        eb.or([eb("leie_til", "is", null), eb("leie_til", "<", sql<Date>`now()`), eb("eier", "=", meg)]),
      )
      .returning("id")
      .executeTakeFirst();
    return rad !== undefined;
  }

  async function slippLeie(): Promise<void> {
    await db
      .updateTable("opprydding")
      .set({ eier: null, leie_til: null, siste_runde: sql`now()` })
      .where("id", "=", 1)
      .where("eier", "=", meg)
      .execute();
  }

  async function maal(): Promise<Record<Tabell, Tabellmaaling>> {
    const m = await maalTabeller(db);
    for (const [tabell, verdi] of Object.entries(m)) opts.maaler?.maalt(tabell as Tabell, verdi);
    return m;
  }

  async function kjoerRunde(): Promise<Partial<Record<Tabell, number>> | undefined> {
    if (!(await taLeie())) return undefined;
    const slettet: Partial<Record<Tabell, number>> = {};
    try {
      for (const tabell of SLETTES) {
        let sum = 0;
        for (let i = 0; i < maksBatcher && !stoppet; i++) {
          const n = await REGLER[tabell](db, opts.alder, batch);
          sum += n;
          if (n < batch || !(await taLeie())) break;
        }
        slettet[tabell] = sum;
        if (sum > 0) opts.maaler?.slettet(tabell, sum);
      }
    } finally {
      await slippLeie();
    }
    return slettet;
  }

  // The first round soon after start (the metrics are there at once), then one per interval.
  const planlegg = (ms = opts.intervallMs) => {
    if (stoppet) return;
    tidsur = setTimeout(() => {
      runde = kjoerRunde()
        .then(() => maal())
        .catch((feil: unknown) =>
          opts.logg?.warn(
            { feil: feil instanceof Error ? feil.message : String(feil) },
            "Oppryddingen feilet",
          ),
        )
        .finally(() => planlegg());
    }, ms);
    tidsur.unref();
  };

  return {
    start: () => {
      stoppet = false;
      planlegg(Math.min(opts.intervallMs, 5000));
    },
    stopp: async () => {
      stoppet = true;
      clearTimeout(tidsur);
      await runde;
    },
    kjoerRunde,
    maal,
  };
}
