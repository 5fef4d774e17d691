// Shared text building for the certificate documents (PDF and Excel): the display rules of SPEC §5
// (a quantity only with a unit and not negative, unknown codes as they are, empty = missing) applied to
// the stored certificate, in Norwegian.

import { formaterDato } from "../../domain/format";
import { formaterTall, visningsMengde } from "../../domain/quantity";
import {
  behandlingstypeNavn,
  enhetVisning,
  finnLand,
  pakkeNavn,
  sertifikatstatusTekst,
  tilsiktetBruk,
} from "../../domain/reference";
import type { SertifikatVurdering, VarelinjeVurdering } from "../../domain/risk/vurder";
import { type Alvorlighetsgrad, MELDEPLIKTIG_TEKST } from "../../domain/status";
import { rensTekst } from "../../domain/text";
import type {
  Adresse,
  Behandling,
  LagretSertifikat,
  Mengde,
  Pakke,
  ReeksportSertifiseringsErklaering,
  SertifikatLand,
  SertifikatPart,
  Varelinje,
  Varemengde,
} from "../ephyto/parse";

export const UKJENT_NUMMER = "ukjent nummer";
export const UKJENT_AARSAK = "ukjent årsak";

/** Cleaned text, or undefined when empty (SPEC §5). */
export function tekst(s: string | null | undefined): string | undefined {
  return rensTekst(s);
}

/** The cleaned, non-empty texts. */
export function tekster(liste: readonly (string | null | undefined)[]): string[] {
  return liste.flatMap((s) => rensTekst(s) ?? []);
}

/** A date as `dd.mm.åååå` when it is one (YYYY-MM-DD or an ISO time), otherwise the text as it is. */
export function datoTekst(s: string | null | undefined): string | undefined {
  const renset = rensTekst(s);
  if (renset === undefined) return undefined;
  return rensTekst(formaterDato(renset)) ?? renset;
}

// ---------------------------------------------------------------------------------------------------------
// Header facts
// ---------------------------------------------------------------------------------------------------------

export function erReeksport(s: Pick<LagretSertifikat, "type">): boolean {
  return s.type === "Reeksport";
}

export function dokumenttittel(s: Pick<LagretSertifikat, "type">): string {
  return erReeksport(s) ? "Plantesunnhetssertifikat for reeksport" : "Plantesunnhetssertifikat";
}

export function typeTekst(s: Pick<LagretSertifikat, "type" | "typeKode">): string {
  return s.type ?? tekst(s.typeKode) ?? "Ukjent";
}

export function statusTekst(s: Pick<LagretSertifikat, "statusKode">): string {
  return sertifikatstatusTekst(tekst(s.statusKode)) ?? "Ukjent status";
}

/** The issue date as written on the certificate (dd.mm.åååå), or the issue time's Oslo date. */
export function utstedtTekst(s: Pick<LagretSertifikat, "utstedtDag" | "utstedtDato">): string | undefined {
  return datoTekst(s.utstedtDag) ?? datoTekst(s.utstedtDato);
}

/** The issue date as a Date at midnight UTC (for spreadsheet date cells), when known. */
export function utstedtDato(s: Pick<LagretSertifikat, "utstedtDag" | "utstedtDato">): Date | undefined {
  const dag = tekst(s.utstedtDag) ?? tekst(s.utstedtDato)?.slice(0, 10);
  if (dag === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(dag)) return undefined;
  const dato = new Date(`${dag}T00:00:00Z`);
  return Number.isNaN(dato.getTime()) ? undefined : dato;
}

// ---------------------------------------------------------------------------------------------------------
// Countries, parties, transport
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

/** The origin countries of all goods lines, each once (without region). */
export function alleOpprinnelsesland(s: Pick<LagretSertifikat, "varelinjer">): string | undefined {
  return landListeTekst(
    s.varelinjer.flatMap((l) => l.opprinnelsesland.map(({ landsdel: _, ...land }) => land)),
  );
}

export function adresseLinjer(a: Adresse | undefined): string[] {
  if (!a) return [];
  const poststed = tekster([a.postnummer, a.poststed]).join(" ");
  const land = tekst(a.land) ?? (tekst(a.landkode) ? landTekst({ kode: a.landkode }) : undefined);
  return tekster([a.linje1, a.linje2, a.linje3, a.linje4, a.linje5, poststed, land]);
}

export function identifikatorTekster(p: SertifikatPart | undefined): string[] {
  return (p?.identifikatorer ?? []).flatMap((id) => {
    const verdi = tekst(id.verdi);
    if (verdi === undefined) return [];
    const type = tekst(id.type);
    return [type ? `${verdi} (${type})` : verdi];
  });
}

/** One text per means of transport: "Veitransport – Truck AB-12-CD (CMR 44812)". */
export function transportTekster(s: Pick<LagretSertifikat, "transportmidler">): string[] {
  return s.transportmidler.map((t) => {
    const middel = tekst(t.navn);
    const id = tekst(t.id);
    const beskrivelse = middel && id ? `${middel} (${id})` : (middel ?? id);
    const metode = tekst(t.transportMetode) ?? "Annen transport";
    return beskrivelse ? `${metode} – ${beskrivelse}` : metode;
  });
}

export function ankomststedTekst(s: Pick<LagretSertifikat, "ankomststed">): string | undefined {
  const navn = tekst(s.ankomststed?.navn);
  const kode = tekst(s.ankomststed?.lokasjonkode);
  return navn && kode ? `${navn} (${kode})` : (navn ?? kode);
}

export function transportutstyrTekster(s: Pick<LagretSertifikat, "transportutstyr">): string[] {
  return s.transportutstyr.flatMap((u) => {
    const id = tekst(u.id);
    const plomber = tekster(u.forseglinger);
    const plombeTekst = plomber.length > 0 ? `plomber: ${plomber.join(", ")}` : undefined;
    if (id && plombeTekst) return [`${id} (${plombeTekst})`];
    return id ?? (plombeTekst ? [plombeTekst.charAt(0).toUpperCase() + plombeTekst.slice(1)] : []);
  });
}

// ---------------------------------------------------------------------------------------------------------
// Goods lines
// ---------------------------------------------------------------------------------------------------------

export const MENGDE_FELT = [
  ["antall", "Antall"],
  ["nettoVekt", "Nettovekt"],
  ["bruttoVekt", "Bruttovekt"],
  ["nettoVolum", "Nettovolum"],
  ["bruttoVolum", "Bruttovolum"],
] as const satisfies readonly (readonly [keyof Varemengde, string])[];

export type MengdeFelt = (typeof MENGDE_FELT)[number][0];

/** A quantity that may be shown (SPEC §5): a unit exists and the value is a number ≥ 0. */
export function synligMengde(m: Mengde | undefined): { verdi: number; enhet: string } | undefined {
  if (!m) return undefined;
  const enhet = tekst(m.enhet);
  if (visningsMengde(m.verdi, enhet, enhetVisning) === undefined || enhet === undefined) return undefined;
  return { verdi: m.verdi === 0 ? 0 : m.verdi, enhet: enhetVisning(enhet) };
}

/** "250,5 kg", or undefined when the quantity may not be shown. */
export function mengdeTekst(m: Mengde | undefined): string | undefined {
  return m ? visningsMengde(m.verdi, m.enhet, enhetVisning) : undefined;
}

/** The shown quantities of a line, labelled: ["Nettovekt 250,5 kg", ...]. */
export function mengdeLinjer(l: Pick<Varelinje, "mengde">): string[] {
  return MENGDE_FELT.flatMap(([felt, etikett]) => {
    const t = mengdeTekst(l.mengde[felt]);
    return t ? [`${etikett} ${t}`] : [];
  });
}

/** Sums per quantity type and display unit over all lines; only shown quantities count. */
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

/** "120 Box, 4 Pallet" (package codes as English names; unknown codes as they are). */
export function pakkerTekst(pakker: readonly Pakke[]): string | undefined {
  const deler = pakker.flatMap((p) => {
    const navn = tekst(p.pakkeKode) ? pakkeNavn(tekst(p.pakkeKode)) : undefined;
    const antall =
      typeof p.antall === "number" && Number.isFinite(p.antall) ? formaterTall(p.antall) : undefined;
    const t = [antall, navn].filter((x): x is string => x !== undefined).join(" ");
    return t === "" ? [] : [t];
  });
  return deler.length > 0 ? deler.join(", ") : undefined;
}

/** The Norwegian label of a recognised intended use, otherwise the text as written. */
export function tilsiktetBrukTekst(l: Pick<Varelinje, "klassifisering">): string | undefined {
  const k = l.klassifisering;
  return (
    tilsiktetBruk(k.tilsiktetBrukKode)?.navn ?? tilsiktetBruk(k.tilsiktetBruk)?.navn ?? tekst(k.tilsiktetBruk)
  );
}

export function tilstandTekst(l: Pick<Varelinje, "klassifisering">): string | undefined {
  const t = tekster(l.klassifisering.tilstander);
  return t.length > 0 ? t.join(", ") : undefined;
}

export function opprinnelseTekst(l: Pick<Varelinje, "opprinnelsesland">): string | undefined {
  return landListeTekst(l.opprinnelsesland);
}

/** "Rosa – Rose (snittblomst)", for headings about one line. */
export function varelinjeNavn(l: Pick<Varelinje, "navn" | "botaniskNavn">): string | undefined {
  const deler = tekster([l.botaniskNavn, l.navn]);
  return deler.length > 0 ? [...new Set(deler)].join(" – ") : undefined;
}

/** The line-level declarations, labelled. */
export function varelinjeErklaeringer(l: Pick<Varelinje, "varelinjeTilleggserklaering">): [string, string][] {
  const e = l.varelinjeTilleggserklaering;
  const rader: [string, string][] = [];
  for (const t of tekster(e.tilleggserklaeringer)) rader.push(["Tilleggserklæring", t]);
  for (const t of tekster(e.offisiellTilleggsInformasjon)) rader.push(["Offisiell tilleggsinformasjon", t]);
  const tillatelse = tekst(e.importtillatelseserklaering);
  if (tillatelse) rader.push(["Importtillatelse", tillatelse]);
  const inspeksjon = datoTekst(e.inspeksjonsdato);
  if (inspeksjon) rader.push(["Inspeksjonsdato", inspeksjon]);
  return rader;
}

// ---------------------------------------------------------------------------------------------------------
// Treatments
// ---------------------------------------------------------------------------------------------------------

export interface BehandlingVisning {
  tittel: string;
  detaljer: [string, string][];
}

export function behandlingVisning(b: Behandling): BehandlingVisning {
  const typeKode = tekst(b.typeKode);
  const type =
    tekst(b.behandlingstype) ?? (typeKode && typeKode.toUpperCase() !== "ZZZ" ? typeKode : undefined);
  const tittel =
    tekst(b.beskrivelse) ?? (type ? behandlingstypeNavn(type) : undefined) ?? "Behandling uten beskrivelse";
  const detaljer: [string, string][] = [];
  const kjemikalier = tekster(b.kjemikalier);
  if (kjemikalier.length > 0) detaljer.push(["Kjemikalier", kjemikalier.join(", ")]);
  const start = datoTekst(b.startdato);
  const slutt = datoTekst(b.sluttdato);
  if (start || slutt) {
    detaljer.push([
      "Periode",
      start && slutt && start !== slutt ? `${start}–${slutt}` : (start ?? slutt ?? ""),
    ]);
  }
  const tillegg = tekst(b.tilleggsbeskrivelse);
  if (tillegg) detaljer.push(["Tilleggsinformasjon", tillegg]);
  return { tittel, detaljer };
}

/** One line per treatment: "Gassing, temperatur 21,5 °C (kjemikalier: …; periode: …)". */
export function behandlingerTekst(behandlinger: readonly Behandling[]): string | undefined {
  if (behandlinger.length === 0) return undefined;
  return behandlinger
    .map((b) => {
      const v = behandlingVisning(b);
      const detaljer = v.detaljer.map(([etikett, verdi]) => `${etikett.toLowerCase()}: ${verdi}`);
      return detaljer.length > 0 ? `${v.tittel} (${detaljer.join("; ")})` : v.tittel;
    })
    .join("\n");
}

// ---------------------------------------------------------------------------------------------------------
// Re-export and declarations
// ---------------------------------------------------------------------------------------------------------

export const EKSPORTERKLAERING =
  "Det bekreftes at plantene, planteproduktene eller andre regulerte gjenstander som er beskrevet her, er " +
  "inspisert og/eller testet etter egnede offisielle prosedyrer og anses å være fri for karanteneskadegjørere " +
  "som er spesifisert av den importerende avtaleparten, og å oppfylle gjeldende plantesunnhetskrav hos den " +
  "importerende avtaleparten, herunder kravene til regulerte ikke-karanteneskadegjørere.";

export function finansiellErklaering(s: Pick<LagretSertifikat, "utsteder">): string {
  const myndighet = tekst(s.utsteder) ?? "den utstedende plantehelsemyndigheten";
  return (
    `Intet økonomisk ansvar i forbindelse med dette sertifikatet skal påhvile ${myndighet} ` +
    "eller noen av dens tjenestemenn eller representanter."
  );
}

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
  const nummer = tekst(r.ephytoSertifikatReferanse) ?? UKJENT_NUMMER;
  const setninger = [
    `Plantene, planteproduktene eller andre regulerte gjenstander ble importert til ${reeksportland}` +
      `${fra ? ` fra ${fra}` : ""} med plantesunnhetssertifikat nr. ${nummer}.`,
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

// ---------------------------------------------------------------------------------------------------------
// Risk assessment
// ---------------------------------------------------------------------------------------------------------

export const ALVORLIGHETSGRAD_TEKST: Record<Alvorlighetsgrad, string> = {
  FORBUD: "Forbud",
  VARSEL: "Varsel",
  UFULLSTENDIG: "Ufullstendig",
  ALT_OK: "Ingen funn",
};

/** The notification-requirement text: a known code is translated, any other text is shown as it is. */
export function meldepliktTekst(
  meldepliktigVurdering: string | null | undefined,
  vurdering: SertifikatVurdering | undefined,
): string | undefined {
  const gitt = tekst(meldepliktigVurdering);
  if (gitt !== undefined) {
    return Object.hasOwn(MELDEPLIKTIG_TEKST, gitt)
      ? MELDEPLIKTIG_TEKST[gitt as keyof typeof MELDEPLIKTIG_TEKST]
      : gitt;
  }
  return vurdering ? MELDEPLIKTIG_TEKST[vurdering.meldepliktigVurdering] : undefined;
}

/** The assessment of each line by position (the assessment keeps the input order). */
export function linjevurderinger(
  s: Pick<LagretSertifikat, "varelinjer">,
  vurdering: SertifikatVurdering | undefined,
): (VarelinjeVurdering | undefined)[] {
  return s.varelinjer.map((_, i) => vurdering?.varelinjer[i]);
}

/** "Varsel: <finding>; <finding>", or undefined without an assessment. */
export function linjevurderingTekst(v: VarelinjeVurdering | undefined): string | undefined {
  if (!v) return undefined;
  const funn = tekster(v.funn.map((f) => f.tekst));
  const grad = ALVORLIGHETSGRAD_TEKST[v.alvorlighetsgrad];
  return funn.length > 0 ? `${grad}: ${funn.join("\n")}` : grad;
}

/** The goods-line numbers shown for the ids of a risk banner (ids map to lines by the assessment order). */
export function beroerteLinjer(
  s: Pick<LagretSertifikat, "varelinjer">,
  vurdering: SertifikatVurdering,
  ider: readonly (string | number)[],
): string {
  const nummerFor = new Map<string, number>();
  vurdering.varelinjer.forEach((v, i) => {
    const linje = s.varelinjer[i];
    if (linje) nummerFor.set(String(v.id), linje.sorteringsnummer);
  });
  return ider.map((id) => String(nummerFor.get(String(id)) ?? id)).join(", ");
}

/** Cut text for a cell, with an ellipsis. */
export function kortet(s: string, maks: number): { tekst: string; kortet: boolean } {
  if (s.length <= maks) return { tekst: s, kortet: false };
  return { tekst: `${s.slice(0, Math.max(0, maks - 1)).trimEnd()}…`, kortet: true };
}
