// The messages between the request loop and a worker thread (ADR 018): a job by its name in the registry
// (jobber.ts) with its input, and the answer.
import type { EphytoFeilkode } from "../ephyto/feil";

export interface Jobb {
  navn: string;
  input: unknown;
}

export type Svar =
  | { ok: true; resultat: unknown }
  | { ok: false; ephyto: { kode: EphytoFeilkode; melding: string; detaljer?: string } }
  | { ok: false; melding: string };
