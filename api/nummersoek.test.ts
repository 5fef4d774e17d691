import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SpoerringOpptak } from "../dev/planer";
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
      // a part whose covering pieces are all common (the two families below) and whose rare pieces lie inside
      "Q.AAAAAABBBBBBB.Q",
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
    // two families: one begins with AAAAAA, the other ends with ABBBBBBB, each in 1,000 numbers
    await sql`insert into sertifikat (nummer, eksportland, utstedt_dato, type, meldepliktig_vurdering,
        alvorlighetsgrad, data, vurdering, innhold_hash)
      select case when g % 2 = 0 then 'AAAAAA.' || g else g || '.ABBBBBBB' end, 'SE', '2026-11-01', 'Eksport',
        'MELDEPLIKTIG', 'ALT_OK', '{"varelinjer": []}', '{}', 'se' || g
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

  it("spør indeksen etter de dekkende bitene, og etter én sjelden bit når ingen av dem er sjelden", async () => {
    const opptak = new SpoerringOpptak();
    const db = handle.db.withPlugin(opptak);
    opptak.db = db;
    /** The pieces the lookup's array is built from besides the covering ones (its one list of texts). */
    const ekstra = async (del: string) => {
      opptak.tom();
      const ider = await nummerKandidater(db, "sertifikat", del);
      const oppslag = opptak.tom().filter((q) => /nummer_deler\(k\.nummer\) @>/.test(q.sql));
      expect(oppslag, del).toHaveLength(1);
      const lister = oppslag[0]!.parameters.filter((p): p is unknown[] => Array.isArray(p));
      return { ider, ekstra: lister.find((l) => l.every((x) => typeof x === "string")) };
    };
    // the covering pieces aaaaaa and bbbbbb are each in 1,000 numbers: one of the rare pieces inside drives
    const midt = await ekstra("AAAAAABBBBBBB");
    expect(midt.ider).toEqual([ider["Q.AAAAAABBBBBBB.Q"]]);
    expect(midt.ekstra).toHaveLength(1);
    expect(["aaaaab", "aaaabb", "aaabbb", "aabbbb"]).toContain((midt.ekstra as string[])[0]);
    // a covering piece is rare already: nothing more is asked for
    const slutt = await ekstra("XQZ.CL.2026.4817263");
    expect(slutt.ider).toEqual([ider["XQZ.CL.2026.4817263"]]);
    expect(slutt.ekstra).toEqual([]);
  });
});
