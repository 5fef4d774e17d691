// The jobs a worker thread runs (ADR 018), by name: CPU-heavy and pure (no database). The pool (basseng.ts) posts
// a name and an input and knows nothing more of them; the worker (traad.ts) looks the name up here, and the
// typed calls (i-arbeider.ts) take their input and result types from here. A job that makes a file answers its
// bytes as a Uint8Array, so they move to the request thread without a copy.
import type { ImportmeldingVisning } from "../../domain/importmelding";
import type { Sorteringsretning } from "../../domain/text";
import type { Sprak } from "../../sprak/sprak";
import { type DokumentasjonInput, lagDokumentasjon } from "../dokumenter/dokumentasjon";
import { type KvitteringValg, lagKvitteringPdf } from "../dokumenter/kvittering-pdf";
import { lagSertifikatExcel, type SertifikatExcelInput } from "../dokumenter/sertifikat-excel";
import { lagSertifikatPdf, type SertifikatPdfInput } from "../dokumenter/sertifikat-pdf";
import { lagSertifikatdokument } from "../dokumenter/sertifikatdokument";
import type { ParseEphytoOptions } from "../ephyto/parse";
import { forberedSertifikat, type RegelsettForJobb } from "../sertifikat/ingest";
import { settSammen } from "../sertifikat/sammensetning";
import type { SertifikatTekst } from "../sertifikat/tekst";

export const JOBBER = {
  /** A certificate parsed and assessed under the ruleset given (ADR 046; null: the bundled tables). */
  ingest: ({
    xml,
    opts,
    regelsett,
  }: {
    xml: string | Uint8Array;
    opts: ParseEphytoOptions;
    regelsett: RegelsettForJobb;
  }) => forberedSertifikat(xml, opts, regelsett),
  pdf: async (input: SertifikatPdfInput) => new Uint8Array(await lagSertifikatPdf(input)),
  excel: async (input: SertifikatExcelInput) => new Uint8Array(await lagSertifikatExcel(input)),
  /** The certificate page's documents from the certificate as read (JSON text parsed in the worker). */
  sertifikat: async ({
    format,
    tekst,
    sprak,
  }: {
    format: "pdf" | "excel";
    tekst: SertifikatTekst;
    sprak?: Sprak;
  }) => new Uint8Array(await lagSertifikatdokument(format, tekst, sprak)),
  kvittering: async ({ melding, valg }: { melding: ImportmeldingVisning; valg: KvitteringValg }) =>
    new Uint8Array(await lagKvitteringPdf(melding, valg)),
  /** The evidence pack (ADR 038): every document of a notification in one ZIP file. */
  dokumentasjon: (input: DokumentasjonInput) => lagDokumentasjon(input),
  /** The certificate page's answer for a large certificate (one page of goods lines). */
  visning: ({
    tekst,
    side,
  }: {
    tekst: SertifikatTekst;
    side: { side: number; sortering: Sorteringsretning | null };
  }) => settSammen(tekst, side),
};

export type JobbNavn = keyof typeof JOBBER;
export type JobbInput<N extends JobbNavn> = Parameters<(typeof JOBBER)[N]>[0];
export type JobbResultat<N extends JobbNavn> = Awaited<ReturnType<(typeof JOBBER)[N]>>;
