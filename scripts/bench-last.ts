// Load test (issue 15), part of `npm run bench`, not of the test suite: the whole service as in production
// (`node build/demo/server.js`, its own process: embedded API, database and ID-porten, DEMO_MODE; with
// DATABASE_URL a fresh database on that PostgreSQL server instead of the embedded one) on loopback, so its
// CPU and memory are read from /proc apart from the load generator's; N logged-in users (separate sessions)
// each fetching the pages an importer uses — the front page, the certificate list, a certificate, the
// notification list, a certificate PDF — in a loop for the given time. Every answer must be 200 (0 errors);
// reports requests, throughput and the p50/p95/p99 latency.
import { type ChildProcess, execSync, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { DEMO_PERSONER, ORG } from "../dev/demo-data";
import { nyServerDatabase } from "../tests/support/test-db";
import { Nettleser, skjema } from "./bench-side";

/** The service process's CPU time so far (user + system, all threads, ms), from /proc. */
export function cpuMs(pid: number): number {
  const felt = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  // utime and stime are fields 14 and 15 of stat (11 and 12 after the command name), in clock ticks (100/s)
  return (Number(felt[11]) + Number(felt[12])) * 10;
}

/** The service process's resident memory (MB), from /proc. */
function rssMb(pid: number): number {
  const linje = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(linje?.[1] ?? 0) / 1024;
}

/**
 * The service, on the embedded database in dataDir, or with databaseUrl on a PostgreSQL server (the
 * production set-up: the database in a process of its own), seeded with the demo data either way.
 */
export async function startTjeneste(
  port: number,
  database: { dataDir: string } | { databaseUrl: string },
  ekstra: Record<string, string> = {},
  nodeFlagg: readonly string[] = [],
): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: base,
    NODE_ENV: "production",
    DEMO_MODE: "true",
    SESSION_SECRET: "bench-last",
    // The load's users are one test person (the demo data's importer with a login), each downloading a PDF
    // every few requests: hundreds a minute together, where 20 real people would each stay far below the
    // per-person download limit (ADR 026). The limit still counts, at a height the load never reaches.
    GRENSE_DOKUMENT_PERSON: "1000000",
    // Likewise the document lane's per-person share (ADR 018: 2 running and 4 waiting per person): here
    // what LAST_BRUKERE people would have together. The lane's own bounds (1 at a time, 16 waiting) stay.
    ARBEID_DOKUMENT_PER_PERSON: String(2 * LAST_BRUKERE),
    ARBEID_DOKUMENT_PER_PERSON_KOE: String(4 * LAST_BRUKERE),
    ...ekstra,
  };
  if ("databaseUrl" in database) {
    env.DATABASE_URL = database.databaseUrl;
    env.SEED_DEMO_DATA = "true";
  } else {
    env.DATA_DIR = database.dataDir;
    delete env.DATABASE_URL;
  }
  // BUILD_DIR (as the service reads it) picks another build, e.g. one of main to compare with.
  const barn = spawn(process.execPath, [...nodeFlagg, `${process.env.BUILD_DIR || "build"}/demo/server.js`], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  // a busy machine (other runs beside this one) can need more than a minute: BENCH_START_SEKUNDER
  const sekunder = Number(process.env.BENCH_START_SEKUNDER ?? 60);
  const frist = Date.now() + sekunder * 1000;
  for (;;) {
    if (barn.exitCode !== null) throw new Error(`Tjenesten stoppet (kode ${barn.exitCode})`);
    try {
      if ((await fetch(`${base}/nyttig-info`)).ok) return barn;
    } catch {
      // not listening yet
    }
    if (Date.now() > frist) {
      barn.kill("SIGTERM");
      throw new Error(`Tjenesten startet ikke på ${sekunder} s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

export const LAST_BRUKERE = Number(process.env.BENCH_LAST_BRUKERE ?? 20);
export const LAST_SEKUNDER = Number(process.env.BENCH_LAST_SEKUNDER ?? 60);

export interface LastResultat {
  brukere: number;
  sekunder: number;
  forespoersler: number;
  feil: number;
  feilEksempler: string[];
  perSekund: number;
  p50: number;
  p95: number;
  p99: number;
  maks: number;
  /** Resident memory (MB) after start-up and login, before the load, and the highest seen during it. */
  minneHvileMb: number;
  minneToppMb: number;
  /** Goal 2: each page's throughput at `brukere` concurrent users next to a trivial route's. */
  gjennomstroemning: SideGjennomstroemning[];
}

export interface SideGjennomstroemning {
  sti: string;
  perSekund: number;
  /** The service process's CPU (user + system, all threads) per request. */
  cpuMs: number;
  /** In the production shape (maalProduksjonsform): the API process's CPU per request. */
  apiCpuMs?: number;
}

export const TRIVIELL_SIDE = "/nyttig-info";
const GJENNOMSTROEMNING_SEKUNDER = Number(process.env.BENCH_GJENNOMSTROEMNING_SEKUNDER ?? 8);

/** `brukere` sessions fetching one page in a loop for `sekunder`: requests per second and CPU ms each. */
async function maalSide(
  pid: number,
  nettlesere: readonly Nettleser[],
  sti: string,
  sekunder: number,
  apiPid?: number,
): Promise<SideGjennomstroemning> {
  let antall = 0;
  const cpu = cpuMs(pid);
  const apiCpu = apiPid === undefined ? 0 : cpuMs(apiPid);
  const start = performance.now();
  const slutt = start + sekunder * 1000;
  await Promise.all(
    nettlesere.map(async (b) => {
      while (performance.now() < slutt) {
        const res = await b.hent(sti);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${sti} → ${res.status}`);
        antall += 1;
      }
    }),
  );
  const ms = performance.now() - start;
  return {
    sti,
    perSekund: (antall * 1000) / ms,
    cpuMs: (cpuMs(pid) - cpu) / antall,
    ...(apiPid === undefined ? {} : { apiCpuMs: (cpuMs(apiPid) - apiCpu) / antall }),
  };
}

function persentil(sortert: readonly number[], p: number): number {
  if (sortert.length === 0) return 0;
  return sortert[Math.min(sortert.length - 1, Math.ceil((p / 100) * sortert.length) - 1)] ?? 0;
}

export async function loggInn(base: string): Promise<Nettleser> {
  const b = new Nettleser(base);
  const innlogging = await b.foelg("/oauth2/authorization/idporten");
  const html = await innlogging.text();
  const handling = /<form method="post" action="([^"]+\/login)">/.exec(html)?.[1];
  if (!handling) throw new Error("Fant ikke innloggingsskjemaet");
  // relative to the ID-porten page (another process's in the production shape)
  await b.foelg(new URL(handling, b.sisteUrl).toString(), skjema({ pid: DEMO_PERSONER[0]!.pid }));
  const velg = await (await b.foelg("/velg-virksomhet")).text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(velg)?.[1] ?? "";
  const valgt = await b.foelg("/velg-virksomhet", {
    ...skjema({ csrf, organisasjonsnummer: ORG.hagelandDrammen, returnTo: "/" }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
  });
  await valgt.arrayBuffer();
  return b;
}

/** `brukere` logged-in sessions, and the address of a certificate page from the first one's list. */
async function innloggede(
  base: string,
  brukere: number,
): Promise<{ nettlesere: Nettleser[]; lenke: string }> {
  const nettlesere: Nettleser[] = [];
  for (let i = 0; i < brukere; i++) nettlesere.push(await loggInn(base));
  const liste = await (await nettlesere[0]!.foelg("/sertifikater")).text();
  const lenke = /href="(\/sertifikat\?[^"]+)"/.exec(liste)?.[1]?.replace(/&amp;/g, "&");
  if (!lenke) throw new Error("Fant ingen sertifikater i listen");
  return { nettlesere, lenke };
}

/**
 * Goal 2's pages: the trivial route first, then each page at the same concurrency. BENCH_LAST_SIDER (paths or
 * their beginnings, comma-separated) keeps only those, e.g. `/nyttig-info` for a profile of the trivial page.
 */
const maalteSider = (sertifikat: string) => {
  const alle = [TRIVIELL_SIDE, "/", "/sertifikater", sertifikat, "/importmeldinger"];
  const valgt = process.env.BENCH_LAST_SIDER?.split(",").filter(Boolean);
  if (!valgt) return alle;
  return alle.filter((s) => valgt.some((v) => (v === "/" ? s === "/" : s.startsWith(v))));
};

export async function maalLast(brukere = LAST_BRUKERE, sekunder = LAST_SEKUNDER): Promise<LastResultat> {
  if (!existsSync("build/demo/server.js")) execSync("npm run build", { stdio: "inherit" });
  rmSync(".cache/bench-last", { recursive: true, force: true });
  const port = Number(process.env.BENCH_LAST_PORT ?? 3192);
  // Loopback only.
  const base = `http://127.0.0.1:${port}`;
  // With DATABASE_URL: a fresh database on that server, dropped afterwards (as the other bench steps do).
  const server = process.env.DATABASE_URL ? await nyServerDatabase(process.env.DATABASE_URL) : undefined;
  const tjeneste = await startTjeneste(
    port,
    server ? { databaseUrl: server.url } : { dataDir: ".cache/bench-last/pglite" },
  );
  const pid = tjeneste.pid ?? 0;
  try {
    const { nettlesere, lenke } = await innloggede(base, brukere);
    const pdf = /href="(\/dokument\/import\/v2\/[^"]+\/sertifikat\/pdf[^"]*)"/
      .exec(await (await nettlesere[0]!.foelg(lenke)).text())?.[1]
      ?.replace(/&amp;/g, "&");
    const sider = ["/", "/sertifikater", lenke, "/importmeldinger", ...(pdf ? [pdf] : [])];

    // At rest after start-up and login, before any load (the throughput runs below grow the heap).
    const minneHvileMb = rssMb(pid);
    let minneToppMb = minneHvileMb;
    const maaler = setInterval(() => {
      minneToppMb = Math.max(minneToppMb, rssMb(pid));
    }, 100);
    maaler.unref();

    // Goal 2: the trivial route first, then each page, one at a time at the same concurrency.
    const gjennomstroemning: SideGjennomstroemning[] = [];
    for (const sti of maalteSider(lenke)) {
      gjennomstroemning.push(await maalSide(pid, nettlesere, sti, GJENNOMSTROEMNING_SEKUNDER));
    }

    const tider: number[] = [];
    const feilEksempler: string[] = [];
    let feil = 0;
    const slutt = performance.now() + sekunder * 1000;
    await Promise.all(
      nettlesere.map(async (b, n) => {
        for (let i = n; performance.now() < slutt; i++) {
          const sti = sider[i % sider.length]!;
          const start = performance.now();
          try {
            const res = await b.hent(sti);
            await res.arrayBuffer();
            tider.push(performance.now() - start);
            if (res.status !== 200) {
              feil += 1;
              if (feilEksempler.length < 5) feilEksempler.push(`${sti} → ${res.status}`);
            }
          } catch (e) {
            feil += 1;
            if (feilEksempler.length < 5) feilEksempler.push(`${sti} → ${String(e)}`);
          }
        }
      }),
    );
    clearInterval(maaler);
    const sortert = [...tider].sort((a, b) => a - b);
    return {
      minneHvileMb,
      minneToppMb,
      gjennomstroemning,
      brukere,
      sekunder,
      forespoersler: tider.length,
      feil,
      feilEksempler,
      perSekund: tider.length / sekunder,
      p50: persentil(sortert, 50),
      p95: persentil(sortert, 95),
      p99: persentil(sortert, 99),
      maks: sortert.at(-1) ?? 0,
    };
  } finally {
    tjeneste.kill("SIGTERM");
    if (tjeneste.exitCode === null) await once(tjeneste, "exit");
    rmSync(".cache/bench-last", { recursive: true, force: true });
    await server?.slett();
  }
}

/**
 * Goal 2 in the production shape (ADR 015): in production the import API is the authority's service on
 * another host (IMPORT_API_URL), so the service's server runs only the app. Here the API (with its database
 * and the development ID-porten) runs in one process and the app in another, pointed at it by
 * IMPORT_API_URL and OIDC_ISSUER as in production; each process's CPU per request is read apart. Both
 * share this machine's cores, so the throughput is the whole's; the app's share of the trivial route's
 * CPU per request is what a server running the app alone would see.
 */
export async function maalProduksjonsform(
  brukere = LAST_BRUKERE,
): Promise<{ sider: SideGjennomstroemning[]; brukere: number }> {
  return medProduksjonsform(brukere, async ({ appPid, apiPid, nettlesere, lenke }) => {
    const sider: SideGjennomstroemning[] = [];
    for (const sti of maalteSider(lenke)) {
      sider.push(await maalSide(appPid, nettlesere, sti, GJENNOMSTROEMNING_SEKUNDER, apiPid));
    }
    return { sider, brukere };
  });
}

/** The production shape's processes with `brukere` logged-in sessions, the pages goal 2 times, and the pids. */
interface Produksjonsform {
  app: string;
  appPid: number;
  apiPid: number;
  nettlesere: Nettleser[];
  lenke: string;
  sider: string[];
}

/** Starts the production shape (see maalProduksjonsform), runs `maal` on it and stops it again. */
export async function medProduksjonsform<R>(
  brukere: number,
  maal: (p: Produksjonsform) => Promise<R>,
): Promise<R> {
  if (!existsSync("build/demo/server.js")) execSync("npm run build", { stdio: "inherit" });
  rmSync(".cache/bench-delt", { recursive: true, force: true });
  const apiPort = Number(process.env.BENCH_LAST_PORT ?? 3192) + 1;
  const appPort = apiPort + 1;
  const api = `http://127.0.0.1:${apiPort}`;
  const app = `http://127.0.0.1:${appPort}`;
  const serverUrl = process.env.DATABASE_URL;
  const databaser = serverUrl
    ? [await nyServerDatabase(serverUrl), await nyServerDatabase(serverUrl)]
    : undefined;
  const prosesser: ChildProcess[] = [];
  try {
    // The API process's ID-porten sends the user back to the app process.
    prosesser.push(
      await startTjeneste(
        apiPort,
        databaser ? { databaseUrl: databaser[0]!.url } : { dataDir: ".cache/bench-delt/api" },
        {
          OIDC_REDIRECT_URI: `${app}/oauth2/callback/idporten`,
          OIDC_POST_LOGOUT_REDIRECT_URI: `${app}/utlogget`,
        },
      ),
    );
    // The app keeps only its sessions in its own database.
    const appDatabase = databaser ? { databaseUrl: databaser[1]!.url } : { dataDir: ".cache/bench-delt/app" };
    prosesser.push(
      await startTjeneste(
        appPort,
        appDatabase,
        { ROLES: "web", IMPORT_API_URL: api, OIDC_ISSUER: `${api}/idporten` },
        // BENCH_PROFIL=DIR: the app process's CPU profile (node --cpu-prof), written to DIR when it stops;
        // scripts/cpu-profil.ts sums it by function and module.
        process.env.BENCH_PROFIL ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFIL}`] : [],
      ),
    );
    const [apiPid, appPid] = prosesser.map((p) => p.pid ?? 0) as [number, number];
    const { nettlesere, lenke } = await innloggede(app, brukere);
    return await maal({ app, appPid, apiPid, nettlesere, lenke, sider: maalteSider(lenke) });
  } finally {
    for (const p of prosesser) {
      p.kill("SIGTERM");
      if (p.exitCode === null) await once(p, "exit");
    }
    rmSync(".cache/bench-delt", { recursive: true, force: true });
    for (const d of databaser ?? []) await d.slett();
  }
}

/** The production shape's table: the app's CPU per request and its share of the trivial route's. */
export function formaterProduksjonsform(r: {
  sider: readonly SideGjennomstroemning[];
  brukere: number;
}): string {
  const triviell = r.sider.find((x) => x.sti === TRIVIELL_SIDE);
  const rader = [
    ["Side", "Per sekund", "Appen, CPU ms", "API-prosessen, CPU ms", "Appens andel", "Mål ≥ 70 %"],
    ...r.sider.map((x) => {
      const andel = triviell ? triviell.cpuMs / x.cpuMs : 0;
      return [
        x.sti.length > 40 ? `${x.sti.slice(0, 37)}…` : x.sti,
        x.perSekund.toFixed(1),
        x.cpuMs.toFixed(1),
        (x.apiCpuMs ?? 0).toFixed(1),
        `${(andel * 100).toFixed(0)} %`,
        // issue 35 item 2: every page ≥ 0.7 of the trivial page's throughput (web alone), ADR 062
        x.sti === TRIVIELL_SIDE ? "–" : andel >= 0.7 ? "ja" : "NEI",
      ];
    }),
  ];
  const bredder = rader[0]!.map((_, k) => Math.max(...rader.map((x) => x[k]?.length ?? 0)));
  return [
    `Produksjonsformen: appen i én prosess, import-API-et (med databasen og ID-porten for test) i en annen, ${r.brukere} samtidige brukere.`,
    "Appens andel er den trivielle rutens CPU per forespørsel delt på sidens: andelen av gjennomstrømningen en server som bare kjører appen, ville fått.",
    ...(process.env.DATABASE_URL
      ? ["API-prosessens CPU er uten PostgreSQL-serverens (en egen prosess)."]
      : ["API-prosessens CPU er med den innebygde databasen (PGlite kjører i prosessen)."]),
    ...rader.map((x) =>
      x.map((c, k) => (k === 0 ? c.padEnd(bredder[k]!) : c.padStart(bredder[k]!))).join("  "),
    ),
  ].join("\n");
}

export function formaterLast(r: LastResultat): string {
  return [
    `${r.brukere} innloggede brukere i ${r.sekunder} s: ${r.forespoersler} forespørsler (${r.perSekund.toFixed(1)}/s), ${r.feil} feil`,
    `svartid p50 ${r.p50.toFixed(0)} ms, p95 ${r.p95.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms, maks ${r.maks.toFixed(0)} ms`,
    ...r.feilEksempler.map((e) => `  feil: ${e}`),
    `minne (RSS, tjenesteprosessen${process.env.DATABASE_URL ? ", uten PostgreSQL-serveren" : ""}): ${r.minneHvileMb.toFixed(0)} MB i ro etter innlogging, topp ${r.minneToppMb.toFixed(0)} MB under lasten og gjennomstrømningsmålingene`,
    "",
    formaterGjennomstroemning(r.gjennomstroemning, r.brukere),
  ].join("\n");
}

/** Goal 2 (issue 13): throughput as a share of the trivial route's (goal ≥ 50 %), and CPU ms per request. */
export function formaterGjennomstroemning(g: readonly SideGjennomstroemning[], brukere: number): string {
  const triviell = g.find((x) => x.sti === TRIVIELL_SIDE);
  const rader = [
    ["Side", "Per sekund", "Andel av triviell", "CPU ms/forespørsel", "Mål ≥ 50 %"],
    ...g.map((x) => {
      const andel = triviell ? x.perSekund / triviell.perSekund : 0;
      return [
        x.sti.length > 40 ? `${x.sti.slice(0, 37)}…` : x.sti,
        x.perSekund.toFixed(1),
        `${(andel * 100).toFixed(0)} %`,
        x.cpuMs.toFixed(1),
        x.sti === TRIVIELL_SIDE ? "–" : andel >= 0.5 ? "ja" : "NEI",
      ];
    }),
  ];
  const bredder = rader[0]!.map((_, k) => Math.max(...rader.map((r) => r[k]?.length ?? 0)));
  return [
    `Gjennomstrømning med ${brukere} samtidige brukere, én side om gangen (${TRIVIELL_SIDE} er den trivielle ruten):`,
    ...rader.map((r) =>
      r.map((c, k) => (k === 0 ? c.padEnd(bredder[k]!) : c.padStart(bredder[k]!))).join("  "),
    ),
  ].join("\n");
}

// `npx tsx scripts/bench-last.ts`: the production shape's table alone (issue 35 item 2), without the rest of
// `npm run bench`. With DATABASE_URL on a PostgreSQL server, as in production; BENCH_LAST_PORT and
// BENCH_GJENNOMSTROEMNING_SEKUNDER as above.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  console.log(formaterProduksjonsform(await maalProduksjonsform()));
  process.exit(0);
}
