// CPU-heavy pure work off the request loop (ADR 018): ePhyto parsing, the certificate PDF and the Excel file
// run in worker threads, at most MAKS_SAMTIDIGE at a time (the rest wait in a queue), each with a time limit.
// A worker is kept for the next job (starting one and loading the PDF and spreadsheet code costs far more
// than most jobs); one that overruns its time limit, crashes or exits is stopped and replaced. Idle workers
// do not keep the process alive and are stopped after LEDIG_MS. The database is PGlite's own thread or a
// server (db/pglite-traad.ts).
import type { Worker } from "node:worker_threads";
import { startTraad, traadFil } from "../../db/traad";
import type { SertifikatExcelInput } from "../dokumenter/sertifikat-excel";
import type { SertifikatPdfInput } from "../dokumenter/sertifikat-pdf";
import { EphytoParseError, type ParseEphytoOptions } from "../ephyto/parse";
import type { ForberedtSertifikat } from "../sertifikat/ingest";
import type { Jobb, Svar } from "./jobb";

/** Jobs running at once; two cores in production, and the request loop needs one. */
export const MAKS_SAMTIDIGE = Math.max(1, Number(process.env.ARBEID_MAKS_SAMTIDIGE) || 2);
/** Longest a job may run before its worker is stopped. */
export const TIDSGRENSE_MS = Math.max(1000, Number(process.env.ARBEID_TIDSGRENSE_MS) || 120_000);

/** A job that failed inside the service (crash, time limit); the message is Norwegian, for a 5xx. */
export class ArbeidFeil extends Error {
  override readonly name = "ArbeidFeil";
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

/** Workers started so far and idle now (tests check that workers are reused). */
export function arbeiderStatus(): { startet: number; ledige: number } {
  return { startet, ledige: ledige.length };
}

let aktive = 0;
const koe: (() => void)[] = [];

async function plass(): Promise<void> {
  if (aktive < MAKS_SAMTIDIGE) {
    aktive++;
    return;
  }
  await new Promise<void>((resolve) => koe.push(resolve));
}

function frigi(): void {
  const neste = koe.shift();
  if (neste) neste();
  else aktive--;
}

/** Runs one job in a worker thread; rejects with EphytoParseError or ArbeidFeil, never hangs. */
export async function kjoerJobb(jobb: Jobb, tidsgrenseMs = TIDSGRENSE_MS): Promise<unknown> {
  await plass();
  try {
    return await new Promise<unknown>((resolve, reject) => {
      const worker = hentWorker();
      let ferdig = false;
      // brukbar: the worker answered, so it can take the next job; otherwise it is stopped
      const avslutt = (brukbar: boolean, handling: () => void) => {
        if (ferdig) return;
        ferdig = true;
        clearTimeout(tidsur);
        worker.off("message", paaSvar);
        worker.off("error", paaFeil);
        worker.off("exit", paaSlutt);
        if (brukbar) leggTilbake(worker);
        else void worker.terminate();
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
      const tidsur = setTimeout(
        () => avslutt(false, () => reject(new ArbeidFeil("Arbeidet tok for lang tid og ble avbrutt"))),
        tidsgrenseMs,
      );
      worker.on("message", paaSvar);
      worker.on("error", paaFeil);
      worker.on("exit", paaSlutt);
      worker.postMessage(jobb);
    });
  } finally {
    frigi();
  }
}

export async function forberedSertifikatIArbeider(
  xml: string | Uint8Array,
  opts: ParseEphytoOptions = {},
): Promise<ForberedtSertifikat> {
  return (await kjoerJobb({ type: "ingest", xml, opts })) as ForberedtSertifikat;
}

const tilBuffer = (u: unknown) => {
  const bytes = u as Uint8Array;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
};

export async function lagSertifikatPdfIArbeider(input: SertifikatPdfInput): Promise<Buffer> {
  return tilBuffer(await kjoerJobb({ type: "pdf", input }));
}

export async function lagSertifikatExcelIArbeider(input: SertifikatExcelInput): Promise<Buffer> {
  return tilBuffer(await kjoerJobb({ type: "excel", input }));
}
