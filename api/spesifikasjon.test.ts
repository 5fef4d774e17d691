// Issue 23 "Spec fidelity": the rules behind the findings of the walk of SPEC.md, over real HTTP on a real
// database (PGlite, or PostgreSQL with TEST_DATABASE_URL). The pages are in tests/e2e/spesifikasjon.spec.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as m011 from "../db/migrations/011-mottakskontroll-utfoert-av";
import { ORG } from "../dev/demo-data";
import type { ImportmeldingVisning } from "../domain/importmelding";
import type { ImportmeldingListe } from "../domain/importmelding-liste";
import type { Oversikt } from "../domain/oversikt";
import type { SertifikatVisning } from "../domain/sertifikat-visning";
import {
  aktoer,
  importoerId,
  KARI,
  LINJER,
  lagSertifikat,
  OLA,
  svar,
  type TestSertifikat,
  vurderSomMyndighet,
} from "../tests/support/test-hjelp";
import { startTestApi, type TestApi } from "../tests/support/test-server";
import { problem } from "./http/feil";

const INGEN_VARELINJER = "Sertifikatet har ingen varelinjer og kan derfor ikke behandles.";
const FANT_IKKE_KONTROLLOER = "Vi fant ikke mottakskontrolløren du har valgt.";

let api: TestApi;
let hageland: number;
let alnabru: number;
let grontHoved: number;
let kari: ReturnType<typeof aktoer>;
let ola: ReturnType<typeof aktoer>;

const db = () => api.handle.db;

beforeAll(async () => {
  api = await startTestApi();
  hageland = await importoerId(db(), ORG.hagelandDrammen);
  alnabru = await importoerId(db(), ORG.grontMottakOslo);
  grontHoved = await importoerId(db(), ORG.grontMottakHoved);
  kari = aktoer(api, KARI, ORG.hagelandDrammen, hageland);
  ola = aktoer(api, OLA, ORG.grontMottakOslo, alnabru);
});
afterAll(async () => {
  await api?.close();
});

const opprettBody = (s: TestSertifikat) => ({
  ansvarligImportoerId: hageland,
  eksportLand: s.eksportLand,
  nummer: s.nummer,
  utstedtDato: s.utstedtDato,
});

async function opprett(s: TestSertifikat): Promise<number> {
  const res = await kari.post("", opprettBody(s));
  expect(res.status, JSON.stringify(await svar(res.clone()))).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function hent(id: number, a = kari): Promise<ImportmeldingVisning> {
  const res = await a.get(`/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as ImportmeldingVisning;
}

const ankomst = (m: ImportmeldingVisning, kontrolloer: Record<string, unknown> | null) => ({
  id: m.ankomstInfo[0]!.id,
  ankomsttid: "2026-04-02T08:00:00.000Z",
  kontrollAdresse: { linje1: "Tollbugata 40", linje2: null, postnummer: "3044", poststed: "Drammen" },
  mottakskontrolloer: kontrolloer,
});

/** A draft ready to send, with `kontrolloer` as the reception controller (plants: physical control). */
async function klar(kontrolloer: number): Promise<ImportmeldingVisning> {
  const id = await opprett(await lagSertifikat(db(), { linjer: [LINJER.roseplanter] }));
  expect(
    (await kari.put(`/${id}/innmelder`, { navn: "Kari Nordmann", epost: "kari@hageland.example.no" })).status,
  ).toBe(204);
  let m = await hent(id);
  for (const q of m.dokumentkontrollSpoersmaal) {
    const riktig = q.svarAlternativer.find((a) => !a.erAvvik)!.kontrollSvar;
    expect((await kari.put(`/${id}/kontrollspoersmaal/${q.id}`, { kontrollSvar: riktig })).status).toBe(204);
  }
  const res = await kari.put(
    `/${id}/ankomstinfo/${m.ankomstInfo[0]!.id}`,
    ankomst(m, { importoerId: kontrolloer }),
  );
  expect(res.status, JSON.stringify(await svar(res.clone()))).toBe(204);
  m = await hent(id);
  expect(m.kanSendesInn).toBe(true);
  return m;
}

const registrer = (id: number, a = kari) => a.put(`/${id}/status`, { status: "REGISTRERT" });

/** Drammen's appointed reception controllers (PUT replaces the list). */
async function utnevn(ider: number[]) {
  const res = await api.fetch(`/import/register/v1/${ORG.hagelandDrammen}/${hageland}/mottakskontrolloerer`, {
    pid: KARI,
    method: "PUT",
    json: { mottakskontrolloerIds: ider },
  });
  expect(res.status).toBe(204);
}

describe("sak 23 punkt 1: et sertifikat uten varelinjer kan ikke meldes", () => {
  it("sertifikatet sier at det ikke kan opprettes, og opprettelsen avvises med risikomeldingen", async () => {
    const s = await lagSertifikat(db(), { linjer: [] });
    const side = await api.fetch(
      `/import/v2/${ORG.hagelandDrammen}/${hageland}/sertifikat?${new URLSearchParams({
        sertifikatnummer: s.nummer,
        dato: s.utstedtDato,
        avsenderland: s.eksportLand,
      })}`,
      { pid: KARI },
    );
    expect(side.status).toBe(200);
    const sertifikat = (await side.json()) as SertifikatVisning;
    expect(sertifikat.varelinjer).toEqual([]);
    expect(sertifikat.kanOppretteImportmelding).toBe(false);

    const res = await kari.post("", opprettBody(s));
    expect(res.status).toBe(400);
    expect(await svar(res)).toMatchObject(problem(400, INGEN_VARELINJER));
    const meldinger = await db()
      .selectFrom("importmelding")
      .select("id")
      .where("sertifikat_id", "=", s.id)
      .execute();
    expect(meldinger).toEqual([]);
  });

  it("et utkast for et sertifikat uten varelinjer kan ikke sendes inn", async () => {
    // A draft made before the rule (or by hand): everything filled in, no goods to notify.
    const s = await lagSertifikat(db(), { linjer: [] });
    const rad = await db()
      .insertInto("importmelding")
      .values({
        nummer: `IM-TEST-${s.id}`,
        sertifikat_id: s.id,
        ansvarlig_importoer_id: hageland,
        opprettet_av_importoer_id: hageland,
        status: "UNDER_REGISTRERING",
        innmelder: JSON.stringify({ navn: "Kari Nordmann", epost: "kari@hageland.example.no" }),
        kun_dokumentkontroll: true,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db()
      .insertInto("ankomstinfo")
      .values({
        importmelding_id: rad.id,
        ankomsttid: new Date("2026-04-02T08:00:00.000Z"),
        adresse_linje1: "Tollbugata 40",
        postnummer: "3044",
        poststed: "Drammen",
      })
      .execute();
    const res = await registrer(rad.id);
    expect(res.status).toBe(400);
    expect(await svar(res)).toMatchObject({ detail: INGEN_VARELINJER });
    expect((await hent(rad.id)).status).toBe("UNDER_REGISTRERING");
  });
});

describe("sak 23 punkt 3: hvem som gjorde mottakskontrollen", () => {
  it("importøren selv er registrert som den som gjorde den, ikke den utnevnte mottakskontrolløren", async () => {
    const m = await klar(alnabru);
    expect((await registrer(m.id)).status).toBe(200);
    expect((await hent(m.id)).ankomstInfo[0]!.mottakskontrolloer?.utfoertAv).toBeNull();

    // Kari (Drammen) gives herself as the person who does the control of the notification Alnabru was chosen for
    const res = await kari.put(
      `/${m.id}/ankomstinfo/${m.ankomstInfo[0]!.id}`,
      ankomst(m, { importoerId: alnabru, navn: "Kari Nordmann", telefonnummer: "91234567" }),
    );
    expect(res.status, JSON.stringify(await svar(res.clone()))).toBe(204);
    let k = (await hent(m.id)).ankomstInfo[0]!.mottakskontrolloer!;
    expect(k).toMatchObject({
      importoerId: alnabru,
      virksomhetNavn: "Grønt Mottak AS avd. Alnabru",
      navn: "Kari Nordmann",
      telefonnummer: "91234567",
      utfoertAv: {
        importoerId: hageland,
        navn: "Hageland Import AS avd. Drammen",
        organisasjonsnummer: ORG.hagelandDrammen,
      },
    });

    // The appointed controller gives its own person: then it is the one
    const selv = await ola.put(`/${m.id}/ankomstinfo/${m.ankomstInfo[0]!.id}`, {
      mottakskontrolloer: { importoerId: alnabru, navn: "Ola Hansen", telefonnummer: "92345678" },
    });
    expect(selv.status).toBe(204);
    k = (await hent(m.id)).ankomstInfo[0]!.mottakskontrolloer!;
    expect(k.utfoertAv).toMatchObject({ importoerId: alnabru, navn: "Grønt Mottak AS avd. Alnabru" });
    expect(k.navn).toBe("Ola Hansen");

    // The owner changes only place and time (same controller, no person): who did it stays
    const endret = await kari.put(
      `/${m.id}/ankomstinfo/${m.ankomstInfo[0]!.id}`,
      ankomst(m, { importoerId: alnabru }),
    );
    expect(endret.status).toBe(204);
    expect((await hent(m.id)).ankomstInfo[0]!.mottakskontrolloer?.utfoertAv?.importoerId).toBe(alnabru);
  });
});

describe("sak 23 punkt 4: tilbaketrukket er ikke vurdert", () => {
  it("statusfilteret 'Vurdert' og forsidens vurderte liste har ikke tilbaketrukne, men frigitte", async () => {
    const trukket = await klar(alnabru);
    expect((await registrer(trukket.id)).status).toBe(200);
    expect((await kari.put(`/${trukket.id}/status`, { status: "TILBAKETRUKKET" })).status).toBe(200);
    const frigitt = await klar(alnabru);
    expect((await registrer(frigitt.id)).status).toBe(200);
    const vurdering = await vurderSomMyndighet(api, frigitt.id, { status: "FRIGITT" });
    expect(vurdering.status).toBe(200);

    const arkiv = (await (await kari.get("/arkiv?status=VURDERT&antall=100")).json()) as ImportmeldingListe;
    const iListen = arkiv.importmeldingListevisningElementer.map((e) => e.id);
    expect(iListen).toContain(frigitt.id);
    expect(iListen).not.toContain(trukket.id);
    expect(arkiv.importmeldingListevisningElementer.every((e) => e.status !== "TILBAKETRUKKET")).toBe(true);

    const oversikt = (await (await kari.get("/oversikt")).json()) as Oversikt;
    const vurderte = oversikt.vurderteImportMeldinger.map((e) => e.id);
    expect(vurderte).toContain(frigitt.id);
    expect(vurderte).not.toContain(trukket.id);

    // Still in the list without a status filter, in the archive category VURDERT for display
    const alle = (await (await kari.get(`/arkiv?nummer=${trukket.nummer}`)).json()) as ImportmeldingListe;
    expect(alle.importmeldingListevisningElementer).toMatchObject([
      { id: trukket.id, status: "TILBAKETRUKKET", kategori: "VURDERT" },
    ]);
  });
});

describe("sak 23 punkt 5: en mottakskontrollør som er fjernet", () => {
  it("detaljen sier at kontrolløren ikke lenger er utnevnt, og et utkast med den kan ikke sendes inn", async () => {
    await utnevn([alnabru, grontHoved]);
    const sendt = await klar(grontHoved);
    expect((await registrer(sendt.id)).status).toBe(200);
    const utkast = await klar(grontHoved);
    expect((await hent(sendt.id)).ankomstInfo[0]!.mottakskontrolloer).toMatchObject({
      importoerId: grontHoved,
      erUtnevnt: true,
    });

    await utnevn([alnabru]);
    const etter = await hent(sendt.id);
    expect(etter.ankomstInfo[0]!.mottakskontrolloer).toMatchObject({
      importoerId: grontHoved,
      virksomhetNavn: "Grønt Mottak AS",
      erUtnevnt: false,
    });
    // The arrival of the draft is no longer complete, and sending it is refused with the spec's message
    const u = await hent(utkast.id);
    expect(u.ankomstRegistrert).toBe(false);
    expect(u.kanSendesInn).toBe(false);
    const res = await registrer(utkast.id);
    expect(res.status).toBe(400);
    expect(await svar(res)).toMatchObject({ detail: FANT_IKKE_KONTROLLOER });
    expect((await hent(utkast.id)).status).toBe("UNDER_REGISTRERING");

    // Another controller chosen: it can be sent
    expect(
      (
        await kari.put(
          `/${utkast.id}/ankomstinfo/${u.ankomstInfo[0]!.id}`,
          ankomst(u, { importoerId: alnabru }),
        )
      ).status,
    ).toBe(204);
    expect((await hent(utkast.id)).ankomstInfo[0]!.mottakskontrolloer?.erUtnevnt).toBe(true);
    expect((await registrer(utkast.id)).status).toBe(200);
  });
});

describe("sak 23 punkt 3: migrering 011 fyller inn hvem som gjorde mottakskontrollen", () => {
  it("for ankomne forhåndsmeldinger fra ANKOMMET-hendelsen, ellers ingen", async () => {
    const foer = await db()
      .selectFrom("ankomstinfo")
      .select(["id", "kontroll_utfoert_av_id"])
      .orderBy("id")
      .execute();
    // The demo's arrived notifications: Ola Hansen (Grønt Mottak Alnabru) did the control
    expect(foer.filter((r) => r.kontroll_utfoert_av_id === alnabru).length).toBeGreaterThan(0);
    await m011.down(db());
    await m011.up(db());
    const etter = await db()
      .selectFrom("ankomstinfo")
      .select(["id", "kontroll_utfoert_av_id"])
      .orderBy("id")
      .execute();
    // Filled from the audit row where the notification arrived; a person given without arrival stays unknown
    const ankomne = await db()
      .selectFrom("importmelding_hendelse")
      .select("importmelding_id")
      .where("til_status", "=", "ANKOMMET")
      .execute();
    const harAnkommet = new Set(ankomne.map((h) => h.importmelding_id));
    const rader = await db().selectFrom("ankomstinfo").select(["id", "importmelding_id"]).execute();
    const forventet = foer.map((r) => {
      const rad = rader.find((x) => x.id === r.id)!;
      return {
        id: r.id,
        kontroll_utfoert_av_id: harAnkommet.has(rad.importmelding_id) ? r.kontroll_utfoert_av_id : null,
      };
    });
    expect(etter).toEqual(forventet);
  });
});
