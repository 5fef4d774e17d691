// File names and Content-Disposition headers for the certificate documents.

const MAKS_NUMMERLENGDE = 100;

/**
 * A safe ASCII file name for a certificate document: `sertifikat-NL-2026-123.pdf`. Letters lose their
 * accents; anything outside [A-Za-z0-9._-] becomes "-", runs of "-" are merged, and leading or trailing dots
 * and dashes are removed (no hidden files, no "..").
 */
export function dokumentFilnavn(nummer: string, ending: "pdf" | "xlsx"): string {
  const trygt = (nummer ?? "")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^A-Za-z0-9._-]/g, "-")
    .replace(/\.{2,}/g, ".")
    .replace(/-{2,}/g, "-")
    .slice(0, MAKS_NUMMERLENGDE)
    .replace(/^[.-]+|[.-]+$/g, "");
  return trygt === "" ? `sertifikat.${ending}` : `sertifikat-${trygt}.${ending}`;
}

/** RFC 5987 ext-value: UTF-8, percent-encoding everything outside attr-char. */
function rfc5987(verdi: string): string {
  return encodeURIComponent(verdi).replace(
    /['()*]/g,
    (tegn) => `%${tegn.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * A Content-Disposition header value: `attachment; filename="…"; filename*=UTF-8''…` (or `inline`).
 * The plain `filename` is an ASCII fallback (quotes, backslashes, control and non-ASCII characters
 * replaced); `filename*` carries the exact name per RFC 5987/6266.
 */
export function contentDisposition(filnavn: string, inline: boolean): string {
  const renset = (filnavn ?? "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters must not reach a header.
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, "")
    .replace(/[/\\]/g, "-")
    .trim();
  const navn = renset === "" ? "dokument" : renset;
  const ascii =
    navn
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .replace(/[^\x20-\x7e]/g, "_")
      .replace(/["%]/g, "_") || "dokument";
  const type = inline ? "inline" : "attachment";
  return `${type}; filename="${ascii}"; filename*=UTF-8''${rfc5987(navn)}`;
}
