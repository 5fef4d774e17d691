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
import { oversetter } from "../../sprak/katalog.server";
import type { T } from "../../sprak/oversetter";
import type { Sprak } from "../../sprak/sprak";
import type { LagretSertifikat, Varelinje } from "../ephyto/parse";
import { type Ark, type Rad, type Stil, skrivRegneark } from "./regneark";
import {
  adresseLinjer,
  alleOpprinnelsesland,
  ankomststedTekst,
  behandlingerTekst,
  erReeksport,
  identifikatorTekster,
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
} from "./sertifikattekst";
import { linjevurderinger, linjevurderingTekst, meldepliktTekst } from "./vurderingstekst";

export interface SertifikatExcelInput {
  sertifikat: LagretSertifikat;
  vurdering?: SertifikatVurdering;
  /** The language of the person who downloads it; bokmål when not given. */
  sprak?: Sprak;
}

/** The columns of the goods-line sheet by their catalogue key (each quantity is followed by its unit). */
const KOLONNER = [
  "nr",
  "navn",
  "botaniskNavn",
  "beskrivelse",
  "hsKode",
  "plantedel",
  "tilstand",
  "tilsiktetBruk",
  "opprinnelsesland",
  "antall",
  "enhet",
  "nettoVekt",
  "enhet",
  "bruttoVekt",
  "enhet",
  "nettoVolum",
  "enhet",
  "bruttoVolum",
  "enhet",
  "pakker",
  "kjennetegn",
  "tilleggserklaeringer",
  "behandlinger",
  "risikovurdering",
] as const;

/** The header row of the goods-line sheet in the reader's language. */
const kolonner = (t: T) => KOLONNER.map((k) => t(`dokumenter.sertifikat.kolonne.${k}`));

const NB = oversetter("nb");
/** The sheet names and the header row in bokmål. */
export const VARELINJE_ARK = NB("dokumenter.sertifikat.arkVarelinjer");
export const SERTIFIKAT_ARK = NB("dokumenter.sertifikat.arkSertifikat");
export const VARELINJE_KOLONNER = kolonner(NB);

/** Row numbers on the goods-line sheet. */
export const TITTELRAD = 1;
export const HODERAD = 2;

/** Excel's limit for the text of one cell. */
const MAKS_CELLETEKST = 32_767;

/** Columns whose long texts wrap instead of widening the column. */
const BRYTES = new Set<(typeof KOLONNER)[number]>([
  "beskrivelse",
  "opprinnelsesland",
  "pakker",
  "kjennetegn",
  "tilleggserklaeringer",
  "behandlinger",
  "risikovurdering",
]);

type Celle = string | number | Date | undefined;

function celletekst(s: string | undefined): string | undefined {
  if (s === undefined || s === "") return undefined;
  return s.length > MAKS_CELLETEKST ? `${s.slice(0, MAKS_CELLETEKST - 1)}…` : s;
}

function tekstEllerTom(liste: readonly string[], skille = "\n"): string | undefined {
  return liste.length > 0 ? liste.join(skille) : undefined;
}

function varelinjeRad(t: T, l: Varelinje, vurderingTekst: string | undefined): Celle[] {
  const mengder = MENGDE_FELT.flatMap((felt) => {
    const m = synligMengde(t, l.mengde[felt]);
    return m ? [m.verdi, m.enhet] : [undefined, undefined];
  });
  const tilleggserklaering = t("dokumenter.sertifikat.pdf.tilleggserklaering");
  const erklaeringer = varelinjeErklaeringer(t, l).map(([etikett, verdi]) =>
    etikett === tilleggserklaering ? verdi : `${etikett}: ${verdi}`,
  );
  return [
    l.sorteringsnummer,
    tekst(l.navn),
    tekst(l.botaniskNavn),
    tekst(l.beskrivelse),
    tekst(l.klassifisering.hsKode),
    plantedelVisning(t, l.klassifisering.plantedel),
    tilstandTekst(l),
    tilsiktetBrukTekst(t, l),
    opprinnelseTekst(l),
    ...mengder,
    pakkerTekst(l.pakker),
    tekstEllerTom(tekster(l.kjennetegn)),
    tekstEllerTom(erklaeringer),
    behandlingerTekst(t, l.behandlinger),
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

/** The certificate's title in the reader's language. */
const tittel = (t: T, sert: Pick<LagretSertifikat, "type">) =>
  t("dokumenter.sertifikat.tittel", { reeksport: erReeksport(sert) ? "ja" : "nei" });

function varelinjeark(input: SertifikatExcelInput, t: T): Ark {
  const sert = input.sertifikat;
  const nummer = tekst(sert.nummer) ?? UKJENT_NUMMER;
  const utstedt = utstedtTekst(sert);
  const vurderinger = linjevurderinger(sert, input.vurdering);
  const rader = sert.varelinjer.map((l, i) => varelinjeRad(t, l, linjevurderingTekst(t, vurderinger[i])));
  return {
    navn: t("dokumenter.sertifikat.arkVarelinjer"),
    rader: [
      {
        verdier: [
          utstedt
            ? t("dokumenter.sertifikat.tittelUtstedt", { tittel: tittel(t, sert), nummer, dato: utstedt })
            : `${tittel(t, sert)} ${nummer}`,
        ],
        stil: { fet: true, stoerrelse: 14 },
        hoeyde: 22,
      },
      {
        verdier: kolonner(t),
        stil: { ...OVERSKRIFT, bakgrunn: "E3E8EE", bunnlinje: "4D5761", loddrett: "center", bryt: true },
      },
      ...rader.map((verdier): Rad => ({ verdier, stil: TOPP })),
    ],
    bredder: kolonner(t).map((navn, k) =>
      kolonnebredde([navn, ...rader.map((rad) => rad[k])], BRYTES.has(KOLONNER[k]!)),
    ),
    frosneRader: HODERAD,
    filterFraRad: HODERAD,
    liggende: true,
  };
}

function sertifikatark(input: SertifikatExcelInput, t: T): Ark {
  const f = (felt: Parameters<typeof feltnavn>[1]) => feltnavn(t, felt);
  const sert = input.sertifikat;
  const orgnr = tekst(sert.mottaker?.organisasjonsnummer);
  const erstatter = sert.erstatter ? (tekst(sert.erstatter.nummer) ?? UKJENT_NUMMER) : undefined;
  const dato = utstedtDato(sert);

  const rader: [string, Celle][] = [
    [f("sertifikatnummer"), tekst(sert.nummer) ?? UKJENT_NUMMER],
    [f("type"), typeTekst(t, sert)],
    [f("status"), statusTekst(t, sert)],
    [f("utstedt"), dato ?? utstedtTekst(sert)],
    [f("utstedtAv"), tekst(sert.utsteder)],
    [f("signertDato"), datoTekst(sert.signatur?.dato)],
    [f("signertAv"), tekst(sert.signatur?.navn)],
    [f("signertSted"), tekst(sert.signatur?.sted)],
    [f("erstatter"), erstatter],
    [f("eksportoer"), tekst(sert.avsender?.navn)],
    [f("eksportoerAdresse"), tekstEllerTom(adresseLinjer(sert.avsender?.adresse))],
    [f("importoer"), tekst(sert.mottaker?.navn)],
    [f("importoerAdresse"), tekstEllerTom(adresseLinjer(sert.mottaker?.adresse))],
    [f("importoerOrgnr"), orgnr ? formaterOrganisasjonsnummer(orgnr) : undefined],
    [f("importoerIdentifikatorer"), tekstEllerTom(identifikatorTekster(sert.mottaker), ", ")],
    [f("opprinnelsesland"), alleOpprinnelsesland(sert)],
    [f("eksportland"), landTekst(sert.eksportLand)],
    [f("transittland"), landListeTekst(sert.transittland)],
    [f("importland"), landTekst(sert.importLand)],
    [f("transport"), tekstEllerTom(transportTekster(t, sert))],
    [f("containere"), tekstEllerTom(transportutstyrTekster(t, sert))],
    [f("ankomststed"), ankomststedTekst(sert)],
    [f("antallVarelinjer"), sert.varelinjer.length],
    [f("meldeplikt"), meldepliktTekst(t, undefined, input.vurdering)],
  ];

  return {
    navn: t("dokumenter.sertifikat.arkSertifikat"),
    rader: [
      { verdier: [f("felt"), f("verdi")], stil: OVERSKRIFT },
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

/**
 * The certificate as an .xlsx workbook with the sheets "Varelinjer" and "Sertifikat", its headings and labels in
 * the reader's language (the certificate's data as written).
 */
export async function lagSertifikatExcel(input: SertifikatExcelInput): Promise<Buffer> {
  const t = oversetter(input.sprak ?? "nb");
  const nummer = tekst(input.sertifikat.nummer) ?? UKJENT_NUMMER;
  return skrivRegneark({
    tittel: `${tittel(t, input.sertifikat)} ${nummer}`,
    emne: t("dokumenter.sertifikat.emne"),
    forfatter: "Digital forhåndsmelding",
    opprettet: new Date(),
    ark: [varelinjeark(input, t), sertifikatark(input, t)],
  });
}

/** A label of the certificate sheet in the reader's language. */
function feltnavn(
  t: T,
  felt:
    | "sertifikatnummer"
    | "type"
    | "status"
    | "utstedt"
    | "utstedtAv"
    | "signertDato"
    | "signertAv"
    | "signertSted"
    | "erstatter"
    | "eksportoer"
    | "eksportoerAdresse"
    | "importoer"
    | "importoerAdresse"
    | "importoerOrgnr"
    | "importoerIdentifikatorer"
    | "opprinnelsesland"
    | "eksportland"
    | "transittland"
    | "importland"
    | "transport"
    | "containere"
    | "ankomststed"
    | "antallVarelinjer"
    | "meldeplikt"
    | "felt"
    | "verdi",
): string {
  return t(`dokumenter.sertifikat.felt.${felt}`);
}
