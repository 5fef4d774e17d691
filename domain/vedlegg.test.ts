import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import {
  APNE_BARE_TYPER,
  filendelse,
  filtype,
  kanAapneVedlegg,
  mimetypeFor,
  normaliserMimetype,
  STANDARD_MIMETYPE,
} from "./vedlegg";

const b = (...deler: Array<string | number[]>) =>
  new Uint8Array(deler.flatMap((d) => (typeof d === "string" ? [...new TextEncoder().encode(d)] : d)));

/** A zip local file header naming `navn` (content left out; only the header matters here). */
const zipHode = (navn: string, innhold = "") =>
  b([0x50, 0x4b, 0x03, 0x04], new Array<number>(22).fill(0), [navn.length, 0, 0, 0], navn, innhold);

const PDF = b("%PDF-1.7\n%\u00e2\u00e3\n1 0 obj");
const PNG = b([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], "IHDR");
const JPEG = b([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF");
const GIF = b("GIF89a", [1, 0, 1, 0]);
const OLE = b([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);

describe("mimetypeFor: content first", () => {
  it.each([
    ["PDF", PDF, "application/pdf"],
    ["PDF with leading bytes", b("junk\n", "%PDF-1.4"), "application/pdf"],
    ["PNG", PNG, "image/png"],
    ["JPEG", JPEG, "image/jpeg"],
    ["GIF87a", b("GIF87a", [1, 0]), "image/gif"],
    ["GIF89a", GIF, "image/gif"],
    ["TIFF", b([0x49, 0x49, 0x2a, 0x00, 8, 0]), "image/tiff"],
    ["WebP", b("RIFF", [0, 0, 0, 0], "WEBPVP8 "), "image/webp"],
    ["XML", b('<?xml version="1.0"?><a/>'), "application/xml"],
    ["XML with BOM", b([0xef, 0xbb, 0xbf], '  <?xml version="1.0"?><a/>'), "application/xml"],
    ["SVG", b('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'), "image/svg+xml"],
    ["HTML", b("<!DOCTYPE html><html></html>"), "text/html"],
    ["RTF", b("{\\rtf1\\ansi hei}"), "application/rtf"],
    ["text", b("Hei på deg,\r\nlinje to\tmed tab"), "text/plain"],
    ["zip", zipHode("data/fil.txt"), "application/zip"],
    [
      "docx",
      zipHode("[Content_Types].xml", "...PK\u0003\u0004word/document.xml"),
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ],
    [
      "pptx",
      zipHode("ppt/presentation.xml"),
      "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    ],
    [
      "odt",
      zipHode("mimetype", "application/vnd.oasis.opendocument.text"),
      "application/vnd.oasis.opendocument.text",
    ],
  ])("%s", (_navn, bytes, type) => {
    expect(mimetypeFor(undefined, bytes)).toBe(type);
  });

  it("recognises a real xlsx written by exceljs", async () => {
    const bok = new ExcelJS.Workbook();
    bok.addWorksheet("Ark1").addRow(["Hei", 1]);
    const bytes = new Uint8Array(await bok.xlsx.writeBuffer());
    expect(mimetypeFor(undefined, bytes)).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
  });

  it("trusts the content over a misleading extension", () => {
    expect(mimetypeFor("bilde.pdf", PNG)).toBe("image/png");
    expect(mimetypeFor("faktura.pdf", b("<html><script>alert(1)</script></html>"))).toBe("text/html");
    expect(mimetypeFor("faktura.pdf", b("bare tekst"))).toBe("text/plain");
  });

  it("lets the extension refine a generic match", () => {
    expect(mimetypeFor("liste.csv", b("a;b\n1;2\n"))).toBe("text/csv");
    expect(mimetypeFor("data.json", b('{"a":1}'))).toBe("application/json");
    expect(mimetypeFor("ark.xlsx", zipHode("annet/fil"))).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(mimetypeFor("gammel.doc", OLE)).toBe("application/msword");
    expect(mimetypeFor("gammel.xls", OLE)).toBe("application/vnd.ms-excel");
    expect(mimetypeFor("ukjent.bin", OLE)).toBe(STANDARD_MIMETYPE);
    expect(mimetypeFor("pakke.docx", OLE)).toBe(STANDARD_MIMETYPE);
  });

  it("treats binary that is not valid UTF-8 as unknown", () => {
    expect(mimetypeFor(undefined, b([0x00, 0x01, 0x02, 0xff]))).toBe(STANDARD_MIMETYPE);
    expect(mimetypeFor(undefined, b([0xc3, 0x28]))).toBe(STANDARD_MIMETYPE);
  });

  it("accepts a multi-byte character cut off at the end of the sample", () => {
    const lang = b("a".repeat(1023), "æøå");
    expect(mimetypeFor(undefined, lang)).toBe("text/plain");
  });
});

describe("mimetypeFor: by file name", () => {
  it.each([
    ["rapport.PDF", "application/pdf"],
    ["bilde.jpg", "image/jpeg"],
    ["bilde.JPEG", "image/jpeg"],
    ["anim.gif", "image/gif"],
    ["skjerm.png", "image/png"],
    ["ark.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    ["brev.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ["data.xml", "application/xml"],
    ["noe.xyz", STANDARD_MIMETYPE],
    ["uten-endelse", STANDARD_MIMETYPE],
    [".skjult", STANDARD_MIMETYPE],
    [undefined, STANDARD_MIMETYPE],
  ])("%j → %s", (navn, type) => {
    expect(mimetypeFor(navn)).toBe(type);
    expect(mimetypeFor(navn, new Uint8Array())).toBe(type);
  });
});

describe("kanAapneVedlegg", () => {
  it("lists the five openable types", () => {
    expect(APNE_BARE_TYPER).toEqual(["pdf", "png", "jpg", "jpeg", "gif"]);
  });

  it.each([
    ["application/pdf", true],
    ["Application/PDF; charset=binary", true],
    ["image/png", true],
    ["image/jpeg", true],
    ["image/jpg", true],
    ["image/gif", true],
    ["pdf", true],
    ["JPEG", true],
    ["image/svg+xml", false],
    ["text/html", false],
    ["image/tiff", false],
    ["application/octet-stream", false],
    ["text/plain", false],
    ["", false],
    [undefined, false],
    [null, false],
  ])("%j → %s", (type, ut) => {
    expect(kanAapneVedlegg(type)).toBe(ut);
  });
});

describe("filtype", () => {
  it.each([
    ["rapport.pdf", "application/pdf", "pdf"],
    ["Rapport.PDF", undefined, "pdf"],
    ["bilde.jpeg", "image/jpeg", "jpeg"],
    ["bilde.jpg", "image/jpg", "jpg"],
    ["uten-endelse", "image/png", "png"],
    [undefined, "image/jpeg", "jpg"],
    ["bilde.pdf", "image/png", "png"],
    ["ark.xlsx", "application/octet-stream", "xlsx"],
    ["noe.xyz", undefined, "xyz"],
    [undefined, "application/octet-stream", ""],
    [undefined, undefined, ""],
  ])("%j %j → %j", (navn, type, ut) => {
    expect(filtype(navn, type)).toBe(ut);
  });
});

describe("helpers", () => {
  it("normaliserMimetype", () => {
    expect(normaliserMimetype(" Text/Plain ; charset=UTF-8")).toBe("text/plain");
    expect(normaliserMimetype(undefined)).toBe("");
  });

  it("filendelse", () => {
    expect(filendelse("a.tar.GZ")).toBe("gz");
    expect(filendelse("slutt.")).toBeUndefined();
    expect(filendelse("mappe.v2/fil")).toBeUndefined();
  });
});
