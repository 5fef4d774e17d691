// The worker thread (ADR 018): runs CPU-heavy, pure jobs one at a time as they are posted, and posts each
// result back. No database here.
import { parentPort } from "node:worker_threads";
import { lagDokumentasjon } from "../dokumenter/dokumentasjon";
import { lagKvitteringPdf } from "../dokumenter/kvittering-pdf";
import { lagSertifikatExcel } from "../dokumenter/sertifikat-excel";
import { lagSertifikatPdf } from "../dokumenter/sertifikat-pdf";
import { lagSertifikatdokument } from "../dokumenter/sertifikatdokument";
import { EphytoParseError } from "../ephyto/parse";
import { forberedSertifikat } from "../sertifikat/ingest";
import { settSammen } from "../sertifikat/sammensetning";
import type { Jobb, Svar } from "./jobb";

async function kjoer(jobb: Jobb): Promise<unknown> {
  switch (jobb.type) {
    case "ingest":
      return forberedSertifikat(jobb.xml, jobb.opts, jobb.regelsett);
    case "pdf":
      return new Uint8Array(await lagSertifikatPdf(jobb.input));
    case "excel":
      return new Uint8Array(await lagSertifikatExcel(jobb.input));
    case "sertifikat":
      return new Uint8Array(await lagSertifikatdokument(jobb.format, jobb.tekst));
    case "kvittering":
      return new Uint8Array(await lagKvitteringPdf(jobb.melding, jobb.valg));
    case "dokumentasjon":
      return lagDokumentasjon(jobb.input);
    case "visning":
      return settSammen(jobb.tekst, jobb.side);
  }
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
