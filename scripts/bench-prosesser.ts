// The production shape for the bench (issue 35 items 3 and 4): processes of the compiled build
// (build/drift/*.js) on one PostgreSQL server, each process's CPU and memory read from /proc, and the
// server's own CPU (all its processes). The server is DATABASE_URL's, or a private one started with
// scripts/postgres-test.sh (PG_TEST_PORT, PG_TEST_DIR) and stopped again; every run gets a fresh database.
import { type ChildProcess, execFile, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { existsSync, openSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { exportJWK, generateKeyPair } from "jose";
import pg from "pg";
import { nyServerDatabase } from "../tests/support/test-db";

const ROT = path.resolve(import.meta.dirname, "..");
const PG_SKRIPT = path.join(ROT, "scripts", "postgres-test.sh");

/**
 * CPU time (user + system, all threads) of a process so far, ms; 0 when it is gone. `medAvsluttedeBarn`: with
 * the time of its children that have ended and been waited for.
 */
export function prosessCpuMs(pid: number, medAvsluttedeBarn = false): number {
  try {
    const felt = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    // utime and stime are fields 14 and 15 of stat (11 and 12 after the command name), cutime and cstime 16
    // and 17, in clock ticks (100/s)
    const barn = medAvsluttedeBarn ? Number(felt[13]) + Number(felt[14]) : 0;
    return (Number(felt[11]) + Number(felt[12]) + barn) * 10;
  } catch {
    return 0;
  }
}

/** Resident memory of a process, MB. */
export function prosessRssMb(pid: number): number {
  try {
    const linje = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return Number(linje?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** The machine's load average (1 minute) and cores: how busy the shared machine was during a measurement. */
export function maskinLast(): string {
  const [ett] = readFileSync("/proc/loadavg", "utf8").split(" ");
  const kjerner = readFileSync("/proc/cpuinfo", "utf8").match(/^processor\s/gm)?.length ?? 0;
  return `belastning ${ett} (1 min) på ${kjerner} kjerner`;
}

export interface BenchPostgres {
  /** The server's address (postgres://…/postgres). */
  url: string;
  /** CPU of every process of the server so far, ms (undefined when the server is not on this machine). */
  cpuMs(): number | undefined;
  stopp(): Promise<void>;
}

/** The children of process `pid` (from /proc). */
function barnAv(pid: number): number[] {
  const barn: number[] = [];
  for (const navn of readdirSync("/proc")) {
    if (!/^\d+$/.test(navn)) continue;
    try {
      const stat = readFileSync(`/proc/${navn}/stat`, "utf8");
      if (Number(stat.split(") ")[1]?.split(" ")[1]) === pid) barn.push(Number(navn));
    } catch {
      // gone meanwhile
    }
  }
  return barn;
}

/** DATABASE_URL's server, or a private one (scripts/postgres-test.sh) for as long as the bench runs. */
export async function benchPostgres(): Promise<BenchPostgres> {
  let url = process.env.DATABASE_URL;
  let startet = false;
  if (!url) {
    url = execFileSync(PG_SKRIPT, ["start"], { cwd: ROT, encoding: "utf8" }).trim();
    startet = true;
  }
  // The postmaster, when the server runs here: its data directory's postmaster.pid names it.
  let postmaster: number | undefined;
  try {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const { rows } = await c.query<{ d: string }>("select current_setting('data_directory') as d");
    await c.end();
    const fil = path.join(rows[0]?.d ?? "", "postmaster.pid");
    if (existsSync(fil)) postmaster = Number(readFileSync(fil, "utf8").split("\n")[0]);
  } catch {
    postmaster = undefined;
  }
  return {
    url,
    cpuMs: () =>
      postmaster === undefined
        ? undefined
        : // the backends that have ended (a pool closes idle connections) are in the postmaster's children's
          // time (cutime, cstime), the living ones in their own
          prosessCpuMs(postmaster, true) +
          barnAv(postmaster).reduce((sum, pid) => sum + prosessCpuMs(pid), 0),
    async stopp() {
      if (startet) execFileSync(PG_SKRIPT, ["stop"], { cwd: ROT });
    },
  };
}

export interface BenchProsess {
  navn: string;
  url: string;
  pid: number;
  barn: ChildProcess;
  /** Its stderr, for an error message. */
  feil: string[];
  stopp(): Promise<void>;
}

/**
 * A command of the compiled build (`build/<fil>.js`: `drift/…` the production build, `demo/…` the development
 * stand-ins, ADR 043) with `env` (nothing of this process's but PATH).
 */
export function startBygg(
  navn: string,
  fil: string,
  env: Record<string, string>,
  port: number,
  /** Node's own options before the script (e.g. `--cpu-prof`). */
  nodeValg: readonly string[] = [],
): BenchProsess {
  const miljoe: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? "",
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    ...env,
  };
  // BENCH_LOGG: the processes' JSON logs to files there (else discarded; the writing is part of the cost)
  const logg = process.env.BENCH_LOGG
    ? openSync(path.join(process.env.BENCH_LOGG, `${navn}-${port}.log`), "w")
    : "ignore";
  const barn: ChildProcess = spawn(process.execPath, [...nodeValg, `build/${fil}.js`], {
    cwd: ROT,
    env: miljoe,
    stdio: ["ignore", logg, "pipe"],
  });
  const feil: string[] = [];
  barn.stderr?.on("data", (d: Buffer) => {
    feil.push(d.toString());
    if (feil.length > 50) feil.shift();
  });
  return {
    navn,
    url: `http://127.0.0.1:${port}`,
    pid: barn.pid ?? 0,
    barn,
    feil,
    async stopp() {
      if (barn.exitCode !== null || barn.signalCode !== null) return;
      barn.kill("SIGTERM");
      await once(barn, "exit");
    },
  };
}

/** Waits until `p` answers /readyz (or `sti`), at most 90 s. */
export async function ventPaa(p: BenchProsess, sti = "/readyz"): Promise<void> {
  const frist = Date.now() + 90_000;
  for (;;) {
    if (p.barn.exitCode !== null)
      throw new Error(`${p.navn} stoppet (${p.barn.exitCode}): ${p.feil.join("")}`);
    try {
      if ((await fetch(`${p.url}${sti}`, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > frist) throw new Error(`${p.navn} ble ikke klar på 90 s: ${p.feil.join("")}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * What an `api` in production needs for the authority's API (ADR 045), for a bench that sends it no authority
 * tokens: Mattilsynet's organisation and a Maskinporten nobody answers for (its keys are fetched only for a token).
 */
export const MYNDIGHET_UTEN_TOKEN = {
  MYNDIGHET_ORGNR: "985399077",
  MASKINPORTEN_ISSUER: "https://127.0.0.1:1/maskinporten",
  MASKINPORTEN_JWKS_URI: "https://127.0.0.1:1/maskinporten/jwks",
};

/**
 * The development Altinn, Enhetsregisteret and Maskinporten as compose's staging `registre` runs them (a process
 * of the demo build on `port`), and the settings (x-registre) that point the api and sender roles at them: the
 * production build has no stand-in inside (ADR 043).
 */
export async function startRegistre(
  port: number,
): Promise<{ prosess: BenchProsess; env: Record<string, string> }> {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const base = `http://127.0.0.1:${port}`;
  const felles = {
    ALTINN_RESSURS: "mattilsynet-forhaandsmelding-bench",
    ALTINN_ABONNEMENTSNOEKKEL: randomBytes(16).toString("hex"),
    MASKINPORTEN_KLIENT_ID: "forhaandsmelding-bench",
    MASKINPORTEN_KLIENT_NOEKKEL: JSON.stringify({
      ...(await exportJWK(privateKey)),
      kid: "bench-1",
      alg: "RS256",
    }),
  };
  const prosess = startBygg(
    "registre",
    "demo/registre",
    { NODE_ENV: "development", REGISTRE_URL: base, ...felles },
    port,
  );
  await ventPaa(prosess, "/healthz");
  return {
    prosess,
    env: {
      ...felles,
      ALTINN_URL: `${base}/altinn`,
      ENHETSREGISTERET_URL: `${base}/enhetsregisteret`,
      MASKINPORTEN_URL: `${base}/maskinporten`,
    },
  };
}

/** Runs a command of the compiled build (`build/<fil>.js`) to its end (the migration step, the demo seed). */
export function kjoerBygg(fil: string, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      [`build/${fil}.js`],
      { cwd: ROT, env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", ...env } },
      (feil, ut, err) => (feil ? reject(new Error(`${fil}: ${feil.message}\n${ut}\n${err}`)) : resolve()),
    ),
  );
}

/** A fresh database on the server, migrated by the migration step and seeded with the demo data. */
export async function nyBenchDatabase(serverUrl: string): Promise<{ url: string; slett(): Promise<void> }> {
  if (
    !existsSync(path.join(ROT, "build/drift/server.js")) ||
    !existsSync(path.join(ROT, "build/demo/seed.js"))
  ) {
    execFileSync("npm", ["run", "build"], { cwd: ROT, stdio: "inherit" });
  }
  const d = await nyServerDatabase(serverUrl);
  await kjoerBygg("drift/db-migrer", { DATABASE_URL: d.url });
  await kjoerBygg("demo/seed", { DATABASE_URL: d.url, NODE_ENV: "development" });
  return d;
}

/** Percentile p of sorted values. */
export function persentil(sortert: readonly number[], p: number): number {
  if (sortert.length === 0) return 0;
  return sortert[Math.min(sortert.length - 1, Math.ceil((p / 100) * sortert.length) - 1)] ?? 0;
}

/** A table with the first column left-aligned and the others right-aligned. */
export function tabell(rader: readonly (readonly string[])[]): string {
  const bredder = rader[0]!.map((_, k) => Math.max(...rader.map((r) => r[k]?.length ?? 0)));
  return rader
    .map((r) => r.map((c, k) => (k === 0 ? c.padEnd(bredder[k]!) : c.padStart(bredder[k]!))).join("  "))
    .join("\n");
}
