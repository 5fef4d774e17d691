// Files that do one job (issue 14 item 2): no source file in app/, api/ or domain/ over 500 lines. A file that
// grows past it is split by what its parts do (see docs/decisions/022-struktur.md), not given an exception.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const GRENSE = 500;

function kildefiler(mappe: string): string[] {
  return readdirSync(mappe).flatMap((navn) => {
    const sti = path.join(mappe, navn);
    if (statSync(sti).isDirectory()) return kildefiler(sti);
    return /\.tsx?$/.test(navn) && !/\.test\.tsx?$/.test(navn) ? [sti] : [];
  });
}

const linjer = (fil: string) => readFileSync(fil, "utf8").split("\n").length - 1;

describe("filer som gjør én jobb", () => {
  it(`no source file in app/, api/ or domain/ is over ${GRENSE} lines`, () => {
    const filer = ["app", "api", "domain"].flatMap(kildefiler);
    expect(filer.length).toBeGreaterThan(100);
    const forLange = filer
      .map((fil) => ({ fil, n: linjer(fil) }))
      .filter(({ n }) => n > GRENSE)
      .map(({ fil, n }) => `${fil}: ${n} linjer`);
    expect(forLange).toEqual([]);
  });
});

// Every conform form names its id: its fields' ids (`<form>-<field>`) are what the error summary links to and
// what tests and the labels name, and a readable id says which form it is (conform's useForm would otherwise
// take one from useId, such as ":R1:").
describe("faste id-er", () => {
  it("every conform useForm in app/ names its id first", () => {
    const kall = kildefiler("app").flatMap((fil) =>
      [...readFileSync(fil, "utf8").matchAll(/useForm\(([\s\S]{0,200})/g)].map((m) => ({
        fil,
        etter: m[1]!,
      })),
    );
    expect(kall.length).toBeGreaterThanOrEqual(6);
    expect(kall.filter(({ etter }) => !/^\{\s*id:/.test(etter)).map(({ fil }) => fil)).toEqual([]);
  });
});
