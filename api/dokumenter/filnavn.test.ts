import { describe, expect, it } from "vitest";
import { contentDisposition, dokumentFilnavn } from "./filnavn";

describe("dokumentFilnavn", () => {
  it("makes a safe ASCII file name", () => {
    expect(dokumentFilnavn("NL-2026-123", "pdf")).toBe("sertifikat-NL-2026-123.pdf");
    expect(dokumentFilnavn("PHYTO.NL.2026.0001234", "xlsx")).toBe("sertifikat-PHYTO.NL.2026.0001234.xlsx");
    expect(dokumentFilnavn("NL 2026/123", "pdf")).toBe("sertifikat-NL-2026-123.pdf");
    expect(dokumentFilnavn("../../etc/passwd", "pdf")).toBe("sertifikat-etc-passwd.pdf");
    expect(dokumentFilnavn('Ø-Åé\r\n"x"', "pdf")).toBe("sertifikat-Ae-x.pdf");
    expect(dokumentFilnavn("", "pdf")).toBe("sertifikat.pdf");
    expect(dokumentFilnavn("///", "xlsx")).toBe("sertifikat.xlsx");
    expect(dokumentFilnavn("A".repeat(500), "pdf")).toHaveLength("sertifikat-.pdf".length + 100);
    expect(dokumentFilnavn("NL-2026-123", "pdf")).toMatch(/^[A-Za-z0-9._-]+$/);
  });
});

describe("contentDisposition", () => {
  it("gives inline or attachment with filename and filename*", () => {
    expect(contentDisposition("sertifikat-NL-1.pdf", true)).toBe(
      `inline; filename="sertifikat-NL-1.pdf"; filename*=UTF-8''sertifikat-NL-1.pdf`,
    );
    expect(contentDisposition("sertifikat-NL-1.xlsx", false)).toBe(
      `attachment; filename="sertifikat-NL-1.xlsx"; filename*=UTF-8''sertifikat-NL-1.xlsx`,
    );
  });

  it("encodes non-ASCII names per RFC 5987 and keeps the fallback quoted-string safe", () => {
    const navn = `rapport "blåbær" (1)*'100%'.pdf`;
    const header = contentDisposition(navn, false);
    const [, fallback] = /filename="([^"]*)"/.exec(header) ?? [];
    const [, utvidet] = /filename\*=UTF-8''(\S+)$/.exec(header) ?? [];
    expect(fallback).toBe("rapport _blab_r_ (1)*'100_'.pdf");
    expect(utvidet).toMatch(/^[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
    expect(decodeURIComponent(utvidet ?? "")).toBe(navn);
    expect(utvidet).toContain("bl%C3%A5b%C3%A6r");
  });

  it("removes control characters and path separators", () => {
    const header = contentDisposition("a\r\nb/c\\d.pdf", true);
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toContain(`filename="ab-c-d.pdf"`);
  });
});
