// Shared text building for the certificate documents (PDF and Excel). The texts the certificate page shows
// too (quantities, countries, containers, declarations, the replacement placeholders) live in
// domain/sertifikat-tekst.ts, so page and documents say the same; this file holds what only the documents
// need, built on those.

import {
  behandlingstypeNavn,
  pakkeNavn,
  sertifikatstatusTekst,
  tilsiktetBrukVisning,
} from "../../domain/kodeverk";
import { formaterTall } from "../../domain/mengde";
import type { SertifikatVurdering, VarelinjeVurdering } from "../../domain/risiko/vurder";
import { datoTekst, landListeTekst, landTekst, tekst, tekster } from "../../domain/sertifikat-tekst";
import { type Alvorlighetsgrad, MELDEPLIKTIG_TEKST } from "../../domain/status";
import type {
  Adresse,
  Behandling,
  LagretSertifikat,
  Pakke,
  SertifikatPart,
  Varelinje,
} from "../ephyto/parse";

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

// ---------------------------------------------------------------------------------------------------------
// Goods lines
// ---------------------------------------------------------------------------------------------------------

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
  return tilsiktetBrukVisning(l.klassifisering);
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
