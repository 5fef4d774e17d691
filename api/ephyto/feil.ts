// The ePhyto reader's errors and limits (api/ephyto/parse.ts).

export type EphytoFeilkode =
  | "TOMT"
  | "FOR_STORT"
  | "DTD"
  | "UGYLDIG_XML"
  | "MANGLER_SERTIFIKAT"
  | "MANGLER_NUMMER"
  // Raised when storing (api/sertifikat/ingest.ts): the keys a certificate is found by are missing.
  | "MANGLER_EKSPORTLAND"
  | "MANGLER_UTSTEDT_DATO"
  // The SPSCertificate element is declared in another namespace than UN/CEFACT SPS (ADR 017).
  | "FEIL_NAVNEROM"
  // Raised when storing: the replacement note conflicts with stored certificates (ADR 017).
  | "ERSTATNING_SYKLUS"
  | "ALLEREDE_ERSTATTET";

/** A certificate that cannot be read. `message` is Norwegian and may be shown to users. */
export class EphytoParseError extends Error {
  override readonly name = "EphytoParseError";
  readonly kode: EphytoFeilkode;
  /** Technical detail (parser message, line), not for users. */
  readonly detaljer?: string;
  /**
   * The reason in English for the exporting NPPO, where the code's general one (api/sertifikat/hub-aarsak.ts)
   * leaves out what they need to act on (which certificate is in the way).
   */
  readonly aarsak?: string;

  constructor(
    kode: EphytoFeilkode,
    melding: string,
    detaljer?: string,
    options?: { cause?: unknown; aarsak?: string },
  ) {
    super(melding, options);
    this.kode = kode;
    this.detaljer = detaljer;
    this.aarsak = options?.aarsak;
  }
}

export const STANDARD_MAKS_BYTES = 10 * 1024 * 1024;

export interface ParseEphytoOptions {
  /** Largest accepted input in bytes; default 10 MB. */
  maxBytes?: number;
}
