// The request loop's typed calls into the worker threads (ADR 018): each runs one job of the registry
// (jobber.ts, whose input and result types it takes) in its lane of the pool (basseng.ts). Certificate intake
// has its own call beside the ingest (api/sertifikat/ingest.ts), which the registry runs.
import type { ImportmeldingVisning } from "../../domain/importmelding";
import type { SertifikatVisning } from "../../domain/sertifikat-visning";
import type { Sorteringsretning } from "../../domain/text";
import type { Sprak } from "../../sprak/sprak";
import type { DokumentasjonInput } from "../dokumenter/dokumentasjon";
import type { KvitteringValg } from "../dokumenter/kvittering-pdf";
import type { SertifikatPdfInput } from "../dokumenter/sertifikat-pdf";
import type { SertifikatTekst } from "../sertifikat/tekst";
import { type JobbValg, kjoerJobb } from "./basseng";
import type { JobbInput, JobbNavn, JobbResultat } from "./jobber";

/** Whose document it is and when the caller gives up (dokumentjobb.ts). */
type Dokumentvalg = Pick<JobbValg, "person" | "signal">;

async function iArbeider<N extends JobbNavn>(
  navn: N,
  input: JobbInput<N>,
  valg: JobbValg,
): Promise<JobbResultat<N>> {
  return (await kjoerJobb(navn, input, valg)) as JobbResultat<N>;
}

const tilBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export async function lagSertifikatPdfIArbeider(
  input: SertifikatPdfInput,
  valg: Dokumentvalg = {},
): Promise<Buffer> {
  return tilBuffer(await iArbeider("pdf", input, { ...valg, bane: "dokument" }));
}

/** The certificate page's PDF or Excel file, for a person (the document lane's limits apply). */
export async function lagSertifikatdokumentIArbeider(
  format: "pdf" | "excel",
  tekst: SertifikatTekst,
  sprak: Sprak,
  valg: Dokumentvalg = {},
): Promise<Buffer> {
  return tilBuffer(await iArbeider("sertifikat", { format, tekst, sprak }, { ...valg, bane: "dokument" }));
}

/** The certificate page's answer for a large certificate (api/sertifikat/visning.ts). */
export async function settSammenIArbeider(
  tekst: SertifikatTekst,
  side: { side: number; sortering: Sorteringsretning | null },
): Promise<SertifikatVisning> {
  return iArbeider("visning", { tekst, side }, { bane: "side" });
}

/** A notification's receipt PDF, for a person (the document lane's limits apply). */
export async function lagKvitteringPdfIArbeider(
  melding: ImportmeldingVisning,
  kvittering: KvitteringValg,
  valg: Dokumentvalg = {},
): Promise<Buffer> {
  return tilBuffer(
    await iArbeider("kvittering", { melding, valg: kvittering }, { ...valg, bane: "dokument" }),
  );
}

/** A notification's evidence pack as a ZIP file, for a person (the document lane's limits apply, ADR 038). */
export async function lagDokumentasjonIArbeider(
  input: DokumentasjonInput,
  valg: Dokumentvalg = {},
): Promise<Buffer> {
  return tilBuffer(await iArbeider("dokumentasjon", input, { ...valg, bane: "dokument" }));
}
