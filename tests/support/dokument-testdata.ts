// Test data for the document tests: the two sample certificates and a synthetic one with many lines.

import { readFileSync } from "node:fs";
import {
  type Behandling,
  type LagretSertifikat,
  parseEphyto,
  utenVedleggsdata,
  type Varelinje,
} from "../../api/ephyto/parse";
import { vurderSertifikat } from "../../domain/risiko/vurder";

export function reeksportNl(): LagretSertifikat {
  return utenVedleggsdata(
    parseEphyto(readFileSync(new URL("../../api/ephyto/fixtures/reeksport-nl.xml", import.meta.url))),
  );
}

export function hubEksempel(): LagretSertifikat {
  return utenVedleggsdata(
    parseEphyto(readFileSync(new URL("../../api/ephyto/fixtures/hub-envelope-sample.xml", import.meta.url))),
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

export { antallSider, pdfSider } from "../pdf-tekst";
