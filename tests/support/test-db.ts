// A fresh, migrated and seeded database for a test file: an in-memory PGlite by default, or a new
// database on the PostgreSQL server in TEST_DATABASE_URL (CI runs the API tests against both).
import { randomBytes } from "node:crypto";
import type { Insertable } from "kysely";
import pg from "pg";
import type { Db } from "../../db";
import { type DatabaseHandle, openDatabase } from "../../db/index";
import type { SertifikatTable } from "../../db/schema";
import { seedDemoData } from "../../dev/seed";

/** A new, empty database on the PostgreSQL server in serverUrl: its address, and how to drop it again. */
export async function nyServerDatabase(serverUrl: string): Promise<{ url: string; slett(): Promise<void> }> {
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    slett: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createTestDatabase(opts: { seed?: boolean } = {}): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let handle: DatabaseHandle;
  let drop: (() => Promise<void>) | undefined;
  if (serverUrl) {
    const ny = await nyServerDatabase(serverUrl);
    handle = await openDatabase({ databaseUrl: ny.url });
    drop = ny.slett;
  } else {
    handle = await openDatabase({ dataDir: "memory://" });
  }
  if (opts.seed !== false) await seedDemoData(handle.db);
  const close = handle.close;
  return {
    ...handle,
    close: async () => {
      await close();
      await drop?.();
    },
  };
}

/**
 * A race test that only a PostgreSQL server can fail (issue 37 §6): PGlite has one connection, so concurrent
 * transactions run one after the other and such a test passes there even with the lock it is about removed.
 * Without TEST_DATABASE_URL it is skipped with this message (on stderr too, so a whole run shows it as well as
 * a run of the one file); CI's PostgreSQL pass (.ci/run) runs it.
 */
export function bareMedPostgres(ctx: { skip(note?: string): never }): void {
  if (process.env.TEST_DATABASE_URL) return;
  const melding =
    "bare mot PostgreSQL (TEST_DATABASE_URL): på PGlite går samtidige transaksjoner etter hverandre, så testen " +
    "kan ikke feile der; CI-ens PostgreSQL-runde kjører den";
  console.warn(`Hoppet over: ${melding}`);
  ctx.skip(melding);
}

/** An importer row (organisation number and name) for a test of the tables around it. Its id. */
export async function settInnTestimportoer(
  db: Db,
  organisasjonsnummer: string,
  navn: string,
): Promise<number> {
  const { id } = await db
    .insertInto("importoer")
    .values({ organisasjonsnummer, navn })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * A minimal certificate row for a test of the tables around it (counts, copies, flags): the given columns over
 * an «Eksport» of 2026-11-01 with no goods lines, «MELDEPLIKTIG» and «ALT_OK». Its id.
 */
export async function settInnTestsertifikat(
  db: Db,
  verdier: Pick<Insertable<SertifikatTable>, "nummer" | "eksportland" | "innhold_hash"> &
    Partial<Insertable<SertifikatTable>>,
): Promise<number> {
  const { id } = await db
    .insertInto("sertifikat")
    .values({
      utstedt_dato: "2026-11-01",
      type: "Eksport",
      meldepliktig_vurdering: "MELDEPLIKTIG",
      alvorlighetsgrad: "ALT_OK",
      data: JSON.stringify({ varelinjer: [] }) as never,
      vurdering: JSON.stringify({}) as never,
      ...verdier,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}
