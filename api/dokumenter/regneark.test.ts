import ExcelJS from "exceljs";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { type Ark, kolonnenavn, skrivRegneark } from "./regneark";

async function les(data: Buffer): Promise<ExcelJS.Workbook> {
  const bok = new ExcelJS.Workbook();
  await bok.xlsx.load(data as unknown as ArrayBuffer);
  return bok;
}

describe("kolonnenavn", () => {
  it("counts A–Z, then AA, as Excel does", () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(kolonnenavn)).toEqual([
      "A",
      "B",
      "Z",
      "AA",
      "AB",
      "AZ",
      "BA",
      "ZZ",
      "AAA",
    ]);
  });
});

describe("skrivRegneark", () => {
  /** A workbook of these sheets, with fixed properties. */
  const lagBok = (ark: Ark[], tittel = "t") =>
    skrivRegneark({
      tittel,
      emne: "Emne",
      forfatter: "Digital forhåndsmelding",
      opprettet: new Date("2026-03-05T12:00:00Z"),
      ark,
    });

  it("writes text, numbers and dates that read back as written, and leaves out what XML cannot hold", async () => {
    const data = lagBok(
      [
        {
          navn: "Ark: 1/2",
          rader: [
            { verdier: ["Tekst", "Tall", "Dato"], stil: { fet: true, bakgrunn: "E3E8EE" } },
            { verdier: ["<b>&\"'</b>", 42.5, new Date("2025-03-10T00:00:00Z")], stil: { bryt: true } },
            { verdier: ["linje 1\nlinje 2 \u0007æøå 🌹", undefined, ""] },
            { verdier: ["Tekst", Number.NaN, -3] },
          ],
          bredder: [30, 10, 12],
          frosneRader: 1,
          filterFraRad: 1,
          liggende: true,
        },
      ],
      "Prøve <&>",
    );
    expect(data.subarray(0, 2).toString("latin1")).toBe("PK");
    const bok = await les(data);
    expect(bok.title).toBe("Prøve <&>");
    expect(bok.creator).toBe("Digital forhåndsmelding");
    const ark = bok.worksheets[0]!;
    expect(ark.name).toBe("Ark  1 2");
    expect(ark.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(ark.getRow(2).getCell(1).value).toBe("<b>&\"'</b>");
    expect(ark.getRow(2).getCell(2).value).toBe(42.5);
    expect(ark.getRow(2).getCell(3).value).toEqual(new Date("2025-03-10T00:00:00Z"));
    expect(ark.getRow(2).getCell(3).numFmt).toBe("dd.mm.yyyy");
    expect(ark.getRow(2).getCell(1).alignment?.wrapText).toBe(true);
    expect(ark.getRow(3).getCell(1).value).toBe("linje 1\nlinje 2 æøå 🌹");
    expect(ark.getRow(3).getCell(2).value).toBeNull();
    expect(ark.getRow(3).getCell(3).value).toBeNull();
    expect(ark.getRow(4).getCell(2).value).toBeNull();
    expect(ark.getRow(4).getCell(3).value).toBe(-3);
    expect(ark.getColumn(1).width).toBe(30);
    expect(ark.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(ark.autoFilter).toBe("A1:C4");
    expect(ark.pageSetup.orientation).toBe("landscape");
    expect(ark.actualRowCount).toBe(4);
  });

  it("stores a text that repeats once, as a shared string", async () => {
    const data = lagBok([
      { navn: "A", rader: [{ verdier: ["samme", "samme"] }, { verdier: ["samme", 1] }], bredder: [10, 10] },
    ]);
    const sst = strFromU8(unzipSync(new Uint8Array(data))["xl/sharedStrings.xml"]!);
    expect(sst).toContain('count="3" uniqueCount="1"');
    const ark = (await les(data)).worksheets[0]!;
    expect([ark.getCell("A1").value, ark.getCell("B1").value, ark.getCell("A2").value]).toEqual([
      "samme",
      "samme",
      "samme",
    ]);
  });
});
