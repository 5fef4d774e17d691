// The evidence pack of a notification (issue 24 §3, docs/decisions/038-dokumentasjonspakke.md): one ZIP file
// with the ePhyto XML exactly as the Hub delivered it, the certificate PDF, the receipt PDF, the reception
// control's report (when the shipment has arrived and had one), the authority's assessment (when assessed),
// the history as PDF and CSV, and `innhold.txt` naming each file with its SHA-256 (in `sha256sum` format,
// so `sha256sum -c innhold.txt` checks the pack). Runs in the worker thread (ADR 018): pure, no database.
import { createHash } from "node:crypto";
import { type Zippable, zipSync } from "fflate";
import { formaterDatoTid } from "../../domain/format";
import type { HendelseVisning } from "../../domain/historikk";
import { type ImportmeldingVisning, MENGDE_FELT_TEKST, MENGDE_FELTER } from "../../domain/importmelding";
import { formaterTall } from "../../domain/mengde";
import type { SertifikatTekst } from "../sertifikat/tekst";
import { lagKvitteringPdf } from "./kvittering-pdf";
import { FARGE, FONT_FET, skrivPdf } from "./pdf-oppsett";
import { pdfTekst } from "./pdf-tekst";
import { lagSertifikatdokument } from "./sertifikatdokument";

export interface DokumentasjonInput {
  melding: ImportmeldingVisning;
  /** The whole history, oldest first (api/importmelding/historikk.ts helHistorikk). */
  hendelser: HendelseVisning[];
  sertifikat: SertifikatTekst;
  /** The delivery as received, or null for a certificate stored before it was kept (migration 016). */
  xml: { data: Uint8Array; mottatt: string } | null;
  /** When the pack is made (ISO). */
  generert: string;
}

/** The file names in the pack (fixed, so a reader finds each part by name). */
export const FILER = {
  xml: "ephyto-sertifikat.xml",
  sertifikat: "sertifikat.pdf",
  kvittering: "kvittering.pdf",
  mottakskontroll: "mottakskontroll.csv",
  vurdering: "vurdering.pdf",
  historikkPdf: "historikk.pdf",
  historikkCsv: "historikk.csv",
  innhold: "innhold.txt",
} as const;

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

export function historikkCsv(hendelser: readonly HendelseVisning[]): Uint8Array {
  return csv([
    ["Tidspunkt", "Tidspunkt (UTC)", "Hendelse", "Utført av", "Detaljer"],
    ...hendelser.map((h) => [
      formaterDatoTid(h.tidspunkt),
      h.tidspunkt,
      h.tittel,
      h.utfoertAv,
      h.linjer.join("\n"),
    ]),
  ]);
}

/** The reception control as reported: each answer, and each actual quantity beside the declared one. */
export function mottakskontrollCsv(m: ImportmeldingVisning): Uint8Array {
  const svar = m.mottakskontrollSpoersmaal.map((s) => [
    "Kontrollspørsmål",
    s.kontrollSpoersmaal,
    "",
    s.kontrollSvar?.tekst ?? "Ikke besvart",
    s.kontrollSvar?.avvik ? "Ja" : "Nei",
    s.kontrollSvar?.kommentar ?? "",
  ]);
  const mengder = m.varelinjer.flatMap((l) =>
    MENGDE_FELTER.flatMap((f) => {
      const q = l.mengde[f];
      if (!q || q.faktiskVerdi === null) return [];
      return [
        [
          "Faktisk mengde",
          `${l.sorteringsnummer}: ${l.navn ?? l.botaniskNavn ?? ""} – ${MENGDE_FELT_TEKST[f]}`,
          q.visningsMengde ?? formaterTall(q.verdi),
          formaterTall(q.faktiskVerdi),
          q.faktiskVerdi !== q.verdi ? "Ja" : "Nei",
          "",
        ],
      ];
    }),
  );
  return csv([["Del", "Gjelder", "Oppgitt", "Rapportert", "Avvik", "Kommentar"], ...svar, ...mengder]);
}

// ---------------------------------------------------------------------------------------------------------
// PDFs
// ---------------------------------------------------------------------------------------------------------

function bunntekst(generert: string, m: ImportmeldingVisning): [string, string] {
  return [`Generert ${formaterDatoTid(generert)}`, `Forhåndsmelding ${m.nummer}`];
}

export async function historikkPdf(
  m: ImportmeldingVisning,
  hendelser: readonly HendelseVisning[],
  generert: string,
): Promise<Buffer> {
  return skrivPdf(
    { Title: pdfTekst(`Historikk for forhåndsmelding ${m.nummer}`), CreationDate: new Date(generert) },
    (k) => {
      k.overskrift("Historikk", 1);
      k.avsnitt(`Forhåndsmelding ${m.nummer}, sertifikat ${m.sertifikat.nummer}. Eldste hendelse først.`, {
        stoerrelse: 11,
        farge: FARGE.dempet,
      });
      if (hendelser.length === 0) k.avsnitt("Ingen hendelser.");
      for (const h of hendelser) {
        k.avsnitt(`${formaterDatoTid(h.tidspunkt)}: ${h.tittel}`, { font: FONT_FET, luftEtter: 1 });
        k.avsnitt(h.utfoertAv, { farge: FARGE.dempet, innrykk: 12, luftEtter: 1 });
        if (h.linjer.length > 0) k.liste(h.linjer, 12);
        k.avsnitt(" ", { luftEtter: 2 });
      }
      k.bunntekst(...bunntekst(generert, m));
    },
  );
}

/** The authority's assessment: the outcome, when and by whom (the history's event), and the reason. */
export async function vurderingPdf(
  m: ImportmeldingVisning,
  hendelser: readonly HendelseVisning[],
  generert: string,
): Promise<Buffer> {
  const hendelse = hendelser.findLast((h) => h.tilStatus !== null && VURDERT.has(h.tilStatus));
  const avvist = m.status === "AVVIST" || m.status === "DELVIS_AVVIST";
  return skrivPdf(
    { Title: pdfTekst(`Vurdering av forhåndsmelding ${m.nummer}`), CreationDate: new Date(generert) },
    (k) => {
      k.overskrift("Vurdering fra Mattilsynet", 1);
      k.avsnitt(`Forhåndsmelding ${m.nummer}`, { stoerrelse: 11, farge: FARGE.dempet });
      k.felter([
        ["Resultat", m.statusTekst],
        ["Vurdert", formaterDatoTid(hendelse?.tidspunkt ?? m.statusEndret)],
        ["Vurdert av", hendelse?.utfoertAv],
        ["Sertifikat", m.sertifikat.nummer],
        ["Begrunnelse", m.vurderingBegrunnelse ?? undefined],
      ]);
      if (avvist) k.avsnitt("Vedtaksbrev med begrunnelse og klageadgang kommer separat.");
      k.bunntekst(...bunntekst(generert, m));
    },
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

/** The pack as a ZIP file: PDFs stored as they are (already compressed), text deflated. */
export async function lagDokumentasjon(input: DokumentasjonInput): Promise<Uint8Array> {
  const { melding: m, hendelser, generert } = input;
  const deler: { navn: string; beskrivelse: string; data: Uint8Array }[] = [];
  const mangler: string[] = [];

  if (input.xml) {
    deler.push({
      navn: FILER.xml,
      beskrivelse: `ePhyto-sertifikatet nøyaktig slik det ble mottatt fra ePhyto-huben ${formaterDatoTid(input.xml.mottatt)}`,
      data: input.xml.data,
    });
  } else {
    mangler.push(
      `${FILER.xml}: sertifikatet ble mottatt før tjenesten tok vare på XML-en slik den ble levert, så den finnes ikke.`,
    );
  }
  deler.push({
    navn: FILER.sertifikat,
    beskrivelse: `Sertifikat ${m.sertifikat.nummer} som PDF`,
    data: await lagSertifikatdokument("pdf", input.sertifikat),
  });
  deler.push({
    navn: FILER.kvittering,
    beskrivelse: `Kvittering for forhåndsmelding ${m.nummer}`,
    data: await lagKvitteringPdf(m, {
      hendelser: hendelser.filter((h) => h.type === "STATUS" || h.type === "OPPRETTET"),
      generert: new Date(generert),
    }),
  });
  if (harMottakskontroll(m, hendelser)) {
    deler.push({
      navn: FILER.mottakskontroll,
      beskrivelse: "Mottakskontrollen slik den ble rapportert: svarene og faktiske mengder",
      data: mottakskontrollCsv(m),
    });
  } else {
    mangler.push(`${FILER.mottakskontroll}: ingen mottakskontroll er rapportert.`);
  }
  if (VURDERT.has(m.status)) {
    deler.push({
      navn: FILER.vurdering,
      beskrivelse: "Mattilsynets vurdering",
      data: await vurderingPdf(m, hendelser, generert),
    });
  } else {
    mangler.push(`${FILER.vurdering}: Mattilsynet har ikke vurdert forhåndsmeldingen.`);
  }
  deler.push({
    navn: FILER.historikkPdf,
    beskrivelse: "Historikken som PDF",
    data: await historikkPdf(m, hendelser, generert),
  });
  deler.push({ navn: FILER.historikkCsv, beskrivelse: "Historikken som CSV", data: historikkCsv(hendelser) });

  const innhold = [
    `Dokumentasjon for forhåndsmelding ${m.nummer}`,
    `Sertifikat ${m.sertifikat.nummer} fra ${m.eksportLand.navn}`,
    `Ansvarlig importør: ${m.ansvarligImportoer.navn} (org.nr. ${m.ansvarligImportoer.organisasjonsnummer})`,
    `Laget ${formaterDatoTid(generert)} (norsk tid) av Digital forhåndsmelding`,
    "",
    "Dokumentene:",
    ...deler.map((d) => `- ${d.navn}: ${d.beskrivelse}`),
    ...(mangler.length > 0 ? ["", "Ikke med:", ...mangler.map((t) => `- ${t}`)] : []),
    "",
    "SHA-256 for hvert dokument (kontroller med: sha256sum -c innhold.txt):",
    ...deler.map((d) => `${sha256(d.data)}  ${d.navn}`),
    "",
  ].join("\n");

  const mtime = new Date(generert);
  const filer: Zippable = {};
  for (const d of deler) filer[d.navn] = [d.data, { level: d.navn.endsWith(".pdf") ? 0 : 6, mtime }];
  filer[FILER.innhold] = [new TextEncoder().encode(innhold), { level: 6, mtime }];
  return zipSync(filer);
}
