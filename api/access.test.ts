import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PERSONER, ORG } from "../dev/demo-data";
import { importoerId as hentImportoerId } from "../tests/support/test-hjelp";
import { startTestApi, type TestApi } from "../tests/support/test-server";
import { problem } from "./http/feil";

const kari = DEMO_PERSONER[0]!.pid; // acts for Hageland (main unit + sub-units)
const ola = DEMO_PERSONER[1]!.pid; // acts for Grønt Mottak and Hageland Drammen
const per = DEMO_PERSONER[3]!.pid; // no delegations

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const importoerId = (orgnr: string) => hentImportoerId(api.handle.db, orgnr);

describe("autentisering", () => {
  it("gir 401 uten token", async () => {
    const res = await api.fetch(`/import/register/v1/${ORG.hagelandDrammen}`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(problem(401, "Mangler gyldig tilgangstoken"));
  });

  it("gir 401 for et token med feil audience, feil utsteder, utløpt eller ugyldig signatur", async () => {
    const tokens = [
      await api.token(kari, { audience: "noe-annet" }),
      await api.token(kari, { issuer: "https://falsk.example" }),
      await api.token(kari, { expiresIn: Math.floor(Date.now() / 1000) - 60 }),
      `${(await api.token(kari)).slice(0, -4)}AAAA`,
      "ikke-et-jwt",
    ];
    for (const t of tokens) {
      const res = await api.fetch(`/import/register/v1/${ORG.hagelandDrammen}`, {
        headers: { authorization: `Bearer ${t}` },
      });
      expect(res.status).toBe(401);
    }
  });

  it("gir 401 på gateway-kall uten token", async () => {
    expect((await api.fetch("/gateway/auth/avgiver")).status).toBe(401);
  });
});

describe("tilgangsstyring mot delegeringer", () => {
  it("lar en person hente importøren til en virksomhet hun kan representere", async () => {
    const res = await api.fetch(`/import/register/v1/${ORG.hagelandDrammen}`, { pid: kari });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      organisasjonsnummer: ORG.hagelandDrammen,
      navn: "Hageland Import AS avd. Drammen",
      harLestRegelverk: true,
    });
    expect(
      body.mottakskontrolloerer.map((k: { organisasjonsnummer: string }) => k.organisasjonsnummer),
    ).toEqual([ORG.grontMottakOslo]);
  });

  it("gir 403 for en annen virksomhet", async () => {
    const res = await api.fetch(`/import/register/v1/${ORG.blomsterbudBergen}`, { pid: kari });
    expect(res.status).toBe(403);
    expect((await res.json()).status).toBe(403);
    expect((await api.fetch(`/import/register/v1/${ORG.hagelandDrammen}`, { pid: per })).status).toBe(403);
  });

  it("gir 403 når importør-id tilhører en annen virksomhet enn {orgnr}", async () => {
    const fremmed = await importoerId(ORG.blomsterbudBergen);
    const egen = await importoerId(ORG.hagelandDrammen);
    const ok = await api.fetch(`/import/register/v1/${ORG.hagelandDrammen}/${egen}/mottakskontrolloerfor`, {
      pid: kari,
    });
    expect(ok.status).toBe(200);
    const res = await api.fetch(
      `/import/register/v1/${ORG.hagelandDrammen}/${fremmed}/mottakskontrolloerfor`,
      {
        pid: kari,
      },
    );
    expect(res.status).toBe(403);
    // Ola may act for Grønt Mottak, but not with Blomsterbud's importer id.
    const res2 = await api.fetch(
      `/import/register/v1/${ORG.grontMottakOslo}/${fremmed}/mottakskontrolloerfor`,
      {
        pid: ola,
      },
    );
    expect(res2.status).toBe(403);
  });

  it("lister virksomhetene en person kan representere", async () => {
    const res = await api.fetch("/gateway/auth/avgiver", { pid: kari });
    const liste = (await res.json()) as Array<{ altinn: { navn: string; type: string } }>;
    expect(liste.map((a) => a.altinn.navn)).toContain("Hageland Import AS avd. Drammen");
    expect(liste.map((a) => a.altinn.type).sort()).toEqual([
      "Bedrift",
      "Bedrift",
      "Bedrift",
      "Foretak",
      "Person",
    ]);
    const ingen = await api.fetch("/gateway/auth/avgiver", { pid: per });
    expect(await ingen.json()).toEqual([]);
  });
});

describe("importørregisteret", () => {
  it("gir 404 for en virksomhet som ikke er registrert, og registrerer den ved POST", async () => {
    const orgnr = ORG.hagelandStavanger;
    const mangler = await api.fetch(`/import/register/v1/${orgnr}`, { pid: kari });
    expect(mangler.status).toBe(404);
    const body = {
      hovedenhetNavn: "Hageland Import AS",
      hovedenhetOrganisasjonsnummer: ORG.hagelandHoved,
      navn: "Hageland Import AS avd. Stavanger",
      organisasjonsnummer: orgnr,
    };
    const ny = await api.fetch(`/import/register/v1/${orgnr}`, { pid: kari, method: "POST", json: body });
    expect(ny.status).toBe(201);
    expect(await ny.json()).toMatchObject({ organisasjonsnummer: orgnr, harLestRegelverk: false });
    const igjen = await api.fetch(`/import/register/v1/${orgnr}`, { pid: kari, method: "POST", json: body });
    expect(igjen.status).toBe(409);
    expect((await api.fetch(`/import/register/v1/${orgnr}`, { pid: kari })).status).toBe(200);
  });

  it("avviser registrering for en fremmed virksomhet og ugyldige data uten å lagre noe", async () => {
    const body = { navn: "Blomsterbud", organisasjonsnummer: ORG.nordiskPlantesalg };
    const fremmed = await api.fetch(`/import/register/v1/${ORG.nordiskPlantesalg}`, {
      pid: ola,
      method: "POST",
      json: body,
    });
    expect(fremmed.status).toBe(403);
    const feil = await api.fetch(`/import/register/v1/${ORG.nordiskPlantesalg}`, {
      pid: kari,
      method: "POST",
      json: { navn: "", organisasjonsnummer: ORG.nordiskPlantesalg },
    });
    expect(feil.status).toBe(400);
    expect((await feil.json()).detail).toBe("Navn mangler");
    const ulik = await api.fetch(`/import/register/v1/${ORG.nordiskPlantesalg}`, {
      pid: kari,
      method: "POST",
      json: { navn: "X", organisasjonsnummer: ORG.hagelandDrammen },
    });
    expect(ulik.status).toBe(400);
    const rader = await api.handle.db
      .selectFrom("importoer")
      .select("id")
      .where("organisasjonsnummer", "=", ORG.nordiskPlantesalg)
      .execute();
    expect(rader).toEqual([]);
  });
});

describe("bekreftelse av regelverket", () => {
  it("kan gis av egen virksomhet, ikke trekkes tilbake, og ikke settes for en fremmed importør", async () => {
    const ingrid = DEMO_PERSONER[2]!.pid;
    const id = await importoerId(ORG.blomsterbudBergen);
    const sti = `/import/register/v1/${ORG.blomsterbudBergen}/${id}/lestregelverk`;
    expect(
      (await api.fetch(sti, { pid: kari, method: "PUT", json: { harLestRegelverk: true } })).status,
    ).toBe(403);
    expect(
      (await api.fetch(sti, { pid: ingrid, method: "PUT", json: { harLestRegelverk: "ja" } })).status,
    ).toBe(400);
    expect(
      (await api.fetch(sti, { pid: ingrid, method: "PUT", json: { harLestRegelverk: true } })).status,
    ).toBe(204);
    const tilbake = await api.fetch(sti, { pid: ingrid, method: "PUT", json: { harLestRegelverk: false } });
    expect(tilbake.status).toBe(400);
    const profil = await (
      await api.fetch(`/import/register/v1/${ORG.blomsterbudBergen}`, { pid: ingrid })
    ).json();
    expect(profil.harLestRegelverk).toBe(true);
  });
});
