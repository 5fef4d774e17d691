// begrensetAntall: exact below the bound however the branches overlap, the bound itself at and past it.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db";
import { createTestDatabase } from "../tests/support/test-db";
import { tellBegrenset } from "./telling";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase({ seed: false });
});
afterAll(async () => {
  await handle?.close();
});

/** The ids fra..til as a branch. */
const gren = (fra: number, til: number) =>
  sql`select g as id from generate_series(${fra}::int, ${til}::int) g`;

async function antall(grener: ReturnType<typeof gren>[], maks: number): Promise<number> {
  return tellBegrenset(handle.db, grener, maks);
}

describe("begrensetAntall", () => {
  it("teller rader som nås gjennom flere grener én gang når ingen gren alene når grensen", async () => {
    expect(await antall([gren(1, 6), gren(4, 9)], 10)).toBe(9);
    expect(await antall([gren(1, 6), gren(4, 9), gren(1, 9)], 10)).toBe(9);
    expect(await antall([gren(1, 9), gren(1, 9)], 10)).toBe(9);
  });

  it("gir grensen når grenene sammen, eller én gren alene, når eller passerer den", async () => {
    expect(await antall([gren(1, 6), gren(5, 10)], 10)).toBe(10);
    expect(await antall([gren(1, 7), gren(8, 20)], 10)).toBe(10);
    expect(await antall([gren(1, 7), gren(8, 14)], 10)).toBe(10);
    expect(await antall([gren(1, 3), gren(1, 500)], 10)).toBe(10);
    expect(await antall([gren(1, 10)], 10)).toBe(10);
  });

  it("gir 0 uten grener og for tomme grener", async () => {
    expect(await antall([], 10)).toBe(0);
    expect(await antall([gren(1, 0), gren(5, 4)], 10)).toBe(0);
  });
});
