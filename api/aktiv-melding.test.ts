// Whether a certificate has a live notification (sertifikat.har_aktiv_melding, migration 038, ADR 063), which
// home's new certificates walk by, against the rule it stands for, straight from the tables: random
// notifications created, their status changed (withdrawn, deleted, back), moved to another certificate and
// deleted; a rolled-back write leaves the flag as it was, and the migration's backfill mends a wrong flag.
// Runs on PGlite and, in CI, on a PostgreSQL server.
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db";
import { fyllAktivMelding } from "../db/migrations/038-forsiden-flat";
import { createTestDatabase, settInnTestimportoer, settInnTestsertifikat } from "../tests/support/test-db";

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let importoer: number;
const sertifikater: number[] = [];
const STATUS = [
  "UNDER_REGISTRERING",
  "REGISTRERT",
  "ANKOMMET",
  "FRIGITT",
  "AVVIST",
  "TILBAKETRUKKET",
  "SLETTET",
];

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  importoer = await settInnTestimportoer(db, "777100001", "Aktivtest AS");
  for (let i = 0; i < 4; i++) {
    const id = await settInnTestsertifikat(db, {
      nummer: `AKTIV.${i}`,
      eksportland: "NL",
      mottaker_orgnr: "777100001",
      innhold_hash: `aktiv-${i}`,
    });
    sertifikater.push(id);
  }
}, 180_000);
afterAll(async () => {
  await handle?.close();
});

/** The flag and the rule side by side for the test's certificates. */
async function flaggOgFasit() {
  const { rows } = await sql<{ id: number; flagg: boolean; fasit: boolean }>`select s.id,
      s.har_aktiv_melding as flagg,
      exists (select 1 from importmelding m where m.sertifikat_id = s.id
        and m.status not in ('SLETTET', 'TILBAKETRUKKET')) as fasit
    from sertifikat s where s.nummer like 'AKTIV.%' order by s.id`.execute(db);
  return {
    flagg: rows.map((r) => [Number(r.id), r.flagg]),
    fasit: rows.map((r) => [Number(r.id), r.fasit]),
  };
}

const egneMeldinger = async () =>
  (await db.selectFrom("importmelding").select("id").where("nummer", "like", "AKTIV-%").execute()).map(
    (r) => r.id,
  );

/** A write that breaks the one-live-notification-per-certificate rule is refused; the test goes on. */
async function kanskje(skriv: () => Promise<unknown>): Promise<void> {
  try {
    await skriv();
  } catch (e) {
    if (!/importmelding_aktiv_per_sertifikat|duplicate key|unique/i.test(String(e))) throw e;
  }
}

describe("sertifikatets levende forhåndsmelding (migrasjon 038)", () => {
  it("flagget er det forhåndsmeldingene sier, etter hva som helst som skjer med dem", async () => {
    let n = 0;
    const op = fc.oneof(
      fc.record({
        op: fc.constant("ny" as const),
        s: fc.nat({ max: 3 }),
        status: fc.constantFrom(...STATUS),
      }),
      fc.record({ op: fc.constant("status" as const), i: fc.nat(), status: fc.constantFrom(...STATUS) }),
      fc.record({ op: fc.constant("flytt" as const), i: fc.nat(), s: fc.nat({ max: 3 }) }),
      fc.record({ op: fc.constant("slett" as const), i: fc.nat() }),
      fc.record({ op: fc.constant("rull tilbake" as const), s: fc.nat({ max: 3 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 25 }), async (ops) => {
        for (const o of ops) {
          const ider = await egneMeldinger();
          const valgt = "i" in o && ider.length ? ider[o.i % ider.length] : undefined;
          if (o.op === "ny") {
            n += 1;
            await kanskje(() =>
              db
                .insertInto("importmelding")
                .values({
                  nummer: `AKTIV-${n}`,
                  sertifikat_id: sertifikater[o.s]!,
                  ansvarlig_importoer_id: importoer,
                  opprettet_av_importoer_id: importoer,
                  status: o.status,
                  innmelder: sql`null`,
                })
                .execute(),
            );
          } else if (o.op === "rull tilbake") {
            const foer = await flaggOgFasit();
            await db
              .transaction()
              .execute(async (trx) => {
                await trx
                  .updateTable("importmelding")
                  .set({ status: "TILBAKETRUKKET" })
                  .where("sertifikat_id", "=", sertifikater[o.s]!)
                  .execute();
                throw new Error("rull tilbake");
              })
              .catch(() => undefined);
            expect(await flaggOgFasit()).toEqual(foer);
          } else if (valgt === undefined) continue;
          else if (o.op === "status")
            await kanskje(() =>
              db.updateTable("importmelding").set({ status: o.status }).where("id", "=", valgt).execute(),
            );
          else if (o.op === "flytt")
            await kanskje(() =>
              db
                .updateTable("importmelding")
                .set({ sertifikat_id: sertifikater[o.s]! })
                .where("id", "=", valgt)
                .execute(),
            );
          else if (o.op === "slett") await db.deleteFrom("importmelding").where("id", "=", valgt).execute();
          const { flagg, fasit } = await flaggOgFasit();
          expect(flagg).toEqual(fasit);
        }
      }),
      { numRuns: 10 },
    );
  }, 240_000);

  it("fyllAktivMelding (migrasjonens utfylling) retter et flagg som er feil begge veier", async () => {
    await db.deleteFrom("importmelding").where("nummer", "like", "AKTIV-%").execute();
    await db
      .insertInto("importmelding")
      .values({
        nummer: "AKTIV-fyll",
        sertifikat_id: sertifikater[0]!,
        ansvarlig_importoer_id: importoer,
        opprettet_av_importoer_id: importoer,
        status: "REGISTRERT",
        innmelder: sql`null`,
      })
      .execute();
    await sql`update sertifikat set har_aktiv_melding = (id <> ${sertifikater[0]!})
      where nummer like 'AKTIV.%'`.execute(db);
    const feil = await flaggOgFasit();
    expect(feil.flagg).not.toEqual(feil.fasit);
    await fyllAktivMelding(db);
    const { flagg, fasit } = await flaggOgFasit();
    expect(flagg).toEqual(fasit);
    expect(fasit.filter(([, f]) => f)).toEqual([[sertifikater[0]!, true]]);
  });
});
