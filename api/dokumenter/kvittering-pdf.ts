// The receipt of a submitted notification (SPEC §2 "Registered notification page" 'Kvittering', §7 Links):
// an A4 PDF in Norwegian of what was notified and when — number, status and times, responsible importer,
// innmelder, certificate, arrival info and reception controller, the document-control answers with their
// comments, the reception-control answers when given, and the goods lines. Helvetica (WinAnsi); every text
// goes through `pdfTekst`, so no character turns into garbage.

import PDFDocument from "pdfkit";
import { formaterDato, formaterDatoTid, formaterOrganisasjonsnummer } from "../../domain/format";
import {
  type ImportmeldingVisning,
  type KontrollspoersmaalVisning,
  MENGDE_FELT_TEKST,
  MENGDE_FELTER,
} from "../../domain/importmelding";
import { plantedelVisning, tilsiktetBrukVisning } from "../../domain/kodeverk";
import { formaterTall } from "../../domain/mengde";
import { tidsromForKlokkeslett } from "../../domain/tidsrom";
import { FONT, FONT_FET } from "./pdf-oppsett";
import { pdfTekst } from "./pdf-tekst";

export interface KvitteringHendelse {
  tidspunkt: Date | string;
  tilStatus: string;
}

export interface KvitteringValg {
  /** Status changes (audit trail), oldest first; gives the submission time. */
  hendelser?: readonly KvitteringHendelse[];
  generert?: Date;
}

const MARG = 50;
const FARGE = { tekst: "#1b1f23", dempet: "#4d5761", linje: "#c3cad1", avvik: "#b42318" };

class Kvittering {
  constructor(readonly doc: PDFKit.PDFDocument) {}

  get bredde(): number {
    return this.doc.page.width - MARG * 2;
  }

  /** Starts a new page when less than `hoeyde` points are left. */
  plass(hoeyde: number): void {
    if (this.doc.y + hoeyde > this.doc.page.height - MARG - 30) this.doc.addPage();
  }

  overskrift(tekst: string): void {
    this.plass(60);
    this.doc.moveDown(0.8);
    this.doc.font(FONT_FET).fontSize(12).fillColor(FARGE.tekst).text(pdfTekst(tekst), MARG);
    const y = this.doc.y + 2;
    this.doc
      .moveTo(MARG, y)
      .lineTo(MARG + this.bredde, y)
      .lineWidth(0.5)
      .strokeColor(FARGE.linje)
      .stroke();
    this.doc.moveDown(0.4);
  }

  /** "Label: value" pairs in two columns; a missing value shows "--". */
  felt(par: readonly [string, string | null | undefined][]): void {
    const etikettBredde = 150;
    for (const [etikett, verdi] of par) {
      const v = pdfTekst(verdi ?? "") || "--";
      this.doc.font(FONT).fontSize(9.5);
      const hoeyde = Math.max(
        this.doc.heightOfString(pdfTekst(etikett), { width: etikettBredde }),
        this.doc.heightOfString(v, { width: this.bredde - etikettBredde }),
      );
      this.plass(hoeyde + 4);
      const y = this.doc.y;
      this.doc.fillColor(FARGE.dempet).text(pdfTekst(etikett), MARG, y, { width: etikettBredde });
      this.doc
        .fillColor(FARGE.tekst)
        .text(v, MARG + etikettBredde, y, { width: this.bredde - etikettBredde });
      this.doc.y = y + hoeyde + 3;
    }
  }

  avsnitt(tekst: string, opts: { farge?: string; fet?: boolean; innrykk?: number } = {}): void {
    const innrykk = opts.innrykk ?? 0;
    this.doc.font(opts.fet ? FONT_FET : FONT).fontSize(9.5);
    const t = pdfTekst(tekst);
    this.plass(this.doc.heightOfString(t, { width: this.bredde - innrykk }) + 4);
    this.doc
      .fillColor(opts.farge ?? FARGE.tekst)
      .text(t, MARG + innrykk, this.doc.y, { width: this.bredde - innrykk });
    this.doc.moveDown(0.2);
  }

  bunntekst(venstre: string, midt: string): void {
    const { start, count } = this.doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      this.doc.switchToPage(i);
      const bunnmarg = this.doc.page.margins.bottom;
      this.doc.page.margins.bottom = 0;
      const y = this.doc.page.height - 36;
      this.doc.font(FONT).fontSize(7.5).fillColor(FARGE.dempet);
      const side = `Side ${i - start + 1} av ${count}`;
      const m = pdfTekst(midt);
      this.doc.text(pdfTekst(venstre), MARG, y, { lineBreak: false });
      this.doc.text(m, (this.doc.page.width - this.doc.widthOfString(m)) / 2, y, { lineBreak: false });
      this.doc.text(side, this.doc.page.width - MARG - this.doc.widthOfString(side), y, { lineBreak: false });
      this.doc.page.margins.bottom = bunnmarg;
    }
  }
}

function adresse(a: {
  linje1: string | null;
  linje2: string | null;
  linje3: string | null;
  linje4: string | null;
  linje5: string | null;
}) {
  return [a.linje1, a.linje2, a.linje3, a.linje4, a.linje5].filter((l): l is string => !!l).join(", ");
}

function importoer(i: { navn: string; organisasjonsnummer: string } | null): string | undefined {
  return i ? `${i.navn} (org.nr. ${formaterOrganisasjonsnummer(i.organisasjonsnummer)})` : undefined;
}

function skrivSvar(k: Kvittering, spoersmaal: readonly KontrollspoersmaalVisning[]): void {
  if (spoersmaal.length === 0) {
    k.avsnitt("Ingen spørsmål.");
    return;
  }
  spoersmaal.forEach((s, i) => {
    k.avsnitt(`${i + 1}. ${s.kontrollSpoersmaal}${s.referanse ? ` (${s.referanse})` : ""}`, { fet: true });
    if (!s.kontrollSvar) {
      k.avsnitt("Ikke besvart", { innrykk: 12, farge: FARGE.dempet });
      return;
    }
    k.avsnitt(`Svar: ${s.kontrollSvar.tekst}${s.kontrollSvar.avvik ? " (avvik)" : ""}`, {
      innrykk: 12,
      farge: s.kontrollSvar.avvik ? FARGE.avvik : FARGE.tekst,
    });
    if (s.kontrollSvar.avvik) {
      k.avsnitt(`Melding til Mattilsynet: ${s.kontrollSvar.kommentar ?? "Ingen melding"}`, { innrykk: 12 });
    }
  });
}

/** The receipt as a PDF. */
export async function lagKvitteringPdf(
  melding: ImportmeldingVisning,
  valg: KvitteringValg = {},
): Promise<Buffer> {
  const generert = valg.generert ?? new Date();
  const doc = new PDFDocument({
    size: "A4",
    margin: MARG,
    bufferPages: true,
    lang: "nb-NO",
    displayTitle: true,
    font: FONT,
    info: {
      Title: pdfTekst(`Kvittering for digital forhåndsmelding ${melding.nummer}`),
      Author: "Digital forhåndsmelding",
      Creator: "Digital forhåndsmelding",
      CreationDate: generert,
    },
  });
  const deler: Buffer[] = [];
  const ferdig = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (del: Buffer) => deler.push(del));
    doc.on("end", () => resolve(Buffer.concat(deler)));
    doc.on("error", reject);
  });

  try {
    const k = new Kvittering(doc);
    doc
      .font(FONT_FET)
      .fontSize(18)
      .fillColor(FARGE.tekst)
      .text(pdfTekst("Kvittering for digital forhåndsmelding"));
    doc
      .font(FONT)
      .fontSize(11)
      .fillColor(FARGE.dempet)
      .text(pdfTekst(`Forhåndsmelding ${melding.nummer}`));
    doc.moveDown(0.3);

    const innsendt = valg.hendelser?.find((h) => h.tilStatus === "REGISTRERT")?.tidspunkt;
    k.overskrift("Forhåndsmeldingen");
    k.felt([
      ["Nummer", melding.nummer],
      ["Status", melding.statusTekst],
      ["Sendt inn", innsendt ? formaterDatoTid(innsendt) : undefined],
      ["Status sist endret", formaterDatoTid(melding.statusEndret)],
      ["Opprettet", formaterDatoTid(melding.opprettet)],
      ["Egen referanse", melding.egenReferanse ?? "Ikke angitt"],
      [
        "Kontroll",
        melding.kunDokumentkontroll ? "Kun dokumentkontroll" : "Dokumentkontroll og fysisk kontroll",
      ],
      ...(melding.faktiskAnkommet
        ? ([["Ankommet", formaterDatoTid(melding.faktiskAnkommet)]] as [string, string][])
        : []),
      ...(melding.vurderingBegrunnelse
        ? ([["Begrunnelse fra Mattilsynet", melding.vurderingBegrunnelse]] as [string, string][])
        : []),
    ]);

    k.overskrift("Importør og innmelder");
    k.felt([
      ["Ansvarlig importør", importoer(melding.ansvarligImportoer)],
      ...(melding.ansvarligDokumentkontroll
        ? ([["Ansvarlig for dokumentkontroll", importoer(melding.ansvarligDokumentkontroll)]] as [
            string,
            string | undefined,
          ][])
        : []),
      ["Innmelder", melding.innmelder?.navn],
      ["E-post", melding.innmelder?.epost],
      ["Telefon", melding.innmelder?.telefonnummer],
    ]);

    k.overskrift("Sertifikat");
    k.felt([
      ["Sertifikatnummer", melding.sertifikat.nummer],
      ["Type", melding.sertifikat.type],
      ["Utstedt", formaterDato(melding.utstedtDato)],
      ["Eksportland", melding.eksportLand.navn],
      ["Opprinnelsesland", melding.alleOpprinnelsesland.map((l) => l.navn).join(", ")],
      ["Avsender", [melding.avsender.navn, adresse(melding.avsender.adresse)].filter(Boolean).join(", ")],
      ["Mottaker", [melding.mottaker.navn, adresse(melding.mottaker.adresse)].filter(Boolean).join(", ")],
    ]);

    k.overskrift("Ankomst");
    melding.ankomstInfo.forEach((a) => {
      const tidsrom = tidsromForKlokkeslett(a.ankomstTid?.klokkeslett);
      k.felt([
        [
          "Forventet ankomst",
          a.ankomstTid
            ? `${formaterDato(a.ankomstTid.dato)} ${tidsrom ? `${tidsrom.navn.toLowerCase()} (${tidsrom.spenn})` : a.ankomstTid.klokkeslett}`
            : undefined,
        ],
        [
          "Kontrollsted",
          [
            a.kontrollAdresse.linje1,
            a.kontrollAdresse.linje2,
            [a.kontrollAdresse.postnummer, a.kontrollAdresse.poststed].filter(Boolean).join(" "),
          ]
            .filter(Boolean)
            .join(", "),
        ],
        [
          "Mottakskontrollør",
          a.mottakskontrolloer
            ? [
                a.mottakskontrolloer.virksomhetNavn,
                a.mottakskontrolloer.organisasjonsnummer
                  ? `org.nr. ${formaterOrganisasjonsnummer(a.mottakskontrolloer.organisasjonsnummer)}`
                  : undefined,
                a.mottakskontrolloer.navn,
                a.mottakskontrolloer.telefonnummer,
              ]
                .filter(Boolean)
                .join(", ")
            : melding.kunDokumentkontroll
              ? "Ikke nødvendig (kun dokumentkontroll)"
              : undefined,
        ],
        ["Sendingen er ankommet", a.sendingAnkommet ? "Ja" : "Nei"],
      ]);
    });

    k.overskrift("Dokumentkontroll");
    skrivSvar(k, melding.dokumentkontrollSpoersmaal);

    if (!melding.kunDokumentkontroll && melding.mottakskontrollSpoersmaal.some((s) => s.kontrollSvar)) {
      k.overskrift("Mottakskontroll");
      skrivSvar(k, melding.mottakskontrollSpoersmaal);
    }

    k.overskrift(`Varelinjer (${melding.varelinjer.length})`);
    if (melding.varelinjer.length === 0) k.avsnitt("Sertifikatet har ingen varelinjer.");
    for (const l of melding.varelinjer) {
      const navn = [l.botaniskNavn, l.navn].filter(Boolean).join(" – ") || "Uten navn";
      k.avsnitt(`${l.sorteringsnummer}. ${navn}`, { fet: true });
      const mengder = MENGDE_FELTER.flatMap((f) => {
        const m = l.mengde[f];
        if (!m?.visningsMengde) return [];
        const faktisk = m.faktiskVerdi !== null ? ` (faktisk: ${formaterTall(m.faktiskVerdi)})` : "";
        return [`${MENGDE_FELT_TEKST[f]}: ${m.visningsMengde}${faktisk}`];
      });
      const detaljer = [
        l.beskrivelse,
        tilsiktetBrukVisning(l.klassifisering)
          ? `Tilsiktet bruk: ${tilsiktetBrukVisning(l.klassifisering)}`
          : undefined,
        plantedelVisning(l.klassifisering.plantedel)
          ? `Plantedel: ${plantedelVisning(l.klassifisering.plantedel)}`
          : undefined,
        l.opprinnelsesland.length > 0
          ? `Opprinnelse: ${l.opprinnelsesland.map((o) => [o.navn ?? o.kode, o.landsdel].filter(Boolean).join(" ")).join(", ")}`
          : undefined,
        mengder.join("; ") || undefined,
      ].filter((d): d is string => !!d);
      for (const d of detaljer) k.avsnitt(d, { innrykk: 12 });
    }

    k.bunntekst(`Generert ${formaterDatoTid(generert)}`, `Forhåndsmelding ${melding.nummer}`);
  } catch (feil) {
    doc.end();
    await ferdig.catch(() => undefined);
    throw feil;
  }
  doc.end();
  return ferdig;
}
