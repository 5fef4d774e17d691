// Home's upcoming arrivals (issue 26, migration 011): the first OVERSIKT_MAKS submitted notifications by
// expected arrival, through every owner column, as the database says they are — also after an arrival
// time is changed or removed (the trigger on ankomstinfo keeps the notification's copy).
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORG } from "../../dev/demo-data";
import { OVERSIKT_MAKS, type Oversikt } from "../../domain/oversikt";
import { importoerId, KARI, lagSertifikat } from "../../tests/support/test-hjelp";
import { startTestApi, type TestApi } from "../../tests/support/test-server";

let api: TestApi;
let drammen: number;
let annen: number;
const ANTALL = OVERSIKT_MAKS + 6;
const meldinger: number[] = [];

beforeAll(async () => {
  api = await startTestApi();
  const db = api.handle.db;
  drammen = await importoerId(db, ORG.hagelandDrammen);
  annen = await importoerId(db, ORG.grontMottakOslo);
  for (let i = 0; i < ANTALL; i++) {
    const s = await lagSertifikat(db);
    // Drammen through each owner column in turn
    const kolonne = i % 3;
    const { id } = await db
      .insertInto("importmelding")
      .values({
        nummer: `ANK-${i}`,
        sertifikat_id: s.id,
        ansvarlig_importoer_id: kolonne === 0 ? drammen : annen,
        opprettet_av_importoer_id: kolonne === 1 ? drammen : annen,
        ansvarlig_dokumentkontroll_id: kolonne === 2 ? drammen : null,
        status: "REGISTRERT",
        innmelder: JSON.stringify(null),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    meldinger.push(Number(id));
    // arrivals in an order unlike the ids; some without a time
    if (i % 5 !== 4) {
      await db
        .insertInto("ankomstinfo")
        .values({
          importmelding_id: id,
          ankomsttid: new Date(Date.UTC(2031, 0, 1 + ((i * 7) % ANTALL))),
        })
        .execute();
    }
  }
}, 120_000);

afterAll(async () => {
  await api?.close();
});

async function forventet(): Promise<number[]> {
  const res = await api.fetch(`/import/importmelding/v2/${ORG.hagelandDrammen}/${drammen}/oversikt`, {
    pid: KARI,
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as Oversikt;
  expect(body.flere.forventetAnkomstImportMeldinger).toBe(true);
  return body.forventetAnkomstImportMeldinger.map((m) => Number(m.id));
}

/** The first OVERSIKT_MAKS of the importer's submitted notifications by earliest arrival, from the tables. */
async function iDb(): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`select m.id from importmelding m
    left join lateral (select min(ankomsttid) as tid from ankomstinfo a where a.importmelding_id = m.id) a on true
    where m.status = 'REGISTRERT' and ${drammen} in (m.ansvarlig_importoer_id, m.opprettet_av_importoer_id,
      m.ansvarlig_dokumentkontroll_id)
    order by a.tid asc nulls last, m.id limit ${OVERSIKT_MAKS}`.execute(api.handle.db);
  return rows.map((r) => Number(r.id));
}

describe("kommende ankomster på forsiden", () => {
  it("gir de første etter forventet ankomst, gjennom alle eierkolonnene", async () => {
    expect(await forventet()).toEqual(await iDb());
  });

  it("følger en ankomsttid som endres, legges til eller fjernes", async () => {
    const db = api.handle.db;
    const [foerste, andre, tredje] = meldinger;
    // the last (which has a time) becomes the first; one without a time gets one; one loses its time
    await db
      .updateTable("ankomstinfo")
      .set({ ankomsttid: new Date(Date.UTC(2000, 0, 1)) })
      .where("importmelding_id", "=", meldinger.at(-1)!)
      .execute();
    await db
      .insertInto("ankomstinfo")
      .values({ importmelding_id: meldinger[4]!, ankomsttid: new Date(Date.UTC(2000, 5, 1)) })
      .execute();
    await db.deleteFrom("ankomstinfo").where("importmelding_id", "in", [foerste!, andre!, tredje!]).execute();
    const liste = await forventet();
    expect(liste).toEqual(await iDb());
    expect(liste[0]).toBe(meldinger.at(-1));
    expect(liste).not.toContain(foerste);
  });
});
