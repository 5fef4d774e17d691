// The worker thread (ADR 018): runs CPU-heavy, pure jobs one at a time as they are posted, and posts each
// result back. No database here.
import { parentPort } from "node:worker_threads";
import { EphytoParseError } from "../ephyto/feil";
import type { Jobb, Svar } from "./jobb";
import { JOBBER } from "./jobber";

const jobber: Record<string, ((input: never) => unknown) | undefined> = JOBBER;

async function kjoer({ navn, input }: Jobb): Promise<unknown> {
  const jobb = Object.hasOwn(jobber, navn) ? jobber[navn] : undefined;
  if (!jobb) throw new Error(`Ukjent jobb: ${navn}`);
  return jobb(input as never);
}

parentPort?.on("message", (jobb: Jobb) => {
  kjoer(jobb).then(
    (resultat) => {
      const svar: Svar = { ok: true, resultat };
      parentPort?.postMessage(svar, resultat instanceof Uint8Array ? [resultat.buffer as ArrayBuffer] : []);
    },
    (feil: unknown) => {
      const svar: Svar =
        feil instanceof EphytoParseError
          ? { ok: false, ephyto: { kode: feil.kode, melding: feil.message, detaljer: feil.detaljer } }
          : { ok: false, melding: feil instanceof Error ? (feil.stack ?? feil.message) : String(feil) };
      parentPort?.postMessage(svar);
    },
  );
});
