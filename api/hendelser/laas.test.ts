// The event counter's lock is taken at commit, not held across the round trip to the api process (issue 35
// item 4, ADR 084, migration 043): a second writer for the same importer writes its event while the first is
// still open, and the numbers follow the order of the commits, without gaps. Only PostgreSQL runs transactions
// side by side; the numbering itself is tested on both databases.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORG } from "../../dev/demo-data";
import type { StatusEndretData } from "../../domain/hendelser";
import { bareMedPostgres } from "../../tests/support/test-db";
import { importoerId } from "../../tests/support/test-hjelp";
import { startTestApi, type TestApi } from "../../tests/support/test-server";
import { MYNDIGHET_STROEM, skrivHendelser } from "./skriv";

let api: TestApi;
let hageland: number;
let gront: number;
const db = () => api.handle.db;

beforeAll(async () => {
  api = await startTestApi();
  hageland = await importoerId(db(), ORG.hagelandDrammen);
  gront = await importoerId(db(), ORG.grontMottakOslo);
}, 120_000);
afterAll(() => api?.close());

const data = (skriver: string): StatusEndretData => ({
  importmelding: { id: 0, nummer: skriver },
  sertifikat: { nummer: "S", eksportland: "NL" },
  fraStatus: "REGISTRERT",
  status: "FRIGITT",
});

/** The stream's events after `etter`, in number order, with who wrote them. */
const etter = async (importoer: number, etter: number) =>
  (
    await db()
      .selectFrom("hendelse")
      .select(["nummer", "data"])
      .where("importoer_id", "=", importoer)
      .where("nummer", ">", etter)
      .orderBy("nummer")
      .execute()
  ).map((r) => ({ nummer: Number(r.nummer), skriver: (r.data as StatusEndretData).importmelding.nummer }));

const siste = async (importoer: number) =>
  Number(
    (
      await db()
        .selectFrom("hendelse")
        .select((eb) => eb.fn.max("nummer").as("n"))
        .where("importoer_id", "=", importoer)
        .executeTakeFirst()
    )?.n ?? 0,
  );

describe("hendelsesnummeret tas ved commit", () => {
  it("en skriver for samme importør venter ikke på den første, og numrene følger commit-rekkefølgen", async (ctx) => {
    bareMedPostgres(ctx);
    const start = await siste(hageland);
    let slippFoerste!: () => void;
    const sluppet = new Promise<void>((r) => {
      slippFoerste = r;
    });
    let foersteSkrevet!: () => void;
    const skrevet = new Promise<void>((r) => {
      foersteSkrevet = r;
    });
    const foerste = db()
      .transaction()
      .execute(async (trx) => {
        await skrivHendelser(trx, [
          { importoerId: hageland, type: "importmelding.vurdert", data: data("A") },
        ]);
        foersteSkrevet();
        await sluppet;
      });
    await skrevet;
    // A's event is written and A has not committed. B may not wait for any lock: with the counter taken in the
    // events statement (before migration 043) B's statement waited for A's commit and fails here.
    await db()
      .transaction()
      .execute(async (trx) => {
        await sql`set local lock_timeout = '3s'`.execute(trx);
        await skrivHendelser(trx, [
          { importoerId: hageland, type: "importmelding.status_endret", data: data("B") },
          { importoerId: hageland, type: "importmelding.vurdert", data: data("B") },
        ]);
        // Another connection never sees an event without its number, nor A's or B's before their commits.
        const synlige = await db()
          .selectFrom("hendelse")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .where((eb) => eb.or([eb("nummer", "is", null), eb("nummer", ">", start)]))
          .where("importoer_id", "=", hageland)
          .executeTakeFirstOrThrow();
        expect(Number(synlige.n)).toBe(0);
      });
    slippFoerste();
    await foerste;
    // B committed first: its two events take the next two numbers, A's the one after.
    expect(await etter(hageland, start)).toEqual([
      { nummer: start + 1, skriver: "B" },
      { nummer: start + 2, skriver: "B" },
      { nummer: start + 3, skriver: "A" },
    ]);
  });

  it("gir hver strøm numrene i transaksjonens rekkefølge, uansett rekkefølgen strømmene ble skrevet i", async () => {
    const [h0, g0] = [await siste(hageland), await siste(gront)];
    const myndighet = async () =>
      Number(
        (
          await db()
            .selectFrom("hendelse_teller")
            .select("siste")
            .where("stroem", "=", MYNDIGHET_STROEM)
            .executeTakeFirst()
        )?.siste ?? 0,
      );
    const m0 = await myndighet();
    await db()
      .transaction()
      .execute(async (trx) => {
        // The authority's stream and a higher importer first: the numbers are still taken in lock order.
        await sql`insert into hendelse (stroem, importoer_id, uuid, type, data)
          values (${MYNDIGHET_STROEM}, null, gen_random_uuid(), 'importmelding.vurdert', '{}'::jsonb)`.execute(
          trx,
        );
        await skrivHendelser(trx, [
          { importoerId: Math.max(hageland, gront), type: "importmelding.vurdert", data: data("1") },
        ]);
        await skrivHendelser(trx, [
          { importoerId: Math.min(hageland, gront), type: "importmelding.vurdert", data: data("2") },
          { importoerId: Math.max(hageland, gront), type: "importmelding.vurdert", data: data("3") },
        ]);
      });
    const hoey = Math.max(hageland, gront) === hageland ? h0 : g0;
    const lav = Math.min(hageland, gront) === hageland ? h0 : g0;
    expect(await etter(Math.max(hageland, gront), hoey)).toEqual([
      { nummer: hoey + 1, skriver: "1" },
      { nummer: hoey + 2, skriver: "3" },
    ]);
    expect(await etter(Math.min(hageland, gront), lav)).toEqual([{ nummer: lav + 1, skriver: "2" }]);
    expect(await myndighet()).toBe(m0 + 1);
    const { n } = await db()
      .selectFrom("hendelse")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("nummer", "is", null)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(0);
  });

  it("nummereringen finner transaksjonens hendelser gjennom den delvise indeksen, ikke ved å lese hele tabellen", async () => {
    // A young database (few events) is where the planner prefers reading the table (migration 044): statistics of
    // today's small table, and the connection's cached plan of the numbering made again from them.
    const skanninger = await db()
      .transaction()
      .execute(async (trx) => {
        await sql`analyze hendelse`.execute(trx);
        await skrivHendelser(trx, [
          { importoerId: hageland, type: "importmelding.vurdert", data: data("i") },
        ]);
        // The backend's scans not yet reported (earlier transactions' too), before and after the numbering, which
        // runs now, in this transaction.
        const skann = async () =>
          (
            await sql<{ seq: string; idx: string }>`select seq_scan as seq, idx_scan as idx
              from pg_stat_xact_user_tables where relname = 'hendelse'`.execute(trx)
          ).rows[0]!;
        const foer = await skann();
        await sql`set constraints hendelse_nummer immediate`.execute(trx);
        const etter = await skann();
        const uten = await trx
          .selectFrom("hendelse")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .where("nummer", "is", null)
          .executeTakeFirstOrThrow();
        return {
          seq: Number(etter.seq) - Number(foer.seq),
          idx: Number(etter.idx) - Number(foer.idx),
          uten: uten.n,
        };
      });
    expect(Number(skanninger.uten)).toBe(0);
    expect(skanninger.seq).toBe(0);
    expect(skanninger.idx).toBeGreaterThan(0);
  });
});
