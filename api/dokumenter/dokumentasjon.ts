// The evidence pack of a notification (issue 24 §3, docs/decisions/038-dokumentasjonspakke.md): one ZIP file
// with the ePhyto XML exactly as the Hub delivered it, the certificate PDF, the receipt PDF, the reception
// control's report (when the shipment has arrived and had one), the authority's assessment (when assessed),
// the history as PDF and CSV, `innhold.txt` saying what each file is, and `SHA256SUMS` with the SHA-256 of every
// file (the index too) in `sha256sum` format and nothing else, so `sha256sum -c SHA256SUMS` checks the pack
// cleanly (issue 36 §3). Every document, the index and the file names that are words
// are in the language of the person who downloads it (docs/sprak.md). Runs in the worker thread (ADR 018): pure,
// no database.
import { createHash } from "node:crypto";
import { type Zippable, zipSync } from "fflate";
import { formaterDatoTid, formaterOrganisasjonsnummer } from "../../domain/format";
import type { HendelseVisning } from "../../domain/historikk";
import { type ImportmeldingVisning, MENGDE_FELTER } from "../../domain/importmelding";
import { formaterTall } from "../../domain/mengde";
import { statusNavn } from "../../domain/statusnavn";
import { oversetter } from "../../sprak/katalog.server";
import type { T } from "../../sprak/oversetter";
import type { Sprak } from "../../sprak/sprak";
import type { SertifikatTekst } from "../sertifikat/tekst";
import { lagKvitteringPdf } from "./kvittering-pdf";
import { FARGE, FONT_FET, skrivPdf } from "./pdf-oppsett";
import { pdfTekst } from "./pdf-tekst";
import { lagSertifikatdokument } from "./sertifikatdokument";
import { landNavnFor, mengdeFeltTekst } from "./tekst";

export interface DokumentasjonInput {
  melding: ImportmeldingVisning;
  /** The whole history, oldest first (api/importmelding/historikk.ts helHistorikk). */
  hendelser: HendelseVisning[];
  sertifikat: SertifikatTekst;
  /** The delivery as received, or null for a certificate stored before it was kept (migration 016). */
  xml: { data: Uint8Array; mottatt: string } | null;
  /** When the pack is made (ISO). */
  generert: string;
  /** The language of the person who downloads it; bokmål when not given. */
  sprak?: Sprak;
}

/** The file names in the pack in the reader's language (fixed per language, so a reader finds each part by name). */
export function filnavn(t: T) {
  return {
    xml: t("dokumenter.pakke.fil.xml"),
    sertifikat: t("dokumenter.pakke.fil.sertifikat"),
    kvittering: t("dokumenter.pakke.fil.kvittering"),
    mottakskontroll: t("dokumenter.pakke.fil.mottakskontroll"),
    vurdering: t("dokumenter.pakke.fil.vurdering"),
    historikkPdf: t("dokumenter.pakke.fil.historikkPdf"),
    historikkCsv: t("dokumenter.pakke.fil.historikkCsv"),
    innhold: t("dokumenter.pakke.fil.innhold"),
    sjekksummer: t("dokumenter.pakke.fil.sjekksummer"),
  };
}

/** The file names of a pack in bokmål. */
export const FILER = filnavn(oversetter("nb"));

const VURDERT = new Set(["FRIGITT", "AVVIST", "DELVIS_AVVIST", "AUTOMATISK_FRIGITT"]);

// ---------------------------------------------------------------------------------------------------------
// CSV: semicolon-separated (as a Norwegian spreadsheet opens it), UTF-8 with BOM, CRLF
// ---------------------------------------------------------------------------------------------------------

function csvCelle(verdi: string): string {
  // A cell a spreadsheet would read as a formula is kept as text (CSV injection).
  const trygg = /^[=+\-@\t\r]/.test(verdi) ? `'${verdi}` : verdi;
  return /[";\r\n]/.test(trygg) ? `"${trygg.replaceAll('"', '""')}"` : trygg;
}

function csv(rader: readonly (readonly string[])[]): Uint8Array {
  return new TextEncoder().encode(`\uFEFF${rader.map((r) => r.map(csvCelle).join(";")).join("\r\n")}\r\n`);
}

export function historikkCsv(hendelser: readonly HendelseVisning[], t: T = oversetter("nb")): Uint8Array {
  return csv([
    [
      t("dokumenter.historikk.kolonne.tidspunkt"),
      t("dokumenter.historikk.kolonne.tidspunktUtc"),
      t("dokumenter.historikk.kolonne.hendelse"),
      t("dokumenter.historikk.kolonne.utfoertAv"),
      t("dokumenter.historikk.kolonne.detaljer"),
    ],
    ...hendelser.map((h) => [
      formaterDatoTid(h.tidspunkt, t.sprak),
      h.tidspunkt,
      h.tittel,
      h.utfoertAv,
      h.linjer.join("\n"),
    ]),
  ]);
}

/** The reception control as reported: each answer, and each actual quantity beside the declared one. */
export function mottakskontrollCsv(m: ImportmeldingVisning, t: T = oversetter("nb")): Uint8Array {
  const jaNei = (ja: boolean) => t(ja ? "dokumenter.felles.ja" : "dokumenter.felles.nei");
  const svar = m.mottakskontrollSpoersmaal.map((s) => [
    t("dokumenter.mottakskontroll.kontrollspoersmaal"),
    t(`kodeverk.spoersmaal.${s.kode}`),
    "",
    s.kontrollSvar ? t(`kodeverk.svar.${s.kontrollSvar.kontrollSvar}`) : t("dokumenter.felles.ikkeBesvart"),
    jaNei(Boolean(s.kontrollSvar?.avvik)),
    s.kontrollSvar?.kommentar ?? "",
  ]);
  const mengder = m.varelinjer.flatMap((l) =>
    MENGDE_FELTER.flatMap((f) => {
      const q = l.mengde[f];
      if (!q || q.faktiskVerdi === null) return [];
      return [
        [
          t("dokumenter.mottakskontroll.faktiskMengde"),
          t("dokumenter.mottakskontroll.linje", {
            nummer: l.sorteringsnummer,
            navn: l.navn ?? l.botaniskNavn ?? "",
            felt: mengdeFeltTekst(t, f),
          }),
          q.visningsMengde ?? formaterTall(q.verdi, t.sprak),
          formaterTall(q.faktiskVerdi, t.sprak),
          jaNei(q.faktiskVerdi !== q.verdi),
          "",
        ],
      ];
    }),
  );
  return csv([
    [
      t("dokumenter.mottakskontroll.del"),
      t("dokumenter.mottakskontroll.gjelder"),
      t("dokumenter.mottakskontroll.oppgitt"),
      t("dokumenter.mottakskontroll.rapportert"),
      t("dokumenter.mottakskontroll.avvik"),
      t("dokumenter.mottakskontroll.kommentar"),
    ],
    ...svar,
    ...mengder,
  ]);
}

// ---------------------------------------------------------------------------------------------------------
// PDFs
// ---------------------------------------------------------------------------------------------------------

function bunntekst(t: T, generert: string, m: ImportmeldingVisning): [string, string] {
  return [
    t("dokumenter.felles.generert", { tidspunkt: formaterDatoTid(generert, t.sprak) }),
    t("dokumenter.felles.forhaandsmelding", { nummer: m.nummer }),
  ];
}

export async function historikkPdf(
  m: ImportmeldingVisning,
  hendelser: readonly HendelseVisning[],
  generert: string,
  t: T = oversetter("nb"),
): Promise<Buffer> {
  return skrivPdf(
    {
      Title: pdfTekst(t("dokumenter.historikk.dokumenttittel", { nummer: m.nummer })),
      CreationDate: new Date(generert),
    },
    (k) => {
      k.overskrift(t("dokumenter.historikk.tittel"), 1);
      k.avsnitt(t("dokumenter.historikk.ingress", { nummer: m.nummer, sertifikat: m.sertifikat.nummer }), {
        stoerrelse: 11,
        farge: FARGE.dempet,
      });
      if (hendelser.length === 0) k.avsnitt(t("dokumenter.historikk.ingen"));
      for (const h of hendelser) {
        k.avsnitt(
          t("dokumenter.historikk.hendelse", {
            tidspunkt: formaterDatoTid(h.tidspunkt, t.sprak),
            tittel: h.tittel,
          }),
          { font: FONT_FET, luftEtter: 1 },
        );
        k.avsnitt(h.utfoertAv, { farge: FARGE.dempet, innrykk: 12, luftEtter: 1 });
        if (h.linjer.length > 0) k.liste(h.linjer, 12);
        k.avsnitt(" ", { luftEtter: 2 });
      }
      k.bunntekst(...bunntekst(t, generert, m));
    },
    t,
  );
}

/** The authority's assessment: the outcome, when and by whom (the history's event), and the reason. */
export async function vurderingPdf(
  m: ImportmeldingVisning,
  hendelser: readonly HendelseVisning[],
  generert: string,
  t: T = oversetter("nb"),
): Promise<Buffer> {
  const hendelse = hendelser.findLast((h) => h.tilStatus !== null && VURDERT.has(h.tilStatus));
  const avvist = m.status === "AVVIST" || m.status === "DELVIS_AVVIST";
  return skrivPdf(
    {
      Title: pdfTekst(t("dokumenter.vurdering.dokumenttittel", { nummer: m.nummer })),
      CreationDate: new Date(generert),
    },
    (k) => {
      k.overskrift(t("dokumenter.vurdering.tittel"), 1);
      k.avsnitt(t("dokumenter.felles.forhaandsmelding", { nummer: m.nummer }), {
        stoerrelse: 11,
        farge: FARGE.dempet,
      });
      k.felter([
        [t("dokumenter.vurdering.resultat"), statusNavn(t, m)],
        [t("dokumenter.vurdering.vurdert"), formaterDatoTid(hendelse?.tidspunkt ?? m.statusEndret, t.sprak)],
        [t("dokumenter.vurdering.vurdertAv"), hendelse?.utfoertAv],
        [t("dokumenter.vurdering.sertifikat"), m.sertifikat.nummer],
        [t("dokumenter.vurdering.begrunnelse"), m.vurderingBegrunnelse ?? undefined],
      ]);
      if (avvist) k.avsnitt(t("dokumenter.vurdering.vedtaksbrev"));
      k.bunntekst(...bunntekst(t, generert, m));
    },
    t,
  );
}

// ---------------------------------------------------------------------------------------------------------
// The pack
// ---------------------------------------------------------------------------------------------------------

const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

/** Whether the shipment had a reception control reported (it arrived, and not document control only). */
export function harMottakskontroll(m: ImportmeldingVisning, hendelser: readonly HendelseVisning[]): boolean {
  return !m.kunDokumentkontroll && hendelser.some((h) => h.tilStatus === "ANKOMMET");
}

/** The index (innhold.txt): what the pack holds and what it does not, and where the checksums are. */
function innholdTekst(
  t: T,
  input: DokumentasjonInput,
  deler: readonly { navn: string; beskrivelse: string; data: Uint8Array }[],
  mangler: readonly string[],
): string {
  const { melding: m, generert } = input;
  return [
    t("dokumenter.pakke.overskrift", { nummer: m.nummer }),
    t("dokumenter.pakke.sertifikatFra", { nummer: m.sertifikat.nummer, land: landNavnFor(t, m.eksportLand) }),
    t("dokumenter.pakke.ansvarligImportoer", {
      navn: m.ansvarligImportoer.navn,
      orgnr: formaterOrganisasjonsnummer(m.ansvarligImportoer.organisasjonsnummer),
    }),
    t("dokumenter.pakke.laget", { tidspunkt: formaterDatoTid(generert, t.sprak) }),
    "",
    t("dokumenter.pakke.dokumentene"),
    ...deler.map((d) => `- ${d.navn}: ${d.beskrivelse}`),
    ...(mangler.length > 0 ? ["", t("dokumenter.pakke.ikkeMed"), ...mangler.map((l) => `- ${l}`)] : []),
    "",
    t("dokumenter.pakke.sha256", { fil: filnavn(t).sjekksummer }),
    "",
  ].join("\n");
}

/** SHA256SUMS: `<sha256>  <file>` per file and nothing else, the format `sha256sum -c` reads. */
function sjekksummer(filer: readonly { navn: string; data: Uint8Array }[]): string {
  return filer.map((f) => `${sha256(f.data)}  ${f.navn}\n`).join("");
}

/** The pack as a ZIP file: PDFs stored as they are (already compressed), text deflated. */
export async function lagDokumentasjon(input: DokumentasjonInput): Promise<Uint8Array> {
  const { melding: m, hendelser, generert } = input;
  const t = oversetter(input.sprak ?? "nb");
  const filer = filnavn(t);
  const deler: { navn: string; beskrivelse: string; data: Uint8Array }[] = [];
  const mangler: string[] = [];

  if (input.xml) {
    deler.push({
      navn: filer.xml,
      beskrivelse: t("dokumenter.pakke.xml", { tidspunkt: formaterDatoTid(input.xml.mottatt, t.sprak) }),
      data: input.xml.data,
    });
  } else {
    mangler.push(t("dokumenter.pakke.xmlMangler", { fil: filer.xml }));
  }
  deler.push({
    navn: filer.sertifikat,
    beskrivelse: t("dokumenter.pakke.sertifikat", { nummer: m.sertifikat.nummer }),
    data: await lagSertifikatdokument("pdf", input.sertifikat, t.sprak),
  });
  deler.push({
    navn: filer.kvittering,
    beskrivelse: t("dokumenter.pakke.kvittering", { nummer: m.nummer }),
    data: await lagKvitteringPdf(m, {
      hendelser: hendelser.filter((h) => h.type === "STATUS" || h.type === "OPPRETTET"),
      generert: new Date(generert),
      sprak: t.sprak,
    }),
  });
  if (harMottakskontroll(m, hendelser)) {
    deler.push({
      navn: filer.mottakskontroll,
      beskrivelse: t("dokumenter.pakke.mottakskontroll"),
      data: mottakskontrollCsv(m, t),
    });
  } else {
    mangler.push(t("dokumenter.pakke.mottakskontrollMangler", { fil: filer.mottakskontroll }));
  }
  if (VURDERT.has(m.status)) {
    deler.push({
      navn: filer.vurdering,
      beskrivelse: t("dokumenter.pakke.vurdering"),
      data: await vurderingPdf(m, hendelser, generert, t),
    });
  } else {
    mangler.push(t("dokumenter.pakke.vurderingMangler", { fil: filer.vurdering }));
  }
  deler.push({
    navn: filer.historikkPdf,
    beskrivelse: t("dokumenter.pakke.historikkPdf"),
    data: await historikkPdf(m, hendelser, generert, t),
  });
  deler.push({
    navn: filer.historikkCsv,
    beskrivelse: t("dokumenter.pakke.historikkCsv"),
    data: historikkCsv(hendelser, t),
  });

  const mtime = new Date(generert);
  const zip: Zippable = {};
  for (const d of deler) zip[d.navn] = [d.data, { level: d.navn.endsWith(".pdf") ? 0 : 6, mtime }];
  const innhold = {
    navn: filer.innhold,
    data: new TextEncoder().encode(innholdTekst(t, input, deler, mangler)),
  };
  zip[innhold.navn] = [innhold.data, { level: 6, mtime }];
  zip[filer.sjekksummer] = [new TextEncoder().encode(sjekksummer([...deler, innhold])), { level: 6, mtime }];
  return zipSync(zip);
}
