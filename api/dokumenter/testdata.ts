// Test data for the document tests: the two sample certificates and a synthetic one with many lines.

import { readFileSync } from "node:fs";
import { inflateSync } from "node:zlib";
import { vurderSertifikat } from "../../domain/risk/vurder";
import {
  type Behandling,
  type LagretSertifikat,
  parseEphyto,
  utenVedleggsdata,
  type Varelinje,
} from "../ephyto/parse";

export function reeksportNl(): LagretSertifikat {
  return utenVedleggsdata(
    parseEphyto(readFileSync(new URL("../ephyto/fixtures/reeksport-nl.xml", import.meta.url))),
  );
}

export function hubEksempel(): LagretSertifikat {
  return utenVedleggsdata(
    parseEphyto(readFileSync(new URL("../ephyto/fixtures/hub-envelope-sample.xml", import.meta.url))),
  );
}

export function vurder(s: LagretSertifikat) {
  return vurderSertifikat({
    varelinjer: s.varelinjer.map((l) => ({
      botaniskNavn: l.botaniskNavn,
      opprinnelsesland: l.opprinnelsesland.flatMap((o) => o.kode ?? []),
      tilsiktetBruk: l.klassifisering.tilsiktetBrukKode ?? l.klassifisering.tilsiktetBruk,
      plantedel: l.klassifisering.plantedel,
    })),
  });
}

function behandling(beskrivelse: string): Behandling {
  return { kjemikalier: [], andreEgenskaper: [], merknader: [], beskrivelse };
}

export function syntetiskVarelinje(
  nr: number,
  behandlinger: Behandling[] = [behandling("Varmebehandling, 56 °C")],
): Varelinje {
  const to = String(nr).padStart(2, "0");
  return {
    sorteringsnummer: nr,
    navn: `Plante ${to}`,
    botaniskNavn: `Planta ${to}`,
    beskrivelse:
      nr % 10 === 0
        ? `Lang beskrivelse med æøå og – tankestrek. ${"Mer tekst. ".repeat(30)}`
        : "Potteplanter",
    klassifisering: {
      hsKode: "06029050",
      plantedel: "Plants",
      tilstander: ["Rooted"],
      tilsiktetBruk: "Planting",
      tilsiktetBrukKode: "PLANTING",
      eppoKoder: [],
      andre: [],
    },
    mengde: {
      antall: { verdi: nr * 10, enhet: "H87" },
      nettoVekt: { verdi: 1000 + nr, enhet: "KGM" },
      bruttoVekt: { verdi: 2000 + nr, enhet: "KGM" },
      // Not shown: a negative value and a quantity without a unit (SPEC §5).
      nettoVolum: { verdi: -1, enhet: "MTQ" },
      bruttoVolum: { verdi: 3 },
    },
    pakker: [{ sorteringsnummer: 1, pakkeKode: "BX", antall: nr }],
    kjennetegn: nr === 1 ? ["MERKE-1"] : [],
    opprinnelsesland: [{ kode: "NL" }],
    behandlinger,
    harTilleggserklaeringer: false,
    varelinjeTilleggserklaering: { tilleggserklaeringer: [], offisiellTilleggsInformasjon: [] },
    ukjenteMerknader: [],
  };
}

export function syntetiskSertifikat(
  antallLinjer: number,
  endring: Partial<LagretSertifikat> = {},
): LagretSertifikat {
  return {
    nummer: "NL-2026-123",
    type: "Eksport",
    typeKode: "851",
    statusKode: "70",
    utstedtDato: "2026-02-27T09:00:00.000Z",
    utstedtDag: "2026-02-27",
    utsteder: "NVWA",
    avsender: { navn: "Kwekerij Ærlig B.V.", adresse: { linje1: "Straat 1" }, identifikatorer: [] },
    mottaker: { navn: "Blomster Øst AS", identifikatorer: [], organisasjonsnummer: "998877660" },
    eksportLand: { kode: "NL" },
    importLand: { kode: "NO" },
    transittland: [],
    transportmidler: [{ modusKode: "3", transportMetode: "Veitransport", navn: "Lastebil" }],
    transportutstyr: [],
    varelinjer: Array.from({ length: antallLinjer }, (_, i) => syntetiskVarelinje(i + 1)),
    tilleggserklaering: { tilleggserklaeringer: [], offisiellTilleggsinformasjon: [] },
    kjennetegn: [],
    vedlegg: [],
    refererteDokumenter: [],
    ukjenteMerknader: [],
    ...endring,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Reading text back from a PDF made by pdfkit (FlateDecode content streams, hex strings in TJ arrays)
// ---------------------------------------------------------------------------------------------------------

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
