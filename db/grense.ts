// Rate limits whose counters every process of the service shares (issue 22, docs/decisions/026-grenser.md).
// With a PostgreSQL server (DATABASE_URL) the counters live in its table grense_teller (migration 012),
// written by rate-limiter-flexible's PostgreSQL store over the service's own pool, so two web and two api
// processes on one server count together; if the server fails a call, that process counts in memory until
// it answers again (the library's insurance limiter). On PGlite, which one process owns (ADR 016), the
// counters are in that process's memory. The limits themselves (what is counted, how many, per what) are
// set where they are used: api/grenser.ts and app/lib/grense.server.ts.
import type { Kysely } from "kysely";
import type pg from "pg";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
} from "rate-limiter-flexible";
import type { Grense, Utfall } from "../domain/grense";
import type { Database } from "./schema";

/** The database handle (db/index.ts's Db, which opens the database and so imports this module). */
type Db = Kysely<Database>;

export const GRENSE_TABELL = "grense_teller";

const pooler = new WeakMap<Db, pg.Pool>();

/** openDatabase tells which pool a PostgreSQL database's counters go through. */
export function tellereIPool(db: Db, pool: pg.Pool): void {
  pooler.set(db, pool);
}

const tellere = new WeakMap<Db, Map<string, RateLimiterAbstract>>();

function teller(db: Db, g: Grense): RateLimiterAbstract {
  let perDb = tellere.get(db);
  if (!perDb) {
    perDb = new Map();
    tellere.set(db, perDb);
  }
  const noekkel = `${g.navn}|${g.antall}|${g.sekunder}`;
  let t = perDb.get(noekkel);
  if (t) return t;
  const valg = { keyPrefix: g.navn, points: g.antall, duration: g.sekunder };
  const pool = pooler.get(db);
  if (pool) {
    t = new RateLimiterPostgres({
      ...valg,
      storeClient: pool,
      storeType: "pool",
      tableName: GRENSE_TABELL,
      tableCreated: true,
      // Rows of ended windows are deleted by the sender's retention in bounded batches, one process at a
      // time (api/opprydding.ts, ADR 053), not by an unbounded DELETE from every web and api process.
      clearExpiredByTimeout: false,
      insuranceLimiter: new RateLimiterMemory(valg),
    });
  } else {
    t = new RateLimiterMemory(valg);
  }
  perDb.set(noekkel, t);
  return t;
}

/** Counts one event for `noekkel`; past the limit, how long until its window ends. */
export async function tell(db: Db, g: Grense, noekkel: string): Promise<Utfall> {
  if (g.antall <= 0) return { ok: true };
  try {
    const res = await teller(db, g).consume(noekkel, 1);
    return { ok: true, brukt: res.consumedPoints };
  } catch (e) {
    if (e instanceof RateLimiterRes) return { ok: false, ventMs: e.msBeforeNext };
    throw e;
  }
}

/** Whether `noekkel` has used up its limit in this window (without counting anything). */
export async function erSperret(db: Db, g: Grense, noekkel: string): Promise<Utfall> {
  if (g.antall <= 0) return { ok: true };
  const res = await teller(db, g).get(noekkel);
  return res && res.consumedPoints >= g.antall && res.msBeforeNext > 0
    ? { ok: false, ventMs: res.msBeforeNext }
    : { ok: true };
}

/** The counters of one database, as the web app reaches them (through its load context, server/web.ts). */
export interface Grenseteller {
  tell(g: Grense, noekkel: string): Promise<Utfall>;
  erSperret(g: Grense, noekkel: string): Promise<Utfall>;
}

export function grenseteller(db: Db): Grenseteller {
  return { tell: (g, noekkel) => tell(db, g, noekkel), erSperret: (g, noekkel) => erSperret(db, g, noekkel) };
}
