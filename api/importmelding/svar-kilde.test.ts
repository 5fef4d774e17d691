// «Bruk svarene fra IM-…» (issue 36 item 14, ADR 061) over real HTTP on a real database: which earlier
// notification a draft is offered, what a copy takes (and never takes), the history event in three languages,
// and the refusals — another importer's notification, a withdrawn one, a stale version — that write nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORG } from "../../dev/demo-data";
import { leggTilDager, osloDato } from "../../domain/format";
import type { HistorikkSide } from "../../domain/historikk";
import type { ImportmeldingVisning, KopiResultat, SvarKilde } from "../../domain/importmelding";
import { ankomsttidUtc } from "../../domain/tidsrom";
import { databaseavtrykk } from "../../tests/support/test-avtrykk";
import { aktoer, importoerId, KARI, LINJER, lagSertifikat, OLA, svar } from "../../tests/support/test-hjelp";
import { startTestApi, type TestApi } from "../../tests/support/test-server";

let api: TestApi;
let hageland: number;
let alnabru: number;
let kari: ReturnType<typeof aktoer>;
let ola: ReturnType<typeof aktoer>;
let teller = 0;

const db = () => api.handle.db;

beforeAll(async () => {
  api = await startTestApi();
  hageland = await importoerId(db(), ORG.hagelandDrammen);
  alnabru = await importoerId(db(), ORG.grontMottakOslo);
  kari = aktoer(api, KARI, ORG.hagelandDrammen, hageland);
  ola = aktoer(api, OLA, ORG.grontMottakOslo, alnabru);
});
afterAll(async () => {
  await api?.close();
});

/** A consignor no other test or demo notification has. */
const nyAvsender = () => `Kopi Kwekerij ${++teller} B.V.`;

async function nyttUtkast(avsender: string): Promise<ImportmeldingVisning> {
  const s = await lagSertifikat(db(), { avsender, linjer: [LINJER.rhododendron, LINJER.roseplanter] });
  const res = await kari.post("", {
    ansvarligImportoerId: hageland,
    eksportLand: s.eksportLand,
    nummer: s.nummer,
    utstedtDato: s.utstedtDato,
  });
  expect(res.status).toBe(201);
  return hent(((await res.json()) as { id: number }).id);
}

async function hent(id: number): Promise<ImportmeldingVisning> {
  const res = await kari.get(`/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as ImportmeldingVisning;
}

/** The answer a copy may take where the question has one («not required»), else «correct». */
const svarFor = (kode: string) =>
  kode === "DOKUMENT_TILLEGGSERKLAERING" || kode === "DOKUMENT_OPPRINNELSESSTED"
    ? `${kode}_IKKE_KRAV`
    : `${kode}_RIKTIG`;

/** A submitted notification from `avsender`, with every answer given. */
async function innsendt(avsender: string): Promise<ImportmeldingVisning> {
  const m = await nyttUtkast(avsender);
  const ok = async (kall: Promise<Response>) => {
    const res = await kall;
    expect(res.status, await res.text()).toBeLessThan(300);
  };
  await ok(
    kari.put(`/${m.id}/innmelder`, {
      navn: "Kari Nordmann",
      epost: "kari@hageland.example.no",
      telefonnummer: "91234567",
      egenReferanse: "PO-1",
    }),
  );
  for (const q of m.dokumentkontrollSpoersmaal)
    await ok(kari.put(`/${m.id}/kontrollspoersmaal/${q.id}`, { kontrollSvar: svarFor(q.kode) }));
  await ok(
    kari.put(`/${m.id}/ankomstinfo/${m.ankomstInfo[0]!.id}`, {
      ankomsttid: ankomsttidUtc(leggTilDager(osloDato(new Date()), 5), "10:00"),
      kontrollAdresse: { linje1: "Tollbugata 40", linje2: "Port 3", postnummer: "3044", poststed: "Drammen" },
      mottakskontrolloer: { importoerId: alnabru },
    }),
  );
  await ok(kari.put(`/${m.id}/status`, { status: "REGISTRERT" }));
  return hent(m.id);
}

async function kildeFor(id: number): Promise<SvarKilde | null> {
  const res = await kari.get(`/${id}/svarkilde`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { kilde: SvarKilde | null }).kilde;
}

describe("forslaget: den siste innsendte fra samme avsender", () => {
  it("foreslår ingenting uten en tidligere, og den siste innsendte fra samme avsender når den finnes", async () => {
    const avsender = nyAvsender();
    const foerste = await nyttUtkast(avsender);
    expect(await kildeFor(foerste.id)).toBeNull();
    const a = await innsendt(avsender);
    const b = await innsendt(avsender);
    const utkast = await nyttUtkast(avsender);
    const kilde = await kildeFor(utkast.id);
    expect(kilde).toMatchObject({ id: b.id, nummer: b.nummer });
    expect(Date.parse(kilde!.sendtInn)).toBeGreaterThan(Date.now() - 60_000);
    // a draft from another consignor gets no offer from these
    expect(await kildeFor((await nyttUtkast(nyAvsender())).id)).toBeNull();
    // a withdrawn one is no source: the one before it is offered
    expect((await kari.put(`/${b.id}/status`, { status: "TILBAKETRUKKET" })).status).toBe(200);
    expect(await kildeFor(utkast.id)).toMatchObject({ id: a.id, nummer: a.nummer });
    // a submitted notification is offered nothing
    expect(await kildeFor(a.id)).toBeNull();
  });
});

describe("kopieringen", () => {
  it("kopierer innmelder, sted, mottakskontrollør og «ikke krav»-svarene, ikke tid, referanse eller sertifikatsvar", async () => {
    const avsender = nyAvsender();
    const kilde = await innsendt(avsender);
    const utkast = await nyttUtkast(avsender);
    const res = await kari.post(`/${utkast.id}/kopier-svar`, { kildeId: kilde.id, versjon: utkast.versjon });
    expect(res.status).toBe(200);
    const resultat = (await res.json()) as KopiResultat;
    expect(resultat.kilde).toEqual({ id: kilde.id, nummer: kilde.nummer });
    expect(resultat.kontrolloerIkkeKopiert).toBeNull();

    const m = await hent(utkast.id);
    expect(m.innmelder).toEqual({
      navn: "Kari Nordmann",
      epost: "kari@hageland.example.no",
      telefonnummer: "91234567",
    });
    expect(m.egenReferanse).toBeNull();
    const ankomst = m.ankomstInfo[0]!;
    expect(ankomst.kontrollAdresse).toMatchObject({
      linje1: "Tollbugata 40",
      linje2: "Port 3",
      postnummer: "3044",
      poststed: "Drammen",
    });
    expect(ankomst.mottakskontrolloer?.importoerId).toBe(alnabru);
    expect(ankomst.ankomsttid ?? null).toBeNull();
    // «not required» copied; «correct» is a reading of the certificate at hand and is left to the person
    const ikkeKrav = m.dokumentkontrollSpoersmaal.filter((q) => svarFor(q.kode).endsWith("_IKKE_KRAV"));
    expect(ikkeKrav.length).toBeGreaterThan(0);
    for (const q of m.dokumentkontrollSpoersmaal)
      expect(q.kontrollSvar?.kontrollSvar ?? null).toBe(ikkeKrav.includes(q) ? svarFor(q.kode) : null);
    expect(m.versjon).toBe(utkast.versjon + 1);
  });

  it("historikken sier at svarene ble kopiert og fra hvilken, på bokmål, nynorsk og engelsk", async () => {
    const avsender = nyAvsender();
    const kilde = await innsendt(avsender);
    const utkast = await nyttUtkast(avsender);
    expect((await kari.post(`/${utkast.id}/kopier-svar`, { kildeId: kilde.id })).status).toBe(200);
    const paa = async (sprak: string | null) => {
      const r = await api.fetch(`${kari.basis}/${utkast.id}/historikk`, {
        pid: KARI,
        headers: sprak ? { "Accept-Language": sprak } : {},
      });
      expect(r.status).toBe(200);
      return (await svar<HistorikkSide>(r)).hendelser[0]!;
    };
    const nb = await paa(null);
    expect(nb.type).toBe("SVAR_KOPIERT");
    expect(nb.detaljer.kopiertFra).toEqual({ id: kilde.id, nummer: kilde.nummer });
    expect(nb.utfoertAv).toMatch(/Hageland/);
    expect(nb.tittel).toBe(`Svar kopiert fra ${kilde.nummer}`);
    expect(nb.linjer).toContain("Innmelders e-post: «kari@hageland.example.no»");
    expect(nb.linjer).toContain("Kontrollsted: «Tollbugata 40, Port 3, 3044 Drammen»");
    expect(nb.linjer).toContain("Mottakskontrollør: «Grønt Mottak AS avd. Alnabru (org.nr. 912 346 021)»");
    expect((await paa("nn")).tittel).toBe(`Svar kopierte frå ${kilde.nummer}`);
    expect((await paa("en")).tittel).toBe(`Answers copied from ${kilde.nummer}`);
  });

  it("hopper over en mottakskontrollør som ikke lenger kan velges, og sier det", async () => {
    const avsender = nyAvsender();
    const kilde = await innsendt(avsender);
    // since then the controller is no longer one the importer may choose (here: an importer never appointed)
    const annen = await importoerId(db(), ORG.blomsterbudBergen);
    await db()
      .updateTable("ankomstinfo")
      .set({ mottakskontrolloer_id: annen })
      .where("importmelding_id", "=", kilde.id)
      .execute();
    const utkast = await nyttUtkast(avsender);
    const res = await kari.post(`/${utkast.id}/kopier-svar`, { kildeId: kilde.id });
    expect(res.status).toBe(200);
    const resultat = (await res.json()) as KopiResultat;
    expect(resultat.kontrolloerIkkeKopiert).toMatch(/^Blomsterbud .*\(org\.nr\. \d{3} \d{3} \d{3}\)$/);
    const m = await hent(utkast.id);
    expect(m.ankomstInfo[0]!.mottakskontrolloer ?? null).toBeNull();
    expect(m.ankomstInfo[0]!.kontrollAdresse?.linje1).toBe("Tollbugata 40");
    const historikk = await svar<HistorikkSide>(await kari.get(`/${utkast.id}/historikk`));
    expect(historikk.hendelser[0]!.linjer).toContain(
      `Mottakskontrolløren ${resultat.kontrolloerIkkeKopiert} ble ikke kopiert fordi den ikke lenger kan velges`,
    );
  });
});

describe("avvisningene skriver ingenting", () => {
  async function avvist(id: number, body: unknown, status: number, detail?: RegExp | string) {
    const foer = await databaseavtrykk(db());
    const res = await kari.post(`/${id}/kopier-svar`, body);
    const tekst = await res.text();
    expect(res.status, tekst).toBe(status);
    if (detail) expect((JSON.parse(tekst) as { detail: string }).detail).toMatch(detail);
    expect(await databaseavtrykk(db())).toEqual(foer);
  }

  it("en annen importørs forhåndsmelding er ikke å finne (404)", async () => {
    // a submitted notification from the same consignor that belongs to another importer (Blomsterbud)
    const avsender = nyAvsender();
    const annen = await innsendt(avsender);
    const blomsterbud = await importoerId(db(), ORG.blomsterbudBergen);
    await db()
      .updateTable("importmelding")
      .set({ ansvarlig_importoer_id: blomsterbud, opprettet_av_importoer_id: blomsterbud })
      .where("id", "=", annen.id)
      .execute();
    const utkast = await nyttUtkast(avsender);
    expect(await kildeFor(utkast.id)).toBeNull();
    await avvist(utkast.id, { kildeId: annen.id }, 404, "Fant ikke forhåndsmeldingen");
  });

  it("en tilbaketrukket kilde, seg selv, en utdatert versjon og en kropp uten kilde", async () => {
    const avsender = nyAvsender();
    const kilde = await innsendt(avsender);
    const utkast = await nyttUtkast(avsender);
    await avvist(utkast.id, { kildeId: kilde.id, versjon: utkast.versjon + 5 }, 409);
    await avvist(
      utkast.id,
      { kildeId: utkast.id },
      400,
      "En forhåndsmelding kan ikke bruke svarene fra seg selv",
    );
    await avvist(utkast.id, {}, 400);
    expect((await kari.put(`/${kilde.id}/status`, { status: "TILBAKETRUKKET" })).status).toBe(200);
    await avvist(utkast.id, { kildeId: kilde.id }, 400, /sendt inn og ikke trukket tilbake/);
  });

  it("inn i en innsendt forhåndsmelding går ikke, og mottakskontrolløren får ikke kopiere", async () => {
    const avsender = nyAvsender();
    const a = await innsendt(avsender);
    const b = await innsendt(avsender);
    await avvist(b.id, { kildeId: a.id }, 400);
    // Grønt Mottak is b's appointed controller: not the owner side, so no copying into it
    const foer = await databaseavtrykk(db());
    expect((await ola.post(`/${b.id}/kopier-svar`, { kildeId: a.id })).status).toBe(403);
    expect((await ola.get(`/${b.id}/svarkilde`)).status).toBe(403);
    expect(await databaseavtrykk(db())).toEqual(foer);
  });
});
