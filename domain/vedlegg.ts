// Attachment types (SPEC §3 Attachment, §5 display rules): only pdf, png, jpg, jpeg and gif open in the
// browser; everything else is downloaded, and an unknown type is application/octet-stream.

export const APNE_BARE_TYPER = ["pdf", "png", "jpg", "jpeg", "gif"] as const;

export const STANDARD_MIMETYPE = "application/octet-stream";

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation";
const ODT = "application/vnd.oasis.opendocument.text";
const ODS = "application/vnd.oasis.opendocument.spreadsheet";

/** File extension → mimetype. */
const MIMETYPE_FOR_ENDELSE: Record<string, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  tif: "image/tiff",
  tiff: "image/tiff",
  bmp: "image/bmp",
  webp: "image/webp",
  svg: "image/svg+xml",
  txt: "text/plain",
  csv: "text/csv",
  xml: "application/xml",
  json: "application/json",
  html: "text/html",
  htm: "text/html",
  rtf: "application/rtf",
  eml: "message/rfc822",
  msg: "application/vnd.ms-outlook",
  zip: "application/zip",
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  ppt: "application/vnd.ms-powerpoint",
  docx: DOCX,
  xlsx: XLSX,
  pptx: PPTX,
  odt: ODT,
  ods: ODS,
};

/** Mimetype → short type, for a mimetype that has a natural file type. */
const ENDELSE_FOR_MIMETYPE: Record<string, string> = {
  "application/pdf": "pdf",
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/jpg": "jpg",
  "image/gif": "gif",
  "image/tiff": "tiff",
  "image/bmp": "bmp",
  "image/webp": "webp",
  "image/svg+xml": "svg",
  "text/plain": "txt",
  "text/csv": "csv",
  "application/xml": "xml",
  "text/xml": "xml",
  "application/json": "json",
  "text/html": "html",
  "application/rtf": "rtf",
  "message/rfc822": "eml",
  "application/vnd.ms-outlook": "msg",
  "application/zip": "zip",
  "application/msword": "doc",
  "application/vnd.ms-excel": "xls",
  "application/vnd.ms-powerpoint": "ppt",
  [DOCX]: "docx",
  [XLSX]: "xlsx",
  [PPTX]: "pptx",
  [ODT]: "odt",
  [ODS]: "ods",
};

const APNE_BARE_MIMETYPER = new Set(["application/pdf", "image/png", "image/jpeg", "image/jpg", "image/gif"]);
const ZIP_BASERTE = new Set([DOCX, XLSX, PPTX, ODT, ODS, "application/zip"]);
const OLE_BASERTE = new Set([
  "application/msword",
  "application/vnd.ms-excel",
  "application/vnd.ms-powerpoint",
  "application/vnd.ms-outlook",
]);
const TEKSTBASERTE = new Set([
  "text/plain",
  "text/csv",
  "text/html",
  "application/xml",
  "application/json",
  "image/svg+xml",
  "application/rtf",
  "message/rfc822",
]);

/** "Application/PDF; charset=binary" → "application/pdf". */
export function normaliserMimetype(mimetype: string | null | undefined): string {
  return (mimetype ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/** The lower-case extension of a file name, or undefined. */
export function filendelse(filnavn: string | null | undefined): string | undefined {
  const navn = (filnavn ?? "").trim();
  const punktum = navn.lastIndexOf(".");
  if (punktum <= 0 || punktum === navn.length - 1) return undefined;
  const endelse = navn.slice(punktum + 1).toLowerCase();
  return /^[a-z0-9]+$/.test(endelse) ? endelse : undefined;
}

function starterMed(bytes: Uint8Array, signatur: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signatur.length) return false;
  return signatur.every((b, i) => bytes[offset + i] === b);
}

function ascii(bytes: Uint8Array, start: number, slutt: number): string {
  let s = "";
  for (let i = start; i < Math.min(slutt, bytes.length); i++) s += String.fromCharCode(bytes[i] ?? 0);
  return s;
}

/** Looks inside a zip for the marks of an office document. */
function zipType(bytes: Uint8Array): string {
  // An OpenDocument file stores an uncompressed "mimetype" entry first.
  const odf = ascii(bytes, 30, 30 + 8 + 50);
  if (odf.startsWith("mimetype")) {
    if (odf.includes(ODT)) return ODT;
    if (odf.includes(ODS)) return ODS;
  }
  // Office Open XML: the local file headers name the part folders.
  const hode = ascii(bytes, 0, 64 * 1024);
  if (hode.includes("word/")) return DOCX;
  if (hode.includes("xl/")) return XLSX;
  if (hode.includes("ppt/")) return PPTX;
  return "application/zip";
}

/** Valid UTF-8 without control characters other than tab, LF, FF and CR (looks at the first 1024 bytes). */
function erTekst(bytes: Uint8Array): boolean {
  const utsnitt = bytes.subarray(0, 1024);
  if (utsnitt.length === 0) return false;
  for (const b of utsnitt) {
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) return false;
    if (b === 0x7f) return false;
  }
  try {
    // Streaming mode tolerates a multi-byte character cut off at the end of the sample.
    new TextDecoder("utf-8", { fatal: true }).decode(utsnitt, { stream: utsnitt.length < bytes.length });
    return true;
  } catch {
    return false;
  }
}

/** Sniffs the content; a text match is returned as "text" so the extension may refine it. */
function sniff(bytes: Uint8Array): string | undefined {
  // %PDF- at the start, or (as readers allow) after some leading bytes within the first kilobyte.
  if (ascii(bytes, 0, 1024).includes("%PDF-")) return "application/pdf";
  if (starterMed(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starterMed(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  const start6 = ascii(bytes, 0, 6);
  if (start6 === "GIF87a" || start6 === "GIF89a") return "image/gif";
  if (starterMed(bytes, [0x49, 0x49, 0x2a, 0x00]) || starterMed(bytes, [0x4d, 0x4d, 0x00, 0x2a])) {
    return "image/tiff";
  }
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "image/webp";
  if (
    starterMed(bytes, [0x50, 0x4b, 0x03, 0x04]) ||
    starterMed(bytes, [0x50, 0x4b, 0x05, 0x06]) ||
    starterMed(bytes, [0x50, 0x4b, 0x07, 0x08])
  ) {
    return zipType(bytes);
  }
  if (starterMed(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return "ole";
  if (erTekst(bytes)) {
    const medBom = starterMed(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
    const hode = ascii(bytes, medBom, 512).trimStart().toLowerCase();
    if (hode.startsWith("{\\rtf")) return "application/rtf";
    if (hode.startsWith("<!doctype html") || hode.startsWith("<html")) return "text/html";
    if (hode.startsWith("<svg") || (hode.startsWith("<?xml") && hode.includes("<svg")))
      return "image/svg+xml";
    if (hode.startsWith("<?xml")) return "application/xml";
    return "text";
  }
  return undefined;
}

/**
 * The mimetype of an attachment: from its content first (PDF, PNG, JPEG, GIF, TIFF, WebP, zip and office
 * documents, old Office files, RTF, HTML, SVG, XML, plain text), then from its file name, otherwise
 * application/octet-stream.
 */
export function mimetypeFor(filnavn?: string | null, bytes?: Uint8Array | null): string {
  const endelse = filendelse(filnavn);
  const etterNavn = endelse ? MIMETYPE_FOR_ENDELSE[endelse] : undefined;
  const etterInnhold = bytes ? sniff(bytes) : undefined;
  if (etterInnhold === "ole") return etterNavn && OLE_BASERTE.has(etterNavn) ? etterNavn : STANDARD_MIMETYPE;
  if (etterInnhold === "application/zip" && etterNavn && ZIP_BASERTE.has(etterNavn)) return etterNavn;
  if (etterInnhold === "text") return etterNavn && TEKSTBASERTE.has(etterNavn) ? etterNavn : "text/plain";
  if (etterInnhold) return etterInnhold;
  return etterNavn ?? STANDARD_MIMETYPE;
}

/** True only for pdf, png, jpg/jpeg and gif (a mimetype, or a bare file type such as "pdf"). */
export function kanAapneVedlegg(mimetype: string | null | undefined): boolean {
  const type = normaliserMimetype(mimetype);
  if (!type.includes("/")) return (APNE_BARE_TYPER as readonly string[]).includes(type);
  return APNE_BARE_MIMETYPER.has(type);
}

/**
 * A short file type such as "pdf", "png" or "jpeg": the file name's extension when it agrees with the
 * mimetype (or the mimetype is unknown), else the mimetype's usual extension; "" when neither tells.
 */
export function filtype(filnavn?: string | null, mimetype?: string | null): string {
  const endelse = filendelse(filnavn);
  const type = normaliserMimetype(mimetype);
  const fraMimetype = ENDELSE_FOR_MIMETYPE[type];
  if (endelse) {
    const endelsensType = MIMETYPE_FOR_ENDELSE[endelse];
    const enige =
      endelsensType === type || (endelsensType === "image/jpeg" && type === "image/jpg") || !fraMimetype;
    if (enige) return endelse;
  }
  return fraMimetype ?? "";
}
