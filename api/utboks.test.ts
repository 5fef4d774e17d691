// The shared outbox worker (api/utboks.ts, issue 37 item 2): the claim with its lease, a lease that runs out
// and is taken over by another worker, the backoff of a failed attempt, the two ways of draining, and a stop
// (SIGTERM) in the middle of a batch. Against the real schema (webhook_levering; PGlite, or PostgreSQL with
// TEST_DATABASE_URL); the senders' own tests cover what each sends.
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../db";
import { createTestDatabase } from "../tests/support/test-db";
import {
  frigi,
  krevMedLeie,
  lagArbeider,
  leie,
  MAKS_VENTETID_MS,
  type Toemming,
  tilbakeslag,
} from "./utboks";

let handle: DatabaseHandle;
let webhookId: number;
let importoerId: number;
let nummer = 1_000_000;
const db = () => handle.db;

beforeAll(async () => {
  handle = await createTestDatabase();
  const importoer = await db().selectFrom("importoer").select("id").orderBy("id").executeTakeFirstOrThrow();
  webhookId = (
    await db()
      .insertInto("webhook")
      .values({
        importoer_id: importoer.id,
        url: "https://mottak.test/",
        typer: JSON.stringify(["sertifikat.mottatt"]),
        hemmelighet: "x",
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  importoerId = importoer.id;
});

afterAll(async () => {
  await handle?.close();
});

beforeEach(async () => {
  await db().deleteFrom("webhook_levering").execute();
});

/** `antall` deliveries to the test subscription, each of an event of its own (one delivery per event). */
async function nyeLeveringer(antall: number): Promise<number[]> {
  const hendelser = await db()
    .insertInto("hendelse")
    .values(
      Array.from({ length: antall }, () => ({
        importoer_id: importoerId,
        stroem: `importoer:${importoerId}`,
        nummer: ++nummer,
        uuid: randomUUID(),
        type: "sertifikat.mottatt",
        data: JSON.stringify({}),
      })),
    )
    .returning("id")
    .execute();
  const rader = await db()
    .insertInto("webhook_levering")
    .values(hendelser.map((h) => ({ webhook_id: webhookId, hendelse_id: h.id })))
    .returning("id")
    .execute();
  return rader.map((r) => Number(r.id));
}

/** Claims due deliveries the way the senders do. */
const krev = (leieMs: number, maks = 10) =>
  krevMedLeie(db(), {
    klare: (trx) =>
      trx
        .selectFrom("webhook_levering")
        .select("id")
        .where("status", "=", "VENTER")
        .where("neste_forsoek", "<=", sql<Date>`now()`)
        .orderBy("id")
        .limit(maks),
    merk: (trx, klare, krav) =>
      trx
        .updateTable("webhook_levering")
        .set(leie(krav, leieMs))
        .where(
          "id",
          "in",
          klare.map((r) => r.id),
        )
        .returning(["id", "forsoek"])
        .execute(),
  });

const rad = (id: number) =>
  db()
    .selectFrom("webhook_levering")
    .select([
      "status",
      "forsoek",
      "krav",
      sql<number>`extract(epoch from (neste_forsoek - now())) * 1000`.as("omMs"),
    ])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

describe("kravet og leien", () => {
  it("en rad som er krevd, er ikke klar for andre før leien er ute", async () => {
    const [id] = await nyeLeveringer(1);
    const a = await krev(60_000);
    expect(a.rader.map((r) => Number(r.id))).toEqual([id]);
    expect((await krev(60_000)).rader).toEqual([]);
    const r = await rad(id!);
    expect(r).toMatchObject({ krav: a.krav, forsoek: 1 });
    expect(r.omMs).toBeGreaterThan(55_000);
  });

  it("leien renner ut: en annen arbeider tar raden, og den første kan verken registrere eller frigi den", async () => {
    const [id] = await nyeLeveringer(1);
    const a = await krev(0); // the lease runs out at once (a worker that died mid-send)
    const b = await krev(60_000);
    expect(b.rader.map((r) => Number(r.id))).toEqual([id]);
    expect(b.krav).not.toBe(a.krav);
    // The first worker comes back: its outcome and its release only touch rows still under its claim.
    const sent = await db()
      .updateTable("webhook_levering")
      .set({ status: "LEVERT", krav: null })
      .where("id", "=", id!)
      .where("krav", "=", a.krav)
      .executeTakeFirst();
    expect(Number(sent.numUpdatedRows)).toBe(0);
    await frigi(db(), "webhook_levering", a.krav);
    expect(await rad(id!)).toMatchObject({ status: "VENTER", krav: b.krav, forsoek: 2 });
  });

  it("frigivelsen gjør raden klar straks, som om den aldri ble prøvd; med ider bare de radene", async () => {
    const [x, y] = await nyeLeveringer(2);
    const { krav } = await krev(60_000);
    await frigi(db(), "webhook_levering", krav, [x!]);
    expect(await rad(x!)).toMatchObject({ krav: null, forsoek: 0 });
    expect((await rad(x!)).omMs).toBeLessThanOrEqual(0);
    expect(await rad(y!)).toMatchObject({ krav, forsoek: 1 });
  });
});

describe("tilbakeslaget", () => {
  const feil = (krav: string, opts: { maksForsoek: number; ventetidMs: number }) =>
    db().updateTable("webhook_levering").set(tilbakeslag(opts)).where("krav", "=", krav).execute();

  it("venter ventetid · 2^(forsøk−1), høyst en time, og gir opp etter siste forsøk", async () => {
    const [id] = await nyeLeveringer(1);
    const opts = { maksForsoek: 30, ventetidMs: 10_000 };
    const forventet = [10_000, 20_000, 40_000, 80_000];
    for (const ms of forventet) {
      // Due again at once so the next attempt can be claimed now.
      await db().updateTable("webhook_levering").set({ neste_forsoek: sql`now()` }).execute();
      await feil((await krev(60_000)).krav, opts);
      const r = await rad(id!);
      expect(r).toMatchObject({ status: "VENTER", krav: null });
      expect(r.omMs).toBeGreaterThan(ms - 2000);
      expect(r.omMs).toBeLessThanOrEqual(ms + 10);
    }
    await db().updateTable("webhook_levering").set({ forsoek: 20, neste_forsoek: sql`now()` }).execute();
    await feil((await krev(60_000)).krav, opts);
    expect((await rad(id!)).omMs).toBeLessThanOrEqual(MAKS_VENTETID_MS + 10);
    expect((await rad(id!)).omMs).toBeGreaterThan(MAKS_VENTETID_MS - 2000);

    await db().updateTable("webhook_levering").set({ forsoek: 29, neste_forsoek: sql`now()` }).execute();
    await feil((await krev(60_000)).krav, opts);
    expect(await rad(id!)).toMatchObject({ status: "FEILET", forsoek: 30, krav: null });
  });
});

describe("løkken", () => {
  /** A round that handles `antall[i]` rows in round i (0 afterwards). */
  function tellendeArbeider(toemming: Toemming, antall: number[]) {
    let i = 0;
    const runde = vi.fn(async () => antall[i++] ?? 0);
    const arbeider = lagArbeider({ navn: "Test", runde, toemming, pollMs: 60_000 });
    return { arbeider, runde };
  }

  it("TIL_TOM går runde etter runde til en finner ingenting; EN_RUNDE_TIL tar én runde til og venter", async () => {
    vi.useFakeTimers();
    try {
      const tom = tellendeArbeider("TIL_TOM", [3, 3, 3, 3]);
      const en = tellendeArbeider("EN_RUNDE_TIL", [3, 3, 3, 3]);
      tom.arbeider.start();
      en.arbeider.start();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(tom.runde).toHaveBeenCalledTimes(5); // four with work, one that found none
      expect(en.runde).toHaveBeenCalledTimes(2); // one with work, one more, then the poll pause
      await vi.advanceTimersByTimeAsync(60_000);
      expect(en.runde).toHaveBeenCalledTimes(4);
      await tom.arbeider.stop();
      await en.arbeider.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it("en runde som feiler, logges, og løkken fortsetter", async () => {
    vi.useFakeTimers();
    try {
      const error = vi.fn();
      let n = 0;
      const arbeider = lagArbeider({
        navn: "Testsenderen",
        runde: async () => {
          n += 1;
          if (n === 1) throw new Error("borte");
          return 0;
        },
        toemming: "TIL_TOM",
        pollMs: 1000,
        logg: { error },
      });
      arbeider.start();
      await vi.advanceTimersByTimeAsync(2000);
      expect(error).toHaveBeenCalledWith({ err: expect.any(Error) }, "Testsenderen feilet");
      expect(n).toBe(2);
      await arbeider.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it("stopp (SIGTERM) midt i en runde: raden under sending fullføres, resten frigis straks, ingen ny runde", async () => {
    const ider = await nyeLeveringer(3);
    let slipp: () => void = () => {};
    const underSending = new Promise<void>((r) => {
      slipp = r;
    });
    let iGang: () => void = () => {};
    const startet = new Promise<void>((r) => {
      iGang = r;
    });
    const sendt: number[] = [];
    const runde = vi.fn(async () => {
      const { krav, rader } = await krev(60_000);
      for (const r of rader) {
        if (arbeider.avslutter()) {
          await frigi(db(), "webhook_levering", krav);
          break;
        }
        iGang();
        await underSending; // a slow receiver
        await db()
          .updateTable("webhook_levering")
          .set({ status: "LEVERT", krav: null })
          .where("id", "=", r.id)
          .where("krav", "=", krav)
          .execute();
        sendt.push(Number(r.id));
      }
      return rader.length;
    });
    const arbeider = lagArbeider({ navn: "Test", runde, toemming: "TIL_TOM", pollMs: 5 });
    arbeider.start();
    await startet;
    const stopp = arbeider.stop();
    slipp();
    await stopp;
    expect(sendt).toEqual([ider[0]]);
    expect(await rad(ider[0]!)).toMatchObject({ status: "LEVERT", krav: null });
    for (const id of ider.slice(1))
      expect(await rad(id)).toMatchObject({ status: "VENTER", krav: null, forsoek: 0 });
    expect(runde).toHaveBeenCalledTimes(1);
    await new Promise((r) => setTimeout(r, 30));
    expect(runde).toHaveBeenCalledTimes(1);
  });
});
