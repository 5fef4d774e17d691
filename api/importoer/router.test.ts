// The importer-register calls of SPEC §7 over real HTTP against a real database: who may call them, and
// that bad bodies are answered 400 with a Norwegian melding and change nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PERSONER, ORG } from "../../dev/demo-data";
import { startTestApi, type TestApi } from "../../tests/support/test-server";
import { mottakskontrolloerValg } from "../importmelding/endringer";
import { MAKS_EPOSTADRESSER } from "./varsling";

const kari = DEMO_PERSONER[0]!.pid; // Hageland (Drammen is an importer)
const ola = DEMO_PERSONER[1]!.pid; // Grønt Mottak (controllers) and Hageland Drammen
const ingrid = DEMO_PERSONER[2]!.pid; // Blomsterbud (Bergen has appointed two controllers)
const per = DEMO_PERSONER[3]!.pid; // no delegations

let api: TestApi;
const id: Record<string, number> = {};
beforeAll(async () => {
  api = await startTestApi();
  for (const [navn, orgnr] of Object.entries(ORG)) {
    const rad = await api.handle.db
      .selectFrom("importoer")
      .select("id")
      .where("organisasjonsnummer", "=", orgnr)
      .executeTakeFirst();
    if (rad) id[navn] = Number(rad.id);
  }
});
afterAll(async () => {
  await api?.close();
});

/** Everything these calls can change, to prove that a refused call changed nothing. */
async function tilstand() {
  const db = api.handle.db;
  return {
    importoerer: await db
      .selectFrom("importoer")
      .select(["id", "har_lest_regelverk", "er_mottakskontrolloer", "skal_ha_epost"])
      .orderBy("id")
      .execute(),
    epost: await db.selectFrom("importoer_epost").selectAll().orderBy("id").execute(),
    avtaler: await db
      .selectFrom("mottakskontrolloer_avtale")
      .selectAll()
      .orderBy("importoer_id")
      .orderBy("mottakskontrolloer_id")
      .execute(),
  };
}

async function epostIder(orgnr: string): Promise<number[]> {
  const rader = await api.handle.db
    .selectFrom("importoer_epost as e")
    .innerJoin("importoer as i", "i.id", "e.importoer_id")
    .select("e.id")
    .where("i.organisasjonsnummer", "=", orgnr)
    .orderBy("e.id")
    .execute();
  return rader.map((r) => Number(r.id));
}

type Kall = {
  navn: string;
  method: string;
  sti: (orgnr: string, importoerId: number) => string;
  json?: unknown;
};

// Every new call: the path for a company/importer, and a body that would be accepted.
const KALL: Kall[] = [
  {
    navn: "legg til e-post",
    method: "PUT",
    sti: (o) => `/import/register/v1/${o}/epost`,
    json: { epostadresse: "ny@eksempel.no" },
  },
  {
    navn: "e-postvarsel",
    method: "PUT",
    sti: (o) => `/import/register/v1/${o}/epostvarsel`,
    json: { skalHaEpost: false },
  },
  {
    navn: "vurderingsvarsel",
    method: "PUT",
    sti: (o) => `/import/register/v1/${o}/vurderingsvarsel`,
    json: { varsleVurderinger: false },
  },
  {
    navn: "regelverk",
    method: "PUT",
    sti: (o, i) => `/import/register/v1/${o}/${i}/lestregelverk`,
    json: { harLestRegelverk: true },
  },
  {
    navn: "registrer som mottakskontrollør",
    method: "PUT",
    sti: (o, i) => `/import/register/v1/${o}/${i}/mottakskontrolloer`,
    json: { erMottakskontrolloer: true },
  },
  {
    navn: "mottakskontrollører",
    method: "PUT",
    sti: (o, i) => `/import/register/v1/${o}/${i}/mottakskontrolloerer`,
    json: { mottakskontrolloerIds: [] },
  },
  {
    navn: "mottakskontrollør for",
    method: "GET",
    sti: (o, i) => `/import/register/v1/${o}/${i}/mottakskontrolloerfor`,
  },
];

describe("tilgang til importørregisteret", () => {
  it("gir 401 uten token og endrer ingenting", async () => {
    const før = await tilstand();
    const [epost] = await epostIder(ORG.hagelandDrammen);
    for (const k of KALL) {
      const res = await api.fetch(k.sti(ORG.blomsterbudBergen, id.blomsterbudBergen!), {
        method: k.method,
        json: k.json,
      });
      expect(res.status, k.navn).toBe(401);
    }
    expect(
      (await api.fetch(`/import/register/v1/${ORG.hagelandDrammen}/epost/${epost}`, { method: "DELETE" }))
        .status,
    ).toBe(401);
    for (const sti of [
      "/import/mottakskontrolloerer/v1",
      "/gateway/auth/session",
      "/gateway/config/features",
      "/gateway/auth/session/brukerInfo",
    ]) {
      expect((await api.fetch(sti)).status, sti).toBe(401);
    }
    expect(await tilstand()).toEqual(før);
  });

  it("gir 403 for en annen virksomhet og en annen virksomhets importør, og endrer ingenting", async () => {
    const før = await tilstand();
    for (const k of KALL) {
      // Kari may not act for Blomsterbud; nor may Per, who acts for nobody.
      for (const pid of [kari, per]) {
        const res = await api.fetch(k.sti(ORG.blomsterbudBergen, id.blomsterbudBergen!), {
          method: k.method,
          json: k.json,
          pid,
        });
        expect(res.status, `${k.navn} ${pid}`).toBe(403);
        expect((await res.json()).detail).toMatch(/tilgang/);
      }
      if (k.sti("x", 1).includes("/1/")) {
        // Kari's own organisation, another organisation's importer id.
        const res = await api.fetch(k.sti(ORG.hagelandDrammen, id.blomsterbudBergen!), {
          method: k.method,
          json: k.json,
          pid: kari,
        });
        expect(res.status, `${k.navn} fremmed importør`).toBe(403);
      }
    }
    const [fremmedEpost] = await epostIder(ORG.grontMottakOslo);
    // Another company's address through the own company: not found there, and not deleted.
    const slett = await api.fetch(`/import/register/v1/${ORG.hagelandDrammen}/epost/${fremmedEpost}`, {
      method: "DELETE",
      pid: kari,
    });
    expect(slett.status).toBe(404);
    const slettFremmed = await api.fetch(`/import/register/v1/${ORG.grontMottakOslo}/epost/${fremmedEpost}`, {
      method: "DELETE",
      pid: kari,
    });
    expect(slettFremmed.status).toBe(403);
    const liste = await api.fetch(`/import/mottakskontrolloerer/v1?orgnr=${ORG.blomsterbudBergen}`, {
      pid: kari,
    });
    expect(liste.status).toBe(403);
    expect(await tilstand()).toEqual(før);
  });
});

describe("dårlige forespørsler gir 400 og endrer ingenting", () => {
  const stor = "a".repeat(1_000_000);
  const tilfeller: Array<[string, string, (o: Record<string, number>) => string, unknown]> = [
    ["e-post: mangler", "PUT", () => `/import/register/v1/${ORG.hagelandDrammen}/epost`, {}],
    ["e-post: tall", "PUT", () => `/import/register/v1/${ORG.hagelandDrammen}/epost`, { epostadresse: 42 }],
    [
      "e-post: liste",
      "PUT",
      () => `/import/register/v1/${ORG.hagelandDrammen}/epost`,
      [{ epostadresse: "a@b.no" }],
    ],
    ["e-post: tom", "PUT", () => `/import/register/v1/${ORG.hagelandDrammen}/epost`, { epostadresse: "  " }],
    [
      "e-post: ugyldig",
      "PUT",
      () => `/import/register/v1/${ORG.hagelandDrammen}/epost`,
      { epostadresse: "ikke-en-adresse" },
    ],
    [
      "e-post: to @",
      "PUT",
      () => `/import/register/v1/${ORG.hagelandDrammen}/epost`,
      { epostadresse: "a@b@c.no" },
    ],
    [
      "e-post: mellomrom",
      "PUT",
      () => `/import/register/v1/${ORG.hagelandDrammen}/epost`,
      { epostadresse: "a b@c.no" },
    ],
    [
      "e-post: NUL",
      "PUT",
      () => `/import/register/v1/${ORG.hagelandDrammen}/epost`,
      { epostadresse: "a\u0000@c.no" },
    ],
    [
      "e-post: 1 MB",
      "PUT",
      () => `/import/register/v1/${ORG.hagelandDrammen}/epost`,
      { epostadresse: `${stor}@c.no` },
    ],
    [
      "e-post: duplikat med andre store bokstaver",
      "PUT",
      () => `/import/register/v1/${ORG.hagelandDrammen}/epost`,
      { epostadresse: " IMPORT@Hageland.example.no " },
    ],
    [
      "slett e-post: ugyldig id",
      "DELETE",
      () => `/import/register/v1/${ORG.hagelandDrammen}/epost/abc`,
      undefined,
    ],
    [
      "varsel: streng",
      "PUT",
      () => `/import/register/v1/${ORG.hagelandDrammen}/epostvarsel`,
      { skalHaEpost: "false" },
    ],
    ["varsel: mangler", "PUT", () => `/import/register/v1/${ORG.hagelandDrammen}/epostvarsel`, {}],
    [
      "vurderingsvarsel: streng",
      "PUT",
      () => `/import/register/v1/${ORG.hagelandDrammen}/vurderingsvarsel`,
      { varsleVurderinger: "false" },
    ],
    [
      "varsel: 1 MB",
      "PUT",
      () => `/import/register/v1/${ORG.hagelandDrammen}/epostvarsel`,
      { skalHaEpost: stor },
    ],
    [
      "regelverk: tall",
      "PUT",
      (i) => `/import/register/v1/${ORG.blomsterbudBergen}/${i.blomsterbudBergen}/lestregelverk`,
      { harLestRegelverk: 1 },
    ],
    [
      "regelverk: trekke tilbake",
      "PUT",
      (i) => `/import/register/v1/${ORG.hagelandDrammen}/${i.hagelandDrammen}/lestregelverk`,
      { harLestRegelverk: false },
    ],
    [
      "kontrollør: NUL",
      "PUT",
      (i) => `/import/register/v1/${ORG.hagelandDrammen}/${i.hagelandDrammen}/mottakskontrolloer`,
      { erMottakskontrolloer: "\u0000" },
    ],
    [
      "kontrollør: null",
      "PUT",
      (i) => `/import/register/v1/${ORG.hagelandDrammen}/${i.hagelandDrammen}/mottakskontrolloer`,
      { erMottakskontrolloer: null },
    ],
    [
      "kontrollører: ikke liste",
      "PUT",
      (i) => `/import/register/v1/${ORG.blomsterbudBergen}/${i.blomsterbudBergen}/mottakskontrolloerer`,
      { mottakskontrolloerIds: "1" },
    ],
    [
      "kontrollører: strenger",
      "PUT",
      (i) => `/import/register/v1/${ORG.blomsterbudBergen}/${i.blomsterbudBergen}/mottakskontrolloerer`,
      (i: Record<string, number>) => ({ mottakskontrolloerIds: [String(i.grontMottakOslo)] }),
    ],
    [
      "kontrollører: desimal",
      "PUT",
      (i) => `/import/register/v1/${ORG.blomsterbudBergen}/${i.blomsterbudBergen}/mottakskontrolloerer`,
      { mottakskontrolloerIds: [1.5] },
    ],
    [
      "kontrollører: ukjent id",
      "PUT",
      (i) => `/import/register/v1/${ORG.blomsterbudBergen}/${i.blomsterbudBergen}/mottakskontrolloerer`,
      (i: Record<string, number>) => ({ mottakskontrolloerIds: [i.grontMottakOslo, 999999] }),
    ],
    [
      "kontrollører: ikke registrert som kontrollør",
      "PUT",
      (i) => `/import/register/v1/${ORG.blomsterbudBergen}/${i.blomsterbudBergen}/mottakskontrolloerer`,
      (i: Record<string, number>) => ({ mottakskontrolloerIds: [i.grontMottakOslo, i.hagelandDrammen] }),
    ],
    [
      "kontrollører: seg selv",
      "PUT",
      (i) => `/import/register/v1/${ORG.grontMottakOslo}/${i.grontMottakOslo}/mottakskontrolloerer`,
      (i: Record<string, number>) => ({ mottakskontrolloerIds: [i.grontMottakOslo] }),
    ],
    [
      "kontrollører: 1 MB",
      "PUT",
      (i) => `/import/register/v1/${ORG.blomsterbudBergen}/${i.blomsterbudBergen}/mottakskontrolloerer`,
      { mottakskontrolloerIds: stor },
    ],
    ["kontrollørliste: ugyldig orgnr", "GET", () => "/import/mottakskontrolloerer/v1?orgnr=abc", undefined],
  ];

  it.each(tilfeller)("%s", async (navn, method, sti, json) => {
    const før = await tilstand();
    const pid = sti(id).includes(ORG.blomsterbudBergen) ? ingrid : ola;
    const innhold = typeof json === "function" ? json(id) : json;
    const res = await api.fetch(sti(id), { method, json: innhold, pid });
    // a body over the API's JSON limit (64 kB for these calls, issue 22) is 413 before it is read
    const status = navn.endsWith("1 MB") ? 413 : 400;
    expect(res.status).toBe(status);
    const body = await res.json();
    expect(body.status).toBe(status);
    expect(typeof body.detail).toBe("string");
    expect(body.detail).not.toMatch(/Invalid|expected|received/i);
    expect(await tilstand()).toEqual(før);
  });

  it("ugyldig JSON gir 400", async () => {
    const før = await tilstand();
    const res = await api.fetch(`/import/register/v1/${ORG.hagelandDrammen}/epost`, {
      method: "PUT",
      pid: kari,
      headers: { "content-type": "application/json" },
      body: '{"epostadresse":',
    });
    expect(res.status).toBe(400);
    expect(await tilstand()).toEqual(før);
  });
});

describe("e-postadresser og varsel", () => {
  it("legger til, nekter duplikat og for mange, og sletter bare egne adresser", async () => {
    const res = await api.fetch(`/import/register/v1/${ORG.hagelandDrammen}/epost`, {
      method: "PUT",
      pid: kari,
      json: { epostadresse: "  Ny.Adresse+tag@Hageland.example.no " },
    });
    expect(res.status).toBe(201);
    const ny = await res.json();
    expect(ny).toEqual({ id: expect.any(Number), epostadresse: "Ny.Adresse+tag@Hageland.example.no" });
    const importoer = await (
      await api.fetch(`/import/register/v1/${ORG.hagelandDrammen}`, { pid: kari })
    ).json();
    expect(importoer.epostadresser.map((e: { epostadresse: string }) => e.epostadresse)).toContain(
      "Ny.Adresse+tag@Hageland.example.no",
    );

    // Fill up to the maximum; the next one is refused.
    let antall = (await epostIder(ORG.hagelandDrammen)).length;
    while (antall < MAKS_EPOSTADRESSER) {
      const r = await api.fetch(`/import/register/v1/${ORG.hagelandDrammen}/epost`, {
        method: "PUT",
        pid: kari,
        json: { epostadresse: `fyll${antall}@hageland.example.no` },
      });
      expect(r.status).toBe(201);
      antall++;
    }
    const for_mange = await api.fetch(`/import/register/v1/${ORG.hagelandDrammen}/epost`, {
      method: "PUT",
      pid: kari,
      json: { epostadresse: "en-for-mye@hageland.example.no" },
    });
    expect(for_mange.status).toBe(400);
    expect((await for_mange.json()).detail).toBe(
      `Du kan registrere høyst ${MAKS_EPOSTADRESSER} e-postadresser`,
    );
    expect(await epostIder(ORG.hagelandDrammen)).toHaveLength(MAKS_EPOSTADRESSER);

    // Delete them again (all but the demo's own).
    for (const eid of (await epostIder(ORG.hagelandDrammen)).slice(2)) {
      const r = await api.fetch(`/import/register/v1/${ORG.hagelandDrammen}/epost/${eid}`, {
        method: "DELETE",
        pid: kari,
      });
      expect(r.status).toBe(204);
    }
    expect(await epostIder(ORG.hagelandDrammen)).toHaveLength(2);
    const igjen = await api.fetch(`/import/register/v1/${ORG.hagelandDrammen}/epost/${ny.id}`, {
      method: "DELETE",
      pid: kari,
    });
    expect(igjen.status).toBe(404);
  });

  it("slår e-postvarsel av og på", async () => {
    const hent = async () =>
      (await (await api.fetch(`/import/register/v1/${ORG.hagelandDrammen}`, { pid: kari })).json())
        .skalHaEpost;
    expect(await hent()).toBe(true);
    const av = await api.fetch(`/import/register/v1/${ORG.hagelandDrammen}/epostvarsel`, {
      method: "PUT",
      pid: kari,
      json: { skalHaEpost: false },
    });
    expect(av.status).toBe(204);
    expect(await hent()).toBe(false);
    await api.fetch(`/import/register/v1/${ORG.hagelandDrammen}/epostvarsel`, {
      method: "PUT",
      pid: kari,
      json: { skalHaEpost: true },
    });
    expect(await hent()).toBe(true);
  });

  it("slår varsler om vurderinger av og på, uavhengig av varslene om sertifikater", async () => {
    const hent = async () =>
      (await (await api.fetch(`/import/register/v1/${ORG.hagelandDrammen}`, { pid: kari })).json()) as {
        skalHaEpost: boolean;
        varsleVurderinger: boolean;
      };
    expect(await hent()).toMatchObject({ skalHaEpost: true, varsleVurderinger: true });
    const sett = (varsleVurderinger: boolean) =>
      api.fetch(`/import/register/v1/${ORG.hagelandDrammen}/vurderingsvarsel`, {
        method: "PUT",
        pid: kari,
        json: { varsleVurderinger },
      });
    expect((await sett(false)).status).toBe(204);
    expect(await hent()).toMatchObject({ skalHaEpost: true, varsleVurderinger: false });
    expect((await sett(true)).status).toBe(204);
    expect(await hent()).toMatchObject({ skalHaEpost: true, varsleVurderinger: true });
  });

  it("gir 404 for e-post når virksomheten ikke er registrert som importør", async () => {
    const res = await api.fetch(`/import/register/v1/${ORG.hagelandStavanger}/epost`, {
      method: "PUT",
      pid: kari,
      json: { epostadresse: "a@b.no" },
    });
    expect(res.status).toBe(404);
  });
});

describe("mottakskontrollører", () => {
  it("lister registrerte kontrollører unntatt egen virksomhet", async () => {
    const res = await api.fetch(`/import/mottakskontrolloerer/v1?orgnr=${ORG.grontMottakOslo}`, { pid: ola });
    expect(res.status).toBe(200);
    const liste = (await res.json()) as { organisasjonsnummer: string }[];
    expect(liste.map((k) => k.organisasjonsnummer).sort()).toEqual(
      [ORG.grontMottakHoved, ORG.grontMottakGardermoen, ORG.grontMottakVestby].sort(),
    );
    // Without ?orgnr every company the person acts for is left out.
    const alle = await (await api.fetch("/import/mottakskontrolloerer/v1", { pid: ola })).json();
    expect(alle).toEqual([]);
    const forIngrid = await (await api.fetch("/import/mottakskontrolloerer/v1", { pid: ingrid })).json();
    expect(forIngrid.map((k: { organisasjonsnummer: string }) => k.organisasjonsnummer).sort()).toEqual(
      [ORG.grontMottakHoved, ORG.grontMottakOslo, ORG.grontMottakGardermoen, ORG.grontMottakVestby].sort(),
    );
  });

  it("registrerer, utnevner, viser 'mottakskontrollør for', og fjerner", async () => {
    const drammen = `/import/register/v1/${ORG.hagelandDrammen}/${id.hagelandDrammen}`;
    const bergen = `/import/register/v1/${ORG.blomsterbudBergen}/${id.blomsterbudBergen}`;
    // Drammen registers as controller.
    expect(
      (
        await api.fetch(`${drammen}/mottakskontrolloer`, {
          method: "PUT",
          pid: kari,
          json: { erMottakskontrolloer: true },
        })
      ).status,
    ).toBe(204);
    const liste = await (
      await api.fetch(`/import/mottakskontrolloerer/v1?orgnr=${ORG.blomsterbudBergen}`, { pid: ingrid })
    ).json();
    expect(liste.map((k: { id: number }) => k.id)).toContain(id.hagelandDrammen);
    // Bergen appoints Drammen in addition to its two (duplicates ignored).
    const ids = [id.grontMottakOslo!, id.grontMottakHoved!, id.hagelandDrammen!, id.hagelandDrammen!];
    expect(
      (
        await api.fetch(`${bergen}/mottakskontrolloerer`, {
          method: "PUT",
          pid: ingrid,
          json: { mottakskontrolloerIds: ids },
        })
      ).status,
    ).toBe(204);
    const bergenDto = await (
      await api.fetch(`/import/register/v1/${ORG.blomsterbudBergen}`, { pid: ingrid })
    ).json();
    expect(bergenDto.mottakskontrolloerer.map((k: { id: number }) => k.id).sort()).toEqual(
      [id.grontMottakOslo, id.grontMottakHoved, id.hagelandDrammen].sort(),
    );
    const forDrammen = await (await api.fetch(`${drammen}/mottakskontrolloerfor`, { pid: kari })).json();
    expect(forDrammen.map((k: { organisasjonsnummer: string }) => k.organisasjonsnummer)).toEqual([
      ORG.blomsterbudBergen,
    ]);
    // The controller offered for Bergen's notifications (SPEC §6 arrival form) includes Drammen.
    const avtaler = await api.handle.db
      .selectFrom("mottakskontrolloer_avtale")
      .select("mottakskontrolloer_id")
      .where("importoer_id", "=", id.blomsterbudBergen!)
      .execute();
    expect(avtaler.map((a) => Number(a.mottakskontrolloer_id))).toContain(id.hagelandDrammen);
    const valg = async () =>
      (await mottakskontrolloerValg(api.handle.db, id.blomsterbudBergen!)).map((k) => k.importoerId);
    expect(await valg()).toContain(id.hagelandDrammen);

    // Unregistering: Drammen no longer counts as controller for anyone, the agreement is kept.
    expect(
      (
        await api.fetch(`${drammen}/mottakskontrolloer`, {
          method: "PUT",
          pid: kari,
          json: { erMottakskontrolloer: false },
        })
      ).status,
    ).toBe(204);
    expect(await (await api.fetch(`${drammen}/mottakskontrolloerfor`, { pid: kari })).json()).toEqual([]);
    const etter = await (
      await api.fetch(`/import/register/v1/${ORG.blomsterbudBergen}`, { pid: ingrid })
    ).json();
    expect(etter.mottakskontrolloerer.map((k: { id: number }) => k.id)).not.toContain(id.hagelandDrammen);
    expect(await valg()).not.toContain(id.hagelandDrammen);

    // Replacing the list removes; back to the demo's two.
    const tilbake = [id.grontMottakOslo!, id.grontMottakHoved!];
    expect(
      (
        await api.fetch(`${bergen}/mottakskontrolloerer`, {
          method: "PUT",
          pid: ingrid,
          json: { mottakskontrolloerIds: tilbake },
        })
      ).status,
    ).toBe(204);
    const rader = await api.handle.db
      .selectFrom("mottakskontrolloer_avtale")
      .select("mottakskontrolloer_id")
      .where("importoer_id", "=", id.blomsterbudBergen!)
      .execute();
    expect(rader.map((a) => Number(a.mottakskontrolloer_id)).sort()).toEqual(tilbake.sort());
  });
});

describe("gateway", () => {
  it("svarer sesjon, brukerinfo og funksjonsflagg for en innlogget person", async () => {
    expect(await (await api.fetch("/gateway/auth/session", { pid: kari })).json()).toEqual({
      autentisert: true,
    });
    expect(await (await api.fetch("/gateway/auth/session/brukerInfo", { pid: kari })).json()).toEqual({
      navn: "Kari Nordmann",
      telefonnummer: "91234567",
    });
    expect(await (await api.fetch("/gateway/config/features", { pid: kari })).json()).toEqual({
      visImportmelding: true,
      visRisikovurdering: true,
    });
  });
});
