// PGlite in a thread of its own (ADR 018): values and errors come back as PGlite gives them in this thread,
// and the request thread keeps running while the database works.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "./index";
import { PGliteITraad } from "./pglite-klient";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({ dataDir: "memory://", migrate: false });
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

describe("PGlite i egen tråd", () => {
  it("gir tall, datoer, tidspunkter, bytes og JSON som PGlite i samme tråd", async () => {
    const { rows } = await sql<{
      n: number;
      d: string;
      t: Date;
      b: Uint8Array;
      j: { a: number[] };
    }>`select 9007199254740::int8 as n, '2026-01-02'::date as d, '2026-01-02T03:04:05Z'::timestamptz as t,
        decode('AAEC/w==', 'base64') as b, '{"a":[1,2]}'::jsonb as j`.execute(handle.db);
    expect(rows[0]?.n).toBe(9007199254740);
    expect(rows[0]?.d).toBe("2026-01-02");
    expect(rows[0]?.t).toEqual(new Date("2026-01-02T03:04:05Z"));
    expect([...(rows[0]?.b ?? [])]).toEqual([0, 1, 2, 255]);
    expect(rows[0]?.j).toEqual({ a: [1, 2] });
  });

  it("gir databasefeil med PostgreSQL-feltene (code, constraint)", async () => {
    await sql`create table unik (id int primary key)`.execute(handle.db);
    await sql`insert into unik values (1)`.execute(handle.db);
    const feil = await sql`insert into unik values (1)`.execute(handle.db).catch((e: unknown) => e);
    expect(feil).toBeInstanceOf(Error);
    expect(feil).toMatchObject({ code: "23505", constraint: "unik_pkey" });
  });

  it("holder en transaksjon samlet og ruller den tilbake ved feil", async () => {
    await sql`create table t (x int)`.execute(handle.db);
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await sql`insert into t values (1)`.execute(trx);
        throw new Error("avbryt");
      }),
    ).rejects.toThrow("avbryt");
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from t`.execute(handle.db);
    expect(rows[0]?.n).toBe(0);
  });

  it("lar forespørselstråden gå mens databasen arbeider", async () => {
    // A query that keeps the database busy for a second: in this thread no timer would fire meanwhile.
    let tikk = 0;
    const tidsur = setInterval(() => tikk++, 10);
    const start = performance.now();
    await sql`select pg_sleep(1)`.execute(handle.db);
    clearInterval(tidsur);
    expect(performance.now() - start).toBeGreaterThanOrEqual(900);
    expect(tikk).toBeGreaterThan(10);
  });

  it("avviser spørringer etter at databasen er lukket", async () => {
    const egen = await PGliteITraad.start(undefined);
    expect((await egen.query<{ x: number }>("select 1 as x")).rows).toEqual([{ x: 1 }]);
    await egen.close();
    expect(egen.closed).toBe(true);
    await expect(egen.query("select 1")).rejects.toThrow("Databasen er lukket");
  });
});
