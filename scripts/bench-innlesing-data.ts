// The certificate the intake bench delivers (issue 35 item 4): about 21 KB of ePhyto XML as a large importer
// receives them — many goods lines (with packages, treatments, origins and notes) and six small attachments
// (two PDF copies, a photo, a scan, a label and a Word note) — each with a number of its own.
import { ORG } from "../dev/demo-data";
import { type BehandlingInput, lagSertifikatXml, type VarelinjeInput } from "../dev/ephyto/generate";
import { lagPdf, vedleggFil } from "../dev/vedlegg";

const LAND = ["NL", "DE", "DK", "SE", "BE", "FR", "IT"] as const;
/**
 * The consignees, each an importer of the demo seed with e-mail on and an address (so every certificate gives one
 * event and one alert). BENCH_INNLESING_MOTTAKERE (1–7, default 1) spreads the certificates over the first n in
 * turn: every certificate to one importer takes that importer's event counter row until its COMMIT (ADR 036,
 * ADR 084), so with one the intake is serialised on it; with several, it is not.
 */
const MOTTAKERE = [
  { navn: "Hageland Import AS avd. Drammen", orgnr: ORG.hagelandDrammen },
  { navn: "Grønt Mottak AS avd. Alnabru", orgnr: ORG.grontMottakOslo },
  { navn: "Grønt Mottak AS", orgnr: ORG.grontMottakHoved },
  { navn: "Blomsterbud Vest AS avd. Stord", orgnr: ORG.blomsterbudStord },
  { navn: "Blomsterbud Vest AS avd. Voss", orgnr: ORG.blomsterbudVoss },
  { navn: "Grønt Mottak AS avd. Gardermoen", orgnr: ORG.grontMottakGardermoen },
  { navn: "Grønt Mottak AS avd. Vestby", orgnr: ORG.grontMottakVestby },
] as const;
export const INNLESING_MOTTAKERE = Math.min(
  MOTTAKERE.length,
  Math.max(1, Number(process.env.BENCH_INNLESING_MOTTAKERE ?? 1)),
);
const PLANTER = [
  {
    botaniskNavn: "Rosa",
    navn: "Rose",
    plantedel: "Cut flowers",
    tilsiktetBruk: "Decoration",
    hsKode: "060311",
  },
  {
    botaniskNavn: "Rhododendron",
    navn: "Rhododendron",
    plantedel: "Plants for planting",
    tilsiktetBruk: "Planting",
    hsKode: "060290",
  },
  { botaniskNavn: "Malus domestica", navn: "Apple", plantedel: "Fruits", tilsiktetBruk: "Consumption" },
  { botaniskNavn: "Tulipa", navn: "Tulip", plantedel: "Bulbs and tubers", tilsiktetBruk: "Planting" },
  {
    botaniskNavn: "Chrysanthemum",
    navn: "Chrysanthemum",
    plantedel: "Cut flowers",
    tilsiktetBruk: "Decoration",
  },
  {
    botaniskNavn: "Ficus benjamina",
    navn: "Weeping fig",
    plantedel: "Plants for planting",
    tilsiktetBruk: "Planting",
  },
];
const SPROEYTING: BehandlingInput = {
  type: "Chemical treatment",
  type2: "Spraying",
  kjemikalier: ["Abamectin"],
  konsentrasjon: { verdi: 0.5, enhet: "LTR" },
  startdato: "2026-11-01",
  tilleggsinformasjon: "Applied before packing",
};

/** Goods lines per certificate. */
export const LINJER = 6;

const pdf = (tekst: string) => lagPdf(tekst);
const VEDLEGG = () => [
  { filnavn: "kopi.pdf", data: pdf("Kopi av sertifikatet"), informasjon: "Copy", identifikator: "KOPI" },
  { filnavn: "pakkliste.pdf", data: pdf("Pakkliste"), informasjon: "Packing list", identifikator: "PAKK" },
  { filnavn: "foto.jpg", data: vedleggFil("bilde.jpg"), informasjon: "Inspection photo" },
  { filnavn: "skann.png", data: vedleggFil("bilde.png"), informasjon: "Scan" },
  { filnavn: "etikett.gif", data: vedleggFil("etikett.gif"), informasjon: "Label" },
  { filnavn: "merknad.docx", data: vedleggFil("tilleggsinformasjon.docx"), informasjon: "Exporter's note" },
];

/** Certificate i of a run (`serie` keeps runs apart): ~21 KB, for Hageland Drammen, from one of seven countries. */
export function innlesingSertifikat(serie: string, i: number, idag = new Date()): string {
  const land = LAND[i % LAND.length] ?? "NL";
  const utstedt = new Date(
    Date.UTC(idag.getUTCFullYear(), idag.getUTCMonth(), idag.getUTCDate() - (i % 10), 8),
  );
  const varelinjer: VarelinjeInput[] = Array.from({ length: LINJER }, (_, n) => {
    const p = PLANTER[(i + n) % PLANTER.length]!;
    return {
      ...p,
      beskrivelse: `${p.navn}, lot ${n + 1}`,
      opprinnelsesland: [land],
      antall: { verdi: 100 * (n + 1), enhet: "H87" },
      nettoVekt: { verdi: 12.5 * (n + 1), enhet: "KGM" },
      bruttoVekt: { verdi: 14 * (n + 1), enhet: "KGM" },
      pakker: [{ kode: "BX", antall: 10 + n }],
      behandlinger: n % 3 === 0 ? [SPROEYTING] : [],
      tilleggserklaeringer: n % 4 === 0 ? ["Grown in a pest free place of production"] : [],
      kjennetegn: [`LOT-${i}-${n}`],
    };
  });
  return lagSertifikatXml({
    nummer: `PHYTO.${land}.${serie}.${String(i).padStart(7, "0")}`,
    utstedt,
    utsteder: "Plant protection service",
    avsender: { navn: `Exporter ${i % 17} B.V.`, adresse: ["Street 1", "1000 AA City"] },
    mottaker: {
      navn: MOTTAKERE[i % INNLESING_MOTTAKERE]!.navn,
      organisasjonsnummer: MOTTAKERE[i % INNLESING_MOTTAKERE]!.orgnr,
      adresse: ["Industrigata 1", "3015 Drammen"],
    },
    eksportland: land,
    transport: { modus: 3, navn: "Truck", id: `TR-${i}` },
    ankomststed: { navn: "Svinesund", kode: "NOSVI" },
    transportutstyr: [{ id: `CONT${i}`, plomber: [`SEAL${i}`] }],
    friForPestErklaering:
      "This is to certify that the plants described herein have been inspected and are considered free from quarantine pests.",
    erklaeringer: ["The consignment was inspected at the place of production."],
    signatur: { navn: "J. de Vries", sted: "Aalsmeer", organisasjon: "NVWA" },
    vedlegg: VEDLEGG(),
    varelinjer,
  });
}
