// Attachment files for demo and test certificates: small real files in dev/fixtures/ (a PNG, a JPEG, a GIF and
// a Word document that browsers cannot show), and a one-page PDF with a line of text, made here because each
// certificate's copy names its own certificate. The compiled build copies dev/fixtures/ to build/demo/fixtures/
// (scripts/bygg-drift.mjs), where its chunks find it the same way.
import { readFileSync } from "node:fs";

export type VedleggFil = "bilde.png" | "bilde.jpg" | "etikett.gif" | "tilleggsinformasjon.docx";

/** A file from dev/fixtures/. */
export function vedleggFil(navn: VedleggFil): Uint8Array {
  return readFileSync(new URL(`./fixtures/${navn}`, import.meta.url));
}

/** A one-page PDF with a line of text (with a correct cross-reference table). */
export function lagPdf(tekst: string): Uint8Array {
  const innhold = `BT /F1 16 Tf 60 780 Td (${tekst.replace(/[\\()]/g, "\\$&")}) Tj ET`;
  const objekter = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${innhold.length} >>\nstream\n${innhold}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let pdf = "%PDF-1.4\n";
  const posisjoner: number[] = [];
  objekter.forEach((o, i) => {
    posisjoner.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objekter.length + 1}\n0000000000 65535 f \n`;
  for (const p of posisjoner) pdf += `${String(p).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objekter.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}
