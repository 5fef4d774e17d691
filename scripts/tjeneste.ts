// The command-line tools and the running service (docs/decisions/016-en-eier-av-den-innebygde-databasen.md):
// with a PostgreSQL server (DATABASE_URL) a tool opens the database itself; with the embedded database it
// opens the directory only when nothing else owns it, and otherwise delivers through the service that does.

import { readFileSync } from "node:fs";
import path from "node:path";
import { type DatabaseHandle, openDatabase } from "../db";
import { DatabaseIBruk, type Eier, lesEier } from "../db/eier";
import { problemDetalj } from "../domain/problem";
import type { Config } from "../server/config";

/** A refusal the tool prints as it is and exits with 2. */
export class KanIkkeKjoere extends Error {}

export type Tilgang = { database: DatabaseHandle } | { tjeneste: { url: string; eier: Eier } };

/** How long a tool waits for another tool to finish with the directory, or for the service to listen. */
const VENT_MS = 60_000;

/** The owner's address once the service listens (it writes it there just after it starts listening). */
async function tjenestensAdresse(dataDir: string, eier: Eier): Promise<{ url: string; eier: Eier }> {
  const frist = Date.now() + VENT_MS;
  let naa: Eier | undefined = eier;
  while (naa?.rolle === "tjeneste" && !naa.url && Date.now() < frist) {
    await new Promise((r) => setTimeout(r, 250));
    naa = lesEier(dataDir);
  }
  if (!naa)
    throw new KanIkkeKjoere("Tjenesten stoppet mens kommandoen ventet på den. Kjør kommandoen på nytt.");
  if (naa.rolle !== "tjeneste" || !naa.url) throw new DatabaseIBruk(dataDir, naa);
  return { url: naa.url, eier: naa };
}

/**
 * The database to use, or the running service to deliver through. `kommando` names the tool in the owner
 * file (what others are told while it runs).
 */
export async function databaseEllerTjeneste(config: Config, kommando: string): Promise<Tilgang> {
  if (config.databaseUrl) return { database: await openDatabase({ databaseUrl: config.databaseUrl }) };
  try {
    return {
      database: await openDatabase({
        dataDir: config.dataDir,
        eier: { rolle: "kommando", kommando, ventMs: VENT_MS },
      }),
    };
  } catch (e) {
    if (e instanceof DatabaseIBruk && e.eier.rolle === "tjeneste") {
      return { tjeneste: await tjenestensAdresse(config.dataDir, e.eier) };
    }
    if (e instanceof DatabaseIBruk) throw new KanIkkeKjoere(e.message);
    throw e;
  }
}

/** The running service's import API, or a refusal when it runs without it (IMPORT_API_URL set). */
export function medImportApi(tjeneste: { url: string; eier: Eier }): string {
  if (tjeneste.eier.api === false) {
    throw new KanIkkeKjoere(
      `Tjenesten på ${tjeneste.url} kjører uten det innebygde import-API-et (IMPORT_API_URL er satt), og eier den innebygde databasen. Send til import-API-et i stedet.`,
    );
  }
  return tjeneste.url;
}

/** A POST to the service; the reply's JSON, or an Error with the service's Norwegian message. */
export async function postTilTjenesten(
  url: string,
  body: BodyInit,
  headers: Record<string, string>,
): Promise<Record<string, unknown>> {
  let svar: Response;
  try {
    // The service gives one job at most 120 s in a worker (ADR 018).
    svar = await fetch(url, { method: "POST", body, headers, signal: AbortSignal.timeout(150_000) });
  } catch (e) {
    const aarsak = (e as { cause?: { code?: string } }).cause?.code ?? (e as Error).name;
    throw new Error(`Fikk ikke svar fra tjenesten på ${new URL(url).origin} (${aarsak})`);
  }
  const json = (await svar.json().catch(() => ({}))) as Record<string, unknown>;
  if (svar.ok) return json;
  const melding = problemDetalj(json) ?? `Tjenesten svarte ${svar.status}`;
  const hint =
    svar.status === 401 ? " (API-nøkkelen må være den samme som tjenesten bruker: HUB_API_KEY)" : "";
  throw Object.assign(new Error(`${melding}${hint}`), { status: svar.status });
}

/**
 * The development ePhyto Hub a running service pulls from (ADR 044): the connection file it writes in data/hub
 * (dev/hub, `tilkobling.json`), when its process is alive. The commands deliver to it as an exporting country.
 */
export interface Utviklingshub {
  url: string;
  ca: string;
  eksportoer: { cert: string; key: string };
}

export function utviklingshub(dataDir: string): Utviklingshub | undefined {
  if (dataDir.startsWith("memory://")) return undefined;
  const fil = path.join(path.dirname(dataDir), "hub", "tilkobling.json");
  let innhold: { url?: string; pid?: number; ca?: string; eksportoer?: { cert?: string; key?: string } };
  try {
    innhold = JSON.parse(readFileSync(fil, "utf8"));
  } catch {
    return undefined;
  }
  const { url, pid, ca, eksportoer } = innhold;
  if (!url || !pid || !ca || !eksportoer?.cert || !eksportoer.key) return undefined;
  try {
    process.kill(pid, 0);
  } catch (e) {
    // ESRCH: the service stopped without removing the file. EPERM: it lives (as another user).
    if ((e as NodeJS.ErrnoException).code !== "EPERM") return undefined;
  }
  return { url, ca, eksportoer: { cert: eksportoer.cert, key: eksportoer.key } };
}
