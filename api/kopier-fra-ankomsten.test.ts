// The first arrival row's columns copied onto its notification by migration 041 (ADR 078), which the drafts'
// "Fortsett" reads instead of ankomstinfo, against ankomstinfo itself: after an insert, changes of each column,
// a second row, the first row deleted, a row moved to another notification, and the migration's backfill.
// Runs on PGlite and, in CI, on a PostgreSQL server.
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "../db";
import { down, up } from "../db/migrations/041-lister-flate-2";
import { createTestDatabase, settInnTestimportoer, settInnTestsertifikat } from "../tests/support/test-db";

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let importoer: number;

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  importoer = await settInnTestimportoer(db, "777300001", "Ankomsttest AS");
}, 180_000);
afterAll(async () => {
  await handle?.close();
});

async function nyMelding(nummer: string): Promise<number> {
  const sertifikat = await settInnTestsertifikat(db, {
    nummer: `ANK.${nummer}`,
    eksportland: "NL",
    mottaker_orgnr: "777300001",
    mottaker_navn: "Ankomsttest AS",
    mottaker_navn_norm: "ankomsttest as",
    innhold_hash: `ankomst-${nummer}`,
  });
  const { id } = await db
    .insertInto("importmelding")
    .values({
      nummer,
      sertifikat_id: sertifikat,
      ansvarlig_importoer_id: importoer,
      opprettet_av_importoer_id: importoer,
      status: "UNDER_REGISTRERING",
      egen_referanse: null,
      innmelder: sql`null`,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** Notifications whose copy differs from their first ankomstinfo row by id (none when the copies are exact). */
async function avvik(): Promise<unknown[]> {
  const { rows } = await sql`select m.id from importmelding m
    left join lateral (select * from ankomstinfo a where a.importmelding_id = m.id order by a.id limit 1) f on true
    where (m.ankomst_tid, m.ankomst_adresse_linje1, m.ankomst_postnummer, m.ankomst_poststed,
        m.ankomst_mottakskontrolloer_id, m.forventet_ankomst)
      is distinct from (f.ankomsttid, f.adresse_linje1, f.postnummer, f.poststed, f.mottakskontrolloer_id,
        (select min(ankomsttid) from ankomstinfo a where a.importmelding_id = m.id))`.execute(db);
  return rows;
}

const kopi = (id: number) =>
  db
    .selectFrom("importmelding")
    .select(["ankomst_tid", "ankomst_adresse_linje1", "ankomst_postnummer", "ankomst_poststed"])
    .select("ankomst_mottakskontrolloer_id")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

it("kopien er den første ankomstraden etter innsetting, endringer, flytting og sletting, og migreringen fyller den", async () => {
  const a = await nyMelding("ANK-1");
  const b = await nyMelding("ANK-2");
  const tom = {
    ankomst_tid: null,
    ankomst_adresse_linje1: null,
    ankomst_postnummer: null,
    ankomst_poststed: null,
    ankomst_mottakskontrolloer_id: null,
  };
  expect(await kopi(a)).toEqual(tom);
  // as a draft is created (api/importmelding/opprett.ts): an empty row
  const { id: foerste } = await db
    .insertInto("ankomstinfo")
    .values({ importmelding_id: a })
    .returning("id")
    .executeTakeFirstOrThrow();
  expect(await kopi(a)).toEqual(tom);
  const tid = new Date("2026-12-24T08:30:00Z");
  await db.updateTable("ankomstinfo").set({ ankomsttid: tid }).where("id", "=", foerste).execute();
  await db
    .updateTable("ankomstinfo")
    .set({ adresse_linje1: "Kaia 1", postnummer: "0150", poststed: "Oslo" })
    .where("id", "=", foerste)
    .execute();
  await db
    .updateTable("ankomstinfo")
    .set({ mottakskontrolloer_id: importoer })
    .where("id", "=", foerste)
    .execute();
  expect(await kopi(a)).toEqual({
    ankomst_tid: tid,
    ankomst_adresse_linje1: "Kaia 1",
    ankomst_postnummer: "0150",
    ankomst_poststed: "Oslo",
    ankomst_mottakskontrolloer_id: importoer,
  });
  expect(await avvik()).toEqual([]);
  // a second row does not replace the first; with the first deleted, the second is the first
  const { id: andre } = await db
    .insertInto("ankomstinfo")
    .values({ importmelding_id: a, adresse_linje1: "Brygga 2", ankomsttid: new Date("2026-12-20T10:00:00Z") })
    .returning("id")
    .executeTakeFirstOrThrow();
  expect((await kopi(a)).ankomst_adresse_linje1).toBe("Kaia 1");
  expect(await avvik()).toEqual([]);
  await db.deleteFrom("ankomstinfo").where("id", "=", foerste).execute();
  expect((await kopi(a)).ankomst_adresse_linje1).toBe("Brygga 2");
  expect(await avvik()).toEqual([]);
  // moved to another notification: the first one has none left, the other has it
  await db.updateTable("ankomstinfo").set({ importmelding_id: b }).where("id", "=", andre).execute();
  expect(await kopi(a)).toEqual(tom);
  expect((await kopi(b)).ankomst_adresse_linje1).toBe("Brygga 2");
  expect(await avvik()).toEqual([]);
  // the backfill: down and up again over the data
  await down(db);
  await up(db);
  expect((await kopi(b)).ankomst_adresse_linje1).toBe("Brygga 2");
  expect(await avvik()).toEqual([]);
}, 60_000);
