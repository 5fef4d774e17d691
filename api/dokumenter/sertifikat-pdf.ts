// The certificate as a PDF (SPEC §2 "Certificate page"): an A4 document in Norwegian with the header,
// replacement notes, assessment, transport, parties, declarations, the goods-line table (rows are never
// cut by a page break and the header row repeats), line details, total quantity, treatments, attachments,
// the export/re-export/financial declarations and the signature. Tagged (structure tree, lang nb-NO) with
// page decoration marked as artifacts; the footer gives "Side N av M" and the generation time.
//
// Fonts: the built-in Helvetica (WinAnsi). Every text goes through `pdfTekst`, which keeps what WinAnsi
// can show (æøå, en dash, °, ³, €) and replaces the rest, so no character becomes garbage in the PDF.

import PDFDocument from "pdfkit";
import { ordFor } from "../../domain/antall";
import { harSammeBehandlinger } from "../../domain/behandlinger";
import { formaterDatoTid, formaterOrganisasjonsnummer } from "../../domain/format";
import { plantedelVisning } from "../../domain/kodeverk";
import type { SertifikatVurdering } from "../../domain/risiko/vurder";
import {
  datoTekst,
  EKSPORTERKLAERING,
  finansiellErklaering,
  friForPestTekst,
  landListeTekst,
  landTekst,
  mengdeLinjer,
  reeksportErklaering,
  refererteDokumenterTekster,
  tekst,
  tekster,
  totalMengde,
  transportutstyrTekster,
  UKJENT_AARSAK,
  UKJENT_NUMMER,
} from "../../domain/sertifikat-tekst";
import type { Alvorlighetsgrad } from "../../domain/status";
import { rensTekst } from "../../domain/text";
import type { Behandling, LagretSertifikat, Varelinje } from "../ephyto/parse";
import {
  ALVORLIGHETSGRAD_TEKST,
  adresseLinjer,
  alleOpprinnelsesland,
  ankomststedTekst,
  behandlingVisning,
  beroerteLinjer,
  dokumenttittel,
  erReeksport,
  identifikatorTekster,
  kortet,
  linjevurderinger,
  linjevurderingTekst,
  meldepliktTekst,
  opprinnelseTekst,
  pakkerTekst,
  statusTekst,
  tilsiktetBrukTekst,
  tilstandTekst,
  transportTekster,
  typeTekst,
  utstedtTekst,
  varelinjeErklaeringer,
  varelinjeNavn,
} from "./felles";

export interface SertifikatPdfVedlegg {
  filnavn?: string | null;
  mimetype: string;
  identifikator?: string | null;
}

export interface SertifikatPdfInput {
  sertifikat: LagretSertifikat;
  /** The risk assessment; its banners and per-line findings are shown when given. */
  vurdering?: SertifikatVurdering;
  /** The notification-requirement assessment: a code (MELDEPLIKTIG, ...) or a text to show as it is. */
  meldepliktigVurdering?: string;
  /** The certificate that replaces this one. */
  erstattetAv?: { nummer: string };
  /** The stored attachments; default: the certificate's own attachment list. */
  vedlegg?: SertifikatPdfVedlegg[];
  /** Generation time for the footer; default now. */
  generert?: Date;
}

// ---------------------------------------------------------------------------------------------------------
// Text that Helvetica (WinAnsi) can show
// ---------------------------------------------------------------------------------------------------------

/** The code points outside Latin-1 that WinAnsi has (Œ, Š, –, —, ‘ ’ “ ” „, †, •, …, ‰, ‹ ›, €, ™, ...). */
const WIN_ANSI_EKSTRA = new Set([
  0x0152, 0x0153, 0x0160, 0x0161, 0x0178, 0x017d, 0x017e, 0x0192, 0x02c6, 0x02dc, 0x2013, 0x2014, 0x2018,
  0x2019, 0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac,
  0x2122,
]);

const ERSTATNING: Record<string, string> = {
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "–",
  "\u2015": "—",
  "\u2212": "-",
  "\u2032": "'",
  "\u2033": '"',
  "\u2192": "->",
  "\u2264": "<=",
  "\u2265": ">=",
  "\u2260": "!=",
  "\u2248": "~",
  "\u2116": "No.",
  "\u0131": "i",
  "\u0141": "L",
  "\u0142": "l",
  "\u0110": "D",
  "\u0111": "d",
  "\u2009": " ",
  "\u202f": "\u00a0",
  "\u200b": "",
  "\u2060": "",
  "\ufeff": "",
};

function kanVises(kode: number): boolean {
  return (kode >= 0x20 && kode < 0x7f) || (kode >= 0xa0 && kode <= 0xff) || WIN_ANSI_EKSTRA.has(kode);
}

/** Cleaned text (SPEC §5) in characters Helvetica can show; others become a close ASCII form or "?". */
export function pdfTekst(s: string | null | undefined): string {
  const renset = rensTekst(s);
  if (renset === undefined) return "";
  let ut = "";
  for (const tegn of renset.normalize("NFC")) {
    const kode = tegn.codePointAt(0) ?? 0;
    if (kode === 0x0a) ut += "\n";
    else if (kode === 0x09) ut += " ";
    else if (kanVises(kode)) ut += tegn;
    else if (kode < 0x20 || (kode >= 0x7f && kode < 0xa0) || /\p{M}/u.test(tegn)) continue;
    else if (ERSTATNING[tegn] !== undefined) ut += ERSTATNING[tegn];
    else {
      const enkel = tegn.normalize("NFKD").replace(/\p{M}/gu, "");
      ut += enkel !== "" && [...enkel].every((c) => kanVises(c.codePointAt(0) ?? 0)) ? enkel : "?";
    }
  }
  return ut;
}

// ---------------------------------------------------------------------------------------------------------
// Layout
// ---------------------------------------------------------------------------------------------------------

const MARGER = { top: 50, bottom: 62, left: 48, right: 48 };
const FONT = "Helvetica";
const FONT_FET = "Helvetica-Bold";
const FONT_KURSIV = "Helvetica-Oblique";
const BRODTEKST = 9;
const LINJEGAP = 1.5;
const TABELLTEKST = 7.5;
const CELLEPOLSTRING = 3;
/** Blocks up to this share of the page are kept whole; taller ones flow on over the page break. */
const MAKS_SAMLET_ANDEL = 0.4;
/** Longest text in a table cell; the full text is in the line details. */
const MAKS_CELLETEKST = 160;

const FARGE = {
  tekst: "#1b1f23",
  dempet: "#4d5761",
  linje: "#c3cad1",
  tabellhode: "#e3e8ee",
  stripe: "#f4f6f8",
  lenke: "#0a58a8",
};

type Bannerfarge = { kant: string; bakgrunn: string };
const BANNER: Record<Alvorlighetsgrad | "INFO", Bannerfarge> = {
  FORBUD: { kant: "#b42318", bakgrunn: "#fdecea" },
  VARSEL: { kant: "#b54708", bakgrunn: "#fef4e6" },
  UFULLSTENDIG: { kant: "#667085", bakgrunn: "#f2f4f7" },
  ALT_OK: { kant: "#067647", bakgrunn: "#e8f6ee" },
  INFO: { kant: "#175cd3", bakgrunn: "#eaf2fd" },
};

interface Kolonne {
  tittel: string;
  /** Relative width. */
  vekt: number;
}

interface Lenketekst {
  tekst: string;
  lenke?: string;
}

type Struktur = PDFKit.PDFStructureElement;

/** Writes flowing, tagged content; every page break happens outside marked content. */
class Skriver {
  readonly doc: PDFKit.PDFDocument;
  private forelder: Struktur;

  constructor(doc: PDFKit.PDFDocument) {
    this.doc = doc;
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

  /** Footer on every page: generation time, certificate number, "Side N av M". */
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
        const side = `Side ${i - start + 1} av ${count}`;
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

// ---------------------------------------------------------------------------------------------------------
// The certificate
// ---------------------------------------------------------------------------------------------------------

const VARELINJE_KOLONNER: Kolonne[] = [
  { tittel: "Nr.", vekt: 4 },
  { tittel: "Navn", vekt: 10.5 },
  { tittel: "Botanisk navn", vekt: 12 },
  { tittel: "Beskrivelse", vekt: 11 },
  { tittel: "HS-kode", vekt: 8.5 },
  { tittel: "Plantedel", vekt: 8.5 },
  { tittel: "Tilsiktet bruk", vekt: 8.5 },
  { tittel: "Mengde", vekt: 17 },
  { tittel: "Pakker", vekt: 9 },
  { tittel: "Opprinnelse", vekt: 11 },
];

function varelinjeRad(l: Varelinje): string[] {
  return [
    String(l.sorteringsnummer),
    tekst(l.navn) ?? "",
    tekst(l.botaniskNavn) ?? "",
    tekst(l.beskrivelse) ?? "",
    tekst(l.klassifisering.hsKode) ?? "",
    plantedelVisning(l.klassifisering.plantedel) ?? "",
    tilsiktetBrukTekst(l) ?? "",
    mengdeLinjer(l).join("\n"),
    pakkerTekst(l.pakker) ?? "",
    opprinnelseTekst(l) ?? "",
  ];
}

function linjeoverskrift(l: Varelinje): string {
  const navn = varelinjeNavn(l);
  return navn ? `Varelinje ${l.sorteringsnummer}: ${navn}` : `Varelinje ${l.sorteringsnummer}`;
}

function skrivHode(s: Skriver, input: SertifikatPdfInput, nummer: string): void {
  const sert = input.sertifikat;
  s.overskrift(dokumenttittel(sert), 1);
  s.avsnitt(`Sertifikatnummer ${nummer}`, { font: FONT_FET, stoerrelse: 12, luftEtter: 8 });
  s.felter([
    ["Status", statusTekst(sert)],
    ["Type", typeTekst(sert)],
    ["Utstedt", utstedtTekst(sert) ?? "Ikke oppgitt"],
    ["Utstedt av", tekst(sert.utsteder)],
    ["Dokumentnavn", tekst(sert.dokumentnavn)],
  ]);
  s.doc.y += 4;

  if (sert.erstatter) {
    const dato = datoTekst(sert.erstatter.dato);
    s.banner(BANNER.INFO, `Erstatter sertifikat ${tekst(sert.erstatter.nummer) ?? UKJENT_NUMMER}`, [
      { tekst: `Årsak: ${tekst(sert.erstatter.aarsak) ?? UKJENT_AARSAK}` },
      ...(dato ? [{ tekst: `Dato: ${dato}` }] : []),
    ]);
  }
  if (input.erstattetAv) {
    s.banner(BANNER.VARSEL, `Erstattet av sertifikat ${tekst(input.erstattetAv.nummer) ?? UKJENT_NUMMER}`, [
      { tekst: "Dette sertifikatet er erstattet av et nytt sertifikat." },
    ]);
  }
}

function skrivVurdering(s: Skriver, input: SertifikatPdfInput): void {
  const meldeplikt = meldepliktTekst(input.meldepliktigVurdering, input.vurdering);
  const vurdering = input.vurdering;
  if (meldeplikt === undefined && vurdering === undefined) return;
  s.seksjon("Vurdering", () => {
    s.felter([["Meldeplikt", meldeplikt]]);
    if (!vurdering) return;
    if (vurdering.risikoVurdering.length === 0) {
      s.avsnitt("Ingen funn i risikovurderingen.");
      return;
    }
    for (const r of vurdering.risikoVurdering) {
      const linjer: Lenketekst[] = r.beskrivelse.flatMap((b) => {
        const lenke = tekst(b.lenke);
        return lenke ? [{ tekst: b.tekst }, { tekst: `Regelverk: ${lenke}`, lenke }] : [{ tekst: b.tekst }];
      });
      if (r.varelinjer.length > 0) {
        const ord = ordFor(r.varelinjer.length, { en: "varelinje", flere: "varelinjene" });
        linjer.push({
          tekst: `Gjelder ${ord} ${beroerteLinjer(input.sertifikat, vurdering, r.varelinjer)}.`,
        });
      }
      s.banner(
        BANNER[r.alvorlighetsgrad],
        `${ALVORLIGHETSGRAD_TEKST[r.alvorlighetsgrad]}: ${r.tittel}`,
        linjer,
      );
    }
  });
}

function skrivTransport(s: Skriver, sert: LagretSertifikat): void {
  s.seksjon("Transport", () => {
    const transport = transportTekster(sert);
    s.felter([
      ["Opprinnelsesland", alleOpprinnelsesland(sert) ?? "Ikke oppgitt"],
      ["Eksportland", landTekst(sert.eksportLand) ?? "Ikke oppgitt"],
      ["Transittland", landListeTekst(sert.transittland) ?? "Ingen"],
      ["Importland", landTekst(sert.importLand) ?? "Ikke oppgitt"],
      ["Transportmåte og -middel", transport.length > 0 ? transport : "Ikke oppgitt"],
      ["Ankomststed", ankomststedTekst(sert) ?? "Ikke oppgitt"],
      ["Container og plomber", transportutstyrTekster(sert)],
      ["Inspeksjonssted", tekst(sert.inspeksjonssted)],
      ["Kjennetegn", tekster(sert.kjennetegn)],
    ]);
  });
}

function skrivParter(s: Skriver, sert: LagretSertifikat): void {
  s.seksjon("Eksportør og importør", () => {
    s.overskrift("Eksportør (avsender)", 3);
    if (sert.avsender) {
      s.felter([
        ["Navn", tekst(sert.avsender.navn) ?? "Ikke oppgitt"],
        ["Adresse", adresseLinjer(sert.avsender.adresse)],
        ["Identifikator", identifikatorTekster(sert.avsender)],
      ]);
    } else {
      s.avsnitt("Ikke oppgitt");
    }
    s.overskrift("Importør (mottaker)", 3);
    if (sert.mottaker) {
      const orgnr = tekst(sert.mottaker.organisasjonsnummer);
      s.felter([
        ["Navn", tekst(sert.mottaker.navn) ?? "Ikke oppgitt"],
        ["Adresse", adresseLinjer(sert.mottaker.adresse)],
        ["Organisasjonsnummer", orgnr ? formaterOrganisasjonsnummer(orgnr) : undefined],
        ["Identifikator", identifikatorTekster(sert.mottaker)],
      ]);
    } else {
      s.avsnitt("Ikke oppgitt");
    }
  });
}

function skrivTilleggserklaeringer(s: Skriver, sert: LagretSertifikat): void {
  s.seksjon("Tilleggserklæringer", () => {
    const t = sert.tilleggserklaering;
    const erklaeringer = tekster(t.tilleggserklaeringer);
    const offisiell = tekster(t.offisiellTilleggsinformasjon);
    const tillatelse = tekst(t.importtillatelse);
    const inspeksjon = datoTekst(t.datoForInspeksjon);
    if (erklaeringer.length + offisiell.length === 0 && !tillatelse && !inspeksjon) {
      s.avsnitt("Ingen tilleggserklæringer");
      return;
    }
    if (erklaeringer.length > 0) s.liste(erklaeringer);
    s.felter([
      ["Offisiell tilleggsinformasjon", offisiell],
      ["Importtillatelse", tillatelse],
      ["Dato for inspeksjon", inspeksjon],
    ]);
  });
}

function skrivVarelinjer(s: Skriver, input: SertifikatPdfInput): void {
  const sert = input.sertifikat;
  const linjer = sert.varelinjer;
  s.seksjon(`Varelinjer (${linjer.length})`, () => {
    if (linjer.length === 0) {
      s.avsnitt("Sertifikatet har ingen varelinjer.");
      return;
    }
    s.tabell(VARELINJE_KOLONNER, linjer.map(varelinjeRad));
  });

  const vurderinger = linjevurderinger(sert, input.vurdering);
  const detaljer = linjer.flatMap((l, i) => {
    const rad = varelinjeRad(l);
    const kortetTekst = (kolonne: number, etikett: string): [string, string | undefined] => {
      const verdi = rad[kolonne] ?? "";
      return [etikett, kortet(verdi, MAKS_CELLETEKST).kortet ? verdi : undefined];
    };
    const vurdering = vurderinger[i];
    const felt: [string, string | readonly string[] | undefined][] = [
      kortetTekst(1, "Navn"),
      kortetTekst(2, "Botanisk navn"),
      kortetTekst(3, "Beskrivelse"),
      kortetTekst(9, "Opprinnelse"),
      ["Tilstand", tilstandTekst(l)],
      ["EPPO-kode", tekster(l.klassifisering.eppoKoder).join(", ") || undefined],
      [
        "Andre klassifiseringer",
        l.klassifisering.andre.flatMap((a) => {
          const verdi = tekster([a.kode, a.navn]).join(" ");
          if (verdi === "") return [];
          return [tekst(a.system) ? `${tekst(a.system)}: ${verdi}` : verdi];
        }),
      ],
      ["Kjennetegn", tekster(l.kjennetegn)],
      ["Pakkebeskrivelse", tekst(l.pakkebeskrivelse)],
      ...varelinjeErklaeringer(l),
      [
        "Risikovurdering",
        vurdering && (vurdering.funn.length > 0 || vurdering.alvorlighetsgrad !== "ALT_OK")
          ? linjevurderingTekst(vurdering)
          : undefined,
      ],
    ];
    const synlige = felt.filter(([, v]) => (typeof v === "string" ? tekst(v) : tekster(v ?? []).length > 0));
    return synlige.length > 0 ? [{ linje: l, felt: synlige }] : [];
  });
  if (detaljer.length > 0) {
    s.seksjon("Detaljer for varelinjene", () => {
      for (const { linje, felt } of detaljer) {
        s.overskrift(linjeoverskrift(linje), 3);
        s.felter(felt);
      }
    });
  }

  s.seksjon("Total mengde", () => {
    const total = totalMengde(linjer);
    s.felter([
      ["Antall varelinjer", String(linjer.length)],
      ...total.map((t): [string, string] => [t.etikett, t.tekst]),
    ]);
    if (total.length === 0) s.avsnitt("Ingen mengder oppgitt.");
  });
}

function skrivBehandlingliste(s: Skriver, behandlinger: readonly Behandling[]): void {
  for (const b of behandlinger) {
    const v = behandlingVisning(b);
    s.avsnitt(v.tittel, { font: FONT_FET, luftEtter: 2 });
    s.felter(v.detaljer, 120);
  }
}

function skrivBehandlinger(s: Skriver, sert: LagretSertifikat): void {
  s.seksjon("Behandlinger", () => {
    const linjer = sert.varelinjer;
    if (linjer.every((l) => l.behandlinger.length === 0)) {
      s.avsnitt("Ingen behandlinger");
      return;
    }
    const foerste = linjer.find((l) => l.behandlinger.length > 0);
    if (harSammeBehandlinger(linjer) && foerste) {
      s.avsnitt("Alle varelinjene har de samme behandlingene:", { font: FONT_KURSIV });
      skrivBehandlingliste(s, foerste.behandlinger);
      return;
    }
    for (const linje of linjer) {
      s.overskrift(linjeoverskrift(linje), 3);
      if (linje.behandlinger.length === 0) s.avsnitt("Ingen behandlinger");
      else skrivBehandlingliste(s, linje.behandlinger);
    }
  });
}

function skrivVedlegg(s: Skriver, input: SertifikatPdfInput): void {
  const sert = input.sertifikat;
  s.seksjon("Vedlegg", () => {
    const vedlegg: {
      filnavn?: string | null;
      mimetype: string;
      identifikator?: string | null;
      informasjon?: string;
    }[] = input.vedlegg ?? sert.vedlegg;
    if (vedlegg.length === 0) {
      s.avsnitt("Ingen vedlegg");
    } else {
      s.liste(
        vedlegg.map((v, i) => {
          const filnavn = tekst(v.filnavn);
          const id = tekst(v.identifikator);
          const navn = filnavn ?? id ?? `Vedlegg ${i + 1}`;
          const info =
            tekst(v.informasjon) ??
            tekst(
              sert.vedlegg.find(
                (sv) => (id && tekst(sv.identifikator) === id) || (filnavn && tekst(sv.filnavn) === filnavn),
              )?.informasjon,
            );
          const deler = [tekst(v.mimetype), filnavn && id && id !== filnavn ? `id ${id}` : undefined, info];
          const ekstra = deler.filter((d): d is string => d !== undefined);
          return ekstra.length > 0 ? `${navn} (${ekstra.join(", ")})` : navn;
        }),
      );
    }
    const refererte = refererteDokumenterTekster(sert);
    if (refererte.length > 0) {
      s.overskrift("Refererte dokumenter", 3);
      s.liste(refererte);
    }
  });
}

function skrivErklaeringer(s: Skriver, sert: LagretSertifikat): void {
  s.seksjon("Erklæringer", () => {
    s.felter([["Fri for skadegjørere", friForPestTekst(sert)]]);
    if (erReeksport(sert)) {
      s.overskrift("Reeksporterklæring", 3);
      const erklaering = reeksportErklaering(sert);
      if ("felles" in erklaering) s.avsnitt(erklaering.felles);
      else
        s.felter(
          erklaering.perLinje.map((l): [string, string] => [`Varelinje ${l.sorteringsnummer}`, l.tekst]),
        );
    } else {
      s.overskrift("Eksporterklæring", 3);
      s.avsnitt(EKSPORTERKLAERING);
    }
    s.overskrift("Finansiell erklæring", 3);
    s.avsnitt(finansiellErklaering(sert));
    const klausuler = (sert.signatur?.klausuler ?? []).flatMap((k) => tekst(k.innhold) ?? []);
    if (klausuler.length > 0) {
      s.overskrift("Sertifiseringsklausuler", 3);
      s.liste(klausuler);
    }
  });
}

function skrivSignatur(s: Skriver, sert: LagretSertifikat): void {
  s.seksjon("Signatur", () => {
    const sig = sert.signatur;
    const felter: [string, string | undefined][] = [
      ["Navn", tekst(sig?.navn)],
      ["Sted", tekst(sig?.sted)],
      ["Dato", datoTekst(sig?.dato)],
      ["Myndighet", tekst(sig?.organisasjon) ?? tekst(sert.utsteder)],
    ];
    if (felter.every(([, v]) => v === undefined)) s.avsnitt("Ingen signaturopplysninger");
    else s.felter(felter);
  });
}

/** The certificate as an A4 PDF in Norwegian. */
export async function lagSertifikatPdf(input: SertifikatPdfInput): Promise<Buffer> {
  const sert = input.sertifikat;
  const nummer = tekst(sert.nummer) ?? UKJENT_NUMMER;
  const tittel = dokumenttittel(sert);
  const generert = input.generert ?? new Date();

  const doc = new PDFDocument({
    size: "A4",
    margins: MARGER,
    bufferPages: true,
    pdfVersion: "1.7",
    tagged: true,
    lang: "nb-NO",
    displayTitle: true,
    font: FONT,
    info: {
      Title: pdfTekst(`${tittel} ${nummer}`),
      Subject: pdfTekst(`${tittel} ${nummer}${tekst(sert.utsteder) ? ` fra ${tekst(sert.utsteder)}` : ""}`),
      Author: "Digital forhåndsmelding",
      Creator: "Digital forhåndsmelding",
      Keywords: "ePhyto, plantesunnhetssertifikat",
      CreationDate: generert,
      ModDate: generert,
    },
  });

  const deler: Buffer[] = [];
  const ferdig = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (del: Buffer) => deler.push(del));
    doc.on("end", () => resolve(Buffer.concat(deler)));
    doc.on("error", reject);
  });

  try {
    const s = new Skriver(doc);
    skrivHode(s, input, nummer);
    skrivVurdering(s, input);
    skrivTransport(s, sert);
    skrivParter(s, sert);
    skrivTilleggserklaeringer(s, sert);
    skrivVarelinjer(s, input);
    skrivBehandlinger(s, sert);
    skrivVedlegg(s, input);
    skrivErklaeringer(s, sert);
    skrivSignatur(s, sert);
    s.bunntekst(`Generert ${formaterDatoTid(generert)}`, `${tittel} ${nummer}`);
  } catch (feil) {
    doc.end();
    await ferdig.catch(() => undefined);
    throw feil;
  }
  doc.end();
  return ferdig;
}
