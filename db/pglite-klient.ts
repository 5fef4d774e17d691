// The request thread's side of the embedded database's thread (pglite-traad.ts, ADR 018): the two calls
// Kysely's PGlite dialect makes (query and close), as messages. Values cross by structured clone (dates,
// bytes and parsed JSON keep their types); a database error comes back with PostgreSQL's fields (code,
// detail, constraint …), as PGlite throws it.
import type { Worker } from "node:worker_threads";
import { startTraad, traadFil } from "./traad";

export type TilTraad = { id: number; sql: string; params: unknown[] } | { id: number; lukk: true };
type Feil = { message: string; felt: Record<string, unknown> };
export type FraTraad =
  | { klar: true }
  | { klar: false; feil: Feil }
  | { id: number; rows: unknown[]; affectedRows?: number }
  | { id: number; feil: Feil };

export interface Resultat<T> {
  rows: T[];
  affectedRows?: number;
}

const tilFeil = (f: Feil): Error => Object.assign(new Error(f.message), f.felt);

export class PGliteITraad {
  closed = false;
  private neste = 1;
  private readonly venter = new Map<
    number,
    { resolve(r: Resultat<unknown>): void; reject(e: Error): void }
  >();

  private constructor(private readonly worker: Worker) {
    worker.on("message", (m: FraTraad) => {
      if (!("id" in m)) return;
      const v = this.venter.get(m.id);
      if (!v) return;
      this.venter.delete(m.id);
      // Nothing pending: the thread must not keep the process alive (an open in-thread PGlite does not).
      if (this.venter.size === 0) worker.unref();
      if ("feil" in m) v.reject(tilFeil(m.feil));
      else v.resolve({ rows: m.rows, affectedRows: m.affectedRows });
    });
    const stopp = (feil: Error) => {
      this.closed = true;
      for (const v of this.venter.values()) v.reject(feil);
      this.venter.clear();
    };
    worker.on("error", (e) => stopp(new Error(`Databasetråden krasjet: ${e.message}`)));
    worker.on("exit", (kode) => stopp(new Error(`Databasetråden stoppet (kode ${kode})`)));
  }

  /** Opens PGlite on dataDir (in memory when undefined) in a thread of its own. */
  static async start(dataDir: string | undefined): Promise<PGliteITraad> {
    const worker = startTraad(traadFil(import.meta.url, "pglite-traad"), { workerData: { dataDir } });
    let paaMelding: ((m: FraTraad) => void) | undefined;
    let paaFeil: ((e: Error) => void) | undefined;
    let paaSlutt: ((kode: number) => void) | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        paaMelding = (m) => ("klar" in m && m.klar ? resolve() : reject(tilFeil((m as { feil: Feil }).feil)));
        paaFeil = reject;
        paaSlutt = (kode) => reject(new Error(`Databasetråden stoppet under oppstart (kode ${kode})`));
        worker.on("message", paaMelding).on("error", paaFeil).on("exit", paaSlutt);
      });
    } catch (e) {
      await worker.terminate();
      throw e;
    } finally {
      if (paaMelding) worker.off("message", paaMelding);
      if (paaFeil) worker.off("error", paaFeil);
      if (paaSlutt) worker.off("exit", paaSlutt);
    }
    worker.unref();
    return new PGliteITraad(worker);
  }

  private send<T>(melding: (id: number) => TilTraad): Promise<Resultat<T>> {
    if (this.closed) return Promise.reject(new Error("Databasen er lukket"));
    const id = this.neste++;
    return new Promise<Resultat<T>>((resolve, reject) => {
      this.venter.set(id, { resolve: resolve as (r: Resultat<unknown>) => void, reject });
      this.worker.ref();
      this.worker.postMessage(melding(id));
    });
  }

  query<T>(sql: string, params: unknown[] = []): Promise<Resultat<T>> {
    return this.send<T>((id) => ({ id, sql, params }));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      await this.send((id) => ({ id, lukk: true }));
    } finally {
      this.closed = true;
      await this.worker.terminate();
    }
  }
}
