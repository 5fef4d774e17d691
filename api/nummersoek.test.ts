import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, settInnTestsertifikat } from "../tests/support/test-db";
import { dekkendeStarter, nummerKandidater } from "./nummersoek";

describe("dekkendeStarter", () => {
  it("gir bitene som til sammen dekker delen: én for hvert sjette tegn og den siste", () => {
    expect(dekkendeStarter(6)).toEqual([1]);
    expect(dekkendeStarter(7)).toEqual([1, 2]);
    expect(dekkendeStarter(12)).toEqual([1, 7]);
    expect(dekkendeStarter(13)).toEqual([1, 7, 8]);
    expect(dekkendeStarter(21)).toEqual([1, 7, 13, 16]);
    // every character of the part is in one of the pieces
    for (let n = 6; n <= 40; n++) {
      const dekket = new Set(dekkendeStarter(n).flatMap((s) => [0, 1, 2, 3, 4, 5].map((k) => s + k)));
      expect(dekket.size).toBe(n);
      expect(Math.max(...dekket)).toBe(n);
    }
  });
});

describe("nummerKandidater", () => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  const ider: Record<string, number> = {};
  beforeAll(async () => {
    handle = await createTestDatabase({ seed: false });
    const numre = [
      "XQZ.CL.2026.4817263",
      "XQZ.CL.2026.4817264",
      // every covering piece of the first number, but not the number itself
      "4817263-XQZ.CL.2026.48",
    ];
    for (const [i, nummer] of numre.entries()) {
      ider[nummer] = await settInnTestsertifikat(handle.db, {
        nummer,
        eksportland: "NL",
        innhold_hash: `h${i}`,
      });
    }
    // other countries' numbers, enough of them that the index's statistics know the common pieces from the rare
    await sql`insert into sertifikat (nummer, eksportland, utstedt_dato, type, meldepliktig_vurdering,
        alvorlighetsgrad, data, vurdering, innhold_hash)
      select 'PHYTO.DE.2026.' || lpad((g * 7919 % 10000000)::text, 7, '0'), 'DE', '2026-11-01', 'Eksport',
        'MELDEPLIKTIG', 'ALT_OK', '{"varelinjer": []}', '{}', 'de' || g
      from generate_series(1, 2000) g`.execute(handle.db);
    await sql`analyze sertifikat`.execute(handle.db);
  }, 120_000);
  afterAll(() => handle?.close());

  it("finner nummeret hvor som helst i det, uten forskjell på store og små bokstaver, og bare det", async () => {
    expect(await nummerKandidater(handle.db, "sertifikat", "XQZ.CL.2026.4817263")).toEqual([
      ider["XQZ.CL.2026.4817263"],
    ]);
    expect(await nummerKandidater(handle.db, "sertifikat", "cl.2026.4817263")).toEqual([
      ider["XQZ.CL.2026.4817263"],
    ]);
    expect((await nummerKandidater(handle.db, "sertifikat", "CL.2026.481726"))?.sort()).toEqual(
      [ider["XQZ.CL.2026.4817263"], ider["XQZ.CL.2026.4817264"]].sort(),
    );
    expect(await nummerKandidater(handle.db, "sertifikat", "XQZ.CL.2026.4899999")).toEqual([]);
  });
});
