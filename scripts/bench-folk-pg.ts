// What PostgreSQL does per request in the people bench's browsing window (issue 35 item 3, ADR 088): with
// BENCH_FOLK_PG=1 and pg_stat_statements loaded on the server (shared_preload_libraries, and the extension made
// in the server's `postgres` database), the statistics are reset when the window starts and the statements of
// the bench's database are printed when it ends, by execution time, with calls and ms per request. The reset is
// the whole server's: only for a server of the bench's own.
import pg from "pg";

interface Rad {
  calls: string;
  ms: number;
  rader: string;
  q: string;
}

const PG_STATEMENTS = process.env.BENCH_FOLK_PG === "1";

async function medKlient<T>(url: string, f: (c: pg.Client) => Promise<T>): Promise<T | undefined> {
  const c = new pg.Client({ connectionString: url });
  try {
    await c.connect();
    return await f(c);
  } catch {
    return undefined;
  } finally {
    await c.end().catch(() => undefined);
  }
}

/** Resets pg_stat_statements (server: the server's address); false when it is not there. */
export async function nullstillPgStatements(server: string): Promise<boolean> {
  if (!PG_STATEMENTS) return false;
  return (await medKlient(server, (c) => c.query("select pg_stat_statements_reset()"))) !== undefined;
}

/** The `antall` dearest statements of database `database` (its address) since the reset, per request. */
export async function pgStatementsPerForespoersel(
  server: string,
  database: string,
  forespoersler: number,
  antall = 15,
): Promise<string[]> {
  if (!PG_STATEMENTS) return [];
  const navn = new URL(database).pathname.slice(1);
  const rader = await medKlient(server, async (c) => {
    const { rows } = await c.query<Rad>(
      `select s.calls, s.total_exec_time as ms, s.rows as rader,
              left(regexp_replace(s.query, '\\s+', ' ', 'g'), 110) as q
         from pg_stat_statements s join pg_database d on d.oid = s.dbid
        where d.datname = $1 order by s.total_exec_time desc`,
      [navn],
    );
    return rows;
  });
  if (!rader) return ["  (pg_stat_statements er ikke lastet på serveren)"];
  const n = forespoersler || 1;
  const sum = (f: (r: Rad) => number) => rader.reduce((a, r) => a + f(r), 0);
  return [
    `  PostgreSQL per forespørsel: ${(sum((r) => Number(r.calls)) / n).toFixed(2)} setninger, ${(sum((r) => r.ms) / n).toFixed(2)} ms kjøretid (pg_stat_statements); de dyreste:`,
    ...rader
      .slice(0, antall)
      .map(
        (r) =>
          `  ${(Number(r.calls) / n).toFixed(3).padStart(7)} kall  ${(r.ms / n).toFixed(3).padStart(6)} ms  ${r.q}`,
      ),
  ];
}
