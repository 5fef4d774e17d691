import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../tests/support/test-db";
import type { DatabaseHandle } from "./index";

// Runs on PGlite by default and on a PostgreSQL server when TEST_DATABASE_URL is set (.ci/run does both):
// the type handling must be identical.
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

describe(`databasen (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("gir int8, count(*) og identity-id som tall", async () => {
    const { rows } = await sql<{
      n: number;
      stor: number;
    }>`select count(*) as n, 9007199254740991::int8 as stor from importoer`.execute(handle.db);
    expect(typeof rows[0]!.n).toBe("number");
    expect(rows[0]!.n).toBeGreaterThan(0);
    expect(rows[0]!.stor).toBe(Number.MAX_SAFE_INTEGER);
    const importoer = await handle.db.selectFrom("importoer").select("id").executeTakeFirstOrThrow();
    expect(typeof importoer.id).toBe("number");
  });

  it("gir date som 'YYYY-MM-DD', numeric som tall og timestamptz som Date", async () => {
    const { rows } = await sql<{
      d: string;
      n: number;
      t: Date;
      j: { a: number };
    }>`select date '2026-03-29' as d, 12.5::numeric as n, timestamptz '2026-03-29T01:30:00Z' as t, '{"a":1}'::jsonb as j`.execute(
      handle.db,
    );
    expect(rows[0]).toEqual({ d: "2026-03-29", n: 12.5, t: new Date("2026-03-29T01:30:00Z"), j: { a: 1 } });
  });

  it("kjører uten JIT og parallelle arbeidere (korte spørringer: oppstarten koster mer enn spørringen)", async () => {
    // On the server through the pool's options; PGlite is one process without LLVM (its `jit` is only a name).
    const { rows } = await sql<{ jit: string; parallell: string }>`select current_setting('jit') as jit,
      current_setting('max_parallel_workers_per_gather') as parallell`.execute(handle.db);
    expect(rows[0]?.parallell).toBe("0");
    if (handle.kind === "postgres") expect(rows[0]?.jit).toBe("off");
  });

  it("tåler at serveren bryter ledige tilkoblinger (omstart, failover) uten at prosessen stopper", async () => {
    // Three clients in the pool, then the server ends the others (PGlite has only one: nothing to end). An
    // unhandled 'error' from an idle client would end the process and fail this run.
    await Promise.all([1, 2, 3].map(() => sql`select pg_sleep(0.05)`.execute(handle.db)));
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`.execute(handle.db);
    await new Promise((r) => setTimeout(r, 200));
    const { rows } = await sql<{ en: number }>`select 1 as en`.execute(handle.db);
    expect(rows).toEqual([{ en: 1 }]);
  });

  it("har kjørt alle migreringer", async () => {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      handle.db,
    );
    expect(rows.map((r) => r.name)).toEqual([
      "001-foundation",
      "002-sertifikater",
      "003-importmeldinger",
      "005-epostvarsel",
      "006-oversikt",
      "007-lister",
      "008-avsender-paa-importmeldingen",
      "009-avsendernavn-per-eier",
      "010-indekser-for-filtre",
      "011-mottakskontroll-utfoert-av",
      "012-grenseteller",
      "013-forventet-ankomst",
      "014-historikk",
      "015-utfall-paa-epost",
      "016-sertifikat-xml",
      "017-nummerdeler",
      "018-systemtilgang",
      "019-hendelser-og-webhooker",
      "022-altinn-og-enhetsregisteret",
      "025-hub-henting",
      "027-regelsett",
      "028-myndighetens-hendelser",
      "030-sprakvalg",
      "032-landtellere",
      "033-opprydding",
      "034-for-lange-felt",
      "035-epost-sprak",
      "036-svar-kopiert",
      "037-skrivetilgang-gir-lesetilgang",
      "038-forsiden-flat",
      "039-innlesing",
      "040-kopier-fra-sertifikatet",
      "041-lister-flate-2",
      "042-nye-funn",
      "043-hendelsenummer-ved-commit",
      "044-nummerering-med-indeks",
    ]);
  });
});
