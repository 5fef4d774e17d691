// Files that do one job (issue 14 item 2): no source file in app/, api/ or domain/ over 500 lines. The
// files not split yet are listed with their size today as a ceiling: they may shrink, not grow, and a file
// that is split must leave the list (so the list only gets shorter).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const GRENSE = 500;

/** Not split yet (issue 14): the line count today is the ceiling. */
const IKKE_DELT_ENNAA: Record<string, number> = {
  "api/dokumenter/sertifikat-pdf.ts": 979,
};

function kildefiler(mappe: string): string[] {
  return readdirSync(mappe).flatMap((navn) => {
    const sti = path.join(mappe, navn);
    if (statSync(sti).isDirectory()) return kildefiler(sti);
    return /\.tsx?$/.test(navn) && !/\.test\.tsx?$/.test(navn) ? [sti] : [];
  });
}

const linjer = (fil: string) => readFileSync(fil, "utf8").split("\n").length - 1;

describe("filer som gjør én jobb", () => {
  const filer = ["app", "api", "domain"].flatMap(kildefiler);

  it(`no source file in app/, api/ or domain/ is over ${GRENSE} lines (the listed ones do not grow)`, () => {
    const forLange = filer
      .map((fil) => ({ fil, n: linjer(fil) }))
      .filter(({ fil, n }) => n > (IKKE_DELT_ENNAA[fil] ?? GRENSE))
      .map(({ fil, n }) => `${fil}: ${n} linjer`);
    expect(forLange).toEqual([]);
  });

  it("a listed file that is now short enough (or gone) leaves the list", () => {
    const ferdige = Object.keys(IKKE_DELT_ENNAA).filter(
      (fil) => !filer.includes(fil) || linjer(fil) <= GRENSE,
    );
    expect(ferdige).toEqual([]);
  });
});
