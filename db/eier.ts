// One owner per embedded database (docs/decisions/016-en-eier-av-den-innebygde-databasen.md). PGlite is a
// whole PostgreSQL in one process: a second process that opens the same directory writes its own copy of
// the files and corrupts the first one's. So whoever opens a PGlite directory first writes an owner file
// beside it (`data/pglite.eier`, created atomically), and everyone else is refused while that process lives.
// The service records its local address there, so the command-line tools can deliver through it instead.
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeFileSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

export interface Eier {
  pid: number;
  vert: string;
  /** What holds the directory: the service, or a command (npm run seed, ephyto:import …). */
  rolle: "tjeneste" | "kommando";
  /** The command line, for the message others see. */
  kommando: string;
  startet: string;
  /** The service's local address, once it listens. */
  url?: string;
  /** Whether that service runs the embedded import API (the tools deliver through it). */
  api?: boolean;
}

export type EierInfo = Pick<Eier, "rolle"> & Partial<Pick<Eier, "kommando" | "url" | "api">>;

export const eierFil = (dataDir: string): string => `${path.resolve(dataDir)}.eier`;

/** A directory already owned by a live process. The message says who, and what to do. */
export class DatabaseIBruk extends Error {
  constructor(
    readonly dataDir: string,
    readonly eier: Eier,
  ) {
    const hvem =
      eier.rolle === "tjeneste"
        ? `tjenesten (prosess ${eier.pid}${eier.url ? `, ${eier.url}` : ""})`
        : `kommandoen «${eier.kommando}» (prosess ${eier.pid})`;
    super(
      `Den innebygde databasen i ${dataDir} er i bruk av ${hvem}. Bare én prosess kan eie den om gangen. ` +
        `Hvis prosessen ikke kjører lenger, slett filen ${eierFil(dataDir)}.`,
    );
  }
}

function lever(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists, under another user.
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

function les(fil: string): Eier | undefined {
  try {
    const eier = JSON.parse(readFileSync(fil, "utf8")) as Eier;
    return Number.isSafeInteger(eier.pid) ? eier : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The live owner of a directory, if any. A file left by a process that has ended (a crash, kill -9) does
 * not count. A file from another machine (a shared disk) counts: its process cannot be checked from here.
 */
export function lesEier(dataDir: string): Eier | undefined {
  const eier = les(eierFil(dataDir));
  if (!eier) return undefined;
  if (eier.vert !== hostname()) return eier;
  return lever(eier.pid) ? eier : undefined;
}

export interface Eierskap {
  /** Adds what others should know (the service's address once it listens). */
  oppdater(info: Partial<Pick<Eier, "url" | "api">>): void;
  frigi(): void;
}

const holdt = new Set<string>();
let ryddVedExit = false;

function ryddAlt() {
  for (const fil of holdt) {
    try {
      if (les(fil)?.pid === process.pid) unlinkSync(fil);
    } catch {
      // Gone already.
    }
  }
  holdt.clear();
}

/**
 * Takes the directory or throws DatabaseIBruk. A file whose process has ended is taken over. Two processes
 * racing for a free directory: `wx` lets exactly one create the file.
 */
export function taEierskap(dataDir: string, info: EierInfo): Eierskap {
  const fil = eierFil(dataDir);
  mkdirSync(path.dirname(fil), { recursive: true });
  let eier: Eier = {
    pid: process.pid,
    vert: hostname(),
    rolle: info.rolle,
    kommando: info.kommando ?? process.argv.slice(1).join(" "),
    startet: new Date().toISOString(),
    ...(info.url ? { url: info.url } : {}),
    ...(info.api !== undefined ? { api: info.api } : {}),
  };
  for (let forsoek = 0; ; forsoek++) {
    try {
      const fd = openSync(fil, "wx", 0o600);
      try {
        writeSync(fd, JSON.stringify(eier));
      } finally {
        closeSync(fd);
      }
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const naa = les(fil);
      // Also this process: two PGlite instances on one directory are two writers too.
      if (naa && (naa.vert !== hostname() || lever(naa.pid))) throw new DatabaseIBruk(dataDir, naa);
      // A half-written file (its writer is between open and write) is left alone once; then it is stale.
      if (!naa && forsoek === 0) continue;
      if (forsoek > 2) throw e;
      try {
        unlinkSync(fil);
      } catch {
        // Someone else removed it first; try again.
      }
    }
  }
  holdt.add(fil);
  if (!ryddVedExit) {
    ryddVedExit = true;
    process.once("exit", ryddAlt);
  }
  return {
    oppdater(felt) {
      eier = { ...eier, ...felt };
      if (holdt.has(fil)) writeFileSync(fil, JSON.stringify(eier), { mode: 0o600 });
    },
    frigi() {
      if (!holdt.delete(fil)) return;
      try {
        if (les(fil)?.pid === process.pid) unlinkSync(fil);
      } catch {
        // Gone already.
      }
    },
  };
}

/** taEierskap, waiting up to ventMs while another command (not the service) holds the directory. */
export async function taEierskapNaarLedig(
  dataDir: string,
  info: EierInfo,
  ventMs: number,
): Promise<Eierskap> {
  const frist = Date.now() + ventMs;
  for (;;) {
    try {
      return taEierskap(dataDir, info);
    } catch (e) {
      if (!(e instanceof DatabaseIBruk) || e.eier.rolle !== "kommando" || Date.now() >= frist) throw e;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
