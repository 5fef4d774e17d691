// The exact country counts of ADR 051 (migration 032) against the rule they stand for, counted straight from
// the tables: random certificates, consignee and requirement changes (a new version), deletions, finds by
// search, importers registered later and business-register names that change; random notifications, status
// and owner changes. A rolled-back write leaves the counts as they were, and the migration's backfill gives
// what the triggers keep. Runs on PGlite and, in CI, on a PostgreSQL server.
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db";
import { down, up } from "../db/migrations/032-landtellere";
import { createTestDatabase, settInnTestimportoer, settInnTestsertifikat } from "../tests/support/test-db";
import { EIER_KOLONNER, type EierKolonne, tellEideMeldingerPerLand } from "./importmelding/tilgang";
import { hentImportoerMatcher, type ImportoerMatch, tellSynligePerLand } from "./sertifikat/synlighet";

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
/** The test's own importers (their organisation numbers start 7770000). */
const importoerer: number[] = [];
const ORGNR = ["777000001", "777000002", "777000003"];
const NAVN = ["tellertest a as", "tellertest b as", "tellertest a as avd. x"];
const LAND = ["NL", "DE", "CL"];
const MELDEPLIKT = ["MELDEPLIKTIG", "IKKE_MELDEPLIKTIG", "UFULLSTENDIG"];
const STATUS = ["UNDER_REGISTRERING", "REGISTRERT", "ANKOMMET", "FRIGITT", "SLETTET"];
let nummer = 0;

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  for (const [i, orgnr] of ORGNR.entries()) {
    importoerer.push(await settInnTestimportoer(db, orgnr, `Tellertest ${i} AS`));
  }
}, 60_000);
afterAll(async () => {
  await handle?.close();
});

const fasit = (rader: readonly { land: string; n: number }[]) =>
  Object.fromEntries(rader.filter((r) => r.n > 0).map((r) => [r.land, Number(r.n)]));
const somObjekt = (m: ReadonlyMap<string, number>) => Object.fromEntries(m);

/** SPEC §1 / ADR 010 straight from the tables: named by number or exact name, or found by search. */
async function synligeIDb(
  matcher: readonly ImportoerMatch[],
  filter: { land?: string[]; meldeplikt?: string[] } = {},
) {
  const { rows } = await sql<{ land: string; n: number }>`select eksportland as land, count(*)::int as n
    from sertifikat s where (s.mottaker_orgnr in (${sql.join(matcher.map((m) => m.organisasjonsnummer))})
      or s.mottaker_navn_norm in (${sql.join(matcher.map((m) => m.navnNorm ?? ""))})
      or s.id in (select sertifikat_id from sertifikat_tilgang
        where importoer_id in (${sql.join(matcher.map((m) => m.id))})))
      and (${filter.land?.join(",") ?? null}::text is null or s.eksportland = any(string_to_array(${filter.land?.join(",") ?? null}, ',')))
      and (${filter.meldeplikt?.join(",") ?? null}::text is null
        or s.meldepliktig_vurdering = any(string_to_array(${filter.meldeplikt?.join(",") ?? null}, ',')))
    group by 1`.execute(db);
  return fasit(rows);
}

async function eideIDb(importoerId: number, kolonner: readonly EierKolonne[], statuser?: string[]) {
  const eier = sql.join(
    kolonner.map((k) => sql`${sql.ref(k)} = ${importoerId}`),
    sql` or `,
  );
  const { rows } = await sql<{ land: string; n: number }>`select eksportland as land, count(*)::int as n
    from importmelding where (${eier}) and status <> 'SLETTET'
      and (${statuser?.join(",") ?? null}::text is null or status = any(string_to_array(${statuser?.join(",") ?? null}, ',')))
    group by 1`.execute(db);
  return fasit(rows);
}

async function sjekkSertifikater(): Promise<void> {
  const matcher = await hentImportoerMatcher(db, importoerer);
  for (const m of matcher) {
    expect(somObjekt(await tellSynligePerLand(db, [m])), `importør ${m.id}`).toEqual(await synligeIDb([m]));
    const filter = { land: ["NL", "CL"], meldeplikt: ["MELDEPLIKTIG", "UFULLSTENDIG"] };
    expect(somObjekt(await tellSynligePerLand(db, [m], filter))).toEqual(await synligeIDb([m], filter));
  }
  // several importers of one person: a certificate they see in more ways than one, once
  expect(somObjekt(await tellSynligePerLand(db, matcher))).toEqual(await synligeIDb(matcher));
}

async function sjekkMeldinger(): Promise<void> {
  for (const id of importoerer) {
    expect(somObjekt(await tellEideMeldingerPerLand(db, id)), `importør ${id}`).toEqual(
      await eideIDb(id, EIER_KOLONNER),
    );
    const kun: EierKolonne[] = ["ansvarlig_importoer_id"];
    expect(somObjekt(await tellEideMeldingerPerLand(db, id, kun, { statuser: ["REGISTRERT"] }))).toEqual(
      await eideIDb(id, kun, ["REGISTRERT"]),
    );
  }
}

async function nyttSertifikat(o: string | null, n: string | null, land: string, mp: string): Promise<number> {
  nummer += 1;
  return settInnTestsertifikat(db, {
    nummer: `TELLER.${nummer}`,
    eksportland: land,
    mottaker_orgnr: o,
    mottaker_navn: n,
    mottaker_navn_norm: n,
    meldepliktig_vurdering: mp,
    innhold_hash: `teller-${nummer}`,
  });
}

const egneSertifikater = async () =>
  (await db.selectFrom("sertifikat").select("id").where("nummer", "like", "TELLER.%").execute()).map(
    (r) => r.id,
  );

const valgfri = <T>(verdier: readonly T[]) => fc.option(fc.constantFrom(...verdier), { nil: null });

const sertifikatOp = fc.oneof(
  fc.record({
    op: fc.constant("ny" as const),
    orgnr: valgfri(ORGNR),
    navn: valgfri(NAVN),
    land: fc.constantFrom(...LAND),
    mp: fc.constantFrom(...MELDEPLIKT),
  }),
  fc.record({
    op: fc.constant("ny versjon" as const),
    i: fc.nat(),
    orgnr: valgfri(ORGNR),
    navn: valgfri(NAVN),
    // the country too: the finds' copies of it (migration 040) follow
    land: fc.constantFrom(...LAND),
    mp: fc.constantFrom(...MELDEPLIKT),
  }),
  fc.record({ op: fc.constant("slett" as const), i: fc.nat() }),
  fc.record({ op: fc.constant("funnet" as const), i: fc.nat(), importoer: fc.nat({ max: 2 }) }),
  // the business register renames an importer (or it gets an entry, or loses it)
  fc.record({ op: fc.constant("nytt navn" as const), importoer: fc.nat({ max: 2 }), navn: valgfri(NAVN) }),
);

describe("eksakte landtellere (ADR 051)", () => {
  it("sertifikatene: tellerne gir det synlighetsregelen gir, etter hva som helst som skjer", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(sertifikatOp, { minLength: 5, maxLength: 25 }), async (ops) => {
        for (const o of ops) {
          const ider = await egneSertifikater();
          const valgt = "i" in o && ider.length ? ider[o.i % ider.length] : undefined;
          if (o.op === "ny") await nyttSertifikat(o.orgnr, o.navn, o.land, o.mp);
          else if (o.op === "ny versjon" && valgt !== undefined)
            await db
              .updateTable("sertifikat")
              .set({
                mottaker_orgnr: o.orgnr,
                mottaker_navn_norm: o.navn,
                meldepliktig_vurdering: o.mp,
                eksportland: o.land,
              })
              .where("id", "=", valgt)
              .execute();
          else if (o.op === "slett" && valgt !== undefined) {
            await db.deleteFrom("sertifikat_tilgang").where("sertifikat_id", "=", valgt).execute();
            await db.deleteFrom("sertifikat").where("id", "=", valgt).execute();
          } else if (o.op === "funnet" && valgt !== undefined)
            await db
              .insertInto("sertifikat_tilgang")
              .values({ sertifikat_id: valgt, importoer_id: importoerer[o.importoer]! })
              .onConflict((oc) => oc.doNothing())
              .execute();
          else if (o.op === "nytt navn") {
            const orgnr = ORGNR[o.importoer]!;
            await db.deleteFrom("enhet").where("organisasjonsnummer", "=", orgnr).execute();
            if (o.navn !== null)
              await db
                .insertInto("enhet")
                .values({ organisasjonsnummer: orgnr, navn: o.navn.toUpperCase(), er_underenhet: true })
                .execute();
          }
        }
        await sjekkSertifikater();
      }),
      { numRuns: 12 },
    );
  }, 240_000);

  it("forhåndsmeldingene: tellerne gir det eierregelen gir, også etter status- og eierbytter", async () => {
    let n = 0;
    const eier = fc.nat({ max: 2 });
    const op = fc.oneof(
      fc.record({
        op: fc.constant("ny" as const),
        s: fc.nat({ max: 2 }),
        a: eier,
        o: eier,
        k: fc.option(eier, { nil: null }),
        status: fc.constantFrom(...STATUS),
      }),
      fc.record({ op: fc.constant("status" as const), i: fc.nat(), status: fc.constantFrom(...STATUS) }),
      fc.record({
        op: fc.constant("ansvarlig" as const),
        i: fc.nat(),
        a: eier,
        k: fc.option(eier, { nil: null }),
      }),
      fc.record({ op: fc.constant("nytt sertifikat" as const), i: fc.nat(), s: fc.nat({ max: 2 }) }),
      fc.record({ op: fc.constant("slett" as const), i: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 25 }), async (ops) => {
        for (const o of ops) {
          const ider = (
            await db.selectFrom("importmelding").select("id").where("nummer", "like", "TELLER-%").execute()
          ).map((r) => r.id);
          const valgt = "i" in o && ider.length ? ider[o.i % ider.length] : undefined;
          if (o.op === "ny") {
            n += 1;
            // one live notification per certificate: a certificate of its own, from the chosen country
            await db
              .insertInto("importmelding")
              .values({
                nummer: `TELLER-${n}`,
                sertifikat_id: await nyttSertifikat(ORGNR[0]!, null, LAND[o.s]!, "MELDEPLIKTIG"),
                ansvarlig_importoer_id: importoerer[o.a]!,
                opprettet_av_importoer_id: importoerer[o.o]!,
                ansvarlig_dokumentkontroll_id: o.k === null ? null : importoerer[o.k]!,
                status: o.status,
                innmelder: sql`null`,
              })
              .execute();
          } else if (valgt === undefined) continue;
          else if (o.op === "status")
            await db.updateTable("importmelding").set({ status: o.status }).where("id", "=", valgt).execute();
          else if (o.op === "ansvarlig")
            await db
              .updateTable("importmelding")
              .set({
                ansvarlig_importoer_id: importoerer[o.a]!,
                ansvarlig_dokumentkontroll_id: o.k === null ? null : importoerer[o.k]!,
              })
              .where("id", "=", valgt)
              .execute();
          // the country follows the certificate (migration 007's trigger)
          else if (o.op === "nytt sertifikat")
            await db
              .updateTable("importmelding")
              .set({ sertifikat_id: await nyttSertifikat(ORGNR[0]!, null, LAND[o.s]!, "MELDEPLIKTIG") })
              .where("id", "=", valgt)
              .execute();
          else if (o.op === "slett") await db.deleteFrom("importmelding").where("id", "=", valgt).execute();
        }
        await sjekkMeldinger();
      }),
      { numRuns: 12 },
    );
  }, 240_000);

  it("en transaksjon som rulles tilbake, endrer ingen teller; flere endringer i én transaksjon teller alle", async () => {
    const m = (await hentImportoerMatcher(db, [importoerer[1]!]))[0]!;
    const foer = somObjekt(await tellSynligePerLand(db, [m]));
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto("sertifikat")
          .values({
            nummer: "TELLER.RULLET.TILBAKE",
            eksportland: "NL",
            utstedt_dato: "2026-11-01",
            type: "Eksport",
            mottaker_orgnr: ORGNR[1]!,
            meldepliktig_vurdering: "MELDEPLIKTIG",
            alvorlighetsgrad: "ALT_OK",
            data: JSON.stringify({ varelinjer: [] }) as never,
            vurdering: JSON.stringify({}) as never,
            innhold_hash: "rullet-tilbake",
          })
          .execute();
        throw new Error("avbrutt");
      }),
    ).rejects.toThrow("avbrutt");
    expect(somObjekt(await tellSynligePerLand(db, [m]))).toEqual(foer);
    // inserted, changed twice and moved between countries in one transaction: the deferred triggers see each step
    await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto("sertifikat")
        .values({
          nummer: "TELLER.EN.TRANSAKSJON",
          eksportland: "NL",
          utstedt_dato: "2026-11-01",
          type: "Eksport",
          mottaker_orgnr: ORGNR[2]!,
          meldepliktig_vurdering: "MELDEPLIKTIG",
          alvorlighetsgrad: "ALT_OK",
          data: JSON.stringify({ varelinjer: [] }) as never,
          vurdering: JSON.stringify({}) as never,
          innhold_hash: "en-transaksjon",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx.updateTable("sertifikat").set({ mottaker_orgnr: ORGNR[1]! }).where("id", "=", id).execute();
      await trx.updateTable("sertifikat").set({ eksportland: "DE" }).where("id", "=", id).execute();
    });
    expect(somObjekt(await tellSynligePerLand(db, [m]))).toEqual({ ...foer, DE: (foer.DE ?? 0) + 1 });
    await sjekkSertifikater();
  });

  it("migreringen fyller tellerne med det triggerne holder", async () => {
    const lagret = async () => ({
      s: (await sql`select * from sertifikat_antall where antall <> 0 order by 1, 2, 3, 4`.execute(db)).rows,
      m: (await sql`select * from importmelding_antall where antall <> 0 order by 1, 2, 3, 4, 5`.execute(db))
        .rows,
    });
    const foer = await lagret();
    expect(foer.s.length).toBeGreaterThan(0);
    expect(foer.m.length).toBeGreaterThan(0);
    await down(db);
    await up(db);
    expect(await lagret()).toEqual(foer);
    await sjekkSertifikater();
    await sjekkMeldinger();
  });
});
