import { describe, expect, it } from "vitest";
import { bokmaalIgjen } from "../../tests/support/bokmaal-igjen";
import {
  antallSider,
  hubEksempel,
  pdfSider,
  reeksportNl,
  syntetiskSertifikat,
  syntetiskVarelinje,
  vurder,
} from "../../tests/support/dokument-testdata";
import { lagSertifikatPdf, pdfTekst } from "./sertifikat-pdf";

const GENERERT = new Date("2026-03-01T12:00:00Z");

function erGyldigPdf(pdf: Buffer): void {
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(pdf.toString("latin1").trimEnd().endsWith("%%EOF")).toBe(true);
}

/** All text of the PDF, one run per line. */
function alleTekster(pdf: Buffer): string {
  return pdfSider(pdf).flat().join("\n");
}

describe("pdfTekst", () => {
  it("keeps Norwegian letters, the en dash and WinAnsi punctuation", () => {
    expect(pdfTekst("Blåbær – Ærlig Øst ‘x’ “y” € … °C m³")).toBe("Blåbær – Ærlig Øst ‘x’ “y” € … °C m³");
  });

  it("replaces what Helvetica cannot show and strips control and bidi characters", () => {
    expect(pdfTekst("a − b ≤ 5 łódź Ş 中\u202Ex\u0007")).toBe("a - b <= 5 lódz S ?x");
    expect(pdfTekst("e\u0301")).toBe("é");
    expect(pdfTekst("   ")).toBe("");
    expect(pdfTekst(undefined)).toBe("");
  });
});

describe("lagSertifikatPdf", () => {
  it("lays out the re-export certificate from the Netherlands", async () => {
    const sertifikat = reeksportNl();
    const pdf = await lagSertifikatPdf({
      sertifikat,
      vurdering: vurder(sertifikat),
      erstattetAv: { nummer: "NL-RE-2025-004799" },
      generert: GENERERT,
    });
    erGyldigPdf(pdf);
    const tekst = alleTekster(pdf);
    const sider = antallSider(pdf);
    expect(sider).toBeGreaterThanOrEqual(2);

    expect(tekst).toContain("Plantesunnhetssertifikat for reeksport");
    expect(tekst).toContain("Sertifikatnummer NL-RE-2025-004711");
    expect(tekst).toContain("Utstedt");
    expect(tekst).toContain("Reeksport");
    expect(tekst).toContain("10.03.2025");
    expect(tekst).toContain("Erstatter sertifikat NL-RE-2025-004698");
    expect(tekst).toContain("Årsak: Correction of the consignee address");
    expect(tekst).toContain("Erstattet av sertifikat NL-RE-2025-004799");
    // Transport, parties and declarations.
    expect(tekst).toContain("Danmark, Sverige");
    expect(tekst).toContain("Veitransport – Truck AB-12-CD (CMR 44812)");
    expect(tekst).toContain("Oslo (NOOSL)");
    expect(tekst).toContain("Bloemen & Planten B.V.");
    expect(tekst).toContain("998 877 660");
    expect(tekst).toContain("Tilleggserklæringer");
    expect(tekst).toContain("Officially inspected and found free from Thrips palmi.");
    // Assessment.
    expect(tekst).toContain("Meldepliktig");
    expect(tekst).toMatch(/Varsel: 1 varelinje omfattes/);
    // Goods lines, with the botanical names, units and packages.
    expect(tekst).toContain("Botanisk navn");
    expect(tekst).toContain("Chrysanthemum morifolium");
    expect(tekst).toContain("Nettovekt 250,5 kg");
    expect(tekst).toContain("Bruttovolum 1,2 m³");
    expect(tekst).toMatch(/120 Box, 4\s+Pallet/);
    expect(tekst).toContain("ROSA AVALANCHE LOT 42");
    // Total quantity: H87 and NAR are both "stk".
    expect(tekst).toContain("2\u00a0550 stk");
    expect(tekst).toContain("830,5 kg");
    // Treatments differ per line, and line 2 has none.
    expect(tekst).toContain("Kjemisk behandling (Dypping)");
    expect(tekst).toContain("Ingen behandlinger");
    // Attachments, re-export declaration, signature, footer.
    expect(tekst).toContain("opprinnelig-sertifikat.pdf");
    expect(tekst).toContain("Reeksporterklæring");
    expect(tekst).toContain("KE-KEPHIS-2025-0412");
    expect(tekst).toContain("Finansiell erklæring");
    expect(tekst).toContain("J. de Vries");
    expect(tekst).toContain(`Side 1 av ${sider}`);
    expect(tekst).toContain(`Side ${sider} av ${sider}`);
    expect(tekst).toContain("Generert 01.03.2026, 13:00:00");

    // Metadata and accessibility.
    const raa = pdf.toString("latin1");
    expect(raa).toContain("/Lang (nb-NO)");
    expect(raa).toContain("/StructTreeRoot");
    expect(raa).toContain("/DisplayDocTitle true");
    expect(raa).toMatch(/\/Title \d+ 0 R/);
    expect(raa).toContain("(Plantesunnhetssertifikat for reeksport NL-RE-2025-004711)");
  });

  it("lays out the hub sample with the texts for missing parts", async () => {
    const pdf = await lagSertifikatPdf({ sertifikat: hubEksempel(), generert: GENERERT });
    erGyldigPdf(pdf);
    const tekst = alleTekster(pdf);
    expect(tekst).toContain("BO-5845145424");
    expect(tekst).toContain("Elymus elongatus");
    expect(tekst).toContain("Ingen vedlegg");
    expect(tekst).toContain("Ingen behandlinger");
    expect(tekst).toContain("Ingen tilleggserklæringer");
    expect(tekst).toContain("Eksporterklæring");
    expect(tekst).toContain("Jorge Candia");
    // The net weight has no unit, so it is not shown (SPEC §5).
    expect(tekst).not.toMatch(/Nettovekt 200/);
    expect(tekst).toContain("Ingen mengder oppgitt.");
    expect(tekst).not.toContain("Vurdering");
  });

  it("says 'unknown number' and 'unknown reason' (the spec's words, as on the page) when the replacement is incomplete", async () => {
    const pdf = await lagSertifikatPdf({
      sertifikat: syntetiskSertifikat(1, { erstatter: { kode: "1" } }),
      erstattetAv: { nummer: "  " },
      meldepliktigVurdering: "UFULLSTENDIG",
      vedlegg: [{ filnavn: null, mimetype: "application/pdf", identifikator: "ATT-9" }],
      generert: GENERERT,
    });
    const tekst = alleTekster(pdf);
    expect(tekst).toContain("Erstatter sertifikat unknown number");
    expect(tekst).toContain("Årsak: unknown reason");
    expect(tekst).toContain("Erstattet av sertifikat unknown number");
    expect(tekst).not.toContain("ukjent");
    expect(tekst).toContain("Mulig meldepliktig");
    expect(tekst).toContain("ATT-9 (application/pdf)");
    expect(tekst).toContain("Kwekerij Ærlig B.V.");
  });

  it("shows one common treatment block when all lines have the same treatments", async () => {
    const tekst = alleTekster(
      await lagSertifikatPdf({ sertifikat: syntetiskSertifikat(3), generert: GENERERT }),
    );
    expect(tekst).toContain("Alle varelinjene har de samme behandlingene:");
    expect(tekst.match(/Varmebehandling, 56 °C/g)).toHaveLength(1);
  });

  it("shows treatments per line otherwise", async () => {
    const sertifikat = syntetiskSertifikat(2);
    sertifikat.varelinjer[1] = syntetiskVarelinje(2, []);
    const tekst = alleTekster(await lagSertifikatPdf({ sertifikat, generert: GENERERT }));
    expect(tekst).not.toContain("Alle varelinjene har de samme behandlingene:");
    expect(tekst).toContain("Varmebehandling, 56 °C");
    expect(tekst).toContain("Ingen behandlinger");
  });

  it("breaks 60 goods lines over pages without cutting rows and repeats the table header", async () => {
    const sertifikat = syntetiskSertifikat(60);
    const pdf = await lagSertifikatPdf({ sertifikat, generert: GENERERT });
    erGyldigPdf(pdf);
    const sider = pdfSider(pdf);
    const antall = antallSider(pdf);
    expect(antall).toBeGreaterThan(1);
    expect(sider).toHaveLength(antall);
    expect(sider.flat().join("\n")).toContain("NL-2026-123");

    // Every page has its footer "Side N av M".
    sider.forEach((side, i) => {
      expect(side).toContain(`Side ${i + 1} av ${antall}`);
    });

    const sideMedRad = (nr: number) => {
      const navn = `Planta ${String(nr).padStart(2, "0")}`;
      const treff = sider.flatMap((side, i) => (side.includes(navn) ? [i] : []));
      expect(treff, navn).toHaveLength(1);
      return treff[0] ?? -1;
    };
    const radsider = new Set<number>();
    for (let nr = 1; nr <= 60; nr++) {
      const side = sideMedRad(nr);
      radsider.add(side);
      // The last line of the row's quantity cell is on the same page as its botanical name.
      const brutto = `Bruttovekt 2\u00a0${String(nr).padStart(3, "0")} kg`;
      expect(sider[side], brutto).toContain(brutto);
    }
    expect(radsider.size).toBeGreaterThan(1);
    for (const side of radsider) expect(sider[side]).toContain("Botanisk navn");

    // The long description is cut in the table and given in full in the line details.
    const alt = sider.flat().join(" ");
    expect(alt).toContain("Lang beskrivelse med æøå og – tankestrek.");
    expect(alt).toContain("…");
  });

  it("wraps and continues very long texts over pages", async () => {
    const lang = `${"Denne erklæringen er svært lang og går over flere sider. ".repeat(120)}SLUTTPÅTEKSTEN`;
    const sertifikat = syntetiskSertifikat(2, {
      tilleggserklaering: {
        tilleggserklaeringer: [lang],
        offisiellTilleggsinformasjon: [lang],
        importtillatelse: `${"X".repeat(3000)}-ENDE`,
      },
    });
    const pdf = await lagSertifikatPdf({
      sertifikat,
      vurdering: {
        alvorlighetsgrad: "FORBUD",
        meldepliktigVurdering: "MELDEPLIKTIG",
        risikoVurdering: [
          {
            type: "PLANTEHELSE",
            alvorlighetsgrad: "FORBUD",
            tittel: "Forbudt vare",
            beskrivelse: [{ tekst: lang, lenke: "https://lovdata.no/forskrift/2018-12-21-2237/vedlegg/3" }],
            varelinjer: [1],
          },
        ],
        varelinjer: [
          { id: 1, alvorlighetsgrad: "FORBUD", funn: [] },
          { id: 2, alvorlighetsgrad: "ALT_OK", funn: [] },
        ],
      },
      generert: GENERERT,
    });
    erGyldigPdf(pdf);
    const sider = antallSider(pdf);
    expect(sider).toBeGreaterThan(3);
    const tekst = alleTekster(pdf);
    expect(tekst.match(/SLUTTPÅTEKSTEN/g)).toHaveLength(3);
    expect(tekst).toContain("-ENDE");
    expect(tekst).toContain("Forbud: Forbudt vare");
    expect(tekst).toContain(`Side ${sider} av ${sider}`);
    expect(pdf.toString("latin1")).toContain("/URI (https://lovdata.no/forskrift/2018-12-21-2237/vedlegg/3)");
  });

  it("handles a certificate without goods lines", async () => {
    const pdf = await lagSertifikatPdf({ sertifikat: syntetiskSertifikat(0), generert: GENERERT });
    erGyldigPdf(pdf);
    const tekst = alleTekster(pdf);
    expect(tekst).toContain("Sertifikatet har ingen varelinjer.");
    expect(tekst).toContain("Ingen behandlinger");
    expect(antallSider(pdf)).toBeGreaterThanOrEqual(1);
  });
});

describe("lagSertifikatPdf på nynorsk og engelsk (issue 33 punkt 2)", () => {
  // the headings and labels this file writes, and the values sertifikattekst.ts, vurderingstekst.ts and domain/sertifikat-tekst.ts make
  // (status and type, quantities, treatments, declarations, severities, the notification requirement)
  const KATALOG = [
    "dokumenter.sertifikat",
    "dokumenter.felles.side",
    "dokumenter.felles.generert",
    "sertifikat.verdi",
    "sertifikat.erklaering.eksportTekst",
    "sertifikat.hode.type",
    "sertifikat.transport.annen",
    "kodeverk.meldeplikt",
    "kodeverk.sertifikatstatus",
    "felles.enhet",
  ];

  it.each([
    ["nn", "nn-NO", "Erklæringar"],
    ["en", "en-GB", "Declarations"],
  ] as const)("%s: overskrifter og etiketter, dokumentspråket", async (sprak, lokale, erklaeringer) => {
    const s = reeksportNl();
    const pdf = await lagSertifikatPdf({ sertifikat: s, vurdering: vurder(s), generert: GENERERT, sprak });
    const innhold = alleTekster(pdf);
    expect(innhold).toContain(erklaeringer);
    expect(pdf.toString("latin1")).toContain(`/Lang (${lokale})`);
    // «Vedlegg 4A punkt 12 …»: the risk rule's reference to the regulations, and its titles and findings: the
    // rule set's words (data, as Mattilsynet wrote them)
    const vurdering = vurder(s);
    const data = [
      "Vedlegg 4A",
      // the finding's «… med opprinnelse i Afrika …», broken over lines in the PDF
      "med opprinnelse i",
      // a rule's «Frukt av sitrus …», broken over lines in the PDF
      "Frukt av",
      ...vurdering.risikoVurdering.flatMap((r) => [r.tittel, ...r.beskrivelse.map((b) => b.tekst)]),
      ...vurdering.varelinjer.flatMap((v) => v.funn.map((f) => f.tekst)),
    ];
    expect(bokmaalIgjen(innhold, sprak, KATALOG, data)).toEqual([]);
    const bokmaal = bokmaalIgjen(
      alleTekster(await lagSertifikatPdf({ sertifikat: s, vurdering: vurder(s) })),
      sprak,
      KATALOG,
      data,
    );
    expect(bokmaal.length).toBeGreaterThan(10);
    // the values too: the re-export declaration, the financial declaration, a quantity's label
    expect(bokmaal).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^sertifikat\.verdi\.reeksport\.importert/),
        expect.stringMatching(/^sertifikat\.verdi\.finansiell:/),
        "kodeverk.sertifikatstatus.70: «Utstedt»",
      ]),
    );
  });
});
