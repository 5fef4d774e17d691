// Migration 039 (ADR 075): a certificate's large values are compressed with lz4 on a server that has it
// (PostgreSQL with TEST_DATABASE_URL); PGlite, built without lz4, keeps pglz and migrates all the same.
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase } from "../tests/support/test-db";
import type { DatabaseHandle } from ".";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase({ seed: false });
});

afterAll(async () => {
  await handle?.close();
});

it("XML, data og vedlegg komprimeres med lz4 der serveren har det, ellers som før", async () => {
  const { rows } = await sql<{ tabell: string; kolonne: string; metode: string }>`
    select c.relname as tabell, a.attname as kolonne, a.attcompression as metode
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    where (c.relname, a.attname) in (('sertifikat_xml', 'xml'), ('sertifikat', 'data'), ('vedlegg', 'data'))
    order by 1, 2`.execute(handle.db);
  const ventet = process.env.TEST_DATABASE_URL ? "l" : "";
  expect(rows.map((r) => [r.tabell, r.kolonne, r.metode])).toEqual([
    ["sertifikat", "data", ventet],
    ["sertifikat_xml", "xml", ventet],
    ["vedlegg", "data", ventet],
  ]);
});
