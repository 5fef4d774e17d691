// A small .xlsx writer (Office Open XML SpreadsheetML, ECMA-376) for the service's one workbook, the
// certificate's goods lines (sertifikat-excel.ts): text, numbers and dates; bold and larger fonts, a fill and
// a bottom border, wrapped and top-aligned text; column widths, row heights, frozen header rows, an
// auto-filter and landscape A4 printing fitted to the page width. It replaces exceljs (23 MB with deprecated
// dependencies) with a few XML templates zipped by fflate (ADR 022). Texts are shared strings, as Excel
// writes them; characters XML 1.0 cannot hold are left out.
import { zipSync } from "fflate";

export type Verdi = string | number | Date | undefined;

export interface Stil {
  fet?: boolean;
  /** Font size in points (11 when not given). */
  stoerrelse?: number;
  /** Fill colour, "RRGGBB". */
  bakgrunn?: string;
  /** A thin bottom border in this colour, "RRGGBB". */
  bunnlinje?: string;
  bryt?: boolean;
  loddrett?: "top" | "center";
  vannrett?: "left";
}

export interface Rad {
  verdier: readonly Verdi[];
  stil?: Stil;
  /** Row height in points. */
  hoeyde?: number;
}

export interface Ark {
  navn: string;
  rader: readonly Rad[];
  /** Column widths in characters, from column A. */
  bredder: readonly number[];
  /** The number of top rows that stay in view when scrolling. */
  frosneRader?: number;
  /** An auto-filter from this row (its header) to the last row, over every column with a width. */
  filterFraRad?: number;
  liggende?: boolean;
}

export interface Bok {
  tittel: string;
  emne: string;
  forfatter: string;
  opprettet: Date;
  ark: readonly Ark[];
}

const DATOFORMAT_ID = 164;

/** XML 1.0 text: markup escaped, characters it cannot hold (controls, lone surrogates) left out. */
function xml(s: string): string {
  return s
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** "A", "B", …, "Z", "AA", … for a zero-based column. */
export function kolonnenavn(k: number): string {
  let navn = "";
  for (let n = k + 1; n > 0; n = Math.floor((n - 1) / 26))
    navn = String.fromCharCode(65 + ((n - 1) % 26)) + navn;
  return navn;
}

/** Excel's day number for a date (days since 30.12.1899, time as the fraction of a day; UTC). */
function datoserie(d: Date): number {
  return d.getTime() / 86_400_000 + 25_569;
}

/** The distinct fonts, fills, borders and cell formats of the workbook, numbered as styles.xml lists them. */
class Stiler {
  private fonter = ['<font><sz val="11"/><name val="Calibri"/><family val="2"/></font>'];
  private fyll = [
    '<fill><patternFill patternType="none"/></fill>',
    '<fill><patternFill patternType="gray125"/></fill>',
  ];
  private kanter = ["<border><left/><right/><top/><bottom/><diagonal/></border>"];
  private formater = ['<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'];

  private static indeks(liste: string[], post: string): number {
    const i = liste.indexOf(post);
    return i >= 0 ? i : liste.push(post) - 1;
  }

  /** The cell format index (`s`) for a style, with the date format for dates. */
  format(stil: Stil | undefined, dato: boolean): number {
    if (!stil && !dato) return 0;
    const s = stil ?? {};
    const font = Stiler.indeks(
      this.fonter,
      `<font>${s.fet ? "<b/>" : ""}<sz val="${s.stoerrelse ?? 11}"/><name val="Calibri"/><family val="2"/></font>`,
    );
    const fyll = s.bakgrunn
      ? Stiler.indeks(
          this.fyll,
          `<fill><patternFill patternType="solid"><fgColor rgb="FF${s.bakgrunn}"/><bgColor indexed="64"/></patternFill></fill>`,
        )
      : 0;
    const kant = s.bunnlinje
      ? Stiler.indeks(
          this.kanter,
          `<border><left/><right/><top/><bottom style="thin"><color rgb="FF${s.bunnlinje}"/></bottom><diagonal/></border>`,
        )
      : 0;
    const justering =
      s.bryt || s.loddrett || s.vannrett
        ? `<alignment${s.vannrett ? ` horizontal="${s.vannrett}"` : ""}${s.loddrett ? ` vertical="${s.loddrett}"` : ""}${s.bryt ? ' wrapText="1"' : ""}/>`
        : "";
    const xf =
      `<xf numFmtId="${dato ? DATOFORMAT_ID : 0}" fontId="${font}" fillId="${fyll}" borderId="${kant}" xfId="0"` +
      `${dato ? ' applyNumberFormat="1"' : ""}${font ? ' applyFont="1"' : ""}${fyll ? ' applyFill="1"' : ""}` +
      `${kant ? ' applyBorder="1"' : ""}${justering ? ` applyAlignment="1">${justering}</xf>` : "/>"}`;
    return Stiler.indeks(this.formater, xf);
  }

  xml(): string {
    return (
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
      `<numFmts count="1"><numFmt numFmtId="${DATOFORMAT_ID}" formatCode="dd.mm.yyyy"/></numFmts>` +
      `<fonts count="${this.fonter.length}">${this.fonter.join("")}</fonts>` +
      `<fills count="${this.fyll.length}">${this.fyll.join("")}</fills>` +
      `<borders count="${this.kanter.length}">${this.kanter.join("")}</borders>` +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      `<cellXfs count="${this.formater.length}">${this.formater.join("")}</cellXfs>` +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
      "</styleSheet>"
    );
  }
}

/** The shared string table: each distinct text once. */
class Tekster {
  private readonly nummer = new Map<string, number>();
  private antall = 0;

  indeks(s: string): number {
    this.antall++;
    let i = this.nummer.get(s);
    if (i === undefined) {
      i = this.nummer.size;
      this.nummer.set(s, i);
    }
    return i;
  }

  xml(): string {
    const poster = [...this.nummer.keys()].map((s) => `<si><t xml:space="preserve">${xml(s)}</t></si>`);
    return (
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${this.antall}" uniqueCount="${this.nummer.size}">` +
      `${poster.join("")}</sst>`
    );
  }
}

/** The last column's letters. */
const sisteKolonne = (ark: Ark) => kolonnenavn(Math.max(ark.bredder.length, 1) - 1);

/** The auto-filter's range: its header row to the last row (at least one row under the header). */
function filteromraade(ark: Ark): { fra: number; kolonne: string; til: number } | undefined {
  if (!ark.filterFraRad) return undefined;
  return {
    fra: ark.filterFraRad,
    kolonne: sisteKolonne(ark),
    til: Math.max(ark.rader.length, ark.filterFraRad + 1),
  };
}

function arkXml(ark: Ark, stiler: Stiler, tekster: Tekster): string {
  const siste = Math.max(ark.rader.length, 1);
  const rader = ark.rader.map((rad, r) => {
    const vanlig = stiler.format(rad.stil, false);
    const celler = rad.verdier.flatMap((v, k) => {
      if (v === undefined || v === "" || (typeof v === "number" && !Number.isFinite(v))) return [];
      const ref = `${kolonnenavn(k)}${r + 1}`;
      const s = v instanceof Date ? stiler.format(rad.stil, true) : vanlig;
      const stil = s ? ` s="${s}"` : "";
      if (typeof v === "string") return [`<c r="${ref}"${stil} t="s"><v>${tekster.indeks(v)}</v></c>`];
      return [`<c r="${ref}"${stil}><v>${typeof v === "number" ? v : datoserie(v)}</v></c>`];
    });
    const hoeyde = rad.hoeyde ? ` ht="${rad.hoeyde}" customHeight="1"` : "";
    return `<row r="${r + 1}"${hoeyde}>${celler.join("")}</row>`;
  });
  const frosne = ark.frosneRader ?? 0;
  const foersteFrie = `A${frosne + 1}`;
  const visning = frosne
    ? `<pane ySplit="${frosne}" topLeftCell="${foersteFrie}" activePane="bottomLeft" state="frozen"/>` +
      `<selection pane="bottomLeft" activeCell="${foersteFrie}" sqref="${foersteFrie}"/>`
    : "";
  const kolonner = ark.bredder.map(
    (b, k) => `<col min="${k + 1}" max="${k + 1}" width="${b}" customWidth="1"/>`,
  );
  const omraade = filteromraade(ark);
  const filter = omraade ? `<autoFilter ref="A${omraade.fra}:${omraade.kolonne}${omraade.til}"/>` : "";
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    (ark.liggende ? '<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>' : "") +
    `<dimension ref="A1:${sisteKolonne(ark)}${siste}"/>` +
    `<sheetViews><sheetView workbookViewId="0">${visning}</sheetView></sheetViews>` +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    (kolonner.length ? `<cols>${kolonner.join("")}</cols>` : "") +
    `<sheetData>${rader.join("")}</sheetData>` +
    filter +
    '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>' +
    (ark.liggende
      ? '<pageSetup paperSize="9" orientation="landscape" fitToWidth="1" fitToHeight="0"/>'
      : "") +
    "</worksheet>"
  );
}

/** A sheet name as Excel allows it: at most 31 characters, none of : \ / ? * [ ]. */
function arknavn(navn: string): string {
  return navn.replace(/[:\\/?*[\]]/g, " ").slice(0, 31) || "Ark";
}

/** The workbook as an .xlsx file. */
export function skrivRegneark(bok: Bok): Buffer {
  const stiler = new Stiler();
  const tekster = new Tekster();
  const arkfiler = Object.fromEntries(
    bok.ark.map((ark, i) => [`xl/worksheets/sheet${i + 1}.xml`, arkXml(ark, stiler, tekster)]),
  );
  const navn = bok.ark.map((ark) => arknavn(ark.navn));
  const filtre = bok.ark.flatMap((ark, i) => {
    const omraade = filteromraade(ark);
    if (!omraade) return [];
    const arket = `'${xml(navn[i] ?? "").replace(/'/g, "''")}'`;
    return [
      `<definedName name="_xlnm._FilterDatabase" localSheetId="${i}" hidden="1">${arket}!$A$${omraade.fra}:$${omraade.kolonne}$${omraade.til}</definedName>`,
    ];
  });
  const tid = `${bok.opprettet.toISOString().slice(0, 19)}Z`;
  // [Content_Types].xml first, as Office writes it.
  const filer: Record<string, string> = {
    "[Content_Types].xml":
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      bok.ark
        .map(
          (_, i) =>
            `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
        )
        .join("") +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
      '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
      '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>' +
      "</Types>",
    "_rels/.rels":
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
      '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
      '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/>' +
      "</Relationships>",
    "docProps/core.xml":
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ' +
      'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
      'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
      `<dc:title>${xml(bok.tittel)}</dc:title><dc:subject>${xml(bok.emne)}</dc:subject>` +
      `<dc:creator>${xml(bok.forfatter)}</dc:creator><cp:lastModifiedBy>${xml(bok.forfatter)}</cp:lastModifiedBy>` +
      `<dcterms:created xsi:type="dcterms:W3CDTF">${tid}</dcterms:created>` +
      `<dcterms:modified xsi:type="dcterms:W3CDTF">${tid}</dcterms:modified>` +
      "</cp:coreProperties>",
    "docProps/app.xml":
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">' +
      `<Application>${xml(bok.forfatter)}</Application></Properties>`,
    "xl/workbook.xml":
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
      'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
      '<bookViews><workbookView activeTab="0"/></bookViews><sheets>' +
      navn.map((n, i) => `<sheet name="${xml(n)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join("") +
      "</sheets>" +
      (filtre.length ? `<definedNames>${filtre.join("")}</definedNames>` : "") +
      "</workbook>",
    "xl/_rels/workbook.xml.rels":
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      bok.ark
        .map(
          (_, i) =>
            `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
        )
        .join("") +
      `<Relationship Id="rId${bok.ark.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>` +
      `<Relationship Id="rId${bok.ark.length + 2}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>` +
      "</Relationships>",
    ...arkfiler,
    "xl/styles.xml": stiler.xml(),
    "xl/sharedStrings.xml": tekster.xml(),
  };
  const koder = new TextEncoder();
  const zip = zipSync(
    Object.fromEntries(Object.entries(filer).map(([sti, innhold]) => [sti, koder.encode(innhold)])),
    { level: 6, mtime: bok.opprettet },
  );
  return Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
}
