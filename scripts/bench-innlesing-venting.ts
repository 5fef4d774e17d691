// What the intake's database connections are doing during the load window (issue 35 item 4, ADR 084): sampled
// from pg_stat_activity every SAMPLE_MS. A connection that waits for a lock (every certificate to one importer
// takes that importer's event counter row, ADR 036, until its COMMIT) or sits idle in a transaction while the
// api process gets to its next statement is time the rate loses without CPU being spent: the bench's rate can
// then stay below what the CPU per certificate allows.
import pg from "pg";

const SAMPLE_MS = 100;

export interface Venting {
  proever: number;
  /** Mean number of the database's connections per sample: running a statement, waiting for a lock, idle in a transaction. */
  aktive: number;
  laas: number;
  iTransaksjon: number;
}

/** Starts sampling `url`'s database; `stopp()` ends it and gives the means. */
export async function maalVenting(url: string): Promise<{ stopp(): Promise<Venting> }> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const sum = { proever: 0, aktive: 0, laas: 0, iTransaksjon: 0 };
  let ferdig = false;
  const loekke = (async () => {
    while (!ferdig) {
      const { rows } = await c.query<{ a: number; l: number; t: number }>(
        `select count(*) filter (where state = 'active' and wait_event_type is distinct from 'Lock')::int as a,
            count(*) filter (where state = 'active' and wait_event_type = 'Lock')::int as l,
            count(*) filter (where state = 'idle in transaction')::int as t
          from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );
      sum.proever++;
      sum.aktive += rows[0]!.a;
      sum.laas += rows[0]!.l;
      sum.iTransaksjon += rows[0]!.t;
      await new Promise((r) => setTimeout(r, SAMPLE_MS));
    }
  })();
  return {
    async stopp() {
      ferdig = true;
      await loekke;
      await c.end();
      const n = Math.max(1, sum.proever);
      return {
        proever: sum.proever,
        aktive: sum.aktive / n,
        laas: sum.laas / n,
        iTransaksjon: sum.iTransaksjon / n,
      };
    },
  };
}
