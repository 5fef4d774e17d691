import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PERSONER, ORG } from "../../dev/demo-data";
import type { ImportmeldingVisning } from "../../domain/importmelding";
import type { ImportmeldingListe } from "../../domain/importmelding-liste";
import { aktoer, importoerId, KARI, LINJER, lagSertifikat } from "../../tests/support/test-hjelp";
import { startTestApi, type TestApi } from "../../tests/support/test-server";

const kari = DEMO_PERSONER[0]!.pid;
const ingrid = DEMO_PERSONER[2]!.pid;
let api: TestApi;
let drammen: number;

beforeAll(async () => {
  api = await startTestApi();
  drammen = await importoerId(api.handle.db, ORG.hagelandDrammen);
});
afterAll(async () => {
  await api?.close();
});

const hent = async (query: string, pid = kari, orgnr: string = ORG.hagelandDrammen, importoer = drammen) => {
  const res = await api.fetch(`/import/importmelding/v2/${orgnr}/${importoer}/arkiv${query}`, { pid });
  return { status: res.status, body: (await res.json()) as ImportmeldingListe & { detail?: string } };
};

describe("GET .../arkiv (listen over forhåndsmeldinger)", () => {
  it("viser importørens forhåndsmeldinger, ikke de slettede, nyeste endring først", async () => {
    const { status, body } = await hent("");
    expect(status).toBe(200);
    const alle = body.importmeldingListevisningElementer;
    const iDb = await api.handle.db
      .selectFrom("importmelding")
      .select("id")
      .where("ansvarlig_importoer_id", "=", drammen)
      .where("status", "<>", "SLETTET")
      .execute();
    expect(alle.length).toBe(iDb.length);
    expect(alle.length).toBeGreaterThan(5);
    expect(alle.some((e) => e.status === ("SLETTET" as string))).toBe(false);
    const tider = alle.map((e) => e.statusEndret);
    expect([...tider].sort().reverse()).toEqual(tider);
    const utkast = alle.find((e) => e.kategori === "PAABEGYNT");
    expect(utkast?.url).toMatch(
      new RegExp(
        `^/importmelding/${utkast?.id}/(avsender|innmelder|dokumentkontroll/[a-z-]+|ankomst-info|oppsummering)$`,
      ),
    );
    const registrert = alle.find((e) => e.status === "REGISTRERT");
    expect(registrert?.url).toBe(`/importmelding/${registrert?.id}/registrert`);
  });

  it("lets 'Fortsett' resume a draft at its first unfinished step", async () => {
    const db = api.handle.db;
    const hageland = await importoerId(db, ORG.hagelandDrammen);
    const gront = await importoerId(db, ORG.grontMottakOslo);
    const kari = aktoer(api, KARI, ORG.hagelandDrammen, hageland);
    const s = await lagSertifikat(db, { linjer: [LINJER.rhododendron] });
    const opprettet = await kari.post("", {
      ansvarligImportoerId: hageland,
      eksportLand: s.eksportLand,
      nummer: s.nummer,
      utstedtDato: s.utstedtDato,
    });
    const { id } = (await opprettet.json()) as { id: number };
    const m = (await (await kari.get(`/${id}`)).json()) as ImportmeldingVisning;
    const url = async () =>
      (await hent(`?nummer=${encodeURIComponent(m.nummer)}`)).body.importmeldingListevisningElementer.find(
        (e) => e.id === id,
      )?.url;
    const [foerste, andre] = [...m.dokumentkontrollSpoersmaal].sort((a, b) => a.rekkefoelge - b.rekkefoelge);
    expect(andre).toBeDefined();

    expect(await url()).toBe(`/importmelding/${id}/avsender`);
    await kari.put(`/${id}/innmelder`, { navn: "Kari", epost: "kari@hageland.example.no" });
    expect(await url()).toBe(`/importmelding/${id}/dokumentkontroll/${foerste!.path}`);
    await kari.put(`/${id}/kontrollspoersmaal/${foerste!.id}`, { kontrollSvar: `${foerste!.kode}_RIKTIG` });
    expect(await url()).toBe(`/importmelding/${id}/dokumentkontroll/${andre!.path}`);
    for (const q of m.dokumentkontrollSpoersmaal) {
      await kari.put(`/${id}/kontrollspoersmaal/${q.id}`, { kontrollSvar: `${q.kode}_RIKTIG` });
    }
    expect(await url()).toBe(`/importmelding/${id}/ankomst-info`);
    const ankomst = await kari.put(`/${id}/ankomstinfo/${m.ankomstInfo[0]!.id}`, {
      ankomsttid: "2026-04-02T04:00:00.000Z",
      kontrollAdresse: { linje1: "Tollbugata 40", postnummer: "3044", poststed: "Drammen" },
      mottakskontrolloer: { importoerId: gront },
    });
    expect(ankomst.status).toBe(204);
    expect(await url()).toBe(`/importmelding/${id}/oppsummering`);
  });

  it("filtrerer på statusgruppe, nummer og land, og deler i sider", async () => {
    const vurdert = (await hent("?status=VURDERT")).body.importmeldingListevisningElementer;
    expect(vurdert.length).toBeGreaterThan(0);
    expect(vurdert.every((e) => e.kategori === "VURDERT")).toBe(true);
    const begge = (await hent("?status=UNDER_REGISTRERING&status=REGISTRERT")).body
      .importmeldingListevisningElementer;
    expect(new Set(begge.map((e) => e.status))).toEqual(new Set(["UNDER_REGISTRERING", "REGISTRERT"]));
    const en = vurdert[0]!;
    const paaNummer = (await hent(`?nummer=${encodeURIComponent(en.nummer.slice(-4))}`)).body;
    expect(paaNummer.importmeldingListevisningElementer.map((e) => e.id)).toContain(en.id);
    const nl = (await hent("?avsenderland=NL")).body.importmeldingListevisningElementer;
    expect(nl.every((e) => e.eksportLand.kode === "NL")).toBe(true);
    const side = (await hent("?antall=3&sidenummer=1")).body;
    expect(side.paginering).toMatchObject({ sidenummer: 1, antallElementerPerSide: 3 });
    expect(side.paginering.antallSider).toBe(Math.ceil(side.paginering.antallElementer / 3));
    expect(side.importmeldingListevisningElementer.length).toBe(3);
  });

  it("avviser ugyldige filtre med en melding, og fremmede importører", async () => {
    expect((await hent("?status=NOE_ANNET")).status).toBe(400);
    expect((await hent("?sidenummer=-1")).status).toBe(400);
    expect((await hent("", ingrid)).status).toBe(403);
    const res = await api.fetch(`/import/importmelding/v2/${ORG.hagelandDrammen}/${drammen}/arkiv`);
    expect(res.status).toBe(401);
  });

  it("filtrerer på importør: egen, eller en den innloggede er mottakskontrollør for; ellers 400/403", async () => {
    const ola = DEMO_PERSONER.find((p) => p.pid === "04867199549")!.pid;
    const db = api.handle.db;
    const oslo = await importoerId(db, ORG.grontMottakOslo);
    const hoved = await importoerId(db, ORG.grontMottakHoved);
    const bergen = await importoerId(db, ORG.blomsterbudBergen);
    // Grønt Mottak Oslo is reception controller for Hageland Drammen: it sees Drammen's notifications
    const forDrammen = await hent(`?importoer=${drammen}`, ola, ORG.grontMottakOslo, oslo);
    expect(forDrammen.status).toBe(200);
    const iDb = await db
      .selectFrom("importmelding")
      .select("id")
      .where("ansvarlig_importoer_id", "=", drammen)
      .where("status", "<>", "SLETTET")
      .execute();
    expect(forDrammen.body.paginering.antallElementer).toBe(iDb.length);
    expect(iDb.length).toBeGreaterThan(0);
    const ider = new Set(iDb.map((r) => r.id));
    expect(forDrammen.body.importmeldingListevisningElementer.every((e) => ider.has(e.id))).toBe(true);
    // own company explicitly is the same as no filter
    const egen = await hent(`?importoer=${drammen}`);
    expect(egen.status).toBe(200);
    expect(egen.body.paginering.antallElementer).toBe((await hent("")).body.paginering.antallElementer);
    // Drammen is not a controller for Grønt Mottak Oslo, and Grønt Mottak (hovedenhet) has no agreement with Drammen
    const ikkeKontrolloer = await hent(`?importoer=${oslo}`);
    expect(ikkeKontrolloer.status).toBe(403);
    expect(ikkeKontrolloer.body.detail).toMatch(/ikke tilgang/);
    expect((await hent(`?importoer=${drammen}`, ola, ORG.grontMottakHoved, hoved)).status).toBe(403);
    expect((await hent(`?importoer=${bergen}`, ola, ORG.grontMottakHoved, hoved)).status).toBe(200);
    for (const ugyldig of ["abc", "0", "-1", "1.5", "99999999999"]) {
      const svar = await hent(`?importoer=${encodeURIComponent(ugyldig)}`);
      expect(svar.status).toBe(400);
      expect(svar.body.detail).toBe("Ugyldig importør");
    }
  });
});
