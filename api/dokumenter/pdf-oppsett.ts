// The shared layout of the service's PDFs (api/dokumenter): A4 with margins, Helvetica in WinAnsi (text through
// pdfTekst, pdf-tekst.ts), colours, banners, headings, label/value lists and tables whose rows are never cut
// by a page break, tagged for accessibility (structure tree, artifacts), and the footer. The certificate PDF
// (sertifikat-pdf.ts) and the receipt (kvittering-pdf.ts) are both written with `skrivPdf` through `Skriver`.
import PDFDocument from "pdfkit";
import { tekster } from "../../domain/sertifikat-tekst";
import { oversetter } from "../../sprak/katalog.server";
import type { T } from "../../sprak/oversetter";
import {
  type Bannerfarge,
  BRODTEKST,
  CELLEPOLSTRING,
  FARGE,
  FONT,
  FONT_FET,
  type Kolonne,
  type Lenketekst,
  LINJEGAP,
  MAKS_CELLETEKST,
  MAKS_SAMLET_ANDEL,
  MARGER,
  type Struktur,
  TABELLTEKST,
} from "./pdf-stil";
import { kortet, pdfTekst } from "./pdf-tekst";

export * from "./pdf-stil";

/** Writes flowing, tagged content; every page break happens outside marked content. */
export class Skriver {
  readonly doc: PDFKit.PDFDocument;
  /** The language of the person who downloads the document (docs/sprak.md «Et dokument»). */
  readonly t: T;
  private forelder: Struktur;

  constructor(doc: PDFKit.PDFDocument, t: T) {
    this.doc = doc;
    this.t = t;
    this.forelder = doc.struct("Document");
    doc.addStructure(this.forelder);
  }

  get venstre(): number {
    return this.doc.page.margins.left;
  }

  get bredde(): number {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }

  get topp(): number {
    return this.doc.page.margins.top;
  }

  get bunn(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  get sidehoeyde(): number {
    return this.bunn - this.topp;
  }

  /** The tallest block that is kept whole (moved to a new page rather than split). */
  get maksSamlet(): number {
    return this.sidehoeyde * MAKS_SAMLET_ANDEL;
  }

  private get overstSide(): boolean {
    return this.doc.y <= this.topp + 0.5;
  }

  nySide(): void {
    this.doc.addPage();
    this.doc.x = this.venstre;
    this.doc.y = this.topp;
  }

  /** Starts a new page unless `hoeyde` fits below the current position. */
  sikrePlass(hoeyde: number): void {
    if (this.doc.y + hoeyde > this.bunn && !this.overstSide) this.nySide();
  }

  maal(t: string, font: string, stoerrelse: number, bredde: number): number {
    this.doc.font(font).fontSize(stoerrelse);
    return this.doc.heightOfString(t === "" ? " " : t, { width: bredde, lineGap: LINJEGAP });
  }

  linjehoeyde(stoerrelse: number): number {
    return this.maal("Ag", FONT, stoerrelse, 1000);
  }

  /** Content drawn inside a structure element of the given type. */
  element(type: string, tegn: () => void, forelder: Struktur = this.forelder): void {
    forelder.add(this.doc.struct(type, {}, tegn));
  }

  /** Decoration (lines, fills, running headers) that is not part of the content. */
  artefakt(tegn: () => void): void {
    this.doc.save();
    this.doc.markContent("Artifact");
    tegn();
    this.doc.endMarkedContent();
    this.doc.restore();
  }

  /** A section (Sect) with an H2 heading. */
  seksjon(tittel: string, innhold: () => void): void {
    const seksjon = this.doc.struct("Sect");
    this.forelder.add(seksjon);
    const forrige = this.forelder;
    this.forelder = seksjon;
    try {
      this.overskrift(tittel, 2);
      innhold();
    } finally {
      this.forelder = forrige;
      seksjon.end();
    }
  }

  overskrift(tittel: string, nivaa: 1 | 2 | 3): void {
    const t = pdfTekst(tittel);
    const stoerrelse = nivaa === 1 ? 17 : nivaa === 2 ? 12.5 : 10;
    const luft = nivaa === 1 ? 0 : nivaa === 2 ? 14 : 8;
    const hoeyde = this.maal(t, FONT_FET, stoerrelse, this.bredde);
    // Keep a heading together with a few lines of what follows.
    this.sikrePlass(luft + hoeyde + 4 * this.linjehoeyde(BRODTEKST));
    if (!this.overstSide) this.doc.y += luft;
    const y = this.doc.y;
    this.element(`H${nivaa}`, () => {
      this.doc
        .font(FONT_FET)
        .fontSize(stoerrelse)
        .fillColor(FARGE.tekst)
        .text(t, this.venstre, y, { width: this.bredde, lineGap: LINJEGAP });
    });
    this.doc.y = y + hoeyde + 1;
    if (nivaa === 2) {
      const linjeY = this.doc.y;
      this.artefakt(() => {
        this.doc
          .moveTo(this.venstre, linjeY)
          .lineTo(this.venstre + this.bredde, linjeY)
          .lineWidth(0.6)
          .strokeColor(FARGE.linje)
          .stroke();
      });
      this.doc.y += 5;
    } else {
      this.doc.y += 2;
    }
    if (nivaa <= 2) this.doc.outline.addItem(t);
    this.doc.x = this.venstre;
  }

  avsnitt(
    tekstInn: string | Lenketekst,
    valg: { font?: string; stoerrelse?: number; farge?: string; innrykk?: number; luftEtter?: number } = {},
  ): void {
    const { tekst: raa, lenke } = typeof tekstInn === "string" ? { tekst: tekstInn } : tekstInn;
    const t = pdfTekst(raa);
    if (t === "") return;
    const font = valg.font ?? FONT;
    const stoerrelse = valg.stoerrelse ?? BRODTEKST;
    const x = this.venstre + (valg.innrykk ?? 0);
    const bredde = this.bredde - (valg.innrykk ?? 0);
    const hoeyde = this.maal(t, font, stoerrelse, bredde);
    // A paragraph that fits on a page is kept whole; a longer one flows on from here.
    this.sikrePlass(hoeyde <= this.maksSamlet ? hoeyde : 3 * this.linjehoeyde(stoerrelse));
    const y = this.doc.y;
    this.element("P", () => {
      this.doc
        .font(font)
        .fontSize(stoerrelse)
        .fillColor(lenke ? FARGE.lenke : (valg.farge ?? FARGE.tekst))
        .text(t, x, y, { width: bredde, lineGap: LINJEGAP, link: lenke, underline: Boolean(lenke) });
    });
    this.doc.x = this.venstre;
    this.doc.y += valg.luftEtter ?? 4;
  }

  /** Label–value rows; missing and empty values are left out. */
  felter(rader: [string, string | readonly string[] | undefined][], etikettbredde = 140): void {
    for (const [etikettInn, verdiInn] of rader) {
      const verdier = typeof verdiInn === "string" ? [verdiInn] : (verdiInn ?? []);
      const verdi = pdfTekst(tekster(verdier).join("\n"));
      if (verdi === "") continue;
      const etikett = pdfTekst(etikettInn);
      const verdiX = this.venstre + etikettbredde + 8;
      const verdibredde = this.bredde - etikettbredde - 8;
      const etiketthoeyde = this.maal(etikett, FONT_FET, BRODTEKST, etikettbredde);
      const hoeyde = Math.max(etiketthoeyde, this.maal(verdi, FONT, BRODTEKST, verdibredde));
      // A tall value flows on over the page break in its column; a short row is kept whole.
      const flyter = hoeyde > this.maksSamlet;
      this.sikrePlass(flyter ? Math.max(etiketthoeyde, 3 * this.linjehoeyde(BRODTEKST)) : hoeyde);
      const y = this.doc.y;
      this.element("P", () => {
        this.doc
          .font(FONT_FET)
          .fontSize(BRODTEKST)
          .fillColor(FARGE.dempet)
          .text(`${etikett} `, this.venstre, y, { width: etikettbredde, lineGap: LINJEGAP });
        this.doc
          .font(FONT)
          .fillColor(FARGE.tekst)
          .text(verdi, verdiX, y, { width: verdibredde, lineGap: LINJEGAP });
      });
      this.doc.x = this.venstre;
      this.doc.y = flyter ? this.doc.y + 3 : y + hoeyde + 3;
    }
  }

  /** A bulleted list. */
  liste(punkter: readonly string[], innrykk = 0): void {
    const liste = this.doc.struct("L");
    this.forelder.add(liste);
    const x = this.venstre + innrykk;
    const tekstX = x + 10;
    const bredde = this.bredde - innrykk - 10;
    for (const punkt of punkter) {
      const t = pdfTekst(punkt);
      if (t === "") continue;
      const hoeyde = this.maal(t, FONT, BRODTEKST, bredde);
      this.sikrePlass(hoeyde <= this.maksSamlet ? hoeyde : 3 * this.linjehoeyde(BRODTEKST));
      const y = this.doc.y;
      const element = this.doc.struct("LI");
      liste.add(element);
      this.element(
        "Lbl",
        () => {
          this.doc
            .font(FONT)
            .fontSize(BRODTEKST)
            .fillColor(FARGE.tekst)
            .text("•", x + 2, y, { lineBreak: false });
        },
        element,
      );
      this.element(
        "LBody",
        () => {
          this.doc.font(FONT).fontSize(BRODTEKST).text(t, tekstX, y, { width: bredde, lineGap: LINJEGAP });
        },
        element,
      );
      element.end();
      this.doc.x = this.venstre;
      this.doc.y += 2;
    }
    liste.end();
    this.doc.y += 2;
  }

  /** A coloured box with a title and lines; kept on one page when it fits. */
  banner(farge: Bannerfarge, tittelInn: string, linjerInn: readonly Lenketekst[]): void {
    const polstring = 7;
    const kant = 4;
    const tittel = pdfTekst(tittelInn);
    const linjer = linjerInn
      .map((l) => ({ tekst: pdfTekst(l.tekst), lenke: l.lenke }))
      .filter((l) => l.tekst !== "");
    const tekstX = this.venstre + kant + polstring;
    const tekstbredde = this.bredde - kant - 2 * polstring;
    const tittelhoeyde = this.maal(tittel, FONT_FET, 9.5, tekstbredde);
    const linjehoeyder = linjer.map((l) => this.maal(l.tekst, FONT, 8.5, tekstbredde));
    const hoeyde = 2 * polstring + tittelhoeyde + linjehoeyder.reduce((sum, h) => sum + h + 3, 0);
    if (hoeyde > this.maksSamlet) {
      // Too tall for a box: the title in the banner colour, the lines flowing below it.
      this.doc.y += 4;
      this.avsnitt(tittel, { font: FONT_FET, farge: farge.kant, luftEtter: 2 });
      for (const l of linjer) this.avsnitt(l, { innrykk: 10, stoerrelse: 8.5 });
      this.doc.y += 4;
      return;
    }
    this.sikrePlass(hoeyde);
    const y = this.doc.y;
    this.artefakt(() => {
      this.doc.rect(this.venstre, y, this.bredde, hoeyde).fill(farge.bakgrunn);
      this.doc.rect(this.venstre, y, kant, hoeyde).fill(farge.kant);
    });
    let linjeY = y + polstring;
    this.element("P", () => {
      this.doc
        .font(FONT_FET)
        .fontSize(9.5)
        .fillColor(FARGE.tekst)
        .text(tittel, tekstX, linjeY, { width: tekstbredde, lineGap: LINJEGAP });
    });
    linjeY += tittelhoeyde + 3;
    linjer.forEach((l, i) => {
      const ly = linjeY;
      this.element("P", () => {
        this.doc
          .font(FONT)
          .fontSize(8.5)
          .fillColor(l.lenke ? FARGE.lenke : FARGE.tekst)
          .text(l.tekst, tekstX, ly, {
            width: tekstbredde,
            lineGap: LINJEGAP,
            link: l.lenke,
            underline: Boolean(l.lenke),
          });
      });
      linjeY += (linjehoeyder[i] ?? 0) + 3;
    });
    this.doc.x = this.venstre;
    this.doc.y = y + hoeyde + 6;
  }

  /**
   * A table with a header row. A row that does not fit moves whole to a new page, where the header is
   * repeated (as an artifact, so screen readers do not read it again).
   */
  tabell(kolonner: readonly Kolonne[], rader: readonly (readonly string[])[]): void {
    const totalVekt = kolonner.reduce((sum, k) => sum + k.vekt, 0);
    const bredder = kolonner.map((k) => (k.vekt / totalVekt) * this.bredde);
    const xer = bredder.map((_, i) => this.venstre + bredder.slice(0, i).reduce((sum, b) => sum + b, 0));
    const hoder = kolonner.map((k) => pdfTekst(k.tittel));
    const celler = rader.map((rad) =>
      kolonner.map((_, i) => pdfTekst(kortet(rad[i] ?? "", MAKS_CELLETEKST).tekst)),
    );

    const radhoeyde = (rad: readonly string[], font: string) =>
      Math.max(
        ...rad.map((celle, i) => this.maal(celle, font, TABELLTEKST, (bredder[i] ?? 0) - 2 * CELLEPOLSTRING)),
      ) +
      2 * CELLEPOLSTRING;
    const hodehoeyde = radhoeyde(hoder, FONT_FET);

    const tabell = this.doc.struct("Table");
    this.forelder.add(tabell);

    const tegnCelle = (t: string, i: number, y: number, font: string) => {
      this.doc
        .font(font)
        .fontSize(TABELLTEKST)
        .fillColor(FARGE.tekst)
        .text(t, (xer[i] ?? 0) + CELLEPOLSTRING, y + CELLEPOLSTRING, {
          width: (bredder[i] ?? 0) - 2 * CELLEPOLSTRING,
          lineGap: LINJEGAP,
        });
    };

    const tegnHode = (gjentatt: boolean) => {
      const y = this.doc.y;
      this.artefakt(() => {
        this.doc.rect(this.venstre, y, this.bredde, hodehoeyde).fill(FARGE.tabellhode);
        this.doc
          .moveTo(this.venstre, y + hodehoeyde)
          .lineTo(this.venstre + this.bredde, y + hodehoeyde)
          .lineWidth(0.8)
          .strokeColor(FARGE.dempet)
          .stroke();
        if (gjentatt) {
          hoder.forEach((h, i) => {
            tegnCelle(h, i, y, FONT_FET);
          });
        }
      });
      if (!gjentatt) {
        const rad = this.doc.struct("TR");
        tabell.add(rad);
        hoder.forEach((h, i) => {
          this.element("TH", () => tegnCelle(h, i, y, FONT_FET), rad);
        });
        rad.end();
      }
      this.doc.y = y + hodehoeyde;
    };

    const foersteRad = celler[0];
    this.sikrePlass(hodehoeyde + (foersteRad ? radhoeyde(foersteRad, FONT) : 0));
    tegnHode(false);

    celler.forEach((rad, r) => {
      const hoeyde = radhoeyde(rad, FONT);
      if (this.doc.y + hoeyde > this.bunn) {
        this.nySide();
        tegnHode(true);
      }
      const y = this.doc.y;
      this.artefakt(() => {
        if (r % 2 === 1) this.doc.rect(this.venstre, y, this.bredde, hoeyde).fill(FARGE.stripe);
        this.doc
          .moveTo(this.venstre, y + hoeyde)
          .lineTo(this.venstre + this.bredde, y + hoeyde)
          .lineWidth(0.4)
          .strokeColor(FARGE.linje)
          .stroke();
      });
      const tr = this.doc.struct("TR");
      tabell.add(tr);
      rad.forEach((celle, i) => {
        this.element("TD", () => tegnCelle(celle, i, y, FONT), tr);
      });
      tr.end();
      this.doc.y = y + hoeyde;
    });
    tabell.end();
    this.doc.x = this.venstre;
    this.doc.y += 6;
  }

  /** Footer on every page: generation time, certificate number, "Side N av M" in the reader's language. */
  bunntekst(venstreTekst: string, midtTekst: string): void {
    const { start, count } = this.doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      this.doc.switchToPage(i);
      const bunnmarg = this.doc.page.margins.bottom;
      // Below the bottom margin: writing there must not start a new page.
      this.doc.page.margins.bottom = 0;
      const y = this.doc.page.height - 38;
      const hoeyre = this.doc.page.width - this.doc.page.margins.right;
      this.artefakt(() => {
        this.doc
          .moveTo(this.venstre, y - 6)
          .lineTo(hoeyre, y - 6)
          .lineWidth(0.5)
          .strokeColor(FARGE.linje)
          .stroke();
        this.doc.font(FONT).fontSize(7.5).fillColor(FARGE.dempet);
        const side = pdfTekst(this.t("dokumenter.felles.side", { side: i - start + 1, antall: count }));
        const midt = pdfTekst(kortet(midtTekst, 70).tekst);
        this.doc.text(pdfTekst(venstreTekst), this.venstre, y, { lineBreak: false });
        this.doc.text(midt, (this.doc.page.width - this.doc.widthOfString(midt)) / 2, y, {
          lineBreak: false,
        });
        this.doc.text(side, hoeyre - this.doc.widthOfString(side), y, { lineBreak: false });
      });
      this.doc.page.margins.bottom = bunnmarg;
    }
  }
}

/**
 * A tagged A4 PDF in the reader's language (`t`; the document language `/Lang` is its locale, PDF/UA-style
 * structure, the title shown), written by `skriv` through a Skriver; resolves with the whole file. `info` adds
 * to the author and creator.
 */
export async function skrivPdf(
  info: PDFKit.DocumentInfo,
  skriv: (s: Skriver) => void,
  t: T = oversetter("nb"),
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margins: MARGER,
    bufferPages: true,
    pdfVersion: "1.7",
    tagged: true,
    lang: t.lokale,
    displayTitle: true,
    font: FONT,
    info: { Author: "Digital forhåndsmelding", Creator: "Digital forhåndsmelding", ...info },
  });
  const deler: Buffer[] = [];
  const ferdig = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (del: Buffer) => deler.push(del));
    doc.on("end", () => resolve(Buffer.concat(deler)));
    doc.on("error", reject);
  });
  try {
    skriv(new Skriver(doc, t));
  } catch (feil) {
    doc.end();
    await ferdig.catch(() => undefined);
    throw feil;
  }
  doc.end();
  return ferdig;
}
