import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PERSONER, ORG } from "../../dev/demo-data";
import { leggTilDager, osloDato } from "../../domain/format";
import { OVERSIKT_MAKS, type Oversikt } from "../../domain/oversikt";
import { settInnTestsertifikat } from "../../tests/support/test-db";
import { importoerId } from "../../tests/support/test-hjelp";
import { startTestApi, type TestApi } from "../../tests/support/test-server";

const kari = DEMO_PERSONER[0]!.pid;
const ingrid = DEMO_PERSONER[2]!.pid;
let api: TestApi;
let drammen: number;
let annen: number;

const idFor = (orgnr: string) => importoerId(api.handle.db, orgnr);

beforeAll(async () => {
  api = await startTestApi();
  drammen = await idFor(ORG.hagelandDrammen);
  annen = await idFor(ORG.grontMottakOslo);
});
afterAll(async () => {
  await api?.close();
});

const hent = async (
  query = "",
  pid: string | null = kari,
  orgnr: string = ORG.hagelandDrammen,
  id = drammen,
) => {
  const res = await api.fetch(`/import/importmelding/v2/${orgnr}/${id}/oversikt${query}`, pid ? { pid } : {});
  return { status: res.status, body: (await res.json()) as Oversikt & { detail?: string } };
};

/** The importer's live notifications in these statuses, straight from the database. */
const iDb = async (statuser: string[]) =>
  (
    await api.handle.db
      .selectFrom("importmelding")
      .select(["id", "status", "status_endret"])
      .where((eb) =>
        eb.or([
          eb("ansvarlig_importoer_id", "=", drammen),
          eb("opprettet_av_importoer_id", "=", drammen),
          eb("ansvarlig_dokumentkontroll_id", "=", drammen),
        ]),
      )
      .where("status", "in", statuser)
      .execute()
  ).map((r) => ({ ...r, id: Number(r.id) }));

const ider = (l: { id: number }[]) => l.map((e) => Number(e.id)).sort((a, b) => a - b);

describe("GET .../oversikt (forsiden)", () => {
  it("krever innlogging, en person som kan representere virksomheten, og importørens egen virksomhet", async () => {
    expect((await hent("", null)).status).toBe(401);
    expect((await hent("", ingrid)).status).toBe(403);
    // Kari's own organisation number, but an importer of another one
    expect((await hent("", kari, ORG.hagelandDrammen, annen)).status).toBe(403);
    expect((await hent("", kari, ORG.fjordblomster, drammen)).status).toBe(403);
    expect((await hent("?avsenderland=XYZ")).status).toBe(400);
    const feil = await hent("?avsenderland=1");
    expect(feil.status).toBe(400);
    expect(feil.body.detail).toBe("Ugyldig avsenderland");
  });

  it("gir hver liste nøyaktig sin kategori (SPEC §4), aldri slettede", async () => {
    const { status, body } = await hent();
    expect(status).toBe(200);
    expect(ider(body.paabegynteImportMeldinger)).toEqual(ider(await iDb(["UNDER_REGISTRERING"])));
    expect(body.paabegynteImportMeldinger.length).toBeGreaterThan(0);
    expect(body.paabegynteImportMeldinger.every((m) => m.kategori === "PAABEGYNT")).toBe(true);
    expect(ider(body.forventetAnkomstImportMeldinger)).toEqual(ider(await iDb(["REGISTRERT"])));
    expect(body.forventetAnkomstImportMeldinger.every((m) => m.kategori === "REGISTRERT")).toBe(true);
    expect(ider(body.tilVurderingImportMeldinger)).toEqual(ider(await iDb(["ANKOMMET"])));
    expect(body.tilVurderingImportMeldinger.length).toBeGreaterThan(0);
    expect(body.tilVurderingImportMeldinger.every((m) => m.kategori === "TIL_VURDERING")).toBe(true);
    const toUker = Date.now() - 14 * 24 * 3600 * 1000;
    const vurderte = (await iDb(["FRIGITT", "AUTOMATISK_FRIGITT", "DELVIS_AVVIST", "AVVIST"])).filter(
      (m) => m.status_endret.getTime() >= toUker,
    );
    expect(ider(body.vurderteImportMeldinger)).toEqual(ider(vurderte));
    expect(body.vurderteImportMeldinger.every((m) => m.kategori === "VURDERT")).toBe(true);
    const alle = [
      ...body.paabegynteImportMeldinger,
      ...body.forventetAnkomstImportMeldinger,
      ...body.tilVurderingImportMeldinger,
      ...body.vurderteImportMeldinger,
    ];
    expect(alle.some((m) => m.status === ("SLETTET" as string))).toBe(false);
    // a draft resumes where it was left; the rest open on their landing page
    for (const m of body.paabegynteImportMeldinger)
      expect(m.url).toMatch(new RegExp(`^/importmelding/${m.id}/`));
    for (const m of body.forventetAnkomstImportMeldinger)
      expect(m.url).toBe(`/importmelding/${m.id}/registrert`);
  });

  it("viser forventet ankomst i Oslo-tid, tidligst først, og om den har passert", async () => {
    const { body } = await hent();
    const reg = body.forventetAnkomstImportMeldinger;
    expect(reg.length).toBeGreaterThanOrEqual(2);
    const tider = reg.map((m) => `${m.forventetAnkomst?.dato} ${m.forventetAnkomst?.klokkeslett}`);
    expect([...tider].sort()).toEqual(tider);
    const db = await api.handle.db
      .selectFrom("ankomstinfo")
      .select(["importmelding_id", "ankomsttid"])
      .where(
        "importmelding_id",
        "in",
        reg.map((m) => m.id),
      )
      .execute();
    for (const m of reg) {
      const tid = db.find((a) => Number(a.importmelding_id) === m.id)?.ankomsttid;
      expect(tid).toBeTruthy();
      expect(m.forventetAnkomst?.forventetAnkomstHarPassert).toBe(new Date(tid!).getTime() < Date.now());
    }
    expect(reg.some((m) => m.forventetAnkomst?.forventetAnkomstHarPassert)).toBe(true);
    expect(reg.some((m) => !m.forventetAnkomst?.forventetAnkomstHarPassert)).toBe(true);
    // the other lists carry no expected arrival
    expect(body.tilVurderingImportMeldinger.every((m) => m.forventetAnkomst === null)).toBe(true);
  });

  it("viser vurderte bare de siste 2 ukene", async () => {
    const { body } = await hent();
    const en = body.vurderteImportMeldinger[0];
    expect(en).toBeDefined();
    const sett = async (dager: number) =>
      api.handle.db
        .updateTable("importmelding")
        .set({ status_endret: new Date(Date.now() - dager * 24 * 3600 * 1000) })
        .where("id", "=", en!.id)
        .execute();
    await sett(13.9);
    expect((await hent()).body.vurderteImportMeldinger.map((m) => m.id)).toContain(en!.id);
    await sett(14.1);
    expect((await hent()).body.vurderteImportMeldinger.map((m) => m.id)).not.toContain(en!.id);
  });

  it("viser nye sertifikater: synlige, utstedt de siste 14 dagene, uten levende forhåndsmelding", async () => {
    const { body } = await hent();
    const nye = body.nyeSertifikater;
    expect(nye.length).toBeGreaterThan(0);
    expect(nye.length).toBeLessThanOrEqual(OVERSIKT_MAKS);
    const grense = leggTilDager(osloDato(new Date()), -14);
    const datoer = nye.map((s) => s.utstedtDato);
    expect(datoer.every((d) => d >= grense)).toBe(true);
    expect([...datoer].sort().reverse()).toEqual(datoer);
    const levende = await api.handle.db
      .selectFrom("importmelding")
      .select("sertifikat_id")
      .where("status", "not in", ["SLETTET", "TILBAKETRUKKET"])
      .execute();
    const meldt = new Set(levende.map((r) => Number(r.sertifikat_id)));
    expect(nye.some((s) => meldt.has(Number(s.id)))).toBe(false);
    // the certificate list API agrees: every new one is in the importer's own list
    const liste = (await (
      await api.fetch(`/import/v2/${ORG.hagelandDrammen}/${drammen}/sertifikater?antall=100`, { pid: kari })
    ).json()) as { sertifikatListe: { id: number }[] };
    const synlige = new Set(liste.sertifikatListe.map((s) => Number(s.id)));
    expect(nye.every((s) => synlige.has(Number(s.id)))).toBe(true);
  });

  it("viser et nytt sertifikat importøren har funnet ved søk, med filtrene, til det meldes eller erstattes", async () => {
    const db = api.handle.db;
    const funnet = await settInnTestsertifikat(db, {
      nummer: "FUNNET.NYTT.1",
      eksportland: "SE",
      utstedt_dato: osloDato(new Date()),
      avsender_navn: "Funnet Eksport AB",
      mottaker_orgnr: "777400099",
      mottaker_navn: "Noen Andre AS",
      mottaker_navn_norm: "noen andre as",
      innhold_hash: "oversikt-funnet-1",
    });
    const nye = async (query = "") => (await hent(query)).body.nyeSertifikater.map((s) => Number(s.id));
    expect(await nye()).not.toContain(funnet);
    await db
      .insertInto("sertifikat_tilgang")
      .values({ sertifikat_id: funnet, importoer_id: drammen })
      .execute();
    expect((await nye())[0]).toBe(funnet); // issued today, the newest
    expect(await nye("?avsenderland=SE&avsender=funnet eksport")).toEqual([funnet]);
    expect(await nye("?avsenderland=NL")).not.toContain(funnet);
    expect(await nye("?avsender=finnes-ikke-zzz")).toEqual([]);
    const { id: melding } = await db
      .insertInto("importmelding")
      .values({
        nummer: "FUNNET-1",
        sertifikat_id: funnet,
        ansvarlig_importoer_id: drammen,
        opprettet_av_importoer_id: drammen,
        status: "UNDER_REGISTRERING",
        egen_referanse: null,
        innmelder: sql`null`,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(await nye()).not.toContain(funnet);
    await db.updateTable("importmelding").set({ status: "SLETTET" }).where("id", "=", melding).execute();
    expect(await nye()).toContain(funnet);
    const erstatning = await settInnTestsertifikat(db, {
      nummer: "FUNNET.NYTT.2",
      eksportland: "SE",
      innhold_hash: "oversikt-funnet-2",
    });
    await db
      .updateTable("sertifikat")
      .set({ erstattet_av_id: erstatning })
      .where("id", "=", funnet)
      .execute();
    expect(await nye()).not.toContain(funnet);
  });

  it("filtrerer alle listene på avsenderland og avsender", async () => {
    const { body } = await hent("?avsenderland=nl");
    const alle = [
      ...body.paabegynteImportMeldinger,
      ...body.forventetAnkomstImportMeldinger,
      ...body.tilVurderingImportMeldinger,
      ...body.vurderteImportMeldinger,
      ...body.nyeSertifikater,
    ];
    expect(alle.length).toBeGreaterThan(0);
    expect(alle.every((e) => e.eksportLand.kode === "NL")).toBe(true);
    const ingen = (await hent("?avsender=finnes-ikke-zzz")).body;
    expect(ingen.paabegynteImportMeldinger).toEqual([]);
    expect(ingen.nyeSertifikater).toEqual([]);
    expect(ingen.vurderteImportMeldinger).toEqual([]);
  });
});
