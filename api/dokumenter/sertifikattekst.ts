// The certificate's values as text for the certificate documents (PDF and Excel). The texts the certificate
// page shows too (quantities, countries, containers, declarations, the replacement placeholders) live in
// domain/sertifikat-tekst.ts, so page and documents say the same; this file holds what only the documents
// need, built on those (the risk assessment in words is vurderingstekst.ts). The words are the catalogues' in
// the reader's language (`t`, issue 33).

import { behandlingstypeNavn, pakkeNavn } from "../../domain/kodeverk";
import { formaterTall } from "../../domain/mengde";
import {
  behandlingBeskrivelse,
  datoTekst,
  landListeTekst,
  landTekst,
  tekst,
  tekster,
} from "../../domain/sertifikat-tekst";
import { sertifikatstatusNavn } from "../../domain/statusnavn";
import type { T } from "../../sprak/oversetter";
import type {
  Adresse,
  Behandling,
  LagretSertifikat,
  Pakke,
  SertifikatPart,
  Varelinje,
} from "../ephyto/parse";
import { tilsiktetBrukFor } from "./tekst";

// ---------------------------------------------------------------------------------------------------------
// Header facts
// ---------------------------------------------------------------------------------------------------------

export function erReeksport(s: Pick<LagretSertifikat, "type">): boolean {
  return s.type === "Reeksport";
}

export function dokumenttittel(t: T, s: Pick<LagretSertifikat, "type">): string {
  return t("dokumenter.sertifikat.tittel", { reeksport: erReeksport(s) ? "ja" : "nei" });
}

export function typeTekst(t: T, s: Pick<LagretSertifikat, "type" | "typeKode">): string {
  if (s.type) return t(`sertifikat.hode.type.${s.type}`);
  return tekst(s.typeKode) ?? t("dokumenter.sertifikat.verdi.ukjentType");
}

/** The status in words (kodeverk.sertifikatstatus.*); an unknown code as it is. */
export function statusTekst(t: T, s: Pick<LagretSertifikat, "statusKode">): string {
  return sertifikatstatusNavn(t, tekst(s.statusKode)) ?? t("dokumenter.sertifikat.verdi.ukjentStatus");
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
export function transportTekster(t: T, s: Pick<LagretSertifikat, "transportmidler">): string[] {
  return s.transportmidler.map((m) => {
    const middel = tekst(m.navn);
    const id = tekst(m.id);
    const beskrivelse = middel && id ? `${middel} (${id})` : (middel ?? id);
    const metode = tekst(m.transportMetode) ?? t("sertifikat.transport.annen");
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
/** The intended use in the reader's language (a use of the code list), any other as written. */
export function tilsiktetBrukTekst(t: T, l: Pick<Varelinje, "klassifisering">): string | undefined {
  return tilsiktetBrukFor(t, l.klassifisering);
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
export function varelinjeErklaeringer(
  t: T,
  l: Pick<Varelinje, "varelinjeTilleggserklaering">,
): [string, string][] {
  const e = l.varelinjeTilleggserklaering;
  const rader: [string, string][] = [];
  for (const v of tekster(e.tilleggserklaeringer)) {
    rader.push([t("dokumenter.sertifikat.pdf.tilleggserklaering"), v]);
  }
  for (const v of tekster(e.offisiellTilleggsInformasjon)) {
    rader.push([t("dokumenter.sertifikat.pdf.offisiellTilleggsinformasjon"), v]);
  }
  const tillatelse = tekst(e.importtillatelseserklaering);
  if (tillatelse) rader.push([t("dokumenter.sertifikat.pdf.importtillatelse"), tillatelse]);
  const inspeksjon = datoTekst(e.inspeksjonsdato);
  if (inspeksjon) rader.push([t("dokumenter.sertifikat.pdf.inspeksjonsdato"), inspeksjon]);
  return rader;
}

// ---------------------------------------------------------------------------------------------------------
// Treatments
// ---------------------------------------------------------------------------------------------------------

export interface BehandlingVisning {
  tittel: string;
  detaljer: [string, string][];
}

export function behandlingVisning(t: T, b: Behandling): BehandlingVisning {
  const typeKode = tekst(b.typeKode);
  const type =
    tekst(b.behandlingstype) ?? (typeKode && typeKode.toUpperCase() !== "ZZZ" ? typeKode : undefined);
  const tittel =
    behandlingBeskrivelse(t, b) ??
    // a treatment stored with its description only (no parts to make it from)
    tekst(b.beskrivelse) ??
    (type ? behandlingstypeNavn(t, type) : undefined) ??
    t("dokumenter.sertifikat.verdi.behandlingUtenBeskrivelse");
  const detaljer: [string, string][] = [];
  const kjemikalier = tekster(b.kjemikalier);
  if (kjemikalier.length > 0)
    detaljer.push([t("dokumenter.sertifikat.verdi.kjemikalier"), kjemikalier.join(", ")]);
  const start = datoTekst(b.startdato);
  const slutt = datoTekst(b.sluttdato);
  if (start || slutt) {
    detaljer.push([
      t("dokumenter.sertifikat.verdi.periode"),
      start && slutt && start !== slutt ? `${start}–${slutt}` : (start ?? slutt ?? ""),
    ]);
  }
  const tillegg = tekst(b.tilleggsbeskrivelse);
  if (tillegg) detaljer.push([t("dokumenter.sertifikat.verdi.tilleggsinformasjon"), tillegg]);
  return { tittel, detaljer };
}

/** One line per treatment: "Gassing, temperatur 21,5 °C (kjemikalier: …; periode: …)". */
export function behandlingerTekst(t: T, behandlinger: readonly Behandling[]): string | undefined {
  if (behandlinger.length === 0) return undefined;
  return behandlinger
    .map((b) => {
      const v = behandlingVisning(t, b);
      const detaljer = v.detaljer.map(([etikett, verdi]) => `${etikett.toLowerCase()}: ${verdi}`);
      return detaljer.length > 0 ? `${v.tittel} (${detaljer.join("; ")})` : v.tittel;
    })
    .join("\n");
}
