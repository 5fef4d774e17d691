// The messages between the request loop and a worker thread (ADR 018).

import type { ImportmeldingVisning } from "../../domain/importmelding";
import type { Sorteringsretning } from "../../domain/text";
import type { DokumentasjonInput } from "../dokumenter/dokumentasjon";
import type { KvitteringValg } from "../dokumenter/kvittering-pdf";
import type { SertifikatExcelInput } from "../dokumenter/sertifikat-excel";
import type { SertifikatPdfInput } from "../dokumenter/sertifikat-pdf";
import type { EphytoFeilkode, ParseEphytoOptions } from "../ephyto/parse";
import type { RegelsettForJobb } from "../sertifikat/ingest";
import type { SertifikatTekst } from "../sertifikat/visning";

export type Jobb =
  /** A certificate parsed and assessed under the ruleset given (ADR 046; null: the bundled tables). */
  | { type: "ingest"; xml: string | Uint8Array; opts: ParseEphytoOptions; regelsett: RegelsettForJobb }
  | { type: "pdf"; input: SertifikatPdfInput }
  | { type: "excel"; input: SertifikatExcelInput }
  /** The certificate page's documents from the certificate as read (JSON text parsed in the worker). */
  | { type: "sertifikat"; format: "pdf" | "excel"; tekst: SertifikatTekst }
  | { type: "kvittering"; melding: ImportmeldingVisning; valg: KvitteringValg }
  /** The evidence pack (ADR 038): every document of a notification in one ZIP file. */
  | { type: "dokumentasjon"; input: DokumentasjonInput }
  /** The certificate page's answer for a large certificate (one page of goods lines). */
  | { type: "visning"; tekst: SertifikatTekst; side: { side: number; sortering: Sorteringsretning | null } };

export type Svar =
  | { ok: true; resultat: unknown }
  | { ok: false; ephyto: { kode: EphytoFeilkode; melding: string; detaljer?: string } }
  | { ok: false; melding: string };
