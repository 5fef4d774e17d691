// The certificate's texts in Norwegian, shared by the certificate page (app) and the certificate PDF and
// Excel file (api/dokumenter): the display rules of SPEC §5 (empty = missing, control and bidi-override
// characters stripped, a quantity only with a unit and not negative, unknown codes as they are) and the
// declarations (export, re-export, financial, free from pests). Pure functions of the stored certificate.

import { formaterDato } from "./format";
import { enhetVisning, finnLand } from "./kodeverk";
import { formaterTall, visningsMengde } from "./mengde";
import type {
  LagretSertifikat,
  Mengde,
  ReeksportSertifiseringsErklaering,
  ReferertDokument,
  SertifikatLand,
  Varelinje,
  Varemengde,
} from "./sertifikat";
import { rensTekst } from "./text";

/** Shown for a missing number in the replacement banners (SPEC §2 "Certificate page": the spec's words). */
export const UKJENT_NUMMER = "unknown number";
/** Shown for a missing reason in the replacement banners (SPEC §2 "Certificate page"). */
export const UKJENT_AARSAK = "unknown reason";

/** Cleaned text, or undefined when empty (SPEC §5). */
export function tekst(s: string | null | undefined): string | undefined {
  return rensTekst(s);
}

/** The cleaned, non-empty texts. */
export function tekster(liste: readonly (string | null | undefined)[] | undefined): string[] {
  return (liste ?? []).flatMap((s) => rensTekst(s) ?? []);
}

/** A date as `dd.mm.åååå` when it is one (YYYY-MM-DD or an ISO time), otherwise the text as it is. */
export function datoTekst(s: string | null | undefined): string | undefined {
  const renset = rensTekst(s);
  if (renset === undefined) return undefined;
  return rensTekst(formaterDato(renset)) ?? renset;
}

// ---------------------------------------------------------------------------------------------------------
// Countries
// ---------------------------------------------------------------------------------------------------------

/** The Norwegian name of a known country code, else the certificate's own name, else the code. */
export function landTekst(land: (SertifikatLand & { landsdel?: string }) | undefined): string | undefined {
  if (!land) return undefined;
  const kode = tekst(land.kode);
  const navn = (kode ? finnLand(kode)?.navn : undefined) ?? tekst(land.navn) ?? kode;
  const landsdel = tekst(land.landsdel);
  if (navn === undefined) return landsdel;
  return landsdel ? `${navn} (${landsdel})` : navn;
}

export function landListeTekst(
  land: readonly (SertifikatLand & { landsdel?: string })[],
): string | undefined {
  const navn = [...new Set(land.flatMap((l) => landTekst(l) ?? []))];
  return navn.length > 0 ? navn.join(", ") : undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Consignment: containers and seals, distinguishing marks, referenced documents
// ---------------------------------------------------------------------------------------------------------

/** One text per container: "MSKU1234567 (plomber: 889900, 889901)"; seals alone when there is no ID. */
export function transportutstyrTekster(s: Pick<LagretSertifikat, "transportutstyr">): string[] {
  return (s.transportutstyr ?? []).flatMap((u) => {
    const id = tekst(u.id);
    const plomber = tekster(u.forseglinger);
    const plombeTekst = plomber.length > 0 ? `plomber: ${plomber.join(", ")}` : undefined;
    if (id && plombeTekst) return [`${id} (${plombeTekst})`];
    return id ?? (plombeTekst ? [plombeTekst.charAt(0).toUpperCase() + plombeTekst.slice(1)] : []);
  });
}

/** "KE-KEPHIS-2025-0412 (Original certificate, datert 02.03.2025)"; undefined when nothing is known. */
export function referertDokumentTekst(d: ReferertDokument): string | undefined {
  const dato = datoTekst(d.dato);
  const ekstra = tekster([d.informasjon, dato ? `datert ${dato}` : undefined]);
  const navn = tekst(d.identifikator);
  if (navn === undefined && ekstra.length === 0) return undefined;
  const hode = navn ?? "Dokument uten nummer";
  return ekstra.length > 0 ? `${hode} (${ekstra.join(", ")})` : hode;
}

export function refererteDokumenterTekster(s: Pick<LagretSertifikat, "refererteDokumenter">): string[] {
  return (s.refererteDokumenter ?? []).flatMap((d) => referertDokumentTekst(d) ?? []);
}

// ---------------------------------------------------------------------------------------------------------
// Quantities (SPEC §5: shown only with a unit and a value that is not negative)
// ---------------------------------------------------------------------------------------------------------

export const MENGDE_FELT = [
  ["antall", "Antall"],
  ["nettoVekt", "Nettovekt"],
  ["bruttoVekt", "Bruttovekt"],
  ["nettoVolum", "Nettovolum"],
  ["bruttoVolum", "Bruttovolum"],
] as const satisfies readonly (readonly [keyof Varemengde, string])[];

export type MengdeFelt = (typeof MENGDE_FELT)[number][0];

/** A quantity that may be shown: a unit exists and the value is a number ≥ 0; with its display unit. */
export function synligMengde(
  m: { verdi: number; enhet?: string | null } | undefined,
): { verdi: number; enhet: string } | undefined {
  if (!m) return undefined;
  const enhet = tekst(m.enhet);
  if (enhet === undefined || visningsMengde(m.verdi, enhet, enhetVisning) === undefined) return undefined;
  return { verdi: m.verdi === 0 ? 0 : m.verdi, enhet: enhetVisning(enhet) };
}

/** "250,5 kg", or undefined when the quantity may not be shown (no unit, negative, not a number). */
export function mengdeTekst(m: { verdi: number; enhet?: string | null } | undefined): string | undefined {
  return m ? visningsMengde(m.verdi, m.enhet, enhetVisning) : undefined;
}

/** The shown quantities of a line, labelled: ["Nettovekt 250,5 kg", ...]. */
export function mengdeLinjer(l: Pick<Varelinje, "mengde">): string[] {
  return MENGDE_FELT.flatMap(([felt, etikett]) => {
    const t = mengdeTekst(l.mengde[felt]);
    return t ? [`${etikett} ${t}`] : [];
  });
}

/** Sums per quantity type and display unit over all lines; only quantities that may be shown count. */
export function totalMengde(
  varelinjer: readonly Pick<Varelinje, "mengde">[],
): { felt: MengdeFelt; etikett: string; tekst: string }[] {
  const resultat: { felt: MengdeFelt; etikett: string; tekst: string }[] = [];
  for (const [felt, etikett] of MENGDE_FELT) {
    const summer = new Map<string, number>();
    for (const linje of varelinjer) {
      const m = synligMengde(linje.mengde[felt]);
      if (m) summer.set(m.enhet, (summer.get(m.enhet) ?? 0) + m.verdi);
    }
    if (summer.size === 0) continue;
    const deler = [...summer].map(([enhet, sum]) => `${formaterTall(Number(sum.toFixed(6)))} ${enhet}`);
    resultat.push({ felt, etikett, tekst: deler.join(" + ") });
  }
  return resultat;
}

/** The total of one quantity type as the API gives it (one entry per unit code), in words, or undefined. */
export function mengderTekst(mengder: readonly Mengde[]): string | undefined {
  const deler = mengder.flatMap((m) => mengdeTekst(m) ?? []);
  return deler.length > 0 ? deler.join(" + ") : undefined;
}

/**
 * A total of the goods lines, saying when it counts only some of them: "530 kg (oppgitt for 1 av 2
 * varelinjer)" beside a full "545,5 kg" (issue 23 item 9).
 */
export function totalTekst(
  mengder: readonly Mengde[],
  medMengde: number,
  linjer: number,
): string | undefined {
  const tekst = mengderTekst(mengder);
  if (!tekst || medMengde >= linjer) return tekst;
  return `${tekst} (oppgitt for ${medMengde} av ${linjer} varelinjer)`;
}

// ---------------------------------------------------------------------------------------------------------
// Declarations
// ---------------------------------------------------------------------------------------------------------

export const EKSPORTERKLAERING =
  "Det bekreftes at plantene, planteproduktene eller andre regulerte gjenstander som er beskrevet her, er " +
  "inspisert og/eller testet etter egnede offisielle prosedyrer og anses å være fri for karanteneskadegjørere " +
  "som er spesifisert av den importerende avtaleparten, og å oppfylle gjeldende plantesunnhetskrav hos den " +
  "importerende avtaleparten, herunder kravene til regulerte ikke-karanteneskadegjørere.";

export const INGEN_REEKSPORTOPPLYSNINGER = "Det er ikke oppgitt reeksportopplysninger på varelinjene.";

/** The financial declaration (IPPC model certificate), naming the issuing authority when known. */
export function finansiellErklaering(s: Pick<LagretSertifikat, "utsteder">): string {
  const myndighet = tekst(s.utsteder) ?? "den utstedende plantehelsemyndigheten";
  return (
    `Intet økonomisk ansvar i forbindelse med dette sertifikatet skal påhvile ${myndighet} ` +
    "eller noen av dens tjenestemenn eller representanter."
  );
}

/** The free-from-pest statement (SPSFL): a bare statement code is named as a code, a text shown as it is. */
export function friForPestTekst(s: Pick<LagretSertifikat, "friForPestErklaering">): string {
  const verdi = tekst(s.friForPestErklaering);
  if (verdi === undefined) return "Ikke oppgitt";
  return /^\d{1,3}$/.test(verdi) ? `Oppgitt (kode ${verdi})` : verdi;
}

/** The re-export certification of a line in words (SPEC §3: the text variants of the flags). */
export function reeksportTekst(
  s: Pick<LagretSertifikat, "eksportLand">,
  r: ReeksportSertifiseringsErklaering,
): string {
  const reeksportland = landTekst(s.eksportLand) ?? "reeksportlandet";
  const fra = landTekst(r.kontraktsinngaaendePart);
  const nummer = tekst(r.ephytoSertifikatReferanse);
  const setninger = [
    `Plantene, planteproduktene eller andre regulerte gjenstander ble importert til ${reeksportland}` +
      `${fra ? ` fra ${fra}` : ""} med ${nummer ? `plantesunnhetssertifikat nr. ${nummer}` : "et plantesunnhetssertifikat uten oppgitt nummer"}.`,
  ];
  if (r.originalSertifikat) setninger.push("Originalen av dette sertifikatet er vedlagt.");
  else if (r.bekreftetKopi) setninger.push("En bekreftet kopi av dette sertifikatet er vedlagt.");
  const pakking = r.ompakket ? "ompakket" : r.pakket ? "pakket" : undefined;
  const containere = r.nyeContainere
    ? "i nye containere"
    : r.originaleContainere
      ? "i originale containere"
      : undefined;
  if (pakking || containere) {
    setninger.push(`Varene er ${[pakking, containere].filter(Boolean).join(" ")}.`);
  }
  const grunnlag = [
    r.fytosanitaertSertifikat || r.originalSertifikat
      ? "det opprinnelige plantesunnhetssertifikatet"
      : undefined,
    r.tilleggsinspeksjon ? "tilleggsinspeksjon" : undefined,
  ].filter(Boolean);
  setninger.push(
    `${grunnlag.length > 0 ? `På grunnlag av ${grunnlag.join(" og ")} anses de` : "De anses"} å oppfylle ` +
      "gjeldende plantesunnhetskrav hos den importerende avtaleparten, og forsendelsen har under lagring i " +
      `${reeksportland} ikke vært utsatt for risiko for angrep eller infeksjon.`,
  );
  const kode = tekst(r.reeksportErklaeringKode);
  if (kode) setninger.push(`Erklæringskode: ${kode}.`);
  return setninger.join(" ");
}

/**
 * The re-export declaration of the certificate: one text when every goods line has the same one, otherwise
 * one per line that has re-export notes (by line number); `INGEN_REEKSPORTOPPLYSNINGER` when none has.
 */
export function reeksportErklaering(
  s: Pick<LagretSertifikat, "eksportLand" | "varelinjer">,
): { felles: string } | { perLinje: { sorteringsnummer: number; tekst: string }[] } {
  const linjer = s.varelinjer.flatMap((l) =>
    l.reeksportSertifiseringsErklaering
      ? [
          {
            sorteringsnummer: l.sorteringsnummer,
            tekst: reeksportTekst(s, l.reeksportSertifiseringsErklaering),
          },
        ]
      : [],
  );
  const foerste = linjer[0];
  if (!foerste) return { felles: INGEN_REEKSPORTOPPLYSNINGER };
  if (linjer.length === s.varelinjer.length && linjer.every((l) => l.tekst === foerste.tekst)) {
    return { felles: foerste.tekst };
  }
  return { perLinje: linjer };
}
