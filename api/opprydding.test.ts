// Retention (issue 34 item 8, docs/decisions/053-lagringstid.md) on a real database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): old transient rows go and young ones stay, a batch is bounded, one process at a time holds
// the lease, the archive is never touched, the feed answers 410 to a cursor behind what was deleted, and the
// metrics show rows and ages per table.
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ORG } from "../dev/demo-data";
import { lagMetrikker } from "../server/metrikker";
import { importoerId, KARI, lagSertifikat } from "../tests/support/test-hjelp";
import { startTestApi, type TestApi } from "../tests/support/test-server";
import { type Alder, lagOpprydding, type OppryddingOptions } from "./opprydding";

let api: TestApi;
let hageland: number;
const db = () => api.handle.db;
const DAG = 86_400_000;
const ALDER: Alder = {
  hendelser: 90 * DAG,
  webhookforsoek: 30 * DAG,
  epost: 30 * DAG,
  sertifikatvarsler: 400 * DAG,
  sesjoner: 7 * DAG,
  grensetellere: 1 * DAG,
  hubjournal: 90 * DAG,
};

beforeAll(async () => {
  api = await startTestApi();
  hageland = await importoerId(db(), ORG.hagelandDrammen);
}, 120_000);

afterAll(async () => {
  await api?.close();
});

const dagerSiden = (d: number) => new Date(Date.now() - d * DAG);

function opprydding(o: Partial<OppryddingOptions> = {}) {
  return lagOpprydding({
    db: db(),
    alder: ALDER,
    intervallMs: 60_000,
    batch: 100,
    maksBatcher: 10,
    leieMs: 60_000,
    ...o,
  });
}

async function tell(tabell: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(tabell)}`.execute(
    db(),
  );
  return rows[0]?.n ?? 0;
}

let nesteNummer = 0;

/** Rows of every transient kind, `gamle` past their age and `unge` within it (besides what is there already). */
async function fyll(gamle: number, unge: number) {
  const d = db();
  const s = await lagSertifikat(d);
  // The ingest's own event and alert are not part of the spread.
  await sql`delete from hendelse`.execute(d);
  await sql`delete from epost_varsel`.execute(d);
  const webhook = await d
    .insertInto("webhook")
    .values({
      importoer_id: hageland,
      url: "https://mottak.example.no/h",
      typer: JSON.stringify([]) as never,
      hemmelighet: "x",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await d
    .insertInto("hendelse_teller")
    .values({ importoer_id: hageland, stroem: `importoer:${hageland}`, siste: 0 })
    .onConflict((oc) => oc.column("stroem").doNothing())
    .execute();
  const teller = await d
    .selectFrom("hendelse_teller")
    .select("siste")
    .where("importoer_id", "=", hageland)
    .executeTakeFirstOrThrow();
  nesteNummer = Number(teller.siste);
  const numre: number[] = [];
  const rader = [
    ...Array.from({ length: gamle }, () => ({ alder: 400, gammel: true })),
    ...Array.from({ length: unge }, () => ({ alder: 0.5, gammel: false })),
  ];
  for (const { alder } of rader) {
    const tid = dagerSiden(alder);
    nesteNummer += 1;
    numre.push(nesteNummer);
    const h = await d
      .insertInto("hendelse")
      .values({
        importoer_id: hageland,
        stroem: `importoer:${hageland}`,
        nummer: nesteNummer,
        uuid: randomUUID(),
        type: "sertifikat.mottatt",
        tidspunkt: tid,
        data: JSON.stringify({
          sertifikat: { id: s.id, nummer: s.nummer, eksportland: "NL", erstatterNummer: null },
          resultat: "ny",
        }) as never,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const l = await d
      .insertInto("webhook_levering")
      .values({ webhook_id: webhook.id, hendelse_id: h.id, status: "LEVERT", opprettet: tid, levert: tid })
      .returning("id")
      .executeTakeFirstOrThrow();
    await d
      .insertInto("webhook_forsoek")
      .values({
        webhook_id: webhook.id,
        levering_id: l.id,
        tidspunkt: tid,
        forsoek: 1,
        ok: true,
        http_status: 200,
      })
      .execute();
    await d
      .insertInto("sesjon")
      .values({
        id: randomUUID(),
        data: "{}",
        opprettet: tid,
        sist_aktiv: tid,
        utloeper: new Date(tid.getTime() + 8 * 3_600_000),
      })
      .execute();
    await sql`insert into grense_teller (key, points, expire) values (${`test:${randomUUID()}`}, 3, ${tid.getTime()})`.execute(
      d,
    );
    await d
      .insertInto("hub_konvolutt")
      .values({ hub_leveringsnummer: randomUUID(), foerst_sett: tid, kvittert: tid, utfall: "LAGRET" })
      .execute();
  }
  await d
    .updateTable("hendelse_teller")
    .set({ siste: nesteNummer })
    .where("importoer_id", "=", hageland)
    .execute();
  // Outcome e-mails can only be written by a status change; certificate alerts, one per (importer, certificate).
  const importoerer = await d
    .selectFrom("importoer")
    .select("id")
    .orderBy("id")
    .limit(gamle + unge)
    .execute();
  for (const [i, { id }] of importoerer.entries()) {
    const tid = dagerSiden(i < gamle ? 500 : 0.5);
    await d
      .insertInto("epost_varsel")
      .values({ importoer_id: id, sertifikat_id: s.id, status: "SENDT", opprettet: tid, sendt: tid })
      .execute();
  }
  return { gamle: numre.slice(0, gamle), unge: numre.slice(gamle) };
}

async function tom() {
  for (const t of [
    "webhook_forsoek",
    "webhook_levering",
    "hendelse",
    "webhook",
    "sesjon",
    "grense_teller",
    "hub_konvolutt",
    "epost_varsel",
  ]) {
    await sql`delete from ${sql.table(t)}`.execute(db());
  }
  await db().updateTable("hendelse_teller").set({ slettet_til: 0 }).execute();
  await db().updateTable("opprydding").set({ eier: null, leie_til: null }).execute();
}

describe("oppryddingen", () => {
  beforeEach(tom);

  it("sletter gamle rader og lar unge og arkivet stå", async () => {
    const { gamle } = await fyll(3, 2);
    const foer = {
      importmelding: await tell("importmelding"),
      importmelding_hendelse: await tell("importmelding_hendelse"),
      sertifikat: await tell("sertifikat"),
    };
    const slettet = await opprydding().kjoerRunde();
    expect(slettet).toEqual({
      webhook_forsoek: 3,
      webhook_levering: 3,
      hendelse: 3,
      epost_varsel: 3,
      sesjon: 3,
      grense_teller: 3,
      hub_konvolutt: 3,
    });
    for (const t of [
      "webhook_forsoek",
      "webhook_levering",
      "hendelse",
      "sesjon",
      "grense_teller",
      "hub_konvolutt",
      "epost_varsel",
    ]) {
      expect(await tell(t), t).toBe(2);
    }
    // The archive is kept whatever its age.
    expect({
      importmelding: await tell("importmelding"),
      importmelding_hendelse: await tell("importmelding_hendelse"),
      sertifikat: await tell("sertifikat"),
    }).toEqual(foer);
    // The feed remembers how far it was deleted.
    const t = await db()
      .selectFrom("hendelse_teller")
      .select("slettet_til")
      .where("importoer_id", "=", hageland)
      .executeTakeFirstOrThrow();
    expect(Number(t.slettet_til)).toBe(gamle.at(-1));
  });

  it("holder på det som ennå trengs: en levering som venter, et sertifikatvarsel yngre enn sin egen grense, e-post i utboksen", async () => {
    await fyll(1, 0);
    await db().updateTable("webhook_levering").set({ status: "VENTER" }).execute();
    const varsel = await db().selectFrom("epost_varsel").select("id").executeTakeFirstOrThrow();
    await db()
      .updateTable("epost_varsel")
      .set({ opprettet: dagerSiden(100) })
      .where("id", "=", varsel.id)
      .execute();
    const slettet = await opprydding().kjoerRunde();
    expect(slettet?.hendelse).toBe(0);
    expect(slettet?.webhook_levering).toBe(0);
    expect(slettet?.epost_varsel).toBe(0);
    expect(await tell("hendelse")).toBe(1);
    // A waiting e-mail stays whatever its age.
    await db()
      .updateTable("epost_varsel")
      .set({ status: "VENTER", opprettet: dagerSiden(900) })
      .execute();
    expect((await opprydding().kjoerRunde())?.epost_varsel).toBe(0);
  });

  it("sletter i avgrensede batcher: høyst batch × maksBatcher per tabell og runde", async () => {
    await fyll(7, 1);
    const o = opprydding({ batch: 2, maksBatcher: 2 });
    const foerste = await o.kjoerRunde();
    expect(foerste?.sesjon).toBe(4);
    expect(foerste?.grense_teller).toBe(4);
    expect(await tell("sesjon")).toBe(4);
    expect((await o.kjoerRunde())?.sesjon).toBe(3);
    expect(await tell("sesjon")).toBe(1);
  });

  it("kjører i én prosess om gangen: leien holdes av den som rydder", async () => {
    await fyll(3, 0);
    const a = opprydding({ batch: 1, maksBatcher: 10 });
    const b = opprydding();
    // While a is in its round (between two batches), b finds the lease taken and does nothing.
    let underveis: Promise<unknown> | undefined;
    const medKikk = lagOpprydding({
      db: db(),
      alder: ALDER,
      intervallMs: 60_000,
      batch: 1,
      maksBatcher: 10,
      leieMs: 60_000,
      maaler: {
        slettet: () => {
          underveis ??= b.kjoerRunde();
        },
        maalt: () => {},
      },
    });
    const runde = await medKikk.kjoerRunde();
    expect(runde?.webhook_forsoek).toBe(3);
    expect(await underveis).toBeUndefined();
    // A lease another process holds (and renews) keeps this one out until it runs out.
    await db()
      .updateTable("opprydding")
      .set({ eier: "en-annen", leie_til: sql`now() + interval '1 minute'` })
      .execute();
    await fyll(1, 0);
    expect(await a.kjoerRunde()).toBeUndefined();
    expect(await tell("sesjon")).toBe(1);
    await db().updateTable("opprydding").set({ leie_til: sql`now() - interval '1 second'` }).execute();
    expect((await a.kjoerRunde())?.sesjon).toBe(1);
    // Released after the round.
    const rad = await db().selectFrom("opprydding").selectAll().executeTakeFirstOrThrow();
    expect(rad.eier).toBeNull();
    expect(rad.siste_runde).not.toBeNull();
  });

  it("målingene viser rader og eldste alder per tabell, og hvor mange som ble slettet", async () => {
    await fyll(2, 3);
    const m = lagMetrikker({ roller: ["sender"] });
    const o = opprydding({ maaler: m.opprydding });
    await o.kjoerRunde();
    const maalt = await o.maal();
    expect(maalt.sesjon.rader).toBe(3);
    expect(maalt.sesjon.eldsteSekunder).toBeGreaterThan(0.4 * 86_400);
    expect(maalt.sesjon.eldsteSekunder).toBeLessThan(0.6 * 86_400);
    expect(maalt.importmelding_hendelse.rader).toBeGreaterThan(0);
    const tekst = await m.register.metrics();
    expect(tekst).toMatch(/forhaandsmelding_tabell_rader\{tabell="sesjon"[^}]*\} 3\b/);
    expect(tekst).toMatch(/forhaandsmelding_tabell_eldste_sekunder\{tabell="hendelse"[^}]*\} \d/);
    expect(tekst).toMatch(/forhaandsmelding_opprydding_slettet_total\{tabell="grense_teller"[^}]*\} 2\b/);
    expect(tekst).toMatch(/forhaandsmelding_tabell_rader\{tabell="importmelding"/);
  });
});

describe("hendelsesstrømmen etter oppryddingen", () => {
  beforeAll(tom);

  const feed = (etter?: number) =>
    api.fetch(
      `/import/v2/${ORG.hagelandDrammen}/${hageland}/hendelser${etter === undefined ? "" : `?etter=${etter}`}`,
      { pid: KARI, headers: { "Accept-Language": "en" } },
    );

  it("gir 410 med hvor man leser videre til en markør bak det som er slettet, aldri et stille hull", async () => {
    const { gamle, unge } = await fyll(3, 2);
    const foerste = gamle[0] as number;
    await opprydding().kjoerRunde();
    const slettetTil = gamle.at(-1) as number;

    for (const etter of [0, foerste - 1, slettetTil - 1]) {
      const r = await feed(etter);
      expect(r.status, String(etter)).toBe(410);
      const p = (await r.json()) as { detail: string; fortsettEtter: string };
      expect(p.fortsettEtter).toBe(String(slettetTil));
      expect(p.detail).toContain("retention period");
    }
    // From where it was deleted on, or without a cursor: what is kept, in order.
    for (const etter of [slettetTil, undefined]) {
      const r = await feed(etter);
      expect(r.status).toBe(200);
      const side = (await r.json()) as { hendelser: { nummer: string }[] };
      expect(side.hendelser.map((h) => Number(h.nummer))).toEqual(unge);
    }
  });
});
