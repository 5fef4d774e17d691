// The big certificate of issue 15 item 3 (ADR 018): a valid ePhyto certificate of about 9.5 MB with 18,000
// goods lines for Hageland Drammen. Used by api/arbeid/stor-last.test.ts (every request is answered) and
// the bench (scripts/bench-stort-sertifikat.ts: how long they wait).
import { ORG } from "../../dev/demo-data";
import { lagSertifikatXml } from "../../dev/ephyto/generate";

export const STORT_ANTALL_LINJER = 18_000;

/** The certificate, issued `dato` (YYYY-MM-DD) in NL. */
export function stortSertifikatXml(nummer: string, dato: string): string {
  return lagSertifikatXml({
    nummer,
    utstedt: `${dato}T08:00:00`,
    avsender: { navn: "Bloemen Export B.V." },
    mottaker: { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: ORG.hagelandDrammen },
    eksportland: { kode: "NL" },
    varelinjer: Array.from({ length: STORT_ANTALL_LINJER }, (_, i) => ({
      botaniskNavn: i % 2 ? "Rosa" : "Tulipa gesneriana",
      plantedel: "Cut flowers",
      tilsiktetBruk: "Decoration",
      opprinnelsesland: ["NL"],
    })),
  });
}
