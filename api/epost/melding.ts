// The alert e-mail (issue 10 item 3) and the outcome e-mail (issue 24 §2): plain text and HTML, one message
// per importer listing one or more certificates or outcomes, in the importer's «Språk i e-postvarsel» (issue 33,
// ADR 055): every fixed phrase from the catalogues (`epost`, `kodeverk`), dates for the locale, certificate
// data as written. Only the importer's own certificates and name; no other importer's data.
import { formaterDato, leggTilDager } from "../../domain/format";
import { finnLand } from "../../domain/kodeverk";
import { MAKS_SERTIFIKATALDER_DAGER } from "../../domain/sertifikat";
import { MELDEPLIKTIG_TEKST, type MeldepliktigVurdering } from "../../domain/status";
import { esc, utenStyretegn } from "../../domain/text";
import { oversetter } from "../../sprak/katalog.server";
import type { T } from "../../sprak/oversetter";
import { regionnavn } from "../../sprak/regionnavn";
import { type Sprak, STANDARD_SPRAK } from "../../sprak/sprak";

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
  /** The language it is written in (Content-Language, `lang` of the HTML part). */
  sprak: Sprak;
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

/** The exporting country in the reader's language: bokmål keeps the code list's names (SPEC), nn and en Intl's. */
function landNavn(kode: string, t: T): string {
  if (t.sprak === "nb") return finnLand(kode)?.navn ?? kode;
  return regionnavn(t.sprak, kode) ?? kode;
}

function meldeplikt(vurdering: string, t: T): string {
  return vurdering in MELDEPLIKTIG_TEKST
    ? t(`sertifikat.meldeplikt.${vurdering as MeldepliktigVurdering}`)
    : vurdering;
}

function emne(sertifikater: readonly VarselSertifikat[], t: T): string {
  const [s] = sertifikater;
  if (sertifikater.length === 1 && s) {
    const verdier = { nummer: s.nummer, land: landNavn(s.eksportland, t) };
    return s.erstatterNummer
      ? t("epost.varsel.emne.erstatter", { ...verdier, erstatter: s.erstatterNummer })
      : t("epost.varsel.emne.ett", verdier);
  }
  return t("epost.varsel.emne.flere", { antall: sertifikater.length });
}

/** The HTML document of an e-mail: `lang` is the e-mail's language (WCAG 3.1.1), certificate data as written. */
function htmlDokument(t: T, emne: string, innhold: string[]): string {
  return [
    "<!doctype html>",
    `<html lang="${t.sprak}">`,
    `<head><meta charset="utf-8"><title>${esc(emne)}</title></head>`,
    "<body>",
    "<main>",
    ...innhold.filter(Boolean),
    "</main>",
    "</body>",
    "</html>",
  ].join("\n");
}

export function lagVarselEpost(opts: {
  appUrl: string;
  importoerNavn: string;
  sertifikater: readonly VarselSertifikat[];
  /** The importer's «Språk i e-postvarsel» (bokmål when not given). */
  sprak?: Sprak;
}): VarselEpost {
  // Display side of SPEC §5: no control or bidirectional characters in what the e-mail shows.
  const { appUrl } = opts;
  const t = oversetter(opts.sprak ?? STANDARD_SPRAK);
  const importoer = utenStyretegn(opts.importoerNavn);
  const sertifikater = opts.sertifikater.map((s) => ({
    ...s,
    nummer: utenStyretegn(s.nummer),
    erstatterNummer: s.erstatterNummer ? utenStyretegn(s.erstatterNummer) : s.erstatterNummer,
  }));
  const antall = sertifikater.length;
  const tittel = t("epost.varsel.tittel", { antall, importoer });
  const innledning = t("epost.varsel.innledning", { antall });
  const avmelding = `${appUrl}${VARSLINGER_STI}`;
  const felt = (etikett: string, verdi: string) => t("epost.felt", { etikett, verdi });

  const tekstDeler = [tittel, "", innledning, ""];
  const htmlDeler: string[] = [];
  for (const s of sertifikater) {
    const lenke = sertifikatLenke(appUrl, s);
    const frist = formaterDato(meldefrist(s.utstedtDato), t.sprak);
    const rader: [string, string][] = [
      [t("epost.varsel.eksportland"), landNavn(s.eksportland, t)],
      [t("epost.varsel.utstedt"), formaterDato(s.utstedtDato, t.sprak)],
      [t("epost.varsel.meldeplikt"), meldeplikt(s.meldepliktigVurdering, t)],
      [t("epost.varsel.frist"), frist],
    ];
    const erstatter = s.erstatterNummer ? t("epost.varsel.erstatter", { nummer: s.erstatterNummer }) : "";
    tekstDeler.push(
      t("epost.varsel.sertifikat", { nummer: s.nummer }),
      ...(erstatter ? [erstatter] : []),
      ...rader.map(([e, v]) => felt(e, v)),
      felt(t("epost.varsel.aapne"), lenke),
      "",
    );
    htmlDeler.push(
      `<h2>${esc(t("epost.varsel.sertifikat", { nummer: s.nummer }))}</h2>`,
      erstatter ? `<p>${esc(erstatter)}</p>` : "",
      "<dl>",
      ...rader.map(([e, v]) => `<dt>${esc(e)}</dt><dd>${esc(v)}</dd>`),
      "</dl>",
      `<p><a href="${esc(lenke)}">${esc(t("epost.varsel.aapneLenke", { nummer: s.nummer }))}</a></p>`,
    );
  }
  const fristTekst = t("epost.varsel.fristRegel");
  const grunn = t("epost.varsel.grunn");
  const endre = t("epost.endre");
  tekstDeler.push(fristTekst, "", grunn, felt(endre, avmelding));
  const emnet = emne(sertifikater, t);
  const html = htmlDokument(t, emnet, [
    `<h1>${esc(tittel)}</h1>`,
    `<p>${esc(innledning)}</p>`,
    ...htmlDeler,
    `<p>${esc(fristTekst)}</p>`,
    `<p>${esc(grunn)}`,
    ` <a href="${esc(avmelding)}">${esc(endre)}</a></p>`,
  ]);
  return { emne: emnet, tekst: tekstDeler.join("\n"), html, sprak: t.sprak };
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
function utfallTekst(u: UtfallMelding, t: T): string[] {
  const { nummer } = u;
  switch (u.utfall) {
    case "FRIGITT":
      return [
        u.vurdertFoerAnkomst
          ? t("epost.utfall.tekst.FRIGITT_FOER_ANKOMST", { nummer })
          : t("epost.utfall.tekst.FRIGITT", { nummer }),
      ];
    case "AUTOMATISK_FRIGITT":
      return [t("epost.utfall.tekst.AUTOMATISK_FRIGITT", { nummer })];
    case "AVVIST":
    case "DELVIS_AVVIST":
      return [t(`epost.utfall.tekst.${u.utfall}`), t("epost.utfall.vedtaksbrev")];
    case "TILBAKETRUKKET":
      return [t("epost.utfall.tekst.TILBAKETRUKKET")];
  }
}

/** "Frigitt", "Avvist", "Delvis avvist" (SPEC §9, the status names of kodeverk); an automatic release says so. */
function resultat(u: UtfallMelding, t: T): string {
  if (u.utfall === "AUTOMATISK_FRIGITT") return t("epost.utfall.frigittAutomatisk");
  if (u.vurdertFoerAnkomst && u.utfall !== "TILBAKETRUKKET") return t(`kodeverk.foerAnkomst.${u.utfall}`);
  return t(`kodeverk.status.${u.utfall}`);
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
  /** The importer's «Språk i e-postvarsel» (bokmål when not given). */
  sprak?: Sprak;
}): VarselEpost {
  const { appUrl } = opts;
  const t = oversetter(opts.sprak ?? STANDARD_SPRAK);
  const importoer = utenStyretegn(opts.importoerNavn);
  const utfall = opts.utfall.map((u) => ({
    ...u,
    nummer: utenStyretegn(u.nummer),
    sertifikatnummer: utenStyretegn(u.sertifikatnummer),
    begrunnelse: u.begrunnelse ? utenStyretegn(u.begrunnelse) : null,
    vedtaksbrev: u.vedtaksbrev ? utenStyretegn(u.vedtaksbrev) : null,
  }));
  const [forste] = utfall;
  const antall = utfall.length;
  // A withdrawal by the service (ADR 027) is not an assessment: the texts say which it was.
  const trukket = utfall.some((u) => u.utfall === "TILBAKETRUKKET");
  const vurdert = utfall.some((u) => u.utfall !== "TILBAKETRUKKET");
  const hva = trukket && vurdert ? "begge" : trukket ? "trukket" : "vurdert";
  const emne =
    antall === 1 && forste
      ? t("epost.utfall.emne.en", { nummer: forste.nummer, resultat: resultat(forste, t) })
      : t("epost.utfall.emne.flere", { antall, hva });
  const tittel = t("epost.utfall.tittel", { antall, importoer, hva });
  const innledning = t("epost.utfall.innledning", { antall, hva });
  const avmelding = `${appUrl}${VARSLINGER_STI}`;
  const felt = (etikett: string, verdi: string) => t("epost.felt", { etikett, verdi });
  const tekstDeler = [tittel, "", innledning, ""];
  const htmlDeler: string[] = [];
  for (const u of utfall) {
    const lenke = importmeldingLenke(appUrl, u.importmeldingId);
    const linjer = utfallTekst(u, t);
    const rader: [string, string][] = [
      [t("epost.utfall.sertifikat"), u.sertifikatnummer],
      [t("epost.utfall.resultat"), resultat(u, t)],
    ];
    const begrunnelse = u.begrunnelse ? felt(t("epost.utfall.begrunnelse"), u.begrunnelse) : "";
    const vedtaksbrev = u.vedtaksbrev ? felt(t("epost.utfall.vedtaksbrevReferanse"), u.vedtaksbrev) : "";
    const overskrift = t("epost.utfall.forhaandsmelding", { nummer: u.nummer });
    tekstDeler.push(
      overskrift,
      ...rader.map(([e, v]) => felt(e, v)),
      ...linjer,
      ...(begrunnelse ? [begrunnelse] : []),
      ...(vedtaksbrev ? [vedtaksbrev] : []),
      felt(t("epost.utfall.aapne"), lenke),
      "",
    );
    htmlDeler.push(
      `<h2>${esc(overskrift)}</h2>`,
      "<dl>",
      ...rader.map(([e, v]) => `<dt>${esc(e)}</dt><dd>${esc(v)}</dd>`),
      "</dl>",
      ...linjer.map((l) => `<p>${esc(l)}</p>`),
      begrunnelse ? `<p>${esc(begrunnelse)}</p>` : "",
      vedtaksbrev ? `<p>${esc(vedtaksbrev)}</p>` : "",
      `<p><a href="${esc(lenke)}">${esc(t("epost.utfall.aapneLenke", { nummer: u.nummer }))}</a></p>`,
    );
  }
  const grunn = t("epost.utfall.grunn");
  const endre = t("epost.endre");
  tekstDeler.push(grunn, felt(endre, avmelding));
  const html = htmlDokument(t, emne, [
    `<h1>${esc(tittel)}</h1>`,
    `<p>${esc(innledning)}</p>`,
    ...htmlDeler,
    `<p>${esc(grunn)} <a href="${esc(avmelding)}">${esc(endre)}</a></p>`,
  ]);
  return { emne, tekst: tekstDeler.join("\n"), html, sprak: t.sprak };
}
