// Why an envelope from the Hub was refused, in the words the exporting NPPO reads (docs/decisions/044-sertifikater-fra-huben.md).
// The reason goes back through AcknowledgeFailedEnvelopeReceipt to a national system abroad, so it is in English,
// the Hub's language, like Mattilsynet's own ephyto-api; our Norwegian message is kept beside it in the journal.
import { type EphytoFeilkode, EphytoParseError } from "../ephyto/feil";

const AARSAK: Record<EphytoFeilkode, string> = {
  TOMT: "The envelope content is empty",
  FOR_STORT: "The certificate is larger than the 10 MB the importing NPPO accepts",
  DTD: "The certificate XML contains a DTD or entity declarations, which are not accepted",
  UGYLDIG_XML: "The envelope content is not well-formed XML",
  MANGLER_SERTIFIKAT: "The envelope content holds no SPSCertificate",
  MANGLER_NUMMER: "The certificate has no number (SPSExchangedDocument/ID)",
  MANGLER_EKSPORTLAND: "The certificate has no known export country (SPSConsignment/ExportSPSCountry/ID)",
  MANGLER_UTSTEDT_DATO: "The certificate has no issue date (SPSExchangedDocument/IssueDateTime)",
  FEIL_NAVNEROM: "The SPSCertificate element is not in a UN/CEFACT SPS certificate namespace",
  ERSTATNING_SYKLUS: "The certificate's replacement note would form a cycle of replacements",
  ALLEREDE_ERSTATTET: "The certificate replaces one that another certificate already replaces",
};

/** The English reason for the Hub, at most 1,000 characters (the Hub keeps it with the envelope). */
export function aarsakForHuben(feil: EphytoParseError): string {
  const grunn = feil.aarsak ?? AARSAK[feil.kode];
  const detalj = feil.kode === "UGYLDIG_XML" && feil.detaljer ? `: ${feil.detaljer}` : "";
  return `${grunn}${detalj}`.slice(0, 1000);
}

/** Content the Hub gave without a certificate in it. */
export const TOM_KONVOLUTT = new EphytoParseError("TOMT", "Konvolutten fra huben har ikke noe innhold");
