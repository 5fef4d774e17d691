// Database access: PGlite (embedded, a directory under data/) by default, a PostgreSQL server when
// DATABASE_URL is set. Same SQL and migrations on both; type parsers aligned so int8, numeric and date
// come back identically (STACK.md gotcha 12). PGlite runs in a thread of its own (pglite-traad.ts, ADR 018).
import type { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";
import { type EierInfo, type Eierskap, taEierskapNaarLedig } from "./eier";
import { forberedMerkede } from "./forberedt";
import { tellereIPool } from "./grense";
import { migrateToLatest } from "./migrate";
import { parsers } from "./parsere";
import { PGliteITraad } from "./pglite-klient";
import type { Database } from "./schema";

export type { Database } from "./schema";
export type Db = Kysely<Database>;

export interface OpenOptions {
  /** postgres:// URL of a PostgreSQL server; when absent, PGlite is used. */
  databaseUrl?: string;
  /** Extra PostgreSQL session options (PGOPTIONS, from the configuration) after the service's own. */
  pgOptions?: string;
  /** PGlite data directory; "memory://" or undefined for an in-memory database. */
  dataDir?: string;
  /** A PGlite instance to use as it is, in this thread (otherwise PGlite gets a thread of its own). */
  pglite?: PGlite;
  migrate?: boolean;
  /**
   * Who opens a PGlite directory (db/eier.ts): one owner at a time, others get DatabaseIBruk. Default: a
   * command. ventMs: how long to wait while another command holds it (never for the service).
   */
  eier?: EierInfo & { ventMs?: number };
  /** Told when the pool loses an idle connection (the process's logger; server/logg.ts). */
  logg?: { warn(obj: object, msg: string): void };
}

export interface DatabaseHandle {
  db: Db;
  kind: "pglite" | "postgres";
  /** Set for a PGlite directory: this process owns it until close(). */
  eierskap?: Eierskap;
  /** The PostgreSQL connection pool (absent on PGlite): the rate limits' counters (db/grense.ts) and a metric. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export async function openDatabase(opts: OpenOptions = {}): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      // Every query the service runs is bounded and short (ADR 021). JIT compilation and parallel workers
      // cost more to start than such a query costs to run (20+ ms against 1–2 ms when a plan's estimate
      // crosses their thresholds, ADR 015), so they are off for the service's sessions. PGOPTIONS (config) comes
      // after them (a later -c wins). An `options` parameter in DATABASE_URL replaces all of it (pg merges
      // the address over this config), so one who sets it there should include these two.
      options: ["-c jit=off -c max_parallel_workers_per_gather=0", opts.pgOptions].filter(Boolean).join(" "),
      types: {
        getTypeParser: ((oid: number, format?: "text" | "binary") => {
          const custom = parsers[oid];
          if (custom && format !== "binary") return custom;
          return pg.types.getTypeParser(oid, format as "text");
        }) as typeof pg.types.getTypeParser,
      },
    });
    // An idle client whose server connection ends (a restart, a failover, an administrator) emits 'error'
    // on the pool; unhandled, that would end the process. The pool drops the client and opens a new one.
    pool.on("error", (err) => opts.logg?.warn({ feil: err.message }, "PostgreSQL-tilkobling brutt"));
    // The intake's fixed statements as named prepared statements on every connection (db/forberedt.ts).
    pool.on("connect", forberedMerkede);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    tellereIPool(db, pool);
    handle = { db, kind: "postgres", pool, close: () => db.destroy() };
  } else {
    const dataDir = opts.dataDir && opts.dataDir !== "memory://" ? opts.dataDir : undefined;
    const eierskap =
      dataDir && !opts.pglite
        ? await taEierskapNaarLedig(dataDir, opts.eier ?? { rolle: "kommando" }, opts.eier?.ventMs ?? 0)
        : undefined;
    let pglite: Pick<PGliteITraad, "query" | "close" | "closed">;
    try {
      pglite = opts.pglite ?? (await PGliteITraad.start(dataDir));
    } catch (e) {
      eierskap?.frigi();
      throw e;
    }
    // The dialect calls only query and close, which the thread's client answers as PGlite does.
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite as unknown as PGlite) });
    handle = {
      db,
      kind: "pglite",
      eierskap,
      close: async () => {
        try {
          await db.destroy();
          if (!pglite.closed) await pglite.close();
        } finally {
          eierskap?.frigi();
        }
      },
    };
  }
  if (opts.migrate !== false) {
    try {
      await migrateToLatest(handle.db);
    } catch (e) {
      await handle.close();
      throw e;
    }
  }
  return handle;
}
