import { describe, expect, it } from "vitest";
import { klemSide, MAKS_SIDETALL, sidetall, tilServerSide } from "./pagination";

describe("tilServerSide", () => {
  it.each([
    [1, 0],
    [2, 1],
    [10, 9],
    [0, 0],
    [-5, 0],
    [Number.NaN, 0],
  ])("%d → %d", (inn, ut) => {
    expect(tilServerSide(inn)).toBe(ut);
  });
});

describe("klemSide", () => {
  it.each([
    [5, 10, 5],
    [11, 10, 10],
    [0, 10, 1],
    [-3, 10, 1],
    [4, 0, 1],
    [1, 1, 1],
  ])("klemSide(%d, %d) = %d", (side, antall, ut) => {
    expect(klemSide(side, antall)).toBe(ut);
  });
});

describe("sidetall", () => {
  const r = (fra: number, til: number) => Array.from({ length: til - fra + 1 }, (_, i) => fra + i);

  it("shows at most 9 by default", () => {
    expect(MAKS_SIDETALL).toBe(9);
    expect(sidetall(10, 20)).toHaveLength(9);
  });

  it.each([
    [1, 0, []],
    [1, 1, [1]],
    [2, 3, [1, 2, 3]],
    [5, 9, r(1, 9)],
    [1, 20, r(1, 9)],
    [5, 20, r(1, 9)],
    [6, 20, r(2, 10)],
    [10, 20, r(6, 14)],
    [16, 20, r(12, 20)],
    [20, 20, r(12, 20)],
    // active page clamped to the page count
    [50, 20, r(12, 20)],
    [-1, 20, r(1, 9)],
  ])("active %d of %d → %j", (aktiv, antall, ut) => {
    expect(sidetall(aktiv, antall)).toEqual(ut);
  });

  it.each([
    [4, 10, 7, r(1, 7)],
    [5, 10, 7, r(2, 8)],
    [10, 10, 7, r(4, 10)],
    [5, 10, 4, r(4, 7)],
    [3, 10, 1, [3]],
    [3, 10, 0, [3]],
  ])("active %d of %d, maks %d → %j", (aktiv, antall, maks, ut) => {
    expect(sidetall(aktiv, antall, maks)).toEqual(ut);
  });
});
