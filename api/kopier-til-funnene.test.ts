// The certificate's issue date, replacement and live-notification flag copied onto the importers' finds by
// migration 042 (ADR 081; home's new certificates walk the finds by them), against the certificate itself:
// after a find, a notification made and withdrawn, a replacement, a newer version with another issue date, and
// the migration's backfill. Runs on PGlite and, in CI, on a PostgreSQL server.
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "../db";
import { down, up } from "../db/migrations/042-nye-funn";
import { createTestDatabase, settInnTestimportoer, settInnTestsertifikat } from "../tests/support/test-db";

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let importoer: number;

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  importoer = await settInnTestimportoer(db, "777300001", "Funntest AS");
}, 180_000);
afterAll(async () => {
  await handle?.close();
});

const nyttSertifikat = (nummer: string): Promise<number> =>
  settInnTestsertifikat(db, {
    nummer,
    eksportland: "NL",
    utstedt_dato: "2026-12-01",
    mottaker_orgnr: "777300099",
    mottaker_navn: "Andre AS",
    mottaker_navn_norm: "andre as",
    innhold_hash: `funn-${nummer}`,
  });

/** The finds whose copies differ from their certificate (none when the copies are exact). */
async function avvik(): Promise<unknown[]> {
  const { rows } = await sql`select t.sertifikat_id from sertifikat_tilgang t
    join sertifikat s on s.id = t.sertifikat_id
    where (t.eksportland, t.meldepliktig_vurdering, t.mottaker_orgnr, t.mottaker_navn_norm, t.utstedt_dato,
        t.erstattet_av_id, t.har_aktiv_melding)
      is distinct from (s.eksportland, s.meldepliktig_vurdering, s.mottaker_orgnr, s.mottaker_navn_norm,
        s.utstedt_dato, s.erstattet_av_id, s.har_aktiv_melding)`.execute(db);
  return rows;
}

const kopi = (sertifikat: number) =>
  db
    .selectFrom("sertifikat_tilgang")
    .select(["utstedt_dato", "erstattet_av_id", "har_aktiv_melding"])
    .where("sertifikat_id", "=", sertifikat)
    .where("importoer_id", "=", importoer)
    .executeTakeFirstOrThrow()
    .then((r) => ({ ...r, utstedt_dato: String(r.utstedt_dato).slice(0, 10) }));

it("funnenes kopier er like sertifikatets etter melding, tilbaketrekking, erstatning og en ny versjon, og migreringen fyller dem", async () => {
  const a = await nyttSertifikat("FUNN.A");
  const b = await nyttSertifikat("FUNN.B");
  await db
    .insertInto("sertifikat_tilgang")
    .values([
      { sertifikat_id: a, importoer_id: importoer },
      { sertifikat_id: b, importoer_id: importoer },
    ])
    .execute();
  expect(await kopi(a)).toEqual({
    utstedt_dato: "2026-12-01",
    erstattet_av_id: null,
    har_aktiv_melding: false,
  });
  // a notification on the found certificate (migration 038's trigger sets the flag), then withdrawn
  const { id: melding } = await db
    .insertInto("importmelding")
    .values({
      nummer: "FUNN-1",
      sertifikat_id: a,
      ansvarlig_importoer_id: importoer,
      opprettet_av_importoer_id: importoer,
      status: "REGISTRERT",
      egen_referanse: null,
      innmelder: sql`null`,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  expect((await kopi(a)).har_aktiv_melding).toBe(true);
  expect(await avvik()).toEqual([]);
  await db.updateTable("importmelding").set({ status: "TILBAKETRUKKET" }).where("id", "=", melding).execute();
  expect((await kopi(a)).har_aktiv_melding).toBe(false);
  // b replaced by a, and a newer version of a with another issue date
  await db.updateTable("sertifikat").set({ erstattet_av_id: a }).where("id", "=", b).execute();
  await db.updateTable("sertifikat").set({ utstedt_dato: "2026-12-03" }).where("id", "=", a).execute();
  expect(await kopi(b)).toEqual({ utstedt_dato: "2026-12-01", erstattet_av_id: a, har_aktiv_melding: false });
  expect(await kopi(a)).toEqual({
    utstedt_dato: "2026-12-03",
    erstattet_av_id: null,
    har_aktiv_melding: false,
  });
  expect(await avvik()).toEqual([]);
  // the backfill: down and up again over the data
  await down(db);
  await up(db);
  expect(await kopi(b)).toEqual({ utstedt_dato: "2026-12-01", erstattet_av_id: a, har_aktiv_melding: false });
  expect(await avvik()).toEqual([]);
  // and the triggers are 042's again: a notification on a is copied
  await db.updateTable("importmelding").set({ status: "REGISTRERT" }).where("id", "=", melding).execute();
  expect((await kopi(a)).har_aktiv_melding).toBe(true);
  expect(await avvik()).toEqual([]);
}, 60_000);
