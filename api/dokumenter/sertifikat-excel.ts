// The certificate's goods lines as an Excel workbook (SPEC §2 "Certificate page": the Excel download).
// Sheet "Varelinjer": a title row, a bold, frozen header row with an auto-filter, and one row per goods line
// with quantities as numbers (shown only with a unit and when not negative, SPEC §5; missing = empty cell).
// Sheet "Sertifikat": the header facts as label–value rows.

import ExcelJS from "exceljs";
import { formaterOrganisasjonsnummer } from "../../domain/format";
import { plantedelVisning } from "../../domain/kodeverk";
import type { SertifikatVurdering } from "../../domain/risiko/vurder";
import {
  datoTekst,
  landListeTekst,
  landTekst,
  MENGDE_FELT,
  synligMengde,
  tekst,
  tekster,
  transportutstyrTekster,
  UKJENT_NUMMER,
} from "../../domain/sertifikat-tekst";
import type { LagretSertifikat, Varelinje } from "../ephyto/parse";
import {
  adresseLinjer,
  alleOpprinnelsesland,
  ankomststedTekst,
  behandlingerTekst,
  dokumenttittel,
  identifikatorTekster,
  linjevurderinger,
  linjevurderingTekst,
  meldepliktTekst,
  opprinnelseTekst,
  pakkerTekst,
  statusTekst,
  tilsiktetBrukTekst,
  tilstandTekst,
  transportTekster,
  typeTekst,
  utstedtDato,
  utstedtTekst,
  varelinjeErklaeringer,
} from "./felles";

export interface SertifikatExcelInput {
  sertifikat: LagretSertifikat;
  vurdering?: SertifikatVurdering;
}

export const VARELINJE_ARK = "Varelinjer";
export const SERTIFIKAT_ARK = "Sertifikat";

/** The header row of the goods-line sheet (each quantity is followed by its unit). */
export const VARELINJE_KOLONNER = [
  "Nr.",
  "Navn",
  "Botanisk navn",
  "Beskrivelse",
  "HS-kode",
  "Plantedel",
  "Tilstand",
  "Tilsiktet bruk",
  "Opprinnelsesland",
  "Antall",
  "Enhet",
  "Nettovekt",
  "Enhet",
  "Bruttovekt",
  "Enhet",
  "Nettovolum",
  "Enhet",
  "Bruttovolum",
  "Enhet",
  "Pakker",
  "Kjennetegn",
  "Tilleggserklæringer",
  "Behandlinger",
  "Risikovurdering",
] as const;

/** Row numbers on the goods-line sheet. */
export const TITTELRAD = 1;
export const HODERAD = 2;

/** Excel's limit for the text of one cell. */
const MAKS_CELLETEKST = 32_767;

/** Columns whose long texts wrap instead of widening the column. */
const BRYTES = new Set([
  "Beskrivelse",
  "Opprinnelsesland",
  "Pakker",
  "Kjennetegn",
  "Tilleggserklæringer",
  "Behandlinger",
  "Risikovurdering",
]);

type Celle = string | number | Date | undefined;

function celletekst(s: string | undefined): string | undefined {
  if (s === undefined || s === "") return undefined;
  return s.length > MAKS_CELLETEKST ? `${s.slice(0, MAKS_CELLETEKST - 1)}…` : s;
}

function tekstEllerTom(liste: readonly string[], skille = "\n"): string | undefined {
  return liste.length > 0 ? liste.join(skille) : undefined;
}

function varelinjeRad(l: Varelinje, vurderingTekst: string | undefined): Celle[] {
  const mengder = MENGDE_FELT.flatMap(([felt]) => {
    const m = synligMengde(l.mengde[felt]);
    return m ? [m.verdi, m.enhet] : [undefined, undefined];
  });
  const erklaeringer = varelinjeErklaeringer(l).map(([etikett, verdi]) =>
    etikett === "Tilleggserklæring" ? verdi : `${etikett}: ${verdi}`,
  );
  return [
    l.sorteringsnummer,
    tekst(l.navn),
    tekst(l.botaniskNavn),
    tekst(l.beskrivelse),
    tekst(l.klassifisering.hsKode),
    plantedelVisning(l.klassifisering.plantedel),
    tilstandTekst(l),
    tilsiktetBrukTekst(l),
    opprinnelseTekst(l),
    ...mengder,
    pakkerTekst(l.pakker),
    tekstEllerTom(tekster(l.kjennetegn)),
    tekstEllerTom(erklaeringer),
    behandlingerTekst(l.behandlinger),
    vurderingTekst,
  ].map((v) => (typeof v === "string" ? celletekst(v) : v));
}

/** Width in characters from the longest line of the texts, within limits. */
function kolonnebredde(verdier: readonly Celle[], brytes: boolean): number {
  const lengste = Math.max(
    0,
    ...verdier.map((v) => {
      if (v === undefined) return 0;
      if (v instanceof Date) return 10;
      return Math.max(
        ...String(v)
          .split("\n")
          .map((linje) => linje.length),
      );
    }),
  );
  return Math.min(Math.max(lengste + 2, 6), brytes ? 50 : 40);
}

function lagVarelinjeark(bok: ExcelJS.Workbook, input: SertifikatExcelInput): void {
  const sert = input.sertifikat;
  const nummer = tekst(sert.nummer) ?? UKJENT_NUMMER;
  const ark = bok.addWorksheet(VARELINJE_ARK, {
    views: [
      { state: "frozen", xSplit: 0, ySplit: HODERAD, topLeftCell: `A${HODERAD + 1}`, activeCell: "A3" },
    ],
    pageSetup: { orientation: "landscape", paperSize: 9, fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });

  const utstedt = utstedtTekst(sert);
  const tittel = ark.getRow(TITTELRAD);
  tittel.getCell(1).value = `${dokumenttittel(sert)} ${nummer}${utstedt ? ` – utstedt ${utstedt}` : ""}`;
  tittel.font = { bold: true, size: 14 };
  tittel.height = 22;

  const hode = ark.getRow(HODERAD);
  hode.values = [...VARELINJE_KOLONNER];
  hode.font = { bold: true };
  hode.alignment = { vertical: "middle", wrapText: true };
  hode.eachCell((celle) => {
    celle.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFE3E8EE" } };
    celle.border = { bottom: { style: "thin", color: { argb: "FF4D5761" } } };
  });

  const vurderinger = linjevurderinger(sert, input.vurdering);
  const rader = sert.varelinjer.map((l, i) => varelinjeRad(l, linjevurderingTekst(vurderinger[i])));
  rader.forEach((rad, r) => {
    const arkrad = ark.getRow(HODERAD + 1 + r);
    rad.forEach((verdi, k) => {
      if (verdi !== undefined) arkrad.getCell(k + 1).value = verdi;
    });
    arkrad.alignment = { vertical: "top", wrapText: true };
  });

  VARELINJE_KOLONNER.forEach((navn, k) => {
    const kolonne = ark.getColumn(k + 1);
    kolonne.width = kolonnebredde([navn, ...rader.map((rad) => rad[k])], BRYTES.has(navn));
  });

  ark.autoFilter = {
    from: { row: HODERAD, column: 1 },
    to: { row: HODERAD + Math.max(rader.length, 1), column: VARELINJE_KOLONNER.length },
  };
}

function lagSertifikatark(bok: ExcelJS.Workbook, input: SertifikatExcelInput): void {
  const sert = input.sertifikat;
  const ark = bok.addWorksheet(SERTIFIKAT_ARK);
  const orgnr = tekst(sert.mottaker?.organisasjonsnummer);
  const erstatter = sert.erstatter ? (tekst(sert.erstatter.nummer) ?? UKJENT_NUMMER) : undefined;
  const dato = utstedtDato(sert);

  const rader: [string, Celle][] = [
    ["Sertifikatnummer", tekst(sert.nummer) ?? UKJENT_NUMMER],
    ["Type", typeTekst(sert)],
    ["Status", statusTekst(sert)],
    ["Utstedt", dato ?? utstedtTekst(sert)],
    ["Utstedt av", tekst(sert.utsteder)],
    ["Signert dato", datoTekst(sert.signatur?.dato)],
    ["Signert av", tekst(sert.signatur?.navn)],
    ["Signert sted", tekst(sert.signatur?.sted)],
    ["Erstatter sertifikat", erstatter],
    ["Eksportør", tekst(sert.avsender?.navn)],
    ["Eksportørens adresse", tekstEllerTom(adresseLinjer(sert.avsender?.adresse))],
    ["Importør", tekst(sert.mottaker?.navn)],
    ["Importørens adresse", tekstEllerTom(adresseLinjer(sert.mottaker?.adresse))],
    ["Importørens organisasjonsnummer", orgnr ? formaterOrganisasjonsnummer(orgnr) : undefined],
    ["Importørens identifikatorer", tekstEllerTom(identifikatorTekster(sert.mottaker), ", ")],
    ["Opprinnelsesland", alleOpprinnelsesland(sert)],
    ["Eksportland", landTekst(sert.eksportLand)],
    ["Transittland", landListeTekst(sert.transittland)],
    ["Importland", landTekst(sert.importLand)],
    ["Transport", tekstEllerTom(transportTekster(sert))],
    ["Container og plomber", tekstEllerTom(transportutstyrTekster(sert))],
    ["Ankomststed", ankomststedTekst(sert)],
    ["Antall varelinjer", sert.varelinjer.length],
    ["Meldeplikt", meldepliktTekst(undefined, input.vurdering)],
  ];

  ark.columns = [
    { header: "Felt", key: "felt", width: 32 },
    { header: "Verdi", key: "verdi", width: 70 },
  ];
  ark.getRow(1).font = { bold: true };
  ark.views = [{ state: "frozen", xSplit: 0, ySplit: 1 }];
  for (const [felt, verdi] of rader) {
    const rad = ark.addRow([felt, typeof verdi === "string" ? celletekst(verdi) : verdi]);
    rad.alignment = { vertical: "top", wrapText: true };
    if (verdi instanceof Date) rad.getCell(2).numFmt = "dd.mm.yyyy";
    rad.getCell(2).alignment = { vertical: "top", horizontal: "left", wrapText: true };
  }
}

/** The certificate as an .xlsx workbook with the sheets "Varelinjer" and "Sertifikat". */
export async function lagSertifikatExcel(input: SertifikatExcelInput): Promise<Buffer> {
  const bok = new ExcelJS.Workbook();
  const nummer = tekst(input.sertifikat.nummer) ?? UKJENT_NUMMER;
  bok.creator = "Digital forhåndsmelding";
  bok.title = `${dokumenttittel(input.sertifikat)} ${nummer}`;
  bok.subject = "Varelinjer fra plantesunnhetssertifikat (ePhyto)";
  bok.created = new Date();
  bok.modified = bok.created;

  lagVarelinjeark(bok, input);
  lagSertifikatark(bok, input);

  const data = await bok.xlsx.writeBuffer();
  return Buffer.from(data as ArrayBuffer);
}
