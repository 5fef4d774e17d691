// CPU-heavy pure work off the request loop (ADR 018): ePhyto parsing, the certificate PDF and the Excel file
// each run in their own worker thread, at most MAKS_SAMTIDIGE at a time (the rest wait in a queue), each
// with a time limit. The database work stays on the main thread (PGlite has one connection).
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
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

// The worker is a .ts file under tsx (server.ts, scripts) and vitest alike. `execArgv: ["--import", "tsx"]`
// does not reach a worker's entry module on Node 20, so a small bootstrap registers tsx's loader in the
// worker first and then imports the worker file. The compiled service (build/drift/, scripts/bygg-drift.mjs)
// has traad.js beside this chunk and runs it as it is.
const traadUrl = new URL(import.meta.url.endsWith(".ts") ? "./traad.ts" : "./traad.js", import.meta.url);
// tsx/esm/api resolves to its CommonJS file through require; the ES module sits beside it. Resolved only for
// the .ts worker: the compiled service (build/drift/) runs without tsx installed.
const tsxApi = () =>
  pathToFileURL(
    createRequire(import.meta.url)
      .resolve("tsx/esm/api")
      .replace(/\.cjs$/, ".mjs"),
  ).href;
const lagWorker = (jobb: Jobb) =>
  traadUrl.pathname.endsWith(".ts")
    ? new Worker(
        `import(${JSON.stringify(tsxApi())}).then((m) => { m.register(); return import(${JSON.stringify(traadUrl.href)}); })`,
        { eval: true, workerData: jobb },
      )
    : new Worker(traadUrl, { workerData: jobb });

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

/** Runs one job in a new worker thread; rejects with EphytoParseError or ArbeidFeil, never hangs. */
export async function kjoerJobb(jobb: Jobb, tidsgrenseMs = TIDSGRENSE_MS): Promise<unknown> {
  await plass();
  try {
    return await new Promise<unknown>((resolve, reject) => {
      const worker = lagWorker(jobb);
      let ferdig = false;
      const avslutt = (handling: () => void) => {
        if (ferdig) return;
        ferdig = true;
        clearTimeout(tidsur);
        handling();
        void worker.terminate();
      };
      const tidsur = setTimeout(
        () => avslutt(() => reject(new ArbeidFeil("Arbeidet tok for lang tid og ble avbrutt"))),
        tidsgrenseMs,
      );
      worker.once("message", (svar: Svar) =>
        avslutt(() => {
          if (svar.ok) resolve(svar.resultat);
          else if ("ephyto" in svar)
            reject(new EphytoParseError(svar.ephyto.kode, svar.ephyto.melding, svar.ephyto.detaljer));
          else reject(new ArbeidFeil(`Arbeidet feilet: ${svar.melding}`));
        }),
      );
      worker.once("error", (feil) =>
        avslutt(() => reject(new ArbeidFeil(`Arbeidet krasjet: ${feil.message}`))),
      );
      worker.once("exit", (kode) =>
        avslutt(() => reject(new ArbeidFeil(`Arbeidet stoppet uventet (kode ${kode})`))),
      );
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
