import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { bokmaalIgjen } from "../../tests/support/bokmaal-igjen";
import { hubEksempel, reeksportNl, syntetiskSertifikat, vurder } from "../../tests/support/dokument-testdata";
import {
  HODERAD,
  lagSertifikatExcel,
  SERTIFIKAT_ARK,
  TITTELRAD,
  VARELINJE_ARK,
  VARELINJE_KOLONNER,
} from "./sertifikat-excel";

async function les(data: Buffer): Promise<ExcelJS.Workbook> {
  const bok = new ExcelJS.Workbook();
  await bok.xlsx.load(data as unknown as ArrayBuffer);
  return bok;
}

function ark(bok: ExcelJS.Workbook, navn: string): ExcelJS.Worksheet {
  const funnet = bok.getWorksheet(navn);
  if (!funnet) throw new Error(`Mangler arket ${navn}`);
  return funnet;
}

/** The cell values of a row as an array from column 1 (ExcelJS's row.values starts at index 1). */
function rad(arket: ExcelJS.Worksheet, nr: number): ExcelJS.CellValue[] {
  return VARELINJE_KOLONNER.map((_, k) => arket.getRow(nr).getCell(k + 1).value);
}

const kolonne = (navn: string, forekomst = 0) => {
  let funnet = -1;
  let teller = 0;
  VARELINJE_KOLONNER.forEach((k, i) => {
    if (k === navn && teller++ === forekomst) funnet = i;
  });
  return funnet;
};

describe("lagSertifikatExcel", () => {
  it("writes the goods lines of the re-export certificate", async () => {
    const sertifikat = reeksportNl();
    const data = await lagSertifikatExcel({ sertifikat, vurdering: vurder(sertifikat) });
    expect(data.subarray(0, 2).toString("latin1")).toBe("PK");
    const bok = await les(data);
    const varer = ark(bok, VARELINJE_ARK);
    ark(bok, SERTIFIKAT_ARK);

    const tittel = String(varer.getRow(TITTELRAD).getCell(1).value);
    expect(tittel).toContain("NL-RE-2025-004711");
    expect(tittel).toContain("10.03.2025");
    expect(rad(varer, HODERAD)).toEqual([...VARELINJE_KOLONNER]);
    expect(varer.getRow(HODERAD).getCell(1).font?.bold).toBe(true);
    expect(varer.views[0]).toMatchObject({ state: "frozen", ySplit: HODERAD });
    expect(varer.autoFilter).toBeTruthy();
    expect(varer.getColumn(3).width).toBeGreaterThan(8);

    // One row per goods line, nothing after.
    expect(varer.actualRowCount).toBe(HODERAD + 3);
    const [r1, r2, r3] = [1, 2, 3].map((i) => rad(varer, HODERAD + i));
    expect(r1?.[0]).toBe(1);
    expect(r1?.[kolonne("Botanisk navn")]).toBe("Rosa");
    expect(r1?.[kolonne("HS-kode")]).toBe("06031100");
    expect(r1?.[kolonne("Tilstand")]).toBe("Fresh");
    expect(r1?.[kolonne("Tilsiktet bruk")]).toBe("Dekorasjon");
    expect(r1?.[kolonne("Opprinnelsesland")]).toBe("Kenya (Naivasha)");
    // Quantities are numbers with their unit beside them; missing ones are empty.
    expect(r1?.[kolonne("Nettovekt")]).toBe(250.5);
    expect(r1?.[kolonne("Enhet", 1)]).toBe("kg");
    expect(r1?.[kolonne("Antall")]).toBeNull();
    expect(r1?.[kolonne("Enhet", 0)]).toBeNull();
    expect(r2?.[kolonne("Antall")]).toBe(2400);
    expect(r2?.[kolonne("Enhet", 0)]).toBe("stk");
    expect(r2?.[kolonne("Bruttovolum")]).toBe(1.2);
    expect(r2?.[kolonne("Enhet", 4)]).toBe("m³");
    expect(r3?.[kolonne("Antall")]).toBe(150);
    expect(r1?.[kolonne("Pakker")]).toBe("120 Box, 4 Pallet");
    expect(r1?.[kolonne("Kjennetegn")]).toBe("ROSA AVALANCHE LOT 42");
    expect(String(r1?.[kolonne("Tilleggserklæringer")])).toContain("Free from Thrips palmi.");
    expect(String(r1?.[kolonne("Behandlinger")])).toContain("Kjemisk behandling (Dypping)");
    expect(r2?.[kolonne("Behandlinger")]).toBeNull();
    expect(String(r1?.[kolonne("Risikovurdering")])).toMatch(/^Varsel: /);
    expect(r2?.[kolonne("Risikovurdering")]).toBe("Ingen funn");
  });

  it("writes the header facts on the 'Sertifikat' sheet", async () => {
    const bok = await les(await lagSertifikatExcel({ sertifikat: reeksportNl() }));
    const fakta = ark(bok, SERTIFIKAT_ARK);
    const verdier = new Map<string, ExcelJS.CellValue>();
    fakta.eachRow((r, nr) => {
      if (nr > 1) verdier.set(String(r.getCell(1).value), r.getCell(2).value);
    });
    expect(verdier.get("Sertifikatnummer")).toBe("NL-RE-2025-004711");
    expect(verdier.get("Type")).toBe("Reeksport");
    expect(verdier.get("Status")).toBe("Utstedt");
    expect(verdier.get("Utstedt")).toEqual(new Date("2025-03-10T00:00:00Z"));
    expect(verdier.get("Eksportør")).toBe("Bloemen & Planten B.V.");
    expect(verdier.get("Importør")).toBe("Nordisk Blomsterimport AS");
    expect(verdier.get("Importørens organisasjonsnummer")).toBe("998 877 660");
    expect(verdier.get("Eksportland")).toBe("Nederland");
    expect(verdier.get("Importland")).toBe("Norge");
    expect(verdier.get("Transittland")).toBe("Danmark, Sverige");
    expect(String(verdier.get("Transport"))).toContain("Veitransport – Truck AB-12-CD");
    expect(verdier.get("Ankomststed")).toBe("Oslo (NOOSL)");
    expect(verdier.get("Antall varelinjer")).toBe(3);
  });

  it("writes the hub sample, leaving a quantity without unit empty", async () => {
    const bok = await les(await lagSertifikatExcel({ sertifikat: hubEksempel() }));
    const varer = ark(bok, VARELINJE_ARK);
    expect(String(varer.getRow(TITTELRAD).getCell(1).value)).toContain("BO-5845145424");
    expect(varer.actualRowCount).toBe(HODERAD + 1);
    const r1 = rad(varer, HODERAD + 1);
    expect(r1[kolonne("Botanisk navn")]).toBe("Elymus elongatus");
    expect(r1[kolonne("Nettovekt")]).toBeNull();
    expect(r1[kolonne("Pakker")]).toBe("200 Bag");
    expect(r1[kolonne("Risikovurdering")]).toBeNull();
  });

  it("writes one numeric row per line for 60 lines, hiding negative and unit-less quantities", async () => {
    const bok = await les(await lagSertifikatExcel({ sertifikat: syntetiskSertifikat(60) }));
    const varer = ark(bok, VARELINJE_ARK);
    expect(varer.actualRowCount).toBe(HODERAD + 60);
    for (let i = 1; i <= 60; i++) {
      const r = rad(varer, HODERAD + i);
      expect(r[0]).toBe(i);
      expect(r[kolonne("Antall")]).toBe(i * 10);
      expect(r[kolonne("Nettovekt")]).toBe(1000 + i);
      expect(r[kolonne("Bruttovekt")]).toBe(2000 + i);
      expect(r[kolonne("Nettovolum")]).toBeNull();
      expect(r[kolonne("Bruttovolum")]).toBeNull();
    }
  });
});

describe("lagSertifikatExcel på nynorsk og engelsk (issue 33 punkt 2)", () => {
  const KATALOG = ["dokumenter.sertifikat"];

  /** The headings and labels the workbook writes itself: the goods-line sheet's two top rows, the labels column. */
  function overskrifter(bok: ExcelJS.Workbook, varelinjeark: string, sertifikatark: string): string {
    const varer = ark(bok, varelinjeark);
    const sert = ark(bok, sertifikatark);
    const celler = [
      varer.getRow(TITTELRAD).getCell(1).value,
      ...rad(varer, HODERAD),
      ...Array.from({ length: sert.actualRowCount }, (_, i) => sert.getRow(i + 1).getCell(1).value),
      sert.getRow(1).getCell(2).value,
    ];
    return celler.map((c) => String(c ?? "")).join("\n");
  }

  it.each([
    ["nn", "Varelinjer", "Sertifikat", "Plantesunnheitssertifikat for reeksport", "Opphavsland"],
    ["en", "Commodity lines", "Certificate", "Phytosanitary certificate for re-export", "Country of origin"],
  ] as const)(
    "%s: arknavn, overskrifter og etiketter",
    async (sprak, varelinjer, sertifikat, tittel, land) => {
      const s = reeksportNl();
      const bok = await les(await lagSertifikatExcel({ sertifikat: s, vurdering: vurder(s), sprak }));
      expect(bok.worksheets.map((a) => a.name)).toEqual([varelinjer, sertifikat]);
      const tekst = overskrifter(bok, varelinjer, sertifikat);
      expect(tekst).toContain(tittel);
      expect(tekst).toContain(land);
      expect(bokmaalIgjen(tekst, sprak, KATALOG)).toEqual([]);
      // the check finds the bokmål headings when they are there
      const bokmaal = await les(await lagSertifikatExcel({ sertifikat: s, vurdering: vurder(s) }));
      expect(
        bokmaalIgjen(overskrifter(bokmaal, VARELINJE_ARK, SERTIFIKAT_ARK), sprak, KATALOG).length,
      ).toBeGreaterThan(sprak === "en" ? 30 : 15);
    },
  );
  // the values the workbook shows (status and type, quantities' labels, treatments, severities, the notification
  // requirement, containers), not only its headings
  const VERDIER = [
    ...KATALOG,
    "sertifikat.verdi",
    "sertifikat.hode.type",
    "sertifikat.transport.annen",
    "kodeverk.meldeplikt",
    "kodeverk.sertifikatstatus",
    "felles.enhet",
  ];
  const alleCeller = (bok: ExcelJS.Workbook) =>
    bok.worksheets
      .flatMap((a) => Array.from({ length: a.actualRowCount }, (_, i) => rad(a, i + 1)).flat())
      .map((c) => (c instanceof Date ? "" : String(c ?? "")))
      .join("\n");

  it.each(["nn", "en"] as const)("%s: verdiene i cellene, ikke bare etikettene", async (sprak) => {
    const s = reeksportNl();
    const vurdering = vurder(s);
    // the risk rules' findings are the rule set's words (data, as Mattilsynet wrote them)
    const funn = vurdering.varelinjer.flatMap((v) => v.funn.map((f) => f.tekst));
    const bok = await les(await lagSertifikatExcel({ sertifikat: s, vurdering, sprak }));
    expect(bokmaalIgjen(alleCeller(bok), sprak, VERDIER, funn)).toEqual([]);
    // the check finds the bokmål values when they are there
    const bokmaal = alleCeller(await les(await lagSertifikatExcel({ sertifikat: s, vurdering })));
    expect(bokmaalIgjen(bokmaal, sprak, VERDIER, funn)).toEqual(
      expect.arrayContaining([
        "kodeverk.sertifikatstatus.70: «Utstedt»",
        "sertifikat.verdi.mengdeFelt.antall: «Antall»",
        ...(sprak === "en"
          ? [
              "sertifikat.hode.type.Reeksport: «Reeksport»",
              "dokumenter.sertifikat.verdi.alvorlighet.VARSEL: «Varsel»",
              "kodeverk.meldeplikt.MELDEPLIKTIG: «Meldepliktig»",
            ]
          : []),
      ]),
    );
  });
});
