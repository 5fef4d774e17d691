// The rate limits' counters (db/grense.ts): on a PostgreSQL server two processes (two pools, as two web or
// api processes have) count together in grense_teller; on PGlite the counters are the process's own. Also
// the GRENSE_<NAVN> variables, the address keys and the message with the wait in each language.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Grense, grense, grenseMelding, ipNoekkel } from "../domain/grense";
import { oversetter } from "../sprak/katalog.server";
import { createTestDatabase } from "../tests/support/test-db";
import { erSperret, tell } from "./grense";
import { type DatabaseHandle, openDatabase } from "./index";

const G: Grense = { navn: "test-grense", hva: "innlogginger", antall: 5, sekunder: 600 };

const aapne: DatabaseHandle[] = [];
/** One database for the file (a new PGlite costs seconds on a busy machine). */
let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDatabase({ seed: false });
  aapne.push(h);
}, 120_000);
afterAll(async () => {
  for (const a of aapne.reverse()) await a.close();
});

async function tellTil(db: DatabaseHandle["db"], noekkel: string, n: number) {
  const utfall = [];
  for (let i = 0; i < n; i++) utfall.push((await tell(db, G, noekkel)).ok);
  return utfall;
}

describe.runIf(process.env.TEST_DATABASE_URL)("på PostgreSQL", () => {
  it("to prosesser (to tilkoblingsutvalg mot samme database) teller sammen i grense_teller", async () => {
    const en = h;
    const url = (en.pool?.options as { connectionString?: string } | undefined)?.connectionString;
    expect(url).toBeTruthy();
    const to = await openDatabase({ databaseUrl: url, migrate: false });
    aapne.push(to);
    expect(await tellTil(en.db, "10.0.0.1", 3)).toEqual([true, true, true]);
    // the other process sees the three and refuses the sixth
    expect(await tellTil(to.db, "10.0.0.1", 3)).toEqual([true, true, false]);
    expect(await tell(en.db, G, "10.0.0.1")).toMatchObject({ ok: false, ventMs: expect.any(Number) });
    const rad = await en.db
      .selectFrom("grense_teller" as never)
      .select(["key" as never, "points" as never])
      .executeTakeFirstOrThrow();
    expect(rad).toEqual({ key: "test-grense:10.0.0.1", points: 7 });
  });
});

describe.runIf(!process.env.TEST_DATABASE_URL)("på PGlite", () => {
  it("teller i prosessens minne: tabellen forblir tom", async () => {
    expect(await tellTil(h.db, "10.0.0.2", 6)).toEqual([true, true, true, true, true, false]);
    expect(
      await h.db
        .selectFrom("grense_teller" as never)
        .selectAll()
        .execute(),
    ).toEqual([]);
  });
});

describe("grensene", () => {
  it("grensen er antallet: etter N−1 telte slipper neste gjennom, etter N er det sperret (på begge databasene)", async () => {
    const noekkel = "10.0.0.3";
    expect(await tellTil(h.db, noekkel, G.antall - 1)).toEqual(Array(G.antall - 1).fill(true));
    expect(await erSperret(h.db, G, noekkel)).toEqual({ ok: true });
    expect((await tell(h.db, G, noekkel)).ok).toBe(true);
    expect(await erSperret(h.db, G, noekkel)).toEqual({ ok: false, ventMs: expect.any(Number) });
    // the next one counted is refused too
    expect(await tell(h.db, G, noekkel)).toEqual({ ok: false, ventMs: expect.any(Number) });
  });

  it("GRENSE_<NAVN> setter antall, eller antall/sekunder; 0 slår grensen av; noe uleselig beholder standarden", async () => {
    expect(grense("soek-bom-person", "nedlastinger", 20, 600, {})).toMatchObject({
      antall: 20,
      sekunder: 600,
    });
    expect(
      grense("soek-bom-person", "nedlastinger", 20, 600, { GRENSE_SOEK_BOM_PERSON: "40" }),
    ).toMatchObject({
      antall: 40,
      sekunder: 600,
    });
    expect(
      grense("soek-bom-person", "nedlastinger", 20, 600, { GRENSE_SOEK_BOM_PERSON: "5/60" }),
    ).toMatchObject({
      antall: 5,
      sekunder: 60,
    });
    expect(grense("a", "nedlastinger", 20, 600, { GRENSE_A: "tjue" })).toMatchObject({
      antall: 20,
      sekunder: 600,
    });
    const av = grense("a", "nedlastinger", 20, 600, { GRENSE_A: "0" });
    expect(av.antall).toBe(0);
    for (let i = 0; i < 100; i++) expect((await tell(h.db, av, "k")).ok).toBe(true);
  });

  it("adressenøkkelen: IPv4 som den er, IPv6 per /64-nett", () => {
    expect(ipNoekkel("203.0.113.7")).toBe("203.0.113.7");
    expect(ipNoekkel("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(ipNoekkel("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(ipNoekkel("2001:db8:1:2::9")).toBe(ipNoekkel("2001:db8:1:2:ffff::1"));
    expect(ipNoekkel("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(ipNoekkel("::1")).toBe("0:0:0:0::/64");
    expect(ipNoekkel(undefined)).toBe("ukjent");
  });

  it("meldingen med ventetiden på bokmål, nynorsk og engelsk", () => {
    const nb = (ms: number) => oversetter("nb").melding(grenseMelding(G, ms));
    expect(nb(400)).toBe("For mange innlogginger på kort tid. Prøv igjen om 1 sekund.");
    expect(nb(40_000)).toBe("For mange innlogginger på kort tid. Prøv igjen om 40 sekunder.");
    expect(nb(60_000)).toBe("For mange innlogginger på kort tid. Prøv igjen om 1 minutt.");
    expect(nb(9 * 60_000 - 1)).toBe("For mange innlogginger på kort tid. Prøv igjen om 9 minutter.");
    expect(nb(5 * 60 * 60_000)).toBe("For mange innlogginger på kort tid. Prøv igjen om 5 timer.");
    expect(oversetter("nn").melding(grenseMelding(G, 9 * 60_000))).toBe(
      "For mange innloggingar på kort tid. Prøv igjen om 9 minutt.",
    );
    expect(oversetter("en").melding(grenseMelding({ ...G, hva: "nedlastinger" }, 1000))).toBe(
      "Too many downloads in a short time. Try again in 1 second.",
    );
  });
});
