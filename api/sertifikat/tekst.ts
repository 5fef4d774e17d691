// A certificate as read for its page and documents (api/sertifikat/visning.ts reads it; sammensetning.ts and the
// document jobs in the worker threads use it), in a module of its own that holds only these types.
import type { LagretSertifikat } from "../../domain/sertifikat";
import type { SertifikatVisning } from "../../domain/sertifikat-visning";
import type { Sprak } from "../../sprak/sprak";

/** What the certificate page says besides the certificate's own data and assessment. */
export type SertifikatRamme = Omit<
  SertifikatVisning,
  | Exclude<keyof LagretSertifikat, "vedlegg">
  | "vurdering"
  | "mengdeOppsummering"
  | "varelinjeOppsummering"
  | "forkortedeFelt"
>;

/**
 * A certificate as read: the page's frame, and the certificate's data and assessment as the JSON text the
 * database holds. The text is parsed where it is used (sammensetning.ts): for a document in the worker
 * thread, so a certificate of 12,000 goods lines is never an object graph in the request thread (ADR 018).
 */
export interface SertifikatTekst {
  nummer: string;
  ramme: SertifikatRamme;
  data: string;
  vurdering: string;
  /** The mark after a free-text field cut to its display length, in the reader's language (domain/fritekst.ts). */
  forkortMerke?: string;
  /** The reader's language, for the texts of the page's summary (the re-export declaration); bokmål without. */
  sprak?: Sprak;
}
