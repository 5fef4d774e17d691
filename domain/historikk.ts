// The history of a notification (Historikk, issue 24 §1; docs/decisions/033-historikk.md): what an event row of
// importmelding_hendelse says, and how it reads — on the registered page, in the summary of a draft, and in the
// evidence pack's PDF and CSV. Pure: the API builds the rows, the app and the documents only show them. The
// texts are the catalogues' (kodeverk.hendelse.*, issue 33) in the reader's language: the caller hands in its
// translator (domain never loads the catalogues).
import type { Noekkel } from "../sprak/navnerom";
import type { T } from "../sprak/oversetter";
import { formaterDato, formaterOrganisasjonsnummer } from "./format";
import { MENGDE_FELTER, type MengdeFelt } from "./importmelding";
import { erSpoersmaalKode, erSvarKode } from "./kontrollspoersmaal";
import { formaterTall } from "./mengde";
import { type ImportmeldingStatus, MELDEPLIKTIG_VURDERINGER } from "./status";
import { sertifikatstatusNavn } from "./statusnavn";
import { fraAnkomsttid } from "./tidsrom";

/**
 * OPPRETTET: the notification was made; STATUS: a status change; ENDRET: answers or fields; SERTIFIKAT: a new
 * delivery; SVAR_KOPIERT: answers copied from an earlier notification (ADR 061).
 */
export const HENDELSE_TYPER = ["OPPRETTET", "STATUS", "ENDRET", "SERTIFIKAT", "SVAR_KOPIERT"] as const;
export type HendelseType = (typeof HENDELSE_TYPER)[number];

/**
 * Who did it, as the event row keeps it (a snapshot: a later change of name does not rewrite history):
 * PERSON a logged-in person acting for an importer; MASKIN an importer's own system with a machine token
 * ("System: <client name>"); MYNDIGHET the authority's case handling; HUB the ePhyto hub; SYSTEM the service
 * itself (automatic release, the consignee's take-over).
 */
export const AKTOER_TYPER = ["PERSON", "MASKIN", "MYNDIGHET", "HUB", "SYSTEM"] as const;
export type AktoerType = (typeof AKTOER_TYPER)[number];

export interface HendelseAktoer {
  type: AktoerType;
  /** The person's or the client's name; null for the authority, the hub and the service. */
  navn: string | null;
  /** The organisation the person or client acted for. */
  virksomhet: string | null;
  organisasjonsnummer: string | null;
}

/** One field of an ENDRET or SERTIFIKAT event: which, from what, to what (null: not given). */
export interface Endring {
  felt: string;
  fra: string | null;
  til: string | null;
}

/** A deviation of the reception control, as reported when the shipment arrived. */
export interface RapportertAvvik {
  spoersmaal: string;
  svar: string;
  kommentar: string | null;
}

/**
 * Why a submitted notification waits for the authority whatever its answers (no automatic release):
 * ANSVARLIG_IKKE_PAA_SERTIFIKATET its responsible importer is not on the certificate (ADR 027).
 */
export type Ventegrunn = "ANSVARLIG_IKKE_PAA_SERTIFIKATET";

/** The line saying why it waits (its message id). */
export const VENTEGRUNN_TEKST: Record<Ventegrunn, Noekkel> = {
  ANSVARLIG_IKKE_PAA_SERTIFIKATET: "kodeverk.hendelse.ventegrunn.ANSVARLIG_IKKE_PAA_SERTIFIKATET",
};

/** The line of an assessment made before arrival (ADR 041; its message id). */
export const VURDERT_FOER_ANKOMST_LINJE: Noekkel = "kodeverk.hendelse.vurdertFoerAnkomstLinje";

/** The structured part of an event (the jsonb column `detaljer`); each type uses its own fields. */
export interface HendelseDetaljer {
  /** ENDRET: the part of the notification (tilstand.ts REDIGERBAR_I). */
  del?: string;
  endringer?: Endring[];
  /** OPPRETTET: the certificate and the importers it was made for. */
  sertifikat?: { nummer: string; eksportland: string };
  ansvarligImportoer?: { navn: string; organisasjonsnummer: string };
  ansvarligDokumentkontroll?: { navn: string; organisasjonsnummer: string } | null;
  /**
   * OPPRETTET by an importer on the certificate: another organisation's notification of the certificate that
   * gave way (ADR 027), by the organisation that made it and what became of it.
   */
  vek?: { opprettetAv: { navn: string; organisasjonsnummer: string }; til: "SLETTET" | "TILBAKETRUKKET" };
  /** STATUS to ANKOMMET: the deviations the reception control reported (empty: none). */
  avvik?: RapportertAvvik[];
  /** SERTIFIKAT: the certificate that replaces this one. */
  erstattetAv?: string;
  /** STATUS to AUTOMATISK_FRIGITT: the version of the approved risk rules it was released under (ADR 046). */
  regelsett?: { versjon: number };
  /** STATUS to AVVIST or DELVIS_AVVIST: the reference of the authority's decision letter (ADR 045). */
  vedtaksbrev?: string;
  /** STATUS to REGISTRERT or ANKOMMET: why it waits for the authority whatever its answers. */
  venterPaaMyndighet?: Ventegrunn;
  /** STATUS to the authority's assessment: made before the shipment arrived (ADR 041). */
  vurdertFoerAnkomst?: boolean;
  /** SVAR_KOPIERT: the notification the answers were copied from (ADR 061). */
  kopiertFra?: { id: number; nummer: string };
  /** SVAR_KOPIERT: the source's reception controller, not copied as the importer can no longer choose it. */
  kontrolloerIkkeKopiert?: string;
}

/** An event as the API gives it: the data, and the Norwegian texts every view shows alike. */
export interface HendelseVisning {
  id: number;
  /** ISO timestamp (shown in Europe/Oslo). */
  tidspunkt: string;
  type: HendelseType;
  fraStatus: ImportmeldingStatus | null;
  tilStatus: ImportmeldingStatus | null;
  aktoer: HendelseAktoer;
  detaljer: HendelseDetaljer;
  /** Who did it, for display: 'Kari Nordmann, Hageland Import AS', 'System: …', 'Mattilsynet', 'ePhyto-hub'. */
  utfoertAv: string;
  tittel: string;
  /** The details, one line each (which field from what to what, the reason, the deviations). */
  linjer: string[];
}

/** One page of the history, newest first; `eldre` is the cursor (?foer=) of the next page, null at the end. */
export interface HistorikkSide {
  hendelser: HendelseVisning[];
  eldre: number | null;
}

/** Events per page of the history (the page shows this many; the documents take all). */
export const HISTORIKK_SIDE = 20;

export const MATTILSYNET = "Mattilsynet";
/** The label of the authority's decision letter reference (history, the arrived page, the outcome e-mail). */
export const EPHYTO_HUB = "ePhyto-hub";

export function aktoerTekst(a: HendelseAktoer, t: T): string {
  switch (a.type) {
    case "PERSON":
      return [a.navn, a.virksomhet].filter(Boolean).join(", ") || t("kodeverk.hendelse.ukjentPerson");
    case "MASKIN":
      return [
        t("kodeverk.hendelse.system", { navn: a.navn ?? t("kodeverk.hendelse.ukjentKlient") }),
        a.virksomhet,
      ]
        .filter(Boolean)
        .join(", ");
    case "HUB":
      return EPHYTO_HUB;
    case "MYNDIGHET":
    case "SYSTEM":
      return MATTILSYNET;
  }
}

/** The parts of a notification an ENDRET event names (tilstand.ts REDIGERBAR_I), each with its title. */
const DELER = new Set([
  "innmelder",
  "egenReferanse",
  "dokumentkontroll",
  "mottakskontroll",
  "ankomstinfo",
  "faktiskMengde",
]);

/** The statuses whose event has a title of its own («Sendt inn til Mattilsynet»); the others say the status. */
const STATUS_TITLER = new Set<ImportmeldingStatus>([
  "REGISTRERT",
  "ANKOMMET",
  "FRIGITT",
  "AVVIST",
  "DELVIS_AVVIST",
  "AUTOMATISK_FRIGITT",
  "TILBAKETRUKKET",
  "SLETTET",
]);

export function hendelseTittel(
  h: { type: HendelseType; tilStatus: ImportmeldingStatus | null; detaljer: HendelseDetaljer },
  t: T,
): string {
  switch (h.type) {
    case "OPPRETTET":
      return t("kodeverk.hendelse.opprettet");
    case "STATUS":
      if (!h.tilStatus) return t("kodeverk.hendelse.statusEndret");
      if (h.detaljer.vurdertFoerAnkomst)
        return t("kodeverk.hendelse.vurdertFoerAnkomst", { status: t(`kodeverk.status.${h.tilStatus}`) });
      return STATUS_TITLER.has(h.tilStatus)
        ? t(`kodeverk.hendelse.status.${h.tilStatus}` as Noekkel)
        : t(`kodeverk.status.${h.tilStatus}`);
    case "ENDRET": {
      const kunPerson = h.detaljer.endringer?.every((e) => e.felt.startsWith("kontrolloer.")) === true;
      if (h.detaljer.del === "ankomstinfo" && kunPerson) return t("kodeverk.hendelse.kontrolloerOppgitt");
      const del = h.detaljer.del ?? "";
      return DELER.has(del) ? t(`kodeverk.hendelse.del.${del}` as Noekkel) : t("kodeverk.hendelse.endret");
    }
    case "SERTIFIKAT":
      return t(h.detaljer.erstattetAv ? "kodeverk.hendelse.erstattet" : "kodeverk.hendelse.nyVersjon");
    case "SVAR_KOPIERT":
      return t("kodeverk.hendelse.svarKopiert", { nummer: h.detaljer.kopiertFra?.nummer ?? "" });
  }
}

/** The fields an event names with a label of their own (kodeverk.hendelse.felt.<felt>). */
const FELTER = new Set([
  "innmelder.navn",
  "innmelder.epost",
  "innmelder.telefonnummer",
  "egenReferanse",
  "ankomsttid",
  "kontrollAdresse",
  "mottakskontrolloer",
  "kontrolloer.navn",
  "kontrolloer.telefonnummer",
  "sertifikat.status",
  "sertifikat.avsender",
  "sertifikat.mottaker",
  "sertifikat.varelinjer",
  "sertifikat.risiko",
  "sertifikat.meldeplikt",
]);

/** The label of a changed field: a fixed field, a control question's answer or comment, or an actual quantity. */
export function feltTekst(felt: string, t: T): string {
  if (FELTER.has(felt)) return t(`kodeverk.hendelse.felt.${felt}` as Noekkel);
  const [hva, kode, felt2] = felt.split(":");
  if ((hva === "svar" || hva === "kommentar") && erSpoersmaalKode(kode)) {
    const tekst = t(`kodeverk.spoersmaal.${kode}`);
    return hva === "svar" ? tekst : t("kodeverk.hendelse.kommentarTil", { spoersmaal: tekst });
  }
  if (hva === "faktiskMengde" && kode && felt2 && (MENGDE_FELTER as readonly string[]).includes(felt2)) {
    return t("kodeverk.hendelse.faktiskMengde", { felt: felt2 as MengdeFelt, varelinje: kode });
  }
  return felt;
}

const RISIKO = new Set(["ALT_OK", "VARSEL", "FORBUD", "UFULLSTENDIG"]);

/** The value of a changed field as shown: answers by their text, the arrival as a date and part of day. */
export function verdiTekst(felt: string, verdi: string | null, t: T): string | null {
  if (verdi === null || verdi === "") return null;
  if (felt.startsWith("svar:")) return erSvarKode(verdi) ? t(`kodeverk.svar.${verdi}`) : verdi;
  if (felt === "ankomsttid") {
    try {
      const a = fraAnkomsttid(verdi);
      return t("kodeverk.hendelse.ankomst", {
        dato: formaterDato(a.dato, t.sprak),
        tidsrom: t(`kodeverk.tidsromSmaa.${a.tidsrom.klokkeslett.replace(":", "")}` as Noekkel),
      });
    } catch {
      return verdi;
    }
  }
  if (felt === "sertifikat.status") {
    return sertifikatstatusNavn(t, verdi) ?? verdi;
  }
  if (felt === "sertifikat.meldeplikt")
    return (MELDEPLIKTIG_VURDERINGER as readonly string[]).includes(verdi)
      ? t(`kodeverk.meldeplikt.${verdi}` as Noekkel)
      : verdi;
  if (felt === "sertifikat.risiko")
    return RISIKO.has(verdi) ? t(`kodeverk.hendelse.risiko.${verdi}` as Noekkel) : verdi;
  if (felt.startsWith("faktiskMengde:")) {
    const tall = Number(verdi);
    return Number.isFinite(tall) ? formaterTall(tall, t.sprak) : verdi;
  }
  return verdi;
}

/** One change as a line: "Egen referanse: endret fra «A» til «B»". */
export function endringTekst(e: Endring, t: T): string {
  const felt = feltTekst(e.felt, t);
  const fra = verdiTekst(e.felt, e.fra, t);
  const til = verdiTekst(e.felt, e.til, t);
  if (fra === null && til !== null) return t("kodeverk.hendelse.lagtTil", { felt, til });
  if (til === null && fra !== null) return t("kodeverk.hendelse.fjernet", { felt, fra });
  return t("kodeverk.hendelse.endring", { felt, fra: fra ?? "", til: til ?? "" });
}

const part = (p: { navn: string; organisasjonsnummer: string }, t: T) =>
  t("kodeverk.hendelse.part", {
    navn: p.navn,
    orgnr: formaterOrganisasjonsnummer(p.organisasjonsnummer),
  });

/** The event's details, one line each. */
export function hendelseLinjer(
  h: {
    type: HendelseType;
    tilStatus: ImportmeldingStatus | null;
    detaljer: HendelseDetaljer;
    merknad: string | null;
  },
  t: T,
): string[] {
  const d = h.detaljer;
  const linjer: string[] = [];
  if (h.type === "OPPRETTET") {
    if (d.sertifikat)
      linjer.push(
        t("kodeverk.hendelse.fraSertifikat", {
          nummer: d.sertifikat.nummer,
          land: d.sertifikat.eksportland,
        }),
      );
    if (d.ansvarligImportoer)
      linjer.push(t("kodeverk.hendelse.ansvarligImportoer", { part: part(d.ansvarligImportoer, t) }));
    if (d.ansvarligDokumentkontroll)
      linjer.push(
        t("kodeverk.hendelse.ansvarligDokumentkontroll", { part: part(d.ansvarligDokumentkontroll, t) }),
      );
    if (d.vek) linjer.push(t("kodeverk.hendelse.vek", { part: part(d.vek.opprettetAv, t), til: d.vek.til }));
    if (linjer.length === 0 && h.merknad) linjer.push(h.merknad);
    return linjer;
  }
  if (d.erstattetAv) linjer.push(t("kodeverk.hendelse.erstattetAv", { nummer: d.erstattetAv }));
  for (const e of d.endringer ?? []) linjer.push(endringTekst(e, t));
  if (d.kontrolloerIkkeKopiert)
    linjer.push(t("kodeverk.hendelse.kontrolloerIkkeKopiert", { navn: d.kontrolloerIkkeKopiert }));
  if (h.type === "STATUS" && h.tilStatus === "ANKOMMET" && d.avvik) {
    if (d.avvik.length === 0) linjer.push(t("kodeverk.hendelse.ingenAvvik"));
    for (const a of d.avvik) {
      linjer.push(
        t("kodeverk.hendelse.avvik", {
          spoersmaal: erSpoersmaalKode(a.spoersmaal)
            ? t(`kodeverk.spoersmaal.${a.spoersmaal}`)
            : a.spoersmaal,
          svar: erSvarKode(a.svar) ? t(`kodeverk.svar.${a.svar}`) : a.svar,
          kommentar: a.kommentar ?? t("kodeverk.hendelse.ingenMelding"),
        }),
      );
    }
  }
  if (h.type === "STATUS" && d.venterPaaMyndighet) linjer.push(t(VENTEGRUNN_TEKST[d.venterPaaMyndighet]));
  if (h.type === "STATUS" && d.vurdertFoerAnkomst) linjer.push(t(VURDERT_FOER_ANKOMST_LINJE));
  // Rows from before migration 014 name the decision record behind an automatic step ("(ADR 007)") and
  // repeat the title ("Trukket tilbake: …", "Automatisk frigitt"): not for the user.
  const merknad =
    h.merknad?.replace(/\s*\(ADR \d+\)$/, "").replace(/^(Slettet|Trukket tilbake): /, "") ?? null;
  if (merknad && merknad !== "Automatisk frigitt") {
    const vurdering =
      h.tilStatus === "FRIGITT" || h.tilStatus === "AVVIST" || h.tilStatus === "DELVIS_AVVIST";
    linjer.push(vurdering ? t("kodeverk.hendelse.begrunnelse", { merknad }) : merknad);
  }
  if (d.vedtaksbrev) linjer.push(t("kodeverk.hendelse.vedtaksbrev", { referanse: d.vedtaksbrev }));
  if (d.regelsett) linjer.push(t("kodeverk.hendelse.regelsett", { versjon: d.regelsett.versjon }));
  return linjer;
}
