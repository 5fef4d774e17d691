// CPU-heavy pure work off the request loop (ADR 018): ePhyto parsing, the certificate PDF, the Excel file,
// the receipt and a large certificate's page run in worker threads, each with a time limit. Three lanes with
// their own capacity, so that documents can never delay certificate intake: `innlesing` (Hub deliveries, the
// import command), `dokument` (PDF and Excel for people) and `side` (the page of a large certificate). The
// document lane is bounded: at most DOKUMENT.perPerson jobs of one person run at once, a person may have
// DOKUMENT.perPersonVentende more waiting, and at most DOKUMENT.ventende wait in all; past that the job is
// refused at once (ArbeidOpptatt: 429 for the person, 503 when the queue is full, both with Retry-After). A job whose caller gives up (its AbortSignal) leaves the queue, or has its worker stopped.
// A worker is kept for the next job (starting one and loading the PDF and spreadsheet code costs far more
// than most jobs); one that overruns its time limit, crashes, exits or is cancelled is stopped and replaced.
// Idle workers do not keep the process alive and are stopped after LEDIG_MS. The database is PGlite's own
// thread or a server (db/pglite-traad.ts). The pool knows a job only by its name in the registry (jobber.ts,
// loaded in the worker) and its errors (feil.ts); the typed calls are in i-arbeider.ts.
import type { Worker } from "node:worker_threads";
import { startTraad, traadFil } from "../../db/traad";
import { EphytoParseError } from "../ephyto/feil";
import { ArbeidAvbrutt, ArbeidFeil, ArbeidOpptatt } from "./feil";
import type { Jobb, Svar } from "./jobb";

/** The lanes' limits (server/config.ts reads them from ARBEID_*; these are the defaults). */
export interface Arbeidsgrenser {
  innlesing: { samtidige: number; tidsgrenseMs: number };
  dokument: {
    samtidige: number;
    ventende: number;
    perPerson: number;
    perPersonVentende: number;
    tidsgrenseMs: number;
  };
  side: { samtidige: number };
}

/** Certificate intake: parsing runs at most this many at once; deliveries wait their turn (never refused). */
export const INNLESING = { samtidige: 2, tidsgrenseMs: 120_000 };

/** Documents (PDF, Excel) for people: a lane of its own, bounded (ADR 018 "Grenser"). */
export const DOKUMENT = {
  /** Documents made at once in all; two cores, and the request loop and the database need one. */
  samtidige: 1,
  /** Waiting documents in all; past this the answer is 503 with Retry-After. */
  ventende: 16,
  /** Documents of one person made at once; the person's next ones wait. */
  perPerson: 2,
  /** Documents of one person waiting; past this the answer is 429 with Retry-After. */
  perPersonVentende: 4,
  /** The app gives up on a document after its own deadline and cancels; other clients get this. */
  tidsgrenseMs: 60_000,
  /** Retry-After (seconds) when refused. */
  ventSekunder: 10,
};

/** The certificate page of a large certificate: one at a time, beside intake and documents. */
export const SIDE = { samtidige: 1, tidsgrenseMs: 30_000 };

/** The configured limits, for this process's pool (server/api.ts, at start). */
export function stillInnArbeid(grenser: Arbeidsgrenser): void {
  Object.assign(INNLESING, grenser.innlesing);
  Object.assign(DOKUMENT, grenser.dokument);
  Object.assign(SIDE, grenser.side);
}

// The worker is traad.ts under tsx and vitest, traad.js beside this chunk in the compiled service.
const traadUrl = traadFil(import.meta.url, "traad");
/** How long an idle worker is kept for the next job. */
const LEDIG_MS = 60_000;
let startet = 0;
const ledige: { worker: Worker; tidsur: NodeJS.Timeout }[] = [];

function lagWorker(): Worker {
  startet++;
  return startTraad(traadUrl);
}

function hentWorker(): Worker {
  const ledig = ledige.pop();
  if (!ledig) return lagWorker();
  clearTimeout(ledig.tidsur);
  ledig.worker.ref();
  return ledig.worker;
}

function leggTilbake(worker: Worker): void {
  worker.unref();
  const tidsur = setTimeout(() => {
    const i = ledige.findIndex((l) => l.worker === worker);
    if (i >= 0) ledige.splice(i, 1);
    void worker.terminate();
  }, LEDIG_MS);
  tidsur.unref();
  ledige.push({ worker, tidsur });
}

export type Bane = "innlesing" | "dokument" | "side";

interface Venter {
  person: string | undefined;
  start(): void;
}

const baner: Record<Bane, { aktive: number; koe: Venter[] }> = {
  innlesing: { aktive: 0, koe: [] },
  dokument: { aktive: 0, koe: [] },
  side: { aktive: 0, koe: [] },
};
/** Running and waiting document jobs per person. */
const perPerson = new Map<string, { aktive: number; ventende: number }>();
let avbrutt = 0;
let stoppet = 0;

/**
 * Workers started and stopped so far, idle now, jobs cancelled so far, and each lane's running and waiting
 * jobs (tests).
 */
export function arbeiderStatus() {
  return {
    startet,
    stoppet,
    ledige: ledige.length,
    avbrutt,
    innlesing: { aktive: baner.innlesing.aktive, ventende: baner.innlesing.koe.length },
    dokument: { aktive: baner.dokument.aktive, ventende: baner.dokument.koe.length },
  };
}

const personTall = (person: string) => {
  let t = perPerson.get(person);
  if (!t) {
    t = { aktive: 0, ventende: 0 };
    perPerson.set(person, t);
  }
  return t;
};

function kanStarte(bane: Bane, person: string | undefined): boolean {
  if (bane === "innlesing") return baner.innlesing.aktive < INNLESING.samtidige;
  if (bane === "side") return baner.side.aktive < SIDE.samtidige;
  return (
    baner.dokument.aktive < DOKUMENT.samtidige &&
    (person === undefined || (perPerson.get(person)?.aktive ?? 0) < DOKUMENT.perPerson)
  );
}

function opptatt(bane: Bane, person: string | undefined): void {
  baner[bane].aktive++;
  if (person !== undefined) personTall(person).aktive++;
}

/** A free place in the lane: at once, after waiting, or refused (ArbeidOpptatt, ArbeidAvbrutt). */
async function plass(bane: Bane, person: string | undefined, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) throw new ArbeidAvbrutt();
  const { koe } = baner[bane];
  // first come, first served: a free place goes to the queue first (a person at their limit waits on)
  if (kanStarte(bane, person) && !koe.some((v) => kanStarte(bane, v.person))) {
    opptatt(bane, person);
    return;
  }
  if (bane === "dokument") {
    if (person !== undefined && (perPerson.get(person)?.ventende ?? 0) >= DOKUMENT.perPersonVentende) {
      throw new ArbeidOpptatt(429, DOKUMENT.ventSekunder);
    }
    if (koe.length >= DOKUMENT.ventende) throw new ArbeidOpptatt(503, DOKUMENT.ventSekunder);
  }
  if (person !== undefined) personTall(person).ventende++;
  await new Promise<void>((resolve, reject) => {
    const venter: Venter = {
      person,
      start: () => {
        signal?.removeEventListener("abort", gaaUt);
        resolve();
      },
    };
    const gaaUt = () => {
      const i = koe.indexOf(venter);
      if (i < 0) return;
      koe.splice(i, 1);
      if (person !== undefined) ryddPerson(person, "ventende");
      avbrutt++;
      reject(new ArbeidAvbrutt());
    };
    signal?.addEventListener("abort", gaaUt, { once: true });
    koe.push(venter);
  });
}

function ryddPerson(person: string, felt: "aktive" | "ventende"): void {
  const t = personTall(person);
  t[felt]--;
  if (t.aktive === 0 && t.ventende === 0) perPerson.delete(person);
}

/** Gives the place back and starts the first waiting job that may start now. */
function frigi(bane: Bane, person: string | undefined): void {
  baner[bane].aktive--;
  if (person !== undefined) ryddPerson(person, "aktive");
  const { koe } = baner[bane];
  for (;;) {
    const i = koe.findIndex((v) => kanStarte(bane, v.person));
    if (i < 0) return;
    const [neste] = koe.splice(i, 1);
    if (!neste) return;
    if (neste.person !== undefined) ryddPerson(neste.person, "ventende");
    opptatt(bane, neste.person);
    neste.start();
  }
}

/**
 * The key of the shared part each worker already has (JobbValg.kjent): that part crosses once per worker and
 * key, not per job (ADR 046: the approved ruleset's content, which the worker builds once and keeps).
 */
const kjentIWorker = new WeakMap<Worker, string>();

function inputTil(worker: Worker, input: unknown, kjent: JobbValg["kjent"]): unknown {
  if (!kjent) return input;
  if (kjentIWorker.get(worker) === kjent.noekkel) return kjent.input;
  kjentIWorker.set(worker, kjent.noekkel);
  return input;
}

export interface JobbValg {
  /** The lane: innlesing (certificate intake), dokument (files for people) or side (a large certificate's page). */
  bane: Bane;
  /** Who the document is for (the person's id), for the per-person limits. */
  person?: string;
  /** Aborted when the caller gives up: the job leaves the queue, or its worker is stopped. */
  signal?: AbortSignal;
  tidsgrenseMs?: number;
  /** The input to post instead to a worker that has already had a job with the same `noekkel`. */
  kjent?: { noekkel: string; input: unknown };
}

/**
 * Runs one job of the registry (jobber.ts), named `navn`, in a worker thread; rejects with EphytoParseError,
 * ArbeidFeil, ArbeidOpptatt or ArbeidAvbrutt, never hangs. The typed calls are in i-arbeider.ts.
 */
export async function kjoerJobb(navn: string, input: unknown, valg: JobbValg): Promise<unknown> {
  const { bane, person, signal } = valg;
  const tidsgrenseMs =
    valg.tidsgrenseMs ?? { innlesing: INNLESING, dokument: DOKUMENT, side: SIDE }[bane].tidsgrenseMs;
  await plass(bane, person, signal);
  try {
    if (signal?.aborted) {
      avbrutt++;
      throw new ArbeidAvbrutt();
    }
    return await new Promise<unknown>((resolve, reject) => {
      const worker = hentWorker();
      let ferdig = false;
      // brukbar: the worker answered, so it can take the next job; otherwise it is stopped
      const avslutt = (brukbar: boolean, handling: () => void) => {
        if (ferdig) return;
        ferdig = true;
        clearTimeout(tidsur);
        signal?.removeEventListener("abort", avbryt);
        worker.off("message", paaSvar);
        worker.off("error", paaFeil);
        worker.off("exit", paaSlutt);
        if (brukbar) leggTilbake(worker);
        else {
          stoppet++;
          void worker.terminate();
        }
        handling();
      };
      const paaSvar = (svar: Svar) =>
        avslutt(true, () => {
          if (svar.ok) resolve(svar.resultat);
          else if ("ephyto" in svar)
            reject(new EphytoParseError(svar.ephyto.kode, svar.ephyto.melding, svar.ephyto.detaljer));
          else reject(new ArbeidFeil(`Arbeidet feilet: ${svar.melding}`));
        });
      const paaFeil = (feil: Error) =>
        avslutt(false, () => reject(new ArbeidFeil(`Arbeidet krasjet: ${feil.message}`)));
      const paaSlutt = (kode: number) =>
        avslutt(false, () => reject(new ArbeidFeil(`Arbeidet stoppet uventet (kode ${kode})`)));
      // The caller gave up: nobody will read the result, so the work stops now, not at the time limit.
      const avbryt = () =>
        avslutt(false, () => {
          avbrutt++;
          reject(new ArbeidAvbrutt());
        });
      const tidsur = setTimeout(
        () => avslutt(false, () => reject(new ArbeidFeil("Arbeidet tok for lang tid og ble avbrutt"))),
        tidsgrenseMs,
      );
      worker.on("message", paaSvar);
      worker.on("error", paaFeil);
      worker.on("exit", paaSlutt);
      signal?.addEventListener("abort", avbryt, { once: true });
      worker.postMessage({ navn, input: inputTil(worker, input, valg.kjent) } satisfies Jobb);
    });
  } finally {
    frigi(bane, person);
  }
}
