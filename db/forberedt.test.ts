// Named prepared statements (db/forberedt.ts, ADR 070): on a PostgreSQL server a statement marked FORBEREDT is
// prepared once per connection under a name from its text, and an unmarked one is not prepared; on PGlite the
// marked statement runs as any other.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../tests/support/test-db";
import { FORBEREDT } from "./forberedt";
import type { DatabaseHandle } from "./index";

let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDatabase({ seed: false });
}, 120_000);
afterAll(async () => {
  await h.close();
});

const merket = (n: number) => sql<{ n: number }>`${sql.raw(FORBEREDT)} select ${n}::integer + 1 as n`;

describe.runIf(process.env.TEST_DATABASE_URL)("på PostgreSQL", () => {
  it("en merket setning forberedes én gang per tilkobling med navn; en umerket forberedes ikke", async () => {
    await h.db.connection().execute(async (c) => {
      const svar = [];
      for (const n of [1, 2, 3]) svar.push((await merket(n).execute(c)).rows[0]?.n);
      expect(svar).toEqual([2, 3, 4]);
      await sql`select 1 as umerket`.execute(c);
      const { rows } = await sql<{ name: string; statement: string }>`
        select name, statement from pg_prepared_statements order by name`.execute(c);
      const vaare = rows.filter((r) => r.statement.includes("::integer + 1 as n"));
      expect(vaare).toHaveLength(1);
      expect(vaare[0]?.name).toMatch(/^f_[0-9a-f]{24}$/);
      expect(vaare[0]?.statement.startsWith(FORBEREDT)).toBe(true);
      expect(rows.some((r) => r.statement.includes("umerket"))).toBe(false);
    });
  });
});

describe.runIf(!process.env.TEST_DATABASE_URL)("på PGlite", () => {
  it("en merket setning gir samme svar som ellers", async () => {
    expect((await merket(41).execute(h.db)).rows).toEqual([{ n: 42 }]);
  });
});
