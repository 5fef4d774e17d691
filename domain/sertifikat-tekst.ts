// The certificate's texts, shared by the certificate page (app) and the certificate PDF and Excel file
// (api/dokumenter): the display rules of SPEC §5 (empty = missing, control and bidi-override characters
// stripped, a quantity only with a unit and not negative, unknown codes as they are) and the declarations
// (export, re-export, financial, free from pests). Pure functions of the stored certificate; the words are the
// catalogues' (`sertifikat.verdi.*`, issue 33) in the reader's language: the caller hands in its translator
// (domain never loads the catalogues), as domain/historikk.ts does.

import type { T } from "../sprak/oversetter";
import { formaterDato } from "./format";
import { behandlingstypeNavn, enhetNavn, finnLand } from "./kodeverk";
import { formaterTall, visningsMengde } from "./mengde";
import type {
  Behandling,
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
export function transportutstyrTekster(t: T, s: Pick<LagretSertifikat, "transportutstyr">): string[] {
  return (s.transportutstyr ?? []).flatMap((u) => {
    const id = tekst(u.id);
    const plomber = tekster(u.forseglinger).join(", ");
    if (id && plomber) return [t("sertifikat.verdi.medPlomber", { id, plomber })];
    return id ?? (plomber ? [t("sertifikat.verdi.plomber", { plomber })] : []);
  });
}

/** "KE-KEPHIS-2025-0412 (Original certificate, datert 02.03.2025)"; undefined when nothing is known. */
export function referertDokumentTekst(t: T, d: ReferertDokument): string | undefined {
  const dato = datoTekst(d.dato);
  const ekstra = tekster([d.informasjon, dato ? t("sertifikat.verdi.datert", { dato }) : undefined]);
  const navn = tekst(d.identifikator);
  if (navn === undefined && ekstra.length === 0) return undefined;
  const hode = navn ?? t("sertifikat.verdi.dokumentUtenNummer");
  return ekstra.length > 0 ? `${hode} (${ekstra.join(", ")})` : hode;
}

export function refererteDokumenterTekster(t: T, s: Pick<LagretSertifikat, "refererteDokumenter">): string[] {
  return (s.refererteDokumenter ?? []).flatMap((d) => referertDokumentTekst(t, d) ?? []);
}

// ---------------------------------------------------------------------------------------------------------
// Quantities (SPEC §5: shown only with a unit and a value that is not negative)
// ---------------------------------------------------------------------------------------------------------

export const MENGDE_FELT = [
  "antall",
  "nettoVekt",
  "bruttoVekt",
  "nettoVolum",
  "bruttoVolum",
] as const satisfies readonly (keyof Varemengde)[];

export type MengdeFelt = (typeof MENGDE_FELT)[number];

/** The label of a quantity type in the reader's language («Nettovekt»). */
export function mengdeEtikett(t: T, felt: MengdeFelt): string {
  return t(`sertifikat.verdi.mengdeFelt.${felt}`);
}

/**
 * A quantity that may be shown: a unit exists and the value is a number ≥ 0; with its unit's name in the
 * reader's language («stk» → «pcs», kg as it is).
 */
export function synligMengde(
  t: T,
  m: { verdi: number; enhet?: string | null } | undefined,
): { verdi: number; enhet: string } | undefined {
  if (!m) return undefined;
  const enhet = tekst(m.enhet);
  if (enhet === undefined || visningsMengde(m.verdi, enhet) === undefined) return undefined;
  return { verdi: m.verdi === 0 ? 0 : m.verdi, enhet: enhetNavn(t, enhet) };
}

/** "250,5 kg" in the reader's language, or undefined when the quantity may not be shown (no unit, negative). */
export function mengdeTekst(
  t: T,
  m: { verdi: number; enhet?: string | null } | undefined,
): string | undefined {
  return m ? visningsMengde(m.verdi, m.enhet, (k) => enhetNavn(t, k), t.sprak) : undefined;
}

/** The shown quantities of a line, labelled: ["Nettovekt 250,5 kg", ...]. */
export function mengdeLinjer(t: T, l: Pick<Varelinje, "mengde">): string[] {
  return MENGDE_FELT.flatMap((felt) => {
    const m = mengdeTekst(t, l.mengde[felt]);
    return m ? [`${mengdeEtikett(t, felt)} ${m}`] : [];
  });
}

/** Sums per quantity type and display unit over all lines; only quantities that may be shown count. */
export function totalMengde(
  t: T,
  varelinjer: readonly Pick<Varelinje, "mengde">[],
): { felt: MengdeFelt; tekst: string }[] {
  const resultat: { felt: MengdeFelt; tekst: string }[] = [];
  for (const felt of MENGDE_FELT) {
    const summer = new Map<string, number>();
    for (const linje of varelinjer) {
      const m = synligMengde(t, linje.mengde[felt]);
      if (m) summer.set(m.enhet, (summer.get(m.enhet) ?? 0) + m.verdi);
    }
    if (summer.size === 0) continue;
    const deler = [...summer].map(
      ([enhet, sum]) => `${formaterTall(Number(sum.toFixed(6)), t.sprak)} ${enhet}`,
    );
    resultat.push({ felt, tekst: deler.join(" + ") });
  }
  return resultat;
}

/** The total of one quantity type as the API gives it (one entry per unit code), in words, or undefined. */
export function mengderTekst(t: T, mengder: readonly Mengde[]): string | undefined {
  const deler = mengder.flatMap((m) => mengdeTekst(t, m) ?? []);
  return deler.length > 0 ? deler.join(" + ") : undefined;
}

/**
 * A total of the goods lines, saying when it counts only some of them: "530 kg (oppgitt for 1 av 2
 * varelinjer)" beside a full "545,5 kg" (issue 23 item 9).
 */
export function totalTekst(
  t: T,
  mengder: readonly Mengde[],
  medMengde: number,
  linjer: number,
): string | undefined {
  const mengde = mengderTekst(t, mengder);
  if (!mengde || medMengde >= linjer) return mengde;
  return t("sertifikat.verdi.oppgittFor", { mengde, antall: medMengde, linjer });
}

// ---------------------------------------------------------------------------------------------------------
// Declarations
// ---------------------------------------------------------------------------------------------------------

/** The export declaration in bokmål (the e2e tests' words); documents and page use `sertifikat.erklaering.eksportTekst`. */
export const EKSPORTERKLAERING =
  "Det bekreftes at plantene, planteproduktene eller andre regulerte gjenstander som er beskrevet her, er " +
  "inspisert og/eller testet etter egnede offisielle prosedyrer og anses å være fri for karanteneskadegjørere " +
  "som er spesifisert av den importerende avtaleparten, og å oppfylle gjeldende plantesunnhetskrav hos den " +
  "importerende avtaleparten, herunder kravene til regulerte ikke-karanteneskadegjørere.";

/** The financial declaration (IPPC model certificate), naming the issuing authority when known. */
export function finansiellErklaering(t: T, s: Pick<LagretSertifikat, "utsteder">): string {
  const myndighet = tekst(s.utsteder) ?? t("sertifikat.verdi.utstedendeMyndighet");
  return t("sertifikat.verdi.finansiell", { myndighet });
}

/** The free-from-pest statement (SPSFL): a bare statement code is named as a code, a text shown as it is. */
export function friForPestTekst(t: T, s: Pick<LagretSertifikat, "friForPestErklaering">): string {
  const verdi = tekst(s.friForPestErklaering);
  if (verdi === undefined) return t("sertifikat.verdi.ikkeOppgitt");
  return /^\d{1,3}$/.test(verdi) ? t("sertifikat.verdi.oppgittKode", { kode: verdi }) : verdi;
}

/** The re-export certification of a line in words (SPEC §3: the text variants of the flags). */
export function reeksportTekst(
  t: T,
  s: Pick<LagretSertifikat, "eksportLand">,
  r: ReeksportSertifiseringsErklaering,
): string {
  const reeksportland = landTekst(s.eksportLand) ?? t("sertifikat.verdi.reeksport.reeksportlandet");
  const fra = landTekst(r.kontraktsinngaaendePart);
  const nummer = tekst(r.ephytoSertifikatReferanse);
  const sertifikat = nummer
    ? t("sertifikat.verdi.reeksport.sertifikatNummer", { nummer })
    : t("sertifikat.verdi.reeksport.sertifikatUtenNummer");
  const setninger = [
    fra
      ? t("sertifikat.verdi.reeksport.importertFra", { reeksportland, fra, sertifikat })
      : t("sertifikat.verdi.reeksport.importert", { reeksportland, sertifikat }),
  ];
  if (r.originalSertifikat) setninger.push(t("sertifikat.verdi.reeksport.original"));
  else if (r.bekreftetKopi) setninger.push(t("sertifikat.verdi.reeksport.kopi"));
  const pakking = r.ompakket
    ? t("sertifikat.verdi.reeksport.ompakket")
    : r.pakket
      ? t("sertifikat.verdi.reeksport.pakket")
      : undefined;
  const containere = r.nyeContainere
    ? t("sertifikat.verdi.reeksport.nyeContainere")
    : r.originaleContainere
      ? t("sertifikat.verdi.reeksport.originaleContainere")
      : undefined;
  const beskrivelse = [pakking, containere].filter((d): d is string => d !== undefined);
  if (beskrivelse.length > 0) {
    setninger.push(t("sertifikat.verdi.reeksport.varene", { beskrivelse: beskrivelse.join(" ") }));
  }
  const grunnlag = [
    r.fytosanitaertSertifikat || r.originalSertifikat
      ? t("sertifikat.verdi.reeksport.grunnlagSertifikat")
      : undefined,
    r.tilleggsinspeksjon ? t("sertifikat.verdi.reeksport.grunnlagInspeksjon") : undefined,
  ].filter((g): g is string => g !== undefined);
  const [a, b] = grunnlag;
  setninger.push(
    a === undefined
      ? t("sertifikat.verdi.reeksport.oppfyller", { reeksportland })
      : t("sertifikat.verdi.reeksport.oppfyllerPaaGrunnlag", {
          grunnlag: b === undefined ? a : t("sertifikat.verdi.reeksport.og", { a, b }),
          reeksportland,
        }),
  );
  const kode = tekst(r.reeksportErklaeringKode);
  if (kode) setninger.push(t("sertifikat.verdi.reeksport.kode", { kode }));
  return setninger.join(" ");
}

/**
 * The re-export declaration of the certificate: one text when every goods line has the same one, otherwise
 * one per line that has re-export notes (by line number); `sertifikat.verdi.ingenReeksportopplysninger` when
 * none has.
 */
export function reeksportErklaering(
  t: T,
  s: Pick<LagretSertifikat, "eksportLand" | "varelinjer">,
): { felles: string } | { perLinje: { sorteringsnummer: number; tekst: string }[] } {
  const linjer = s.varelinjer.flatMap((l) =>
    l.reeksportSertifiseringsErklaering
      ? [
          {
            sorteringsnummer: l.sorteringsnummer,
            tekst: reeksportTekst(t, s, l.reeksportSertifiseringsErklaering),
          },
        ]
      : [],
  );
  const foerste = linjer[0];
  if (!foerste) return { felles: t("sertifikat.verdi.ingenReeksportopplysninger") };
  if (linjer.length === s.varelinjer.length && linjer.every((l) => l.tekst === foerste.tekst)) {
    return { felles: foerste.tekst };
  }
  return { perLinje: linjer };
}

// ---------------------------------------------------------------------------------------------------------
// Treatments
// ---------------------------------------------------------------------------------------------------------

/** A treatment's measure as the certificate gives it: the number in the reader's format, the unit if any. */
function behandlingMengde(t: T, m: Mengde): string {
  const tall = formaterTall(m.verdi, t.sprak);
  return m.enhet === undefined ? tall : `${tall} ${enhetNavn(t, m.enhet)}`;
}

/**
 * A treatment in one line in the reader's language: "Kjemisk behandling (Dypping), temperatur 32 °C, varighet
 * 3 t, konsentrasjon 2,5 g/l"; the free text when the certificate gives nothing else; undefined for nothing.
 * Made from the stored parts where it is shown (the stored `beskrivelse` is the bokmål one, for the API).
 */
export function behandlingBeskrivelse(t: T, b: Behandling): string | undefined {
  const typeKode = b.typeKode && b.typeKode.toUpperCase() !== "ZZZ" ? b.typeKode : undefined;
  const type = b.behandlingstype ?? typeKode;
  const typeNavn = type === undefined ? undefined : behandlingstypeNavn(t, type);
  const nivaa2 =
    b.behandlingstypeNivaa2 === undefined ? undefined : behandlingstypeNavn(t, b.behandlingstypeNivaa2);
  const hode =
    typeNavn !== undefined
      ? nivaa2 !== undefined && nivaa2 !== typeNavn
        ? `${typeNavn} (${nivaa2})`
        : typeNavn
      : nivaa2;
  const detalj = (id: "temperatur" | "varighet" | "konsentrasjon", verdi: string | undefined) =>
    verdi === undefined ? undefined : t(`sertifikat.verdi.behandling.${id}`, { verdi });
  const detaljer = [
    detalj("temperatur", b.temperatur && behandlingMengde(t, b.temperatur)),
    detalj("varighet", b.varighet && behandlingMengde(t, b.varighet)),
    detalj(
      "konsentrasjon",
      b.konsentrasjon ? behandlingMengde(t, b.konsentrasjon) : b.konsentrasjonTekst || undefined,
    ),
  ].filter((d): d is string => typeof d === "string");
  if (hode === undefined && detaljer.length === 0) return b.fritekst;
  const deler = hode === undefined ? detaljer : [hode, ...detaljer];
  const tekst = deler.join(", ");
  return tekst.charAt(0).toUpperCase() + tekst.slice(1);
}
