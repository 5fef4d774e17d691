// The alert e-mail (issue 10 item 3): Norwegian, plain text and HTML, one message per importer listing one
// or more certificates. Only the importer's own certificates and name; no other importer's data.

import { formaterDato, leggTilDager } from "../../domain/format";
import { VEDTAKSBREV_REFERANSE } from "../../domain/historikk";
import { finnLand } from "../../domain/kodeverk";
import { MAKS_SERTIFIKATALDER_DAGER } from "../../domain/sertifikat";
import {
  type ImportmeldingStatus,
  MELDEPLIKTIG_TEKST,
  type MeldepliktigVurdering,
  statusTekst,
} from "../../domain/status";
import { esc, utenStyretegn } from "../../domain/text";

export interface VarselSertifikat {
  nummer: string;
  /** alpha-2 code */
  eksportland: string;
  /** YYYY-MM-DD */
  utstedtDato: string;
  meldepliktigVurdering: string;
  erstatterNummer: string | null;
}

export interface VarselEpost {
  emne: string;
  tekst: string;
  html: string;
}

/** The path of the settings page where the alerts are switched off (the unsubscribe path). */
export const VARSLINGER_STI = "/innstillinger?side=Varslinger";

export function sertifikatLenke(appUrl: string, s: VarselSertifikat): string {
  const q = new URLSearchParams({
    sertifikatnummer: s.nummer,
    dato: s.utstedtDato,
    avsenderland: s.eksportland,
  });
  return `${appUrl}/sertifikat?${q}`;
}

/** The last day the certificate can be notified: the issue date plus 14 days. */
export function meldefrist(utstedtDato: string): string {
  return leggTilDager(utstedtDato, MAKS_SERTIFIKATALDER_DAGER);
}

const landNavn = (kode: string) => finnLand(kode)?.navn ?? kode;

function meldeplikt(vurdering: string): string {
  return MELDEPLIKTIG_TEKST[vurdering as MeldepliktigVurdering] ?? vurdering;
}

function emne(sertifikater: readonly VarselSertifikat[]): string {
  const [s] = sertifikater;
  if (sertifikater.length === 1 && s) {
    return s.erstatterNummer
      ? `Nytt sertifikat ${s.nummer} fra ${landNavn(s.eksportland)} erstatter ${s.erstatterNummer}`
      : `Nytt sertifikat ${s.nummer} fra ${landNavn(s.eksportland)}`;
  }
  return `${sertifikater.length} nye sertifikater i Digital forhåndsmelding`;
}

export function lagVarselEpost(opts: {
  appUrl: string;
  importoerNavn: string;
  sertifikater: readonly VarselSertifikat[];
}): VarselEpost {
  // Display side of SPEC §5: no control or bidirectional characters in what the e-mail shows.
  const { appUrl } = opts;
  const importoerNavn = utenStyretegn(opts.importoerNavn);
  const sertifikater = opts.sertifikater.map((s) => ({
    ...s,
    nummer: utenStyretegn(s.nummer),
    erstatterNummer: s.erstatterNummer ? utenStyretegn(s.erstatterNummer) : s.erstatterNummer,
  }));
  const flere = sertifikater.length > 1;
  const tittel = flere
    ? `${sertifikater.length} nye sertifikater til ${importoerNavn}`
    : `Nytt sertifikat til ${importoerNavn}`;
  const innledning = flere
    ? "Mattilsynet har mottatt disse plantesunnhetssertifikatene der virksomheten står som mottaker."
    : "Mattilsynet har mottatt et plantesunnhetssertifikat der virksomheten står som mottaker.";
  const avmelding = `${appUrl}${VARSLINGER_STI}`;

  const tekstDeler = [tittel, "", innledning, ""];
  const htmlDeler: string[] = [];
  for (const s of sertifikater) {
    const lenke = sertifikatLenke(appUrl, s);
    const frist = formaterDato(meldefrist(s.utstedtDato));
    tekstDeler.push(
      `Sertifikat ${s.nummer}`,
      ...(s.erstatterNummer ? [`Erstatter sertifikat ${s.erstatterNummer}.`] : []),
      `Eksportland: ${landNavn(s.eksportland)}`,
      `Utstedt: ${formaterDato(s.utstedtDato)}`,
      `Meldeplikt: ${meldeplikt(s.meldepliktigVurdering)}`,
      `Frist for forhåndsmelding: ${frist}`,
      `Åpne sertifikatet: ${lenke}`,
      "",
    );
    htmlDeler.push(
      `<h2>Sertifikat ${esc(s.nummer)}</h2>`,
      s.erstatterNummer ? `<p>Erstatter sertifikat ${esc(s.erstatterNummer)}.</p>` : "",
      "<dl>",
      `<dt>Eksportland</dt><dd>${esc(landNavn(s.eksportland))}</dd>`,
      `<dt>Utstedt</dt><dd>${esc(formaterDato(s.utstedtDato))}</dd>`,
      `<dt>Meldeplikt</dt><dd>${esc(meldeplikt(s.meldepliktigVurdering))}</dd>`,
      `<dt>Frist for forhåndsmelding</dt><dd>${esc(frist)}</dd>`,
      "</dl>",
      `<p><a href="${esc(lenke)}">Åpne sertifikat ${esc(s.nummer)} i Digital forhåndsmelding</a></p>`,
    );
  }
  const fristTekst = `Sertifikater som er mer enn 2 uker gamle kan ikke meldes.`;
  tekstDeler.push(
    fristTekst,
    "",
    "Du får denne e-posten fordi virksomheten har slått på e-postvarsler om nye sertifikater.",
    `Endre e-postadresser eller slå av varslene under Innstillinger, Varslinger: ${avmelding}`,
  );
  const html = [
    "<!doctype html>",
    '<html lang="nb">',
    `<head><meta charset="utf-8"><title>${esc(emne(sertifikater))}</title></head>`,
    "<body>",
    "<main>",
    `<h1>${esc(tittel)}</h1>`,
    `<p>${esc(innledning)}</p>`,
    ...htmlDeler.filter(Boolean),
    `<p>${esc(fristTekst)}</p>`,
    "<p>Du får denne e-posten fordi virksomheten har slått på e-postvarsler om nye sertifikater.",
    ` <a href="${esc(avmelding)}">Endre e-postadresser eller slå av varslene under Innstillinger, Varslinger</a></p>`,
    "</main>",
    "</body>",
    "</html>",
  ].join("\n");
  return { emne: emne(sertifikater), tekst: tekstDeler.join("\n"), html };
}

/** One outcome of the authority's assessment (or an automatic release) of a notification (ADR 034). */
export interface UtfallMelding {
  importmeldingId: number;
  /** the notification's number */
  nummer: string;
  sertifikatnummer: string;
  utfall: "FRIGITT" | "AVVIST" | "DELVIS_AVVIST" | "AUTOMATISK_FRIGITT" | "TILBAKETRUKKET";
  /** the authority's reason, when it gave one */
  begrunnelse: string | null;
  /** the reference of the decision letter that follows a rejection (ADR 045) */
  vedtaksbrev?: string | null;
  /** assessed before the shipment arrived (ADR 041): no reception control */
  vurdertFoerAnkomst?: boolean;
}

export function importmeldingLenke(appUrl: string, id: number): string {
  return `${appUrl}/importmelding/${id}`;
}

/** The outcome in the texts of the arrived page (SPEC §3 "Arrived page", §9 status texts). */
function utfallTekst(u: UtfallMelding): string[] {
  switch (u.utfall) {
    case "FRIGITT":
      return u.vurdertFoerAnkomst
        ? [
            `Mattilsynet har frigitt sendingen ${u.nummer} før ankomst. Varene kan tas i bruk når de kommer, og det skal ikke gjøres mottakskontroll.`,
          ]
        : [`Mattilsynet har frigitt sendingen ${u.nummer}. Varene kan tas i bruk.`];
    case "AUTOMATISK_FRIGITT":
      return [`Sendingen ${u.nummer} er frigitt automatisk. Varene kan tas i bruk.`];
    case "AVVIST":
      return ["Sendingen er avvist.", "Vedtaksbrev med begrunnelse og klageadgang kommer separat."];
    case "DELVIS_AVVIST":
      return ["Deler av sendingen er avvist.", "Vedtaksbrev med begrunnelse og klageadgang kommer separat."];
    case "TILBAKETRUKKET":
      return [
        "Forhåndsmeldingen er trukket tilbake fordi mottakeren på sertifikatet har meldt sendingen selv. Den blir ikke behandlet videre av Mattilsynet.",
      ];
  }
}

/** "Frigitt", "Avvist", "Delvis avvist" (SPEC §9); an automatic release says so. */
function resultat(u: UtfallMelding): string {
  return u.utfall === "AUTOMATISK_FRIGITT"
    ? "Frigitt automatisk"
    : statusTekst(u.utfall as ImportmeldingStatus, u.vurdertFoerAnkomst);
}

/**
 * The outcome e-mail (issue 24 §2): one message per importer listing one or more assessed notifications,
 * each with its certificate, the outcome, for a rejection that the decision letter follows separately, and a
 * link to the notification. Only the importer's own notifications and name.
 */
export function lagUtfallEpost(opts: {
  appUrl: string;
  importoerNavn: string;
  utfall: readonly UtfallMelding[];
}): VarselEpost {
  const { appUrl } = opts;
  const importoerNavn = utenStyretegn(opts.importoerNavn);
  const utfall = opts.utfall.map((u) => ({
    ...u,
    nummer: utenStyretegn(u.nummer),
    sertifikatnummer: utenStyretegn(u.sertifikatnummer),
    begrunnelse: u.begrunnelse ? utenStyretegn(u.begrunnelse) : null,
    vedtaksbrev: u.vedtaksbrev ? utenStyretegn(u.vedtaksbrev) : null,
  }));
  const [forste] = utfall;
  const flere = utfall.length > 1;
  // A withdrawal by the service (ADR 027) is not an assessment: the texts say which it was.
  const trukket = utfall.some((u) => u.utfall === "TILBAKETRUKKET");
  const vurdert = utfall.some((u) => u.utfall !== "TILBAKETRUKKET");
  const hva =
    trukket && vurdert ? "er vurdert eller trukket tilbake" : trukket ? "er trukket tilbake" : "er vurdert";
  const gjort =
    trukket && vurdert ? "vurdert eller trukket tilbake" : trukket ? "trukket tilbake" : "vurdert";
  const emne =
    !flere && forste
      ? `Forhåndsmelding ${forste.nummer}: ${resultat(forste)}`
      : `${utfall.length} forhåndsmeldinger ${hva} i Digital forhåndsmelding`;
  const tittel = flere
    ? `${utfall.length} forhåndsmeldinger til ${importoerNavn} ${hva}`
    : `Forhåndsmelding til ${importoerNavn} ${hva}`;
  const innledning = flere
    ? `Mattilsynet har ${gjort} disse forhåndsmeldingene.`
    : `Mattilsynet har ${gjort} en forhåndsmelding fra virksomheten.`;
  const avmelding = `${appUrl}${VARSLINGER_STI}`;
  const tekstDeler = [tittel, "", innledning, ""];
  const htmlDeler: string[] = [];
  for (const u of utfall) {
    const lenke = importmeldingLenke(appUrl, u.importmeldingId);
    const linjer = utfallTekst(u);
    tekstDeler.push(
      `Forhåndsmelding ${u.nummer}`,
      `Sertifikat: ${u.sertifikatnummer}`,
      `Resultat: ${resultat(u)}`,
      ...linjer,
      ...(u.begrunnelse ? [`Begrunnelse: ${u.begrunnelse}`] : []),
      ...(u.vedtaksbrev ? [`${VEDTAKSBREV_REFERANSE}: ${u.vedtaksbrev}`] : []),
      `Åpne forhåndsmeldingen: ${lenke}`,
      "",
    );
    htmlDeler.push(
      `<h2>Forhåndsmelding ${esc(u.nummer)}</h2>`,
      "<dl>",
      `<dt>Sertifikat</dt><dd>${esc(u.sertifikatnummer)}</dd>`,
      `<dt>Resultat</dt><dd>${esc(resultat(u))}</dd>`,
      "</dl>",
      ...linjer.map((l) => `<p>${esc(l)}</p>`),
      u.begrunnelse ? `<p>Begrunnelse: ${esc(u.begrunnelse)}</p>` : "",
      u.vedtaksbrev ? `<p>${esc(VEDTAKSBREV_REFERANSE)}: ${esc(u.vedtaksbrev)}</p>` : "",
      `<p><a href="${esc(lenke)}">Åpne forhåndsmelding ${esc(u.nummer)} i Digital forhåndsmelding</a></p>`,
    );
  }
  const grunn = "Du får denne e-posten fordi virksomheten har slått på varsler om vurderinger.";
  const endre = "Endre e-postadresser eller slå av varslene under Innstillinger, Varslinger";
  tekstDeler.push(grunn, `${endre}: ${avmelding}`);
  const html = [
    "<!doctype html>",
    '<html lang="nb">',
    `<head><meta charset="utf-8"><title>${esc(emne)}</title></head>`,
    "<body>",
    "<main>",
    `<h1>${esc(tittel)}</h1>`,
    `<p>${esc(innledning)}</p>`,
    ...htmlDeler.filter(Boolean),
    `<p>${esc(grunn)} <a href="${esc(avmelding)}">${esc(endre)}</a></p>`,
    "</main>",
    "</body>",
    "</html>",
  ].join("\n");
  return { emne, tekst: tekstDeler.join("\n"), html };
}
