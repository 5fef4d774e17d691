import { describe, expect, it } from "vitest";
import { oversetter } from "../sprak/katalog.server";
import { melding } from "../sprak/melding";
import { formaterTall, kanViseMengde, MENGDE_MELDINGER, parseFaktiskMengde, visningsMengde } from "./mengde";

const NBSP = "\u00a0";

describe("parseFaktiskMengde", () => {
  it.each([
    ["5", 5],
    ["12,5", 12.5],
    ["12.5", 12.5],
    [" 1 000 ", 1000],
    [`1${NBSP}000,25`, 1000.25],
    ["1\u202f000", 1000],
    ["", 0],
    ["   ", 0],
    ["0", 0],
    ["-0", 0],
    [",5", 0.5],
    ["7,", 7],
    ["+3", 3],
    ["5000", 5000],
  ])("%j → %d", (inn, verdi) => {
    expect(parseFaktiskMengde(inn, 5000)).toEqual({ ok: true, verdi });
  });

  it("treats missing input as 0", () => {
    expect(parseFaktiskMengde(undefined, 10)).toEqual({ ok: true, verdi: 0 });
    expect(parseFaktiskMengde(null, 10)).toEqual({ ok: true, verdi: 0 });
  });

  it.each([["abc"], ["1,2,3"], ["1.2.3"], ["1e3"], ["0x10"], ["Infinity"], ["12kg"], ["-"], ["."], [","]])(
    "%j is not a number",
    (inn) => {
      expect(parseFaktiskMengde(inn, 100)).toEqual({
        ok: false,
        melding: melding("validering.mengde.ikkeNumerisk"),
      });
    },
  );

  it.each([["-1"], ["-0,5"], ["\u22122"], [" - 3 "]])("%j is negative", (inn) => {
    expect(parseFaktiskMengde(inn, 100)).toEqual({
      ok: false,
      melding: melding("validering.mengde.negativ"),
    });
  });

  it.each([
    ["100,01", 100],
    ["101", 100],
    ["1", 0],
  ])("%j is larger than %d", (inn, opprinnelig) => {
    expect(parseFaktiskMengde(inn, opprinnelig)).toEqual({
      ok: false,
      melding: melding("validering.mengde.forStor"),
    });
  });

  it("allows a value equal to the original, with decimals", () => {
    expect(parseFaktiskMengde("1,1", 1.1)).toEqual({ ok: true, verdi: 1.1 });
  });

  it("skips the upper bound when the original is unknown", () => {
    expect(parseFaktiskMengde("5000", Number.NaN)).toEqual({ ok: true, verdi: 5000 });
    expect(parseFaktiskMengde("5000", null)).toEqual({ ok: true, verdi: 5000 });
  });

  it("exports the spec's messages (as the bokmål catalogue says them)", () => {
    const nb = oversetter("nb");
    expect({
      ikkeNumerisk: nb.melding(MENGDE_MELDINGER.ikkeNumerisk),
      negativ: nb.melding(MENGDE_MELDINGER.negativ),
      forStor: nb.melding(MENGDE_MELDINGER.forStor),
    }).toEqual({
      ikkeNumerisk: "Innholdet må være et numerisk tall",
      negativ: "Verdien kan ikke være negativ",
      forStor: "Mengden kan ikke være større enn opprinnelig mengde",
    });
  });
});

describe("formaterTall", () => {
  it.each([
    [0, "0"],
    [5, "5"],
    [1234.5, `1${NBSP}234,5`],
    [1234567, `1${NBSP}234${NBSP}567`],
    [0.1 + 0.2, "0,3"],
    [0.125, "0,125"],
  ])("%d → %j", (n, ut) => {
    expect(formaterTall(n)).toBe(ut);
  });
});

describe("visningsMengde", () => {
  const enheter: Record<string, string> = { KGM: "kg", LTR: "l", H87: "stk" };
  const navn = (kode: string) => enheter[kode];

  it("formats the value with the unit's display name", () => {
    expect(visningsMengde(1234.5, "KGM", navn)).toBe(`1${NBSP}234,5 kg`);
    expect(visningsMengde(3, "H87", navn)).toBe("3 stk");
    expect(visningsMengde(0, "LTR", navn)).toBe("0 l");
  });

  it("shows unknown unit codes as they are", () => {
    expect(visningsMengde(2, "MTQ", navn)).toBe("2 MTQ");
    expect(visningsMengde(2, "Piece")).toBe("2 Piece");
  });

  it.each([
    [5, undefined],
    [5, null],
    [5, ""],
    [5, "  "],
    [-1, "KGM"],
    [null, "KGM"],
    [undefined, "KGM"],
    [Number.NaN, "KGM"],
  ])("%j %j is not shown", (verdi, enhet) => {
    expect(visningsMengde(verdi, enhet, navn)).toBeUndefined();
  });
});

describe("kanViseMengde", () => {
  it("is true only with a unit and a value that is a number not below 0", () => {
    expect(kanViseMengde(0, "KGM")).toBe(true);
    expect(kanViseMengde(12.5, "XYZ")).toBe(true);
    expect(kanViseMengde(200, undefined)).toBe(false);
    expect(kanViseMengde(200, "")).toBe(false);
    expect(kanViseMengde(200, "\u200e")).toBe(false);
    expect(kanViseMengde(-0.1, "KGM")).toBe(false);
    expect(kanViseMengde(Number.POSITIVE_INFINITY, "KGM")).toBe(false);
    expect(kanViseMengde(undefined, "KGM")).toBe(false);
  });
});
