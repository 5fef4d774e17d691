// What one page view of the people bench (scripts/bench-folk.ts) costs behind the web process (issue 35 item 3,
// ADR 073): for each page of the walk, the web→api calls (the api's request metrics, by route), the SQL
// statements with their rows and buffers (pg_stat_statements, when the server has it loaded), and the api's
// and PostgreSQL's CPU per page; and what the api process with the sender costs with nobody on it at all.
// Sequential requests of one person, so the figures are counts, not a load test.
// `DATABASE_URL=<a server with shared_preload_libraries=pg_stat_statements> npx tsx scripts/bench-folk-sider.ts`
// (without pg_stat_statements the SQL columns are left out); BENCH_FOLK_PORT, BENCH_SIDER_GANGER (default 40).
import pg from "pg";
import { Person, sider, startProduksjonsform } from "./bench-folk";
import { benchPostgres, prosessCpuMs, tabell } from "./bench-prosesser";

const PORT = Number(process.env.BENCH_FOLK_PORT ?? 3200);
const GANGER = Number(process.env.BENCH_SIDER_GANGER ?? 40);
const STILLE_SEKUNDER = Number(process.env.BENCH_SIDER_STILLE ?? 30);

/** The api's request counts by route (its Prometheus metrics). */
async function apiKall(metrikkPort: number): Promise<Map<string, number>> {
  const tekst = await (await fetch(`http://127.0.0.1:${metrikkPort}/metrics`)).text();
  const kall = new Map<string, number>();
  for (const m of tekst.matchAll(/^http_request_duration_seconds_count\{([^}]*)\} (\d+)/gm)) {
    const route = /route="([^"]*)"/.exec(m[1] ?? "")?.[1] ?? "?";
    const method = /method="([^"]*)"/.exec(m[1] ?? "")?.[1] ?? "?";
    const navn = `${method} ${route}`;
    kall.set(navn, (kall.get(navn) ?? 0) + Number(m[2]));
  }
  return kall;
}

const forskjell = (etter: Map<string, number>, foer: Map<string, number>) =>
  [...etter].map(([k, v]) => [k, v - (foer.get(k) ?? 0)] as const).filter(([, v]) => v > 0);

interface Setning {
  query: string;
  calls: number;
  rows: number;
  blks: number;
  ms: number;
}

async function setninger(klient: pg.Client | undefined, database: string): Promise<Setning[]> {
  if (!klient) return [];
  const { rows } = await klient.query<Setning>(
    `select query, calls::int, rows::int, (shared_blks_hit + shared_blks_read)::int as blks,
            total_exec_time::float as ms
       from pg_stat_statements s join pg_database d on d.oid = s.dbid
      where d.datname = $1 and query not ilike '%pg_stat_statements%' order by calls desc`,
    [database],
  );
  return rows;
}

const kort = (q: string) => q.replace(/\s+/g, " ").slice(0, 110);

const server = await benchPostgres();
let klient: pg.Client | undefined = new pg.Client({ connectionString: server.url });
await klient.connect();
try {
  await klient.query("select pg_stat_statements_reset()");
} catch {
  await klient.end();
  klient = undefined;
}
const form = await startProduksjonsform(server, PORT);
const metrikkPort = PORT + 3;
try {
  const database = new URL(
    (await klient?.query<{ d: string }>("select datname as d from pg_database order by oid desc limit 1"))
      ?.rows[0]?.d ?? "x",
    "postgres://x/",
  ).pathname.slice(1);
  // first nobody on it: the sender's polling and the pool's housekeeping; what runs then is background, told
  // apart from the pages' own statements below
  await klient?.query("select pg_stat_statements_reset()");
  const stille = { api: prosessCpuMs(form.api.pid), pg: server.cpuMs() };
  await new Promise((r) => setTimeout(r, STILLE_SEKUNDER * 1000));
  const stilleApi = (prosessCpuMs(form.api.pid) - stille.api) / STILLE_SEKUNDER;
  const stillePg = server.cpuMs();
  const stilleSql = (await setninger(klient, database)).filter((s) => s.calls > 0);
  const bakgrunn = new Set(stilleSql.map((s) => s.query));
  const person = new Person(form.web.url, form.offentlig, 0);
  await person.loggInn();
  const stier = await sider(person);
  const navn = ["hjem", "sertifikater", "sertifikat", "importmeldinger", "forhåndsmelding"];
  const rader: string[][] = [];
  const detaljer: string[] = [];
  for (const [i, valg] of stier.entries()) {
    for (const sti of valg.slice(0, 3)) await person.hent(`${person.web}${sti}`);
    await klient?.query("select pg_stat_statements_reset()");
    const foer = {
      kall: await apiKall(metrikkPort),
      api: prosessCpuMs(form.api.pid),
      web: prosessCpuMs(form.web.pid),
      pg: server.cpuMs(),
    };
    for (let n = 0; n < GANGER; n++) {
      const svar = await person.hent(`${person.web}${valg[n % valg.length]}`);
      if (svar.status !== 200) throw new Error(`${valg[n % valg.length]} svarte ${svar.status}`);
    }
    const api = (prosessCpuMs(form.api.pid) - foer.api) / GANGER;
    const web = (prosessCpuMs(form.web.pid) - foer.web) / GANGER;
    const pgCpu = server.cpuMs();
    const kall = forskjell(await apiKall(metrikkPort), foer.kall);
    const alle = (await setninger(klient, database)).filter((s) => s.calls > 0);
    const sql = alle.filter((s) => !bakgrunn.has(s.query));
    const sum = (f: (s: Setning) => number) => sql.reduce((a, s) => a + f(s), 0) / GANGER;
    rader.push([
      navn[i] ?? "?",
      (kall.reduce((a, [, v]) => a + v, 0) / GANGER).toFixed(2),
      klient ? sum((s) => s.calls).toFixed(1) : "–",
      klient ? sum((s) => s.rows).toFixed(0) : "–",
      klient ? sum((s) => s.blks).toFixed(0) : "–",
      klient ? sum((s) => s.ms).toFixed(2) : "–",
      klient
        ? ((alle.length ? alle.reduce((a, s) => a + s.calls, 0) : 0) / GANGER - sum((s) => s.calls)).toFixed(
            1,
          )
        : "–",
      web.toFixed(1),
      api.toFixed(1),
      pgCpu === undefined || foer.pg === undefined ? "–" : ((pgCpu - foer.pg) / GANGER).toFixed(1),
    ]);
    detaljer.push(
      `${navn[i]}: api-kall per side: ${kall.map(([k, v]) => `${k} ×${(v / GANGER).toFixed(2)}`).join(", ")}`,
      ...sql.map(
        (s) =>
          `  ${(s.calls / GANGER).toFixed(2)}× rader ${(s.rows / s.calls).toFixed(1)} buffere ${(s.blks / s.calls).toFixed(1)} ${(s.ms / s.calls).toFixed(3)} ms  ${kort(s.query)}`,
      ),
    );
  }
  console.log(
    [
      `Per side (${GANGER} visninger hver, én person etter hverandre): api-kall, sidens SQL-setninger (uten bakgrunnens, som de i ro), rader, buffere og SQL-tid per side, bakgrunnens setninger i samme tid; CPU ms per side (med bakgrunnen)`,
      tabell([
        [
          "side",
          "api-kall",
          "SQL",
          "rader",
          "buffere",
          "SQL ms",
          "bakgrunn-SQL",
          "web CPU",
          "api CPU",
          "PostgreSQL CPU",
        ],
        ...rader,
      ]),
      ...detaljer,
      `Stille (${STILLE_SEKUNDER} s uten forespørsler): api+sender ${stilleApi.toFixed(1)} ms CPU/s, PostgreSQL ${stillePg === undefined || stille.pg === undefined ? "–" : ((stillePg - stille.pg) / STILLE_SEKUNDER).toFixed(1)} ms CPU/s`,
      ...stilleSql.map(
        (s) =>
          `  ${(s.calls / STILLE_SEKUNDER).toFixed(2)}/s rader ${(s.rows / s.calls).toFixed(1)} buffere ${(s.blks / s.calls).toFixed(1)} ${(s.ms / s.calls).toFixed(3)} ms  ${kort(s.query)}`,
      ),
    ].join("\n"),
  );
} finally {
  await form.stopp();
  await klient?.end();
  await server.stopp();
}
process.exit(0);
