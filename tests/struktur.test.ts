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

// The server renders with React and the browser with Preact (ADR 024): ids React's useId makes on the server
// are not the ones Preact's makes in the browser. biome.json forbids importing useId; conform's useForm calls
// it for a form without an id, so every form names its own, or its client validation looks for a form that
// is not there and the browser sends what it should have stopped.
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
