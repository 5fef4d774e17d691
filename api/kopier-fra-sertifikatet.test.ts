// The certificate's columns copied by migration 040 (ADR 076) onto its notifications (the number, which the
// authority's list shows) and onto the importers' finds (country, requirement, consignee, which the country
// counts read), against the certificate itself: after inserts, a notification moved to another certificate, a
// newer version of the certificate that changes the copied columns, and the migration's backfill.
// Runs on PGlite and, in CI, on a PostgreSQL server.
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "../db";
import { down, up } from "../db/migrations/040-kopier-fra-sertifikatet";
import { createTestDatabase, settInnTestimportoer, settInnTestsertifikat } from "../tests/support/test-db";

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let importoer: number;

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  importoer = await settInnTestimportoer(db, "777200001", "Kopitest AS");
}, 180_000);
afterAll(async () => {
  await handle?.close();
});

const nyttSertifikat = (nummer: string, land: string): Promise<number> =>
  settInnTestsertifikat(db, {
    nummer,
    eksportland: land,
    mottaker_orgnr: "777200099",
    mottaker_navn: "Andre AS",
    mottaker_navn_norm: "andre as",
    innhold_hash: `kopi-${nummer}`,
  });

/** Rows whose copy differs from the certificate (none when the copies are exact). */
async function avvik(): Promise<unknown[]> {
  const { rows: meldinger } = await sql`select m.id, m.sertifikat_nummer, s.nummer from importmelding m
    join sertifikat s on s.id = m.sertifikat_id where m.sertifikat_nummer is distinct from s.nummer`.execute(
    db,
  );
  const { rows: funn } = await sql`select t.sertifikat_id from sertifikat_tilgang t
    join sertifikat s on s.id = t.sertifikat_id
    where (t.eksportland, t.meldepliktig_vurdering, t.mottaker_orgnr, t.mottaker_navn_norm)
      is distinct from (s.eksportland, s.meldepliktig_vurdering, s.mottaker_orgnr, s.mottaker_navn_norm)`.execute(
    db,
  );
  return [...meldinger, ...funn];
}

it("kopiene er like sertifikatets etter innsetting, flytting og en ny versjon, og migreringen fyller dem", async () => {
  const a = await nyttSertifikat("KOPI.A", "NL");
  const b = await nyttSertifikat("KOPI.B", "DE");
  await db.insertInto("sertifikat_tilgang").values({ sertifikat_id: a, importoer_id: importoer }).execute();
  const { id: melding } = await db
    .insertInto("importmelding")
    .values({
      nummer: "KOPI-1",
      sertifikat_id: a,
      ansvarlig_importoer_id: importoer,
      opprettet_av_importoer_id: importoer,
      status: "REGISTRERT",
      egen_referanse: null,
      innmelder: sql`null`,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const kopi = () =>
    db
      .selectFrom("importmelding as m")
      .innerJoin("sertifikat_tilgang as t", "t.importoer_id", "m.ansvarlig_importoer_id")
      .select(["m.sertifikat_nummer", "t.eksportland", "t.mottaker_orgnr"])
      .where("m.id", "=", melding)
      .executeTakeFirstOrThrow();
  expect(await kopi()).toEqual({
    sertifikat_nummer: "KOPI.A",
    eksportland: "NL",
    mottaker_orgnr: "777200099",
  });
  await db.updateTable("importmelding").set({ sertifikat_id: b }).where("id", "=", melding).execute();
  // a newer version of the found certificate: another country, requirement and consignee (and, were it ever
  // to change, number)
  await db
    .updateTable("sertifikat")
    .set({
      nummer: "KOPI.A2",
      eksportland: "SE",
      meldepliktig_vurdering: "IKKE_MELDEPLIKTIG",
      mottaker_orgnr: null,
      mottaker_navn_norm: "kopitest as",
    })
    .where("id", "=", a)
    .execute();
  await db.updateTable("sertifikat").set({ nummer: "KOPI.B2" }).where("id", "=", b).execute();
  expect(await kopi()).toEqual({ sertifikat_nummer: "KOPI.B2", eksportland: "SE", mottaker_orgnr: null });
  expect(await avvik()).toEqual([]);
  // the backfill: down and up again over the data
  await down(db);
  await up(db);
  expect(await kopi()).toEqual({ sertifikat_nummer: "KOPI.B2", eksportland: "SE", mottaker_orgnr: null });
  expect(await avvik()).toEqual([]);
}, 60_000);
