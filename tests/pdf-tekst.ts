// Reading the text of the PDFs the service makes, for tests (unit tests of api/dokumenter and e2e).
import { inflateSync } from "node:zlib";

const WIN_ANSI_80_9F: Record<number, string> = {
  128: "€",
  133: "…",
  145: "‘",
  146: "’",
  147: "“",
  148: "”",
  149: "•",
  150: "–",
  151: "—",
};

function winAnsi(hex: string): string {
  let ut = "";
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const byte = Number.parseInt(hex.slice(i, i + 2), 16);
    ut += WIN_ANSI_80_9F[byte] ?? String.fromCharCode(byte);
  }
  return ut;
}

/** The decoded streams of a PDF, in file order. */
export function pdfStrommer(pdf: Buffer): string[] {
  const tekst = pdf.toString("latin1");
  const strommer: string[] = [];
  const moenster = /(?<!end)stream\r?\n/g;
  for (let treff = moenster.exec(tekst); treff; treff = moenster.exec(tekst)) {
    const start = treff.index + treff[0].length;
    const slutt = tekst.indexOf("endstream", start);
    if (slutt < 0) break;
    const data = pdf.subarray(start, slutt);
    try {
      strommer.push(inflateSync(data).toString("latin1"));
    } catch {
      strommer.push(data.toString("latin1"));
    }
    moenster.lastIndex = slutt + "endstream".length;
  }
  return strommer;
}

/** The text runs (one per TJ/Tj) of a content stream. */
export function tekstbiter(strom: string): string[] {
  const biter: string[] = [];
  for (const treff of strom.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
    const hex =
      treff[1] !== undefined
        ? [...treff[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join("")
        : treff[2];
    biter.push(winAnsi(hex ?? ""));
  }
  return biter;
}

/** The content streams that draw text, each as its text runs. */
export function pdfSider(pdf: Buffer): string[][] {
  return pdfStrommer(pdf)
    .filter((s) => /\bBT\b/.test(s))
    .map(tekstbiter);
}

export function antallSider(pdf: Buffer): number {
  return (pdf.toString("latin1").match(/\/Type \/Page\b(?!s)/g) ?? []).length;
}
