// The history of a notification (Historikk, issue 24 §1; docs/decisions/033-historikk.md): what an event row of
// importmelding_hendelse says, and how it reads in Norwegian — on the registered page, in the summary of a
// draft, and in the evidence pack's PDF and CSV. Pure: the API builds the rows, the app and the documents
// only show them.
import { formaterDato, formaterOrganisasjonsnummer } from "./format";
import { MENGDE_FELT_TEKST, type MengdeFelt } from "./importmelding";
import { sertifikatstatusTekst } from "./kodeverk";
import { erSpoersmaalKode, erSvarKode, SPOERSMAAL, SVAR_TEKST } from "./kontrollspoersmaal";
import { formaterTall } from "./mengde";
import {
  type ImportmeldingStatus,
  MELDEPLIKTIG_TEKST,
  type MeldepliktigVurdering,
  STATUS_TEKST,
} from "./status";
import { fraAnkomsttid } from "./tidsrom";

/** OPPRETTET: the notification was made; STATUS: a status change; ENDRET: answers or fields; SERTIFIKAT: a new delivery. */
export const HENDELSE_TYPER = ["OPPRETTET", "STATUS", "ENDRET", "SERTIFIKAT"] as const;
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

export const VENTEGRUNN_TEKST: Record<Ventegrunn, string> = {
  ANSVARLIG_IKKE_PAA_SERTIFIKATET:
    "Frigis ikke automatisk: ansvarlig importør står ikke som mottaker på sertifikatet. Mattilsynet vurderer forhåndsmeldingen.",
};

/** The line of an assessment made before arrival (ADR 041). */
export const VURDERT_FOER_ANKOMST_LINJE =
  "Sendingen var ikke ankommet. Det skal ikke gjøres mottakskontroll.";

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
export const VEDTAKSBREV_REFERANSE = "Referanse til vedtaksbrevet";
export const EPHYTO_HUB = "ePhyto-hub";

export function aktoerTekst(a: HendelseAktoer): string {
  switch (a.type) {
    case "PERSON":
      return [a.navn, a.virksomhet].filter(Boolean).join(", ") || "Ukjent person";
    case "MASKIN":
      return [`System: ${a.navn ?? "ukjent klient"}`, a.virksomhet].filter(Boolean).join(", ");
    case "HUB":
      return EPHYTO_HUB;
    case "MYNDIGHET":
    case "SYSTEM":
      return MATTILSYNET;
  }
}

const DEL_TITTEL: Record<string, string> = {
  innmelder: "Innmelder registrert",
  egenReferanse: "Egen referanse endret",
  dokumentkontroll: "Dokumentkontroll besvart",
  mottakskontroll: "Mottakskontroll besvart",
  ankomstinfo: "Ankomst endret",
  faktiskMengde: "Faktisk mengde registrert",
};

const STATUS_TITTEL: Partial<Record<ImportmeldingStatus, string>> = {
  REGISTRERT: "Sendt inn til Mattilsynet",
  ANKOMMET: "Ankommet, mottakskontroll rapportert",
  FRIGITT: "Vurdert av Mattilsynet: Frigitt",
  AVVIST: "Vurdert av Mattilsynet: Avvist",
  DELVIS_AVVIST: "Vurdert av Mattilsynet: Delvis avvist",
  AUTOMATISK_FRIGITT: "Frigitt automatisk",
  TILBAKETRUKKET: "Trukket tilbake",
  SLETTET: "Slettet",
};

export function hendelseTittel(h: {
  type: HendelseType;
  tilStatus: ImportmeldingStatus | null;
  detaljer: HendelseDetaljer;
}): string {
  switch (h.type) {
    case "OPPRETTET":
      return "Opprettet";
    case "STATUS":
      if (h.tilStatus && h.detaljer.vurdertFoerAnkomst)
        return `Vurdert av Mattilsynet før ankomst: ${STATUS_TEKST[h.tilStatus]}`;
      return h.tilStatus ? (STATUS_TITTEL[h.tilStatus] ?? STATUS_TEKST[h.tilStatus]) : "Status endret";
    case "ENDRET": {
      const kunPerson = h.detaljer.endringer?.every((e) => e.felt.startsWith("kontrolloer.")) === true;
      if (h.detaljer.del === "ankomstinfo" && kunPerson) return "Mottakskontrollør oppgitt";
      return DEL_TITTEL[h.detaljer.del ?? ""] ?? "Endret";
    }
    case "SERTIFIKAT":
      return h.detaljer.erstattetAv ? "Sertifikatet er erstattet" : "Ny versjon av sertifikatet";
  }
}

const FELT_TEKST: Record<string, string> = {
  "innmelder.navn": "Innmelders navn",
  "innmelder.epost": "Innmelders e-post",
  "innmelder.telefonnummer": "Innmelders telefonnummer",
  egenReferanse: "Egen referanse",
  ankomsttid: "Forventet ankomst",
  kontrollAdresse: "Kontrollsted",
  mottakskontrolloer: "Mottakskontrollør",
  "kontrolloer.navn": "Kontrollørens navn",
  "kontrolloer.telefonnummer": "Kontrollørens telefonnummer",
  "sertifikat.status": "Sertifikatets status",
  "sertifikat.avsender": "Avsender",
  "sertifikat.mottaker": "Mottaker",
  "sertifikat.varelinjer": "Antall varelinjer",
  "sertifikat.risiko": "Risikovurdering",
  "sertifikat.meldeplikt": "Meldeplikt",
};

/** The label of a changed field: a fixed field, a control question's answer or comment, or an actual quantity. */
export function feltTekst(felt: string): string {
  const fast = FELT_TEKST[felt];
  if (fast) return fast;
  const [hva, kode, felt2] = felt.split(":");
  if ((hva === "svar" || hva === "kommentar") && erSpoersmaalKode(kode)) {
    const tekst = SPOERSMAAL[kode].tekst;
    return hva === "svar" ? tekst : `Kommentar til «${tekst}»`;
  }
  if (hva === "faktiskMengde" && kode && felt2 && felt2 in MENGDE_FELT_TEKST) {
    return `Faktisk ${MENGDE_FELT_TEKST[felt2 as MengdeFelt].toLowerCase()}, varelinje ${kode}`;
  }
  return felt;
}

/** The value of a changed field as shown: answers by their text, the arrival as a date and part of day. */
export function verdiTekst(felt: string, verdi: string | null): string | null {
  if (verdi === null || verdi === "") return null;
  if (felt.startsWith("svar:")) return erSvarKode(verdi) ? SVAR_TEKST[verdi] : verdi;
  if (felt === "ankomsttid") {
    try {
      const t = fraAnkomsttid(verdi);
      return `${formaterDato(t.dato)} ${t.tidsrom.navn.toLowerCase()} (${t.tidsrom.spenn})`;
    } catch {
      return verdi;
    }
  }
  if (felt === "sertifikat.status") return sertifikatstatusTekst(verdi);
  if (felt === "sertifikat.meldeplikt") return MELDEPLIKTIG_TEKST[verdi as MeldepliktigVurdering] ?? verdi;
  if (felt === "sertifikat.risiko") return RISIKO_TEKST[verdi] ?? verdi;
  if (felt.startsWith("faktiskMengde:")) {
    const tall = Number(verdi);
    return Number.isFinite(tall) ? formaterTall(tall) : verdi;
  }
  return verdi;
}

const RISIKO_TEKST: Record<string, string> = {
  ALT_OK: "Ingen merknader",
  VARSEL: "Varsel",
  FORBUD: "Forbud",
  UFULLSTENDIG: "Ufullstendig",
};

/** One change as a line: "Egen referanse: endret fra «A» til «B»". */
export function endringTekst(e: Endring): string {
  const navn = feltTekst(e.felt);
  const fra = verdiTekst(e.felt, e.fra);
  const til = verdiTekst(e.felt, e.til);
  if (fra === null && til !== null) return `${navn}: «${til}»`;
  if (til === null && fra !== null) return `${navn}: fjernet (var «${fra}»)`;
  return `${navn}: endret fra «${fra ?? ""}» til «${til ?? ""}»`;
}

const part = (p: { navn: string; organisasjonsnummer: string }) =>
  `${p.navn} (org.nr. ${formaterOrganisasjonsnummer(p.organisasjonsnummer)})`;

/** The event's details, one line each. */
export function hendelseLinjer(h: {
  type: HendelseType;
  tilStatus: ImportmeldingStatus | null;
  detaljer: HendelseDetaljer;
  merknad: string | null;
}): string[] {
  const d = h.detaljer;
  const linjer: string[] = [];
  if (h.type === "OPPRETTET") {
    if (d.sertifikat) linjer.push(`Fra sertifikat ${d.sertifikat.nummer} (${d.sertifikat.eksportland})`);
    if (d.ansvarligImportoer) linjer.push(`Ansvarlig importør: ${part(d.ansvarligImportoer)}`);
    if (d.ansvarligDokumentkontroll)
      linjer.push(`Ansvarlig for dokumentkontroll: ${part(d.ansvarligDokumentkontroll)}`);
    if (d.vek)
      linjer.push(
        `Forhåndsmeldingen fra ${part(d.vek.opprettetAv)} ble ${d.vek.til === "SLETTET" ? "slettet" : "trukket tilbake"}`,
      );
    if (linjer.length === 0 && h.merknad) linjer.push(h.merknad);
    return linjer;
  }
  if (d.erstattetAv) linjer.push(`Erstattet av sertifikat ${d.erstattetAv}`);
  for (const e of d.endringer ?? []) linjer.push(endringTekst(e));
  if (h.type === "STATUS" && h.tilStatus === "ANKOMMET" && d.avvik) {
    if (d.avvik.length === 0) linjer.push("Ingen avvik");
    for (const a of d.avvik) {
      const sp = erSpoersmaalKode(a.spoersmaal) ? SPOERSMAAL[a.spoersmaal].tekst : a.spoersmaal;
      const svar = erSvarKode(a.svar) ? SVAR_TEKST[a.svar] : a.svar;
      linjer.push(`Avvik: ${sp}: ${svar}. Kommentar: ${a.kommentar ?? "Ingen melding"}`);
    }
  }
  if (h.type === "STATUS" && d.venterPaaMyndighet) linjer.push(VENTEGRUNN_TEKST[d.venterPaaMyndighet]);
  if (h.type === "STATUS" && d.vurdertFoerAnkomst) linjer.push(VURDERT_FOER_ANKOMST_LINJE);
  // Rows from before migration 014 name the decision record behind an automatic step ("(ADR 007)") and
  // repeat the title ("Trukket tilbake: …", "Automatisk frigitt"): not for the user.
  const merknad =
    h.merknad?.replace(/\s*\(ADR \d+\)$/, "").replace(/^(Slettet|Trukket tilbake): /, "") ?? null;
  if (merknad && merknad !== "Automatisk frigitt") {
    const vurdering =
      h.tilStatus === "FRIGITT" || h.tilStatus === "AVVIST" || h.tilStatus === "DELVIS_AVVIST";
    linjer.push(vurdering ? `Begrunnelse: ${merknad}` : merknad);
  }
  if (d.vedtaksbrev) linjer.push(`${VEDTAKSBREV_REFERANSE}: ${d.vedtaksbrev}`);
  if (d.regelsett) linjer.push(`Risikoregler: versjon ${d.regelsett.versjon}`);
  return linjer;
}
