// The certificate's goods lines as an Excel workbook (SPEC §2 "Certificate page": the Excel download).
// Sheet "Varelinjer": a title row, a bold, frozen header row with an auto-filter, and one row per goods line
// with quantities as numbers (shown only with a unit and when not negative, SPEC §5; missing = empty cell).
// Sheet "Sertifikat": the header facts as label–value rows.

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
import type { Sprak } from "../../sprak/sprak";
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
import { type Ark, type Rad, type Stil, skrivRegneark } from "./regneark";

export interface SertifikatExcelInput {
  sertifikat: LagretSertifikat;
  vurdering?: SertifikatVurdering;
  /** The language of the person who downloads it; bokmål when not given. */
  sprak?: Sprak;
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

const OVERSKRIFT: Stil = { fet: true };
const TOPP: Stil = { loddrett: "top", bryt: true };

function varelinjeark(input: SertifikatExcelInput): Ark {
  const sert = input.sertifikat;
  const nummer = tekst(sert.nummer) ?? UKJENT_NUMMER;
  const utstedt = utstedtTekst(sert);
  const vurderinger = linjevurderinger(sert, input.vurdering);
  const rader = sert.varelinjer.map((l, i) => varelinjeRad(l, linjevurderingTekst(vurderinger[i])));
  return {
    navn: VARELINJE_ARK,
    rader: [
      {
        verdier: [`${dokumenttittel(sert)} ${nummer}${utstedt ? ` – utstedt ${utstedt}` : ""}`],
        stil: { fet: true, stoerrelse: 14 },
        hoeyde: 22,
      },
      {
        verdier: VARELINJE_KOLONNER,
        stil: { ...OVERSKRIFT, bakgrunn: "E3E8EE", bunnlinje: "4D5761", loddrett: "center", bryt: true },
      },
      ...rader.map((verdier): Rad => ({ verdier, stil: TOPP })),
    ],
    bredder: VARELINJE_KOLONNER.map((navn, k) =>
      kolonnebredde([navn, ...rader.map((rad) => rad[k])], BRYTES.has(navn)),
    ),
    frosneRader: HODERAD,
    filterFraRad: HODERAD,
    liggende: true,
  };
}

function sertifikatark(input: SertifikatExcelInput): Ark {
  const sert = input.sertifikat;
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

  return {
    navn: SERTIFIKAT_ARK,
    rader: [
      { verdier: ["Felt", "Verdi"], stil: OVERSKRIFT },
      ...rader.map(
        ([felt, verdi]): Rad => ({
          verdier: [felt, typeof verdi === "string" ? celletekst(verdi) : verdi],
          stil: { ...TOPP, vannrett: "left" },
        }),
      ),
    ],
    bredder: [32, 70],
    frosneRader: 1,
  };
}

/** The certificate as an .xlsx workbook with the sheets "Varelinjer" and "Sertifikat". */
export async function lagSertifikatExcel(input: SertifikatExcelInput): Promise<Buffer> {
  const nummer = tekst(input.sertifikat.nummer) ?? UKJENT_NUMMER;
  return skrivRegneark({
    tittel: `${dokumenttittel(input.sertifikat)} ${nummer}`,
    emne: "Varelinjer fra plantesunnhetssertifikat (ePhyto)",
    forfatter: "Digital forhåndsmelding",
    opprettet: new Date(),
    ark: [varelinjeark(input), sertifikatark(input)],
  });
}
