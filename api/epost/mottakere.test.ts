// The importers a certificate names (ADR 010), as the intake finds them (api/epost/utboks.ts, ADR 075): by
// organisation number, by the importer's own name, by the register's name of its organisation (which wins over
// its own), whatever the spacing and case; and by index, not by reading every importer (migration 039). Against
// the real schema (PGlite, or PostgreSQL with TEST_DATABASE_URL).
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db";
import { createTestDatabase } from "../../tests/support/test-db";
import { importoererPaaSertifikatet, kandidaterSql } from "./utboks";

let handle: DatabaseHandle;
const ider: Record<string, number> = {};

beforeAll(async () => {
  handle = await createTestDatabase({ seed: false });
  const db = handle.db;
  const nye = [
    { organisasjonsnummer: "990000001", navn: "Egen  Navn   Import AS" },
    { organisasjonsnummer: "990000002", navn: "Gammelt Navn AS" },
    { organisasjonsnummer: "990000003", navn: "Registrert Navn AS" },
  ];
  for (const n of nye) {
    const { id } = await db
      .insertInto("importoer")
      .values({ ...n, hovedenhet_navn: null, hovedenhet_organisasjonsnummer: null, epost_sprak: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    ider[n.organisasjonsnummer] = id;
  }
  // the register's name of 990000002 differs from its own: the register's is the one that counts
  await db
    .insertInto("enhet")
    .values({ organisasjonsnummer: "990000002", navn: " Nytt   Registernavn AS ", er_underenhet: false })
    .execute();
  await db
    .insertInto("importoer_epost")
    .values({ importoer_id: ider["990000001"]!, epostadresse: "a@b.test" })
    .execute();
});

afterAll(async () => {
  await handle?.close();
});

const finn = (mottaker_orgnr: string | null, mottaker_navn_norm: string | null) =>
  handle.db
    .transaction()
    .execute((trx) => importoererPaaSertifikatet(trx, { mottaker_orgnr, mottaker_navn_norm }));

describe("importørene et sertifikat nevner", () => {
  it("etter organisasjonsnummer, eget navn og registerets navn, uansett mellomrom og store bokstaver", async () => {
    expect(await finn("990000003", null)).toEqual([{ id: ider["990000003"], medEpost: false }]);
    expect(await finn(null, "egen navn import as")).toEqual([{ id: ider["990000001"], medEpost: true }]);
    expect(await finn(null, "nytt registernavn as")).toEqual([{ id: ider["990000002"], medEpost: false }]);
    // its own name no longer counts when the register names the organisation otherwise
    expect(await finn(null, "gammelt navn as")).toEqual([]);
    expect(await finn(null, null)).toEqual([]);
    const begge = await finn("990000003", "egen navn import as");
    expect(begge.map((m) => m.id).sort()).toEqual([ider["990000001"], ider["990000003"]].sort());
  });

  it("finner navnene gjennom indeksene (migrering 039), ikke ved å lese alle importørene", async () => {
    const plan = await handle.db.transaction().execute(async (trx) => {
      // with a handful of rows a sequential scan is cheapest: forbid it, so the plan shows what the indexes offer
      await sql`set local enable_seqscan = off`.execute(trx);
      const sporring = kandidaterSql({
        mottaker_orgnr: "990000003",
        mottaker_navn_norm: "egen navn import as",
      });
      const { rows } = await sql<{ "QUERY PLAN": string }>`explain ${sporring}`.execute(trx);
      return rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("importoer_navn_norm_idx");
    expect(plan).toContain("enhet_navn_norm_idx");
    expect(plan).toContain("importoer_organisasjonsnummer_key");
  });
});
