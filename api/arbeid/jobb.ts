// The messages between the request loop and a worker thread (ADR 018).
import type { SertifikatExcelInput } from "../dokumenter/sertifikat-excel";
import type { SertifikatPdfInput } from "../dokumenter/sertifikat-pdf";
import type { EphytoFeilkode, ParseEphytoOptions } from "../ephyto/parse";

export type Jobb =
  | { type: "ingest"; xml: string | Uint8Array; opts: ParseEphytoOptions }
  | { type: "pdf"; input: SertifikatPdfInput }
  | { type: "excel"; input: SertifikatExcelInput };

export type Svar =
  | { ok: true; resultat: unknown }
  | { ok: false; ephyto: { kode: EphytoFeilkode; melding: string; detaljer?: string } }
  | { ok: false; melding: string };
