// Demo certificates: about 25 realistic ePhyto certificates, built as XML and stored through the same
// ingestion as the Hub endpoint (api/sertifikat/ingest.ts). Issue dates are relative to `idag`, so most can
// be notified (within 14 days) whenever the demo is started. The numbers are fixed per year: seeding again
// updates the same certificates instead of adding new ones.
import { ingestSertifikat } from "../api/sertifikat/ingest";
import type { Db } from "../db";
import { leggTilDager, osloDato } from "../domain/format";
import { ORG } from "./demo-data";
import {
  type BehandlingInput,
  lagSertifikatXml,
  type MottakerInput,
  type PartInput,
  type SertifikatInput,
  type VedleggInput,
} from "./ephyto/generate";
import { lagPdf, vedleggFil } from "./vedlegg";

// ---------------------------------------------------------------------------------------------------------
// Parties
// ---------------------------------------------------------------------------------------------------------

const HAGELAND: MottakerInput = {
  navn: "Hageland Import AS avd. Drammen",
  adresse: ["Tollbugata 40", "3044 Drammen", "Norway"],
  organisasjonsnummer: ORG.hagelandDrammen,
};
/** The exact name, no organisation number (matched by name; case and spacing do not matter). */
const HAGELAND_NAVN: MottakerInput = {
  navn: "HAGELAND IMPORT AS  avd. Drammen",
  adresse: ["Tollbugata 40", "Drammen"],
};
const BLOMSTERBUD: MottakerInput = {
  navn: "Blomsterbud Vest AS avd. Bergen",
  adresse: ["Kokstadflaten 5", "5257 Kokstad", "Norway"],
  organisasjonsnummer: ORG.blomsterbudBergen,
};
const BLOMSTERBUD_NAVN: MottakerInput = {
  navn: "Blomsterbud Vest AS avd. Bergen",
  adresse: ["Kokstadflaten 5"],
};
const GRONT_MOTTAK: MottakerInput = {
  navn: "Grønt Mottak AS avd. Alnabru",
  adresse: ["Alnabruveien 20", "0668 Oslo", "Norway"],
  organisasjonsnummer: ORG.grontMottakOslo,
};
/** Companies that are not in our register: their certificates are found only by search. */
const NORDLYS: MottakerInput = { navn: "Nordlys Hagesenter AS", adresse: ["Storgata 1", "9008 Tromsø"] };
const FJELLHAGEN: MottakerInput = {
  navn: "Fjellhagen Planteskole AS",
  adresse: ["Fjellvegen 4", "2636 Øyer"],
  organisasjonsnummer: "912346404",
};

const AVSENDER = {
  NL: {
    navn: "Bloemenexport Aalsmeer B.V.",
    adresse: ["Legmeerdijk 313", "1431 GB Aalsmeer", "Netherlands"],
  },
  NL2: { navn: "Boskoop Boomkwekerij B.V.", adresse: ["Laag Boskoop 12", "2771 GX Boskoop", "Netherlands"] },
  DE: { navn: "Gartenbau Westfalen GmbH", adresse: ["Hauptstraße 8", "48155 Münster", "Germany"] },
  DK: { navn: "Fynsk Juletræ ApS", adresse: ["Skovvej 22", "5750 Ringe", "Denmark"] },
  SE: { navn: "Skånes Plantskola AB", adresse: ["Trädgårdsvägen 3", "262 63 Ängelholm", "Sweden"] },
  BE: { navn: "Gentse Azalea NV", adresse: ["Kortrijksesteenweg 100", "9830 Sint-Martens-Latem", "Belgium"] },
  FR: { navn: "Vergers du Val de Loire SARL", adresse: ["12 Route d'Angers", "49000 Angers", "France"] },
  IT: { navn: "Agrumi di Sicilia S.r.l.", adresse: ["Via Etnea 45", "95131 Catania", "Italy"] },
  IT2: { navn: "Vivai Toscani S.p.A.", adresse: ["Via Pistoiese 210", "51100 Pistoia", "Italy"] },
  US: { navn: "Pacific Northwest Nursery Inc.", adresse: ["4100 Nursery Rd", "Portland, OR 97201", "USA"] },
  KE: { navn: "Naivasha Roses Ltd", adresse: ["Moi South Lake Road", "Naivasha", "Kenya"] },
  IL: { navn: "Arava Export Ltd", adresse: ["Moshav Ein Yahav", "Arava", "Israel"] },
  ZA: {
    navn: "Citrusdal Packers (Pty) Ltd",
    adresse: ["Voortrekker St 5", "Citrusdal 7340", "South Africa"],
  },
  CN: { navn: "Qingdao Bonsai Horticulture Co., Ltd", adresse: ["88 Binhai Road", "Qingdao", "China"] },
} satisfies Record<string, PartInput>;

const UTSTEDER: Record<string, string> = {
  NL: "Netherlands Food and Consumer Product Safety Authority (NVWA)",
  DE: "Pflanzenschutzdienst Nordrhein-Westfalen",
  DK: "Landbrugsstyrelsen",
  SE: "Jordbruksverket",
  BE: "FAVV-AFSCA",
  FR: "DRAAF Pays de la Loire",
  IT: "Servizio Fitosanitario Regionale Sicilia",
  US: "USDA APHIS PPQ",
  KE: "Kenya Plant Health Inspectorate Service (KEPHIS)",
  IL: "Plant Protection and Inspection Services (PPIS)",
  ZA: "Department of Agriculture, Land Reform and Rural Development",
  CN: "General Administration of Customs of the People's Republic of China",
};

const STED: Record<string, string> = {
  NL: "Aalsmeer",
  DE: "Münster",
  DK: "Odense",
  SE: "Ängelholm",
  BE: "Gent",
  FR: "Angers",
  IT: "Catania",
  US: "Portland",
  KE: "Nairobi",
  IL: "Tel Aviv",
  ZA: "Cape Town",
  CN: "Qingdao",
};

// ---------------------------------------------------------------------------------------------------------
// The certificates
// ---------------------------------------------------------------------------------------------------------

const SPROEYTING: BehandlingInput = {
  type: "Chemical treatment",
  type2: "Spraying",
  kjemikalier: ["Abamectin"],
  konsentrasjon: { verdi: 0.5, enhet: "GL" },
  tilleggsinformasjon: "Applied before packing",
};
const DYPPING: BehandlingInput = {
  type: "Chemical treatment",
  type2: "Dipping",
  kjemikalier: ["Thiabendazole"],
  konsentrasjon: { verdi: 2, enhet: "GL" },
  varighet: { verdi: 2, enhet: "MIN" },
};
const KALDBEHANDLING: BehandlingInput = {
  type: "Cold treatment",
  temperatur: { verdi: -0.5, enhet: "CEL" },
  varighet: { verdi: 24, enhet: "DAY" },
};

/** The demo certificates for the day `idag`. */
export function demoSertifikater(idag: Date = new Date()): SertifikatInput[] {
  const osloIdag = osloDato(idag);
  const aar = Number(osloIdag.slice(0, 4));
  /** `n` days before today in Oslo (the service's "today"), whatever the hour the seed runs. */
  const datoTekst = (n: number) => leggTilDager(osloIdag, -n);
  /** 10:30 UTC on that date: late morning in Oslo, so the same calendar date in both. */
  const dag = (n: number) => new Date(`${datoTekst(n)}T10:30:00Z`);
  const eu = (land: string, nr: number) => `PHYTO.${land}.${aar}.${String(nr).padStart(7, "0")}`;
  const felles = (land: keyof typeof UTSTEDER, n: number, navn = "Inspector") => ({
    utstedt: dag(n),
    utsteder: UTSTEDER[land],
    signatur: { navn, sted: STED[land], dato: datoTekst(n), organisasjon: UTSTEDER[land] },
    friForPestErklaering: "1",
  });
  const veg = (id: string) => ({ modus: 3, navn: "Truck", id });
  const fly = (id: string) => ({ modus: 4, navn: "Cargo flight", id });
  const sjoe = (id: string) => ({ modus: 1, navn: "Container vessel", id });

  const pdfVedlegg = (filnavn: string, tekst: string, informasjon?: string): VedleggInput => ({
    filnavn,
    data: lagPdf(tekst),
    informasjon,
    identifikator: filnavn.replace(/\.[a-z]+$/, "").toUpperCase(),
  });

  return [
    // --- Netherlands (paperless) ---
    {
      nummer: eu("NL", 100001),
      ...felles("NL", 1, "J. de Vries"),
      avsender: AVSENDER.NL,
      mottaker: HAGELAND,
      eksportland: { kode: "NL", navn: "Netherlands" },
      transitt: ["DE", "DK"],
      transport: veg("NL-12-BXD"),
      ankomststed: { navn: "Svinesund", kode: "NOSVI" },
      inspeksjonssted: "Aalsmeer",
      vedlegg: [pdfVedlegg("pakkliste.pdf", "Pakkliste - Bloemenexport Aalsmeer", "Packing list")],
      varelinjer: [
        {
          botaniskNavn: "Rosa",
          navn: "Rose",
          beskrivelse: "Cut roses, Red Naomi",
          hsKode: "060311",
          plantedel: "Cut flowers",
          tilstander: ["Fresh"],
          tilsiktetBruk: "Decoration",
          antall: { verdi: 4800, enhet: "H87" },
          nettoVekt: { verdi: 240, enhet: "KGM" },
          bruttoVekt: { verdi: 310, enhet: "KGM" },
          pakker: [{ kode: "BX", antall: 96 }],
          opprinnelsesland: ["NL"],
          behandlinger: [SPROEYTING],
        },
        {
          botaniskNavn: "Tulipa gesneriana",
          navn: "Tulip",
          hsKode: "060319",
          plantedel: "Cut flowers",
          tilstander: ["Fresh"],
          tilsiktetBruk: "Decoration",
          antall: { verdi: 6000, enhet: "H87" },
          nettoVekt: { verdi: 180, enhet: "KGM" },
          bruttoVekt: { verdi: 220, enhet: "KGM" },
          pakker: [{ kode: "BX", antall: 60 }],
          opprinnelsesland: ["NL"],
          behandlinger: [SPROEYTING],
        },
        {
          botaniskNavn: "Chrysanthemum morifolium",
          navn: "Chrysanthemum",
          hsKode: "060314",
          plantedel: "Cut flowers",
          tilsiktetBruk: "Decoration",
          antall: { verdi: 2500, enhet: "H87" },
          nettoVekt: { verdi: 125.5, enhet: "KGM" },
          opprinnelsesland: ["NL"],
          behandlinger: [SPROEYTING],
        },
      ],
    },
    {
      nummer: eu("NL", 100002),
      ...felles("NL", 2, "M. Bakker"),
      avsender: AVSENDER.NL2,
      mottaker: HAGELAND_NAVN,
      eksportland: { kode: "NL", navn: "Netherlands" },
      transport: veg("NL-88-KLM"),
      erklaeringer: [
        "The plants originate from a nursery approved under the certification scheme for Phytophthora ramorum and were found free from Phytophthora ramorum.",
      ],
      varelinjer: [
        {
          botaniskNavn: "Rhododendron catawbiense",
          navn: "Rhododendron",
          hsKode: "060240",
          plantedel: "Plants for planting",
          tilstander: ["Rooted", "In growing medium"],
          tilsiktetBruk: "Planting",
          antall: { verdi: 400, enhet: "H87" },
          pakker: [{ kode: "PX", antall: 4 }],
          opprinnelsesland: ["NL"],
          tilleggserklaeringer: ["Free from Phytophthora ramorum (approved nursery NL-0412)."],
        },
        {
          botaniskNavn: "Buxus sempervirens",
          navn: "Box",
          hsKode: "060290",
          plantedel: "Plants for planting",
          tilsiktetBruk: "Planting",
          antall: { verdi: 250, enhet: "H87" },
          opprinnelsesland: ["NL"],
        },
      ],
    },
    {
      nummer: eu("NL", 100003),
      type: "Reeksport",
      ...felles("NL", 0, "P. Jansen"),
      avsender: AVSENDER.NL,
      mottaker: HAGELAND,
      eksportland: { kode: "NL", navn: "Netherlands" },
      transport: fly("KL1143"),
      ankomststed: { navn: "Oslo lufthavn", kode: "NOOSL" },
      opprinneligSertifikat: {
        nummer: "KEPHIS-2025-118820",
        dato: datoTekst(4),
        informasjon: "Original phytosanitary certificate of Kenya",
      },
      vedlegg: [
        pdfVedlegg(
          "opprinnelig-sertifikat-KE.pdf",
          "Phytosanitary certificate KEPHIS (copy)",
          "Original certificate of the country of origin",
        ),
      ],
      varelinjer: [
        {
          botaniskNavn: "Rosa",
          navn: "Rose",
          beskrivelse: "Cut roses, re-exported",
          plantedel: "Cut flowers",
          tilsiktetBruk: "Decoration",
          antall: { verdi: 12000, enhet: "H87" },
          nettoVekt: { verdi: 600, enhet: "KGM" },
          opprinnelsesland: [{ kode: "KE", navn: "Kenya", landsdel: "Nakuru" }],
          reeksport: {
            erklaeringKode: "1",
            opprinneligLand: "KE",
            sertifikatReferanse: "KEPHIS-2025-118820",
            originalSertifikat: true,
            pakket: true,
            originaleContainere: true,
            fytosanitaertSertifikat: true,
            tilleggsinspeksjon: false,
          },
        },
      ],
    },
    {
      nummer: eu("NL", 100004),
      ...felles("NL", 30, "J. de Vries"),
      avsender: AVSENDER.NL,
      mottaker: HAGELAND,
      eksportland: { kode: "NL", navn: "Netherlands" },
      transport: veg("NL-12-BXD"),
      varelinjer: [
        {
          botaniskNavn: "Gerbera jamesonii",
          navn: "Gerbera",
          plantedel: "Cut flowers",
          tilsiktetBruk: "Decoration",
          antall: { verdi: 3000, enhet: "H87" },
          opprinnelsesland: ["NL"],
        },
      ],
    },
    {
      nummer: eu("NL", 100005),
      ...felles("NL", 3, "M. Bakker"),
      avsender: AVSENDER.NL2,
      mottaker: FJELLHAGEN,
      eksportland: { kode: "NL", navn: "Netherlands" },
      transport: veg("NL-54-TRS"),
      varelinjer: [
        {
          botaniskNavn: "Acer palmatum",
          navn: "Japanese maple",
          plantedel: "Plants for planting",
          tilsiktetBruk: "Planting",
          antall: { verdi: 120, enhet: "H87" },
          opprinnelsesland: ["NL"],
        },
      ],
    },
    // --- Germany (paperless for some states): a replaced certificate and its replacement ---
    {
      nummer: eu("DE", 200020),
      ...felles("DE", 5, "K. Schmidt"),
      avsender: AVSENDER.DE,
      mottaker: HAGELAND,
      eksportland: { kode: "DE", navn: "Germany" },
      transport: veg("MS-GW 204"),
      varelinjer: [
        {
          botaniskNavn: "Pelargonium zonale",
          navn: "Geranium",
          plantedel: "Plants for planting",
          tilstander: ["Unrooted cuttings"],
          tilsiktetBruk: "Planting",
          antall: { verdi: 5000, enhet: "H87" },
          opprinnelsesland: ["DE"],
        },
      ],
    },
    {
      nummer: eu("DE", 200021),
      ...felles("DE", 4, "K. Schmidt"),
      avsender: AVSENDER.DE,
      mottaker: HAGELAND,
      eksportland: { kode: "DE", navn: "Germany" },
      transport: veg("MS-GW 204"),
      erstatter: { nummer: eu("DE", 200020), aarsak: "Wrong quantity stated", dato: datoTekst(5) },
      varelinjer: [
        {
          botaniskNavn: "Pelargonium zonale",
          navn: "Geranium",
          plantedel: "Plants for planting",
          tilstander: ["Unrooted cuttings"],
          tilsiktetBruk: "Planting",
          antall: { verdi: 4500, enhet: "H87" },
          opprinnelsesland: ["DE"],
        },
      ],
    },
    {
      nummer: eu("DE", 200030),
      ...felles("DE", 2, "A. Weber"),
      avsender: AVSENDER.DE,
      mottaker: BLOMSTERBUD,
      eksportland: { kode: "DE", navn: "Germany" },
      transport: veg("MS-GW 311"),
      vedlegg: [
        {
          filnavn: "tilleggsopplysninger.docx",
          data: vedleggFil("tilleggsinformasjon.docx"),
          informasjon: "Exporter's note",
        },
        { filnavn: "etikett.gif", data: vedleggFil("etikett.gif"), informasjon: "Label" },
      ],
      varelinjer: [
        {
          botaniskNavn: "Euphorbia pulcherrima",
          navn: "Poinsettia",
          plantedel: "Plants for planting",
          tilsiktetBruk: "Planting",
          antall: { verdi: 800, enhet: "H87" },
          opprinnelsesland: ["DE"],
          behandlinger: [SPROEYTING],
        },
        {
          botaniskNavn: "Hydrangea macrophylla",
          navn: "Hydrangea",
          plantedel: "Plants for planting",
          tilsiktetBruk: "Planting",
          antall: { verdi: 300, enhet: "H87" },
          opprinnelsesland: ["DE"],
          behandlinger: [DYPPING],
        },
        {
          botaniskNavn: "Fragaria x ananassa",
          navn: "Strawberry plants",
          plantedel: "Plants for planting",
          tilsiktetBruk: "Planting",
          antall: { verdi: 2000, enhet: "H87" },
          opprinnelsesland: ["DE"],
        },
      ],
    },
    // --- Denmark ---
    {
      nummer: eu("DK", 300001),
      ...felles("DK", 6, "L. Nielsen"),
      avsender: AVSENDER.DK,
      mottaker: GRONT_MOTTAK,
      eksportland: { kode: "DK", navn: "Denmark" },
      transport: sjoe("COLOR MAGIC"),
      varelinjer: [
        {
          botaniskNavn: "Abies nordmanniana",
          navn: "Christmas trees",
          plantedel: "Cut branches",
          tilsiktetBruk: "Decoration",
          antall: { verdi: 1500, enhet: "H87" },
          bruttoVekt: { verdi: 18, enhet: "TNE" },
          opprinnelsesland: ["DK"],
        },
      ],
    },
    {
      nummer: eu("DK", 300002),
      type: "Reeksport",
      ...felles("DK", 3, "L. Nielsen"),
      avsender: AVSENDER.DK,
      mottaker: BLOMSTERBUD,
      eksportland: { kode: "DK", navn: "Denmark" },
      transport: veg("DK-AB 12 345"),
      opprinneligSertifikat: { nummer: "CR-MAG-2025-5521", dato: datoTekst(12) },
      vedlegg: [
        pdfVedlegg(
          "fytosertifikat-CR.pdf",
          "Phytosanitary certificate Costa Rica (copy)",
          "Original certificate",
        ),
      ],
      varelinjer: [
        {
          botaniskNavn: "Ficus benjamina",
          navn: "Weeping fig",
          plantedel: "Plants for planting",
          tilsiktetBruk: "Planting",
          antall: { verdi: 350, enhet: "H87" },
          opprinnelsesland: [{ kode: "CR", navn: "Costa Rica" }],
          reeksport: {
            opprinneligLand: "CR",
            sertifikatReferanse: "CR-MAG-2025-5521",
            bekreftetKopi: true,
            ompakket: true,
            nyeContainere: true,
            tilleggsinspeksjon: true,
          },
        },
      ],
    },
    {
      nummer: eu("DK", 300003),
      ...felles("DK", 1, "L. Nielsen"),
      avsender: AVSENDER.DK,
      mottaker: BLOMSTERBUD_NAVN,
      eksportland: { kode: "DK", navn: "Denmark" },
      transport: veg("DK-AB 98 765"),
      varelinjer: [],
    },
    // --- Sweden (a withdrawn certificate) ---
    {
      nummer: eu("SE", 400001),
      ...felles("SE", 2, "E. Lindqvist"),
      avsender: AVSENDER.SE,
      mottaker: HAGELAND,
      eksportland: { kode: "SE", navn: "Sweden" },
      transport: veg("ABC 123"),
      varelinjer: [
        {
          botaniskNavn: "Picea abies",
          navn: "Norway spruce",
          plantedel: "Plants for planting",
          tilsiktetBruk: "Planting",
          antall: { verdi: 10000, enhet: "H87" },
          opprinnelsesland: ["SE"],
        },
      ],
    },
    {
      nummer: eu("SE", 400002),
      status: 40,
      ...felles("SE", 3, "E. Lindqvist"),
      avsender: AVSENDER.SE,
      mottaker: HAGELAND_NAVN,
      eksportland: { kode: "SE", navn: "Sweden" },
      transport: veg("ABC 123"),
      varelinjer: [
        {
          botaniskNavn: "Thuja occidentalis",
          navn: "Thuja",
          plantedel: "Plants for planting",
          tilsiktetBruk: "Planting",
          antall: { verdi: 600, enhet: "H87" },
          opprinnelsesland: ["SE"],
        },
      ],
    },
    // --- Belgium: lines missing botanical name, origin and intended use ---
    {
      nummer: eu("BE", 500001),
      ...felles("BE", 4, "H. Peeters"),
      avsender: AVSENDER.BE,
      mottaker: GRONT_MOTTAK,
      eksportland: { kode: "BE", navn: "Belgium" },
      transport: veg("1-ABC-234"),
      varelinjer: [
        {
          navn: "Azalea",
          plantedel: "Plants for planting",
          tilsiktetBruk: "Planting",
          antall: { verdi: 900, enhet: "H87" },
          opprinnelsesland: ["BE"],
        },
        {
          botaniskNavn: "Rhododendron simsii",
          navn: "Indian azalea",
          plantedel: "Plants for planting",
          tilsiktetBruk: "Planting",
          antall: { verdi: 1200, enhet: "H87" },
        },
        {
          botaniskNavn: "Hyacinthus orientalis",
          navn: "Hyacinth",
          plantedel: "Bulbs and tubers",
          antall: { verdi: 5000, enhet: "H87" },
          opprinnelsesland: ["BE"],
        },
        {
          botaniskNavn: "Plantago exotica",
          navn: "Unknown plant",
          plantedel: "Plants for planting",
          tilsiktetBruk: "Planting",
          antall: { verdi: 10, enhet: "H87" },
          opprinnelsesland: ["BE"],
        },
      ],
    },
    {
      nummer: eu("BE", 500002),
      ...felles("BE", 8, "H. Peeters"),
      avsender: AVSENDER.BE,
      mottaker: HAGELAND,
      eksportland: { kode: "BE", navn: "Belgium" },
      transport: veg("1-ABC-234"),
      varelinjer: [
        {
          botaniskNavn: "Rhododendron simsii",
          navn: "Indian azalea",
          plantedel: "Plants for planting",
          tilsiktetBruk: "Planting",
          antall: { verdi: 700, enhet: "H87" },
          opprinnelsesland: ["BE"],
        },
      ],
    },
    // --- France: a replacement whose original we never received ---
    {
      nummer: eu("FR", 600001),
      ...felles("FR", 2, "C. Martin"),
      avsender: AVSENDER.FR,
      mottaker: BLOMSTERBUD,
      eksportland: { kode: "FR", navn: "France" },
      transport: veg("FR-456-AB"),
      erstatter: { nummer: eu("FR", 599999) },
      varelinjer: [
        {
          botaniskNavn: "Malus domestica",
          navn: "Apples",
          beskrivelse: "Fresh apples, Gala",
          plantedel: "Fruits",
          tilsiktetBruk: "Consumption",
          nettoVekt: { verdi: 19.2, enhet: "TNE" },
          bruttoVekt: { verdi: 20.5, enhet: "TNE" },
          pakker: [{ kode: "CS", antall: 1200 }],
          opprinnelsesland: [{ kode: "FR", landsdel: "Pays de la Loire" }],
          behandlinger: [KALDBEHANDLING],
        },
      ],
    },
    {
      nummer: eu("FR", 600002),
      ...felles("FR", 5, "C. Martin"),
      avsender: AVSENDER.FR,
      mottaker: HAGELAND,
      eksportland: { kode: "FR", navn: "France" },
      transport: veg("FR-456-AB"),
      offisiellTilleggsinformasjon: ["Consignment inspected at the place of production."],
      varelinjer: [
        {
          botaniskNavn: "Lilium",
          navn: "Lily",
          plantedel: "Bulbs and tubers",
          tilsiktetBruk: "Planting",
          antall: { verdi: 20000, enhet: "H87" },
          nettoVolum: { verdi: 3.5, enhet: "MTQ" },
          bruttoVolum: { verdi: 4, enhet: "MTQ" },
          opprinnelsesland: ["FR"],
        },
      ],
    },
    // --- Italy ---
    {
      nummer: eu("IT", 700001),
      ...felles("IT", 3, "G. Rossi"),
      avsender: AVSENDER.IT,
      mottaker: GRONT_MOTTAK,
      eksportland: { kode: "IT", navn: "Italy" },
      transport: veg("IT-GH 552 KL"),
      vedlegg: [
        {
          filnavn: "bilde-av-partiet.png",
          data: vedleggFil("bilde.png"),
          informasjon: "Photo of the consignment",
        },
      ],
      varelinjer: [
        {
          botaniskNavn: "Citrus limon",
          navn: "Lemons",
          plantedel: "Fruits",
          tilsiktetBruk: "Consumption",
          nettoVekt: { verdi: 8400, enhet: "KGM" },
          bruttoVekt: { verdi: 9100, enhet: "KGM" },
          opprinnelsesland: [{ kode: "IT", landsdel: "Sicilia" }],
        },
      ],
    },
    {
      nummer: eu("IT", 700002),
      ...felles("IT", 6, "F. Bianchi"),
      avsender: AVSENDER.IT2,
      mottaker: NORDLYS,
      eksportland: { kode: "IT", navn: "Italy" },
      transport: veg("IT-PT 001 XY"),
      erklaeringer: ["The plants were grown in a place of production free from Xylella fastidiosa."],
      varelinjer: [
        {
          botaniskNavn: "Olea europaea",
          navn: "Olive tree",
          plantedel: "Plants for planting",
          tilsiktetBruk: "Planting",
          antall: { verdi: 40, enhet: "H87" },
          opprinnelsesland: [{ kode: "IT", landsdel: "Toscana" }],
          tilleggserklaeringer: ["Free from Xylella fastidiosa."],
          inspeksjonsdato: datoTekst(8),
        },
      ],
    },
    // --- Countries without a paperless agreement ---
    {
      nummer: `PPQ-577-${aar}-118734`,
      ...felles("US", 7, "R. Johnson"),
      avsender: AVSENDER.US,
      mottaker: HAGELAND,
      eksportland: { kode: "US", navn: "United States" },
      transport: fly("UA940"),
      varelinjer: [
        {
          botaniskNavn: "Acer palmatum",
          navn: "Japanese maple",
          plantedel: "Seeds",
          tilsiktetBruk: "Planting",
          nettoVekt: { verdi: 2.5, enhet: "KGM" },
          opprinnelsesland: ["US"],
        },
      ],
    },
    {
      nummer: `KEPHIS-${aar}-004512`,
      ...felles("KE", 2, "J. Mwangi"),
      avsender: AVSENDER.KE,
      mottaker: HAGELAND,
      eksportland: { kode: "KE", navn: "Kenya" },
      transport: fly("KQ1530"),
      ankomststed: { navn: "Oslo lufthavn", kode: "NOOSL" },
      vedlegg: [
        { filnavn: "inspeksjonsfoto.jpg", data: vedleggFil("bilde.jpg"), informasjon: "Inspection photo" },
      ],
      varelinjer: [
        {
          botaniskNavn: "Rosa",
          navn: "Rose",
          beskrivelse: "Rooted rose plants",
          plantedel: "Plants for planting",
          tilstander: ["Rooted"],
          tilsiktetBruk: "Planting",
          antall: { verdi: 1500, enhet: "H87" },
          opprinnelsesland: ["KE"],
        },
      ],
    },
    {
      nummer: `KEPHIS-${aar}-004877`,
      ...felles("KE", 1, "J. Mwangi"),
      avsender: AVSENDER.KE,
      mottaker: BLOMSTERBUD,
      eksportland: { kode: "KE", navn: "Kenya" },
      transport: fly("KQ1530"),
      varelinjer: [
        {
          botaniskNavn: "Rosa",
          navn: "Rose",
          beskrivelse: "Cut roses",
          plantedel: "Cut flowers",
          tilsiktetBruk: "Decoration",
          antall: { verdi: 20000, enhet: "H87" },
          nettoVekt: { verdi: 950, enhet: "KGM" },
          opprinnelsesland: ["KE"],
          tilleggserklaeringer: ["Free from Thaumatotibia leucotreta."],
        },
      ],
    },
    {
      nummer: `IL-PPIS-${aar}-08812`,
      ...felles("IL", 4, "D. Levi"),
      avsender: AVSENDER.IL,
      mottaker: GRONT_MOTTAK,
      eksportland: { kode: "IL", navn: "Israel" },
      transport: sjoe("ZIM ROTTERDAM"),
      varelinjer: [
        {
          botaniskNavn: "Capsicum annuum",
          navn: "Sweet peppers",
          plantedel: "Fruits",
          tilsiktetBruk: "Consumption",
          nettoVekt: { verdi: 12, enhet: "TNE" },
          opprinnelsesland: ["IL"],
          behandlinger: [KALDBEHANDLING],
        },
      ],
    },
    {
      nummer: `ZA-DALRRD-${aar}-33120`,
      ...felles("ZA", 20, "T. Nkosi"),
      avsender: AVSENDER.ZA,
      mottaker: HAGELAND_NAVN,
      eksportland: { kode: "ZA", navn: "South Africa" },
      transport: sjoe("MSC AURORA"),
      varelinjer: [
        {
          botaniskNavn: "Citrus sinensis",
          navn: "Oranges",
          plantedel: "Fruits",
          tilsiktetBruk: "Consumption",
          nettoVekt: { verdi: 22, enhet: "TNE" },
          opprinnelsesland: [{ kode: "ZA", landsdel: "Western Cape" }],
          behandlinger: [KALDBEHANDLING, { type: "Fungicide", kjemikalier: ["Imazalil"] }],
        },
      ],
    },
    {
      nummer: `CNQD-${aar}-0098811`,
      ...felles("CN", 3, "Wang Li"),
      avsender: AVSENDER.CN,
      mottaker: HAGELAND,
      eksportland: { kode: "CN", navn: "China" },
      transport: sjoe("COSCO SHIPPING ARIES"),
      varelinjer: [
        {
          botaniskNavn: "Pinus thunbergii",
          navn: "Japanese black pine (bonsai)",
          plantedel: "Plants for planting",
          tilsiktetBruk: "Planting",
          antall: { verdi: 60, enhet: "H87" },
          opprinnelsesland: ["CN"],
          behandlinger: [
            { type: "Fumigation", type2: "Methyl bromide", temperatur: { verdi: 21, enhet: "CEL" } },
          ],
        },
        {
          botaniskNavn: "Juniperus chinensis",
          navn: "Chinese juniper (bonsai)",
          plantedel: "Plants for planting",
          tilsiktetBruk: "Planting",
          antall: { verdi: 40, enhet: "H87" },
          opprinnelsesland: ["CN"],
        },
      ],
    },
  ];
}

/**
 * Stores the demo certificates through the ingestion code path. Idempotent: the same day gives "uendret",
 * a later day moves the issue dates ("oppdatert").
 */
export async function seedSertifikater(db: Db, idag: Date = new Date()): Promise<number> {
  const sertifikater = demoSertifikater(idag);
  for (const s of sertifikater) await ingestSertifikat(db, lagSertifikatXml(s), { varsle: false });
  return sertifikater.length;
}
