// Certificate intake (issue 35 item 4), part of `npm run bench`: the Hub endpoint of the compiled build in
// production mode (ROLES=api, one process and then two, round robin) on one PostgreSQL server, 2,000
// distinct certificates of about 21 KB (bench-innlesing-data.ts) with 16 in flight, in several rounds
// (BENCH_INNLESING_RUNDER, the two configurations alternated, each round on a fresh database). Prints every
// round's rate and each process's CPU per certificate (the api processes, PostgreSQL's, the generator's), the
// median and spread over the rounds (bench-innlesing-runder.ts), checks exactly-once in every round (every
// certificate one row, one event, one alert, also when each is delivered to both processes at once),
// and where a certificate's CPU goes: the pure steps timed in this process, and the SQL of storing one,
// statement by statement, on the same server. Alone: `npx tsx scripts/bench-innlesing.ts`.
import { createHash } from "node:crypto";
import { Kysely, type LogEvent, PostgresDialect } from "kysely";
import pg from "pg";
import { Agent, request } from "undici";
import { parseEphyto, utenVedleggsdata } from "../api/ephyto/parse";
import { tilTekst, tolkXml } from "../api/ephyto/xml";
import { forberedSertifikat, innholdHash, lagreSertifikat, vurder } from "../api/sertifikat/ingest";
import { FORBEREDT, forberedMerkede } from "../db/forberedt";
import type { Database } from "../db/schema";
import { INNLESING_MOTTAKERE, innlesingSertifikat } from "./bench-innlesing-data";
import { formaterRunder } from "./bench-innlesing-runder";
import { maalVenting, type Venting } from "./bench-innlesing-venting";
import {
  type BenchPostgres,
  type BenchProsess,
  benchPostgres,
  MYNDIGHET_UTEN_TOKEN,
  maskinLast,
  nyBenchDatabase,
  prosessCpuMs,
  startBygg,
  startRegistre,
  tabell,
  ventPaa,
} from "./bench-prosesser";
import { maalTraader, summerFordelinger, type Traadtype, traadFordeling } from "./bench-traader";

export const INNLESING_ANTALL = Number(process.env.BENCH_INNLESING_ANTALL ?? 2000);
/** Rounds of each configuration (one api process, two), alternated: one run's window is a few seconds. */
export const INNLESING_RUNDER = Math.max(1, Number(process.env.BENCH_INNLESING_RUNDER ?? 3));
export const I_LUFTA = 16;
/** Goal: 350 certificates a second (half the CPU per certificate of issue 35's 180/s). */
export const MAAL_PER_SEKUND = 350;
const HUB_NOEKKEL = "bench-hub-noekkel-som-er-lang-nok-123";
const PORT = Number(process.env.BENCH_INNLESING_PORT ?? 3196);

export interface InnlesingKjoering {
  /** The round (from 1) and the number of api processes. */
  runde: number;
  prosesser: number;
  antall: number;
  ms: number;
  perSekund: number;
  /** CPU per certificate, ms: each api process together, PostgreSQL (all its processes), this generator. */
  apiCpuMs: number;
  pgCpuMs: number | undefined;
  generatorCpuMs: number;
  /** The api processes' CPU per certificate by thread type (user, system), ms (bench-traader.ts). */
  traader: Record<Traadtype, { bruker: number; system: number }>;
  /** Rows, events and alerts for the delivered certificates (each should equal `antall`). */
  rader: { sertifikater: number; hendelser: number; varsler: number; xml: number };
  /** Each certificate delivered to every process at once: how many answered `ny` (should be one each). */
  dobbel: { antall: number; ny: number; rader: number; hendelser: number };
  /** The database's connections during the load window: running, waiting for a lock, idle in a transaction. */
  venting: Venting;
  last: string;
}

/**
 * Keep-alive connections, closed by this side after 2 s idle: before the server's 5 s, so a request never goes
 * out on a connection the server is closing (a POST is not retried).
 */
const agent = new Agent({ keepAliveTimeout: 2000, keepAliveMaxTimeout: 2000 });

/** One request to the Hub endpoint; the answer's `resultat`. */
async function lever(url: string, xml: string): Promise<string> {
  const res = await request(`${url}/import/ephyto/v1/sertifikat`, {
    method: "POST",
    headers: { "x-api-key": HUB_NOEKKEL, "content-type": "application/xml" },
    body: xml,
    dispatcher: agent,
  });
  const svar = (await res.body.json()) as { resultat?: string; melding?: string; detail?: string };
  if (res.statusCode !== 201 && res.statusCode !== 200)
    throw new Error(`Hub-endepunktet svarte ${res.statusCode}: ${svar.detail ?? svar.melding}`);
  return svar.resultat ?? "";
}

/** `arbeid(i)` for i < antall, `samtidige` at a time. */
async function iLufta(
  antall: number,
  samtidige: number,
  arbeid: (i: number) => Promise<void>,
): Promise<void> {
  let neste = 0;
  await Promise.all(
    Array.from({ length: samtidige }, async () => {
      for (let i = neste++; i < antall; i = neste++) await arbeid(i);
    }),
  );
}

async function tell(url: string, serie: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const moenster = `PHYTO.%.${serie}.%`;
    const { rows } = await c.query<{ s: number; h: number; v: number; x: number }>(
      `select (select count(*)::int from sertifikat where nummer like $1) as s,
        (select count(*)::int from hendelse where type = 'sertifikat.mottatt' and data->'sertifikat'->>'nummer' like $1) as h,
        (select count(*)::int from epost_varsel e join sertifikat s on s.id = e.sertifikat_id where s.nummer like $1) as v,
        (select count(*)::int from sertifikat_xml x join sertifikat s on s.id = x.sertifikat_id where s.nummer like $1) as x`,
      [moenster],
    );
    const r = rows[0]!;
    return { sertifikater: r.s, hendelser: r.h, varsler: r.v, xml: r.x };
  } finally {
    await c.end();
  }
}

/** One run: `prosesser` api processes on a fresh database. */
export async function maalInnlesingMed(
  server: BenchPostgres,
  prosesser: number,
  runde = 1,
): Promise<InnlesingKjoering> {
  const database = await nyBenchDatabase(server.url);
  const api: BenchProsess[] = [];
  const registre = await startRegistre(PORT + 4);
  try {
    for (let i = 0; i < prosesser; i++) {
      api.push(
        startBygg(
          `api-${i + 1}`,
          "drift/server",
          {
            // compose's api in production mode (no stand-in inside, ADR 043); no one logs in
            NODE_ENV: "production",
            ROLES: "api",
            OIDC_ISSUER: "http://127.0.0.1:1/idporten",
            API_AUDIENCE: "https://forhaandsmelding.bench/import",
            WEBHOOK_NOEKKEL: "bench-webhook-noekkel-som-er-lang-nok-1234567890",
            ...registre.env,
            DATABASE_URL: database.url,
            DB_MIGRER_VED_OPPSTART: "false",
            METRICS_PORT: String(PORT + 2 + i),
            LOG_LEVEL: "info",
            HUB_API_KEY: HUB_NOEKKEL,
            ...MYNDIGHET_UTEN_TOKEN,
            // BENCH_INNLESING_PROFIL: a CPU profile of each api process and its worker threads to that directory
            ...(process.env.BENCH_INNLESING_PROFIL
              ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_INNLESING_PROFIL}` }
              : {}),
          },
          PORT + i,
        ),
      );
    }
    await Promise.all(api.map((p) => ventPaa(p)));
    const serie = `B${Date.now().toString(36).toUpperCase()}`;
    // Made first: this process is busy for seconds making them, and a keep-alive connection left idle
    // meanwhile is closed by the server under a request about to go out on it.
    const xml = Array.from({ length: INNLESING_ANTALL }, (_, i) => innlesingSertifikat(serie, i));
    const dobbelSerie = `${serie}D`;
    const dobbel = Array.from({ length: 200 }, (_, i) => innlesingSertifikat(dobbelSerie, i));
    // warm: the worker threads, the pools, the JIT
    await iLufta(100, I_LUFTA, async (i) => {
      await lever(api[i % api.length]!.url, innlesingSertifikat(`${serie}V`, i));
    });
    const foer = {
      api: api.map((p) => prosessCpuMs(p.pid)),
      traader: api.map((p) => maalTraader(p.pid)),
      pg: server.cpuMs(),
      gen: process.cpuUsage(),
    };
    const venting = await maalVenting(database.url);
    const start = performance.now();
    await iLufta(xml.length, I_LUFTA, async (i) => {
      const r = await lever(api[i % api.length]!.url, xml[i]!);
      if (r !== "ny") throw new Error(`Sertifikat ${i} ble ${r}, ikke ny`);
    });
    const ms = performance.now() - start;
    const ventet = await venting.stopp();
    const gen = process.cpuUsage(foer.gen);
    const pgEtter = server.cpuMs();
    const apiCpu = api.reduce((sum, p, i) => sum + prosessCpuMs(p.pid) - (foer.api[i] ?? 0), 0);
    const traader = summerFordelinger(
      api.map((p, i) => traadFordeling(foer.traader[i]!, maalTraader(p.pid), xml.length)),
    );
    const rader = await tell(database.url, serie);

    // Exactly-once when the Hub (or a retry) delivers the same certificate twice at the same moment, to each
    // process in turn.
    let ny = 0;
    await iLufta(dobbel.length, I_LUFTA / 2, async (i) => {
      const svar = await Promise.all([0, 1].map((k) => lever(api[(i + k) % api.length]!.url, dobbel[i]!)));
      ny += svar.filter((s) => s === "ny").length;
    });
    const dobbelRader = await tell(database.url, dobbelSerie);
    return {
      runde,
      prosesser,
      antall: xml.length,
      ms,
      perSekund: (xml.length * 1000) / ms,
      apiCpuMs: apiCpu / xml.length,
      pgCpuMs: pgEtter === undefined || foer.pg === undefined ? undefined : (pgEtter - foer.pg) / xml.length,
      generatorCpuMs: (gen.user + gen.system) / 1000 / xml.length,
      traader,
      rader,
      dobbel: {
        antall: dobbel.length,
        ny,
        rader: dobbelRader.sertifikater,
        hendelser: dobbelRader.hendelser,
      },
      venting: ventet,
      last: maskinLast(),
    };
  } catch (e) {
    // what the processes said before it failed
    for (const p of api) if (p.feil.length) console.error(`${p.navn}:\n${p.feil.join("")}`);
    throw e;
  } finally {
    for (const p of api) await p.stopp();
    await registre.prosess.stopp();
    await database.slett();
  }
}

/** CPU ms per certificate of each pure step, timed here over `antall` certificates (after a warm-up). */
export function maalStegene(antall = 300): [string, number][] {
  const bytes = Array.from({ length: antall }, (_, i) => Buffer.from(innlesingSertifikat("STEG", i)));
  const tekster = bytes.map((b) => tilTekst(b, Number.MAX_SAFE_INTEGER));
  const parsed = bytes.map((b) => parseEphyto(b));
  const cpu = (f: (i: number) => unknown): number => {
    for (let i = 0; i < Math.min(50, antall); i++) f(i);
    const t = process.cpuUsage();
    for (let i = 0; i < antall; i++) f(i);
    const d = process.cpuUsage(t);
    return (d.user + d.system) / 1000 / antall;
  };
  const xmlTre = cpu((i) => tolkXml(tekster[i]!));
  const hele = cpu((i) => parseEphyto(bytes[i]!));
  return [
    ["XML til tre (saxes: velformethet og treet i ett pass)", xmlTre],
    ["lese treet til sertifikatet (parseEphyto uten XML-tolkingen)", hele - xmlTre],
    ["risikoreglene (vurder)", cpu((i) => vurder(parsed[i]!))],
    ["innholdshash (kanonisk JSON + SHA-256)", cpu((i) => innholdHash(parsed[i]!))],
    ["JSON av dataene (uten vedleggene)", cpu((i) => JSON.stringify(utenVedleggsdata(parsed[i]!)))],
    // the bytes go to PostgreSQL as a binary parameter (ADR 075): only their sum is computed
    ["rå XML-kopi (SHA-256)", cpu((i) => createHash("sha256").update(bytes[i]!).digest("hex"))],
    ["alt det rene arbeidet (forberedSertifikat)", cpu((i) => forberedSertifikat(bytes[i]!))],
  ];
}

/** The kind of each statement of storing one certificate. */
function sqlGruppe(sqlTekst: string): string {
  // without the marker of a named prepared statement (db/forberedt.ts)
  const s = sqlTekst.replace(FORBEREDT, "").toLowerCase().trim();
  if (/^(begin|commit|rollback|start transaction)/.test(s)) return "begin/commit";
  if (s.startsWith("with ny as")) return "sertifikatet med XML og små vedlegg (én setning)";
  if (s.includes("sertifikat_xml")) return "rå XML (sertifikat_xml)";
  if (s.includes('"vedlegg"') || s.includes("into vedlegg")) return "vedlegg";
  if (s.includes("hendelse") || s.includes("webhook"))
    return s.includes("epost_varsel")
      ? "hendelser og webhooker med e-postvarslene"
      : "hendelser og webhooker";
  if (s.includes("epost_varsel") || s.includes("importoer")) return "mottakere og e-postvarsler";
  return "sertifikatet (finn, lagre, erstatninger)";
}

/**
 * Storing prepared certificates one at a time from this process on a fresh database: the statements per
 * certificate by kind, and the CPU per certificate of this side (Kysely, pg) and of the server (all its
 * processes), which together are the SQL's share of a certificate.
 */
export async function maalSql(server: BenchPostgres, antall = 300) {
  const database = await nyBenchDatabase(server.url);
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  pool.on("connect", forberedMerkede); // as the service's pool (db/index.ts)
  const grupper = new Map<string, number>();
  let maal = false;
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (e: LogEvent) => {
      if (maal) grupper.set(sqlGruppe(e.query.sql), (grupper.get(sqlGruppe(e.query.sql)) ?? 0) + 1);
    },
  });
  try {
    const forberedt = Array.from({ length: antall + 30 }, (_, i) => {
      const xml = innlesingSertifikat("SQL", i);
      return { f: forberedSertifikat(xml), xml };
    });
    for (const { f, xml } of forberedt.slice(0, 30)) await lagreSertifikat(db, f, { xml });
    maal = true;
    const foer = { klient: process.cpuUsage(), server: server.cpuMs() };
    for (const { f, xml } of forberedt.slice(30)) await lagreSertifikat(db, f, { xml });
    const klient = process.cpuUsage(foer.klient);
    const serverMs = server.cpuMs();
    return {
      setninger: [...grupper]
        .map(([navn, n]): [string, number] => [navn, n / antall])
        .sort((a, b) => b[1] - a[1]),
      klientCpuMs: (klient.user + klient.system) / 1000 / antall,
      serverCpuMs:
        serverMs === undefined || foer.server === undefined ? undefined : (serverMs - foer.server) / antall,
    };
  } finally {
    await db.destroy();
    await database.slett();
  }
}

export async function maalInnlesing() {
  const server = await benchPostgres();
  try {
    // one process and two in turn, so both configurations see the same minutes of the machine
    const kjoeringer: InnlesingKjoering[] = [];
    for (let runde = 1; runde <= INNLESING_RUNDER; runde++)
      for (const prosesser of [1, 2]) kjoeringer.push(await maalInnlesingMed(server, prosesser, runde));
    return { kjoeringer, steg: maalStegene(), sql: await maalSql(server) };
  } finally {
    await server.stopp();
  }
}

export function formaterInnlesing(r: Awaited<ReturnType<typeof maalInnlesing>>): string {
  const k = r.kjoeringer;
  return [
    `Innlesing gjennom Hub-endepunktet (sak 35 punkt 4): ${INNLESING_ANTALL} ulike sertifikater på ~21 KB (6 varelinjer, 6 vedlegg), ${I_LUFTA} samtidig, ${INNLESING_MOTTAKERE === 1 ? "alle til én importør" : `fordelt på ${INNLESING_MOTTAKERE} importører`}, produksjonsbygg (ROLES=api), én PostgreSQL, ${INNLESING_RUNDER} runder (én og to prosesser etter tur, ny database hver gang):`,
    formaterRunder(k, MAAL_PER_SEKUND),
    "",
    "Hver runde for seg (nøyaktig én gang sjekkes i hver):",
    tabell([
      [
        "runde",
        "api-prosesser",
        "per sekund",
        `mål ≥ ${MAAL_PER_SEKUND}`,
        "CPU ms/sert.: api",
        "PostgreSQL",
        "generatoren",
        "rader/hendelser/varsler/XML",
        "to samtidige leveranser: ny/rader/hendelser",
        "maskinen",
      ],
      ...k.map((x) => [
        String(x.runde),
        String(x.prosesser),
        x.perSekund.toFixed(0),
        x.perSekund >= MAAL_PER_SEKUND ? "ja" : "NEI",
        x.apiCpuMs.toFixed(2),
        x.pgCpuMs?.toFixed(2) ?? "–",
        x.generatorCpuMs.toFixed(2),
        `${x.rader.sertifikater}/${x.rader.hendelser}/${x.rader.varsler}/${x.rader.xml} av ${x.antall}`,
        `${x.dobbel.ny}/${x.dobbel.rader}/${x.dobbel.hendelser} av ${x.dobbel.antall}`,
        x.last,
      ]),
    ]),
    "",
    "api-prosessenes CPU per sertifikat etter tråd, hver runde (ms, bruker + system; fra /proc/<pid>/task):",
    tabell([
      ["runde", "api-prosesser", ...Object.keys(k[0]?.traader ?? {})],
      ...k.map((x) => [
        String(x.runde),
        String(x.prosesser),
        ...Object.values(x.traader).map((t) => `${t.bruker.toFixed(2)} + ${t.system.toFixed(2)}`),
      ]),
    ]),
    "",
    "Det rene arbeidet per sertifikat (CPU ms, målt i bench-prosessen; i tjenesten i en arbeidertråd):",
    tabell([["steg", "ms"], ...r.steg.map(([navn, ms]) => [navn, ms.toFixed(3)])]),
    "",
    `Lagringen av ett sertifikat (lagreSertifikat), én om gangen fra bench-prosessen mot samme server: CPU ms per sertifikat i klienten (Kysely, pg) ${r.sql.klientCpuMs.toFixed(2)}, i PostgreSQL ${r.sql.serverCpuMs?.toFixed(2) ?? "–"}; setninger per sertifikat:`,
    tabell([["setninger", "antall"], ...r.sql.setninger.map(([navn, n]) => [navn, n.toFixed(1)])]),
  ].join("\n");
}

/** Exactly-once failed somewhere: the bench exits with an error. */
export function innlesingFeilet(r: Awaited<ReturnType<typeof maalInnlesing>>): string[] {
  return r.kjoeringer.flatMap((x) => {
    const feil: string[] = [];
    const { sertifikater, hendelser, varsler, xml } = x.rader;
    if ([sertifikater, hendelser, varsler, xml].some((n) => n !== x.antall))
      feil.push(
        `runde ${x.runde}, ${x.prosesser} prosess(er): ${sertifikater}/${hendelser}/${varsler}/${xml} for ${x.antall}`,
      );
    if (
      x.dobbel.ny !== x.dobbel.antall ||
      x.dobbel.rader !== x.dobbel.antall ||
      x.dobbel.hendelser !== x.dobbel.antall
    )
      feil.push(
        `runde ${x.runde}, ${x.prosesser} prosess(er), samtidig levering: ${JSON.stringify(x.dobbel)}`,
      );
    return feil;
  });
}

if (process.argv[1]?.endsWith("bench-innlesing.ts")) {
  const r = await maalInnlesing();
  console.log(formaterInnlesing(r));
  const feil = innlesingFeilet(r);
  for (const f of feil) console.error(`Nøyaktig én gang holdt ikke: ${f}`);
  process.exit(feil.length ? 1 : 0);
}
