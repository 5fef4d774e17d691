// Who may act for whom from Altinn and the units from Enhetsregisteret (issue 31, ADR 042), over real HTTP: the
// import API on a real database reads the development Altinn and Enhetsregisteret (dev/registre) through the
// service's own clients, as it reads the real ones. Each test owns its data: a person, a unit and a delegation
// registered for it in the stand-ins.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORG } from "../../dev/demo-data";
import { lagSertifikatXml } from "../../dev/ephyto/generate";
import { REGISTER_UTILGJENGELIG } from "../../domain/problem";
import { aktoer, importoerId, LINJER, lagSertifikat, svar } from "../../tests/support/test-hjelp";
import { startTestApi, type TestApi } from "../../tests/support/test-server";
import { ingestSertifikat } from "../sertifikat/ingest";
import { lagEnhetsoppdatering } from "./oppdateringer";

/** The cache's life in these tests: short, so a revocation's effect is seen within the test. */
const LEVETID_MS = 1_500;

let api: TestApi;
let neste = 0;
/** A fresh test person (national identity numbers no other test uses). */
const nyPid = () => `0101${String(++neste).padStart(2, "0")}99${String(100 + neste).slice(-3)}`;
let orgTeller = 0;
/** A fresh organisation number: from a counter, so two units in one run never share one (a random part did). */
const nyttOrgnr = () => `98${String(1_000_000 + ++orgTeller).padStart(7, "0")}`;

beforeAll(async () => {
  api = await startTestApi({ registre: { cacheMs: LEVETID_MS } });
}, 120_000);
afterAll(async () => {
  await api?.close();
});

const registre = () => api.registre!.registre;
const dev = (sti: string, json: unknown) =>
  fetch(`${api.registre!.url}${sti}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(json),
  });

/** A main unit with one sub-unit in the register; the person gets the sub-unit delegated (over HTTP). */
async function medUnderenhet(pid: string, navn: string) {
  const hoved = nyttOrgnr();
  const under = nyttOrgnr();
  neste += 1;
  registre().enhetsregister.lagre({
    organisasjonsnummer: hoved,
    navn: `${navn} AS`,
    organisasjonsform: "AS",
  });
  expect(
    (
      await fetch(`${api.registre!.url}/enhetsregisteret/dev/enheter`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          organisasjonsnummer: under,
          navn: `${navn} AS avd. Hamar`,
          organisasjonsform: "BEDR",
          hovedenhet: hoved,
          adresse: { adresselinje: ["Torggata 1"], postnummer: "2317", poststed: "Hamar" },
        }),
      })
    ).status,
  ).toBe(201);
  expect((await dev("/altinn/dev/delegeringer", { pid, fra: under, navn: "Nora Nyberg" })).status).toBe(204);
  return { hoved, under };
}

const avgivere = async (pid: string) =>
  svar<Array<{ altinn: Record<string, unknown>; brreg: { adresse: unknown } }>>(
    await api.fetch("/gateway/auth/avgiver", { pid }),
  );

describe("hvem som kan representere hvem, fra Altinn", () => {
  it("en person med delegering ser virksomheten og kan handle for den; en uten ser den ikke og får 403", async () => {
    const pid = nyPid();
    const uten = nyPid();
    registre().altinn.leggTilPerson(uten, "Uten Tilgang");
    const { under, hoved } = await medUnderenhet(pid, "Lysaker Planter");
    const liste = await avgivere(pid);
    expect(liste).toEqual([
      {
        altinn: {
          type: "Bedrift",
          organisasjonsnummer: under,
          hovedenhet: hoved,
          navn: "Lysaker Planter AS avd. Hamar",
          organisasjonsform: "BEDR",
          personnummer: null,
        },
        brreg: {
          adresse: { adresselinje: ["Torggata 1"], postnummer: "2317", poststed: "Hamar", land: "Norge" },
        },
      },
    ]);
    expect(await avgivere(uten)).toEqual([]);
    // Not registered yet: 404 for the one who may act for it, 403 for the one who may not.
    expect((await api.fetch(`/import/register/v1/${under}`, { pid })).status).toBe(404);
    expect((await api.fetch(`/import/register/v1/${under}`, { pid: uten })).status).toBe(403);
  });

  it("en underenhet vises under hovedenheten; tilgang til hovedenheten gir underenhetene", async () => {
    const pid = nyPid();
    const { hoved, under } = await medUnderenhet(nyPid(), "Gran Hagesenter");
    expect((await dev("/altinn/dev/delegeringer", { pid, fra: hoved, navn: "Hedda Holm" })).status).toBe(204);
    const liste = (await avgivere(pid)).map((a) => a.altinn);
    expect(liste).toEqual([
      expect.objectContaining({
        type: "Foretak",
        organisasjonsnummer: hoved,
        hovedenhet: null,
        navn: "Gran Hagesenter AS",
      }),
      expect.objectContaining({ type: "Bedrift", organisasjonsnummer: under, hovedenhet: hoved }),
    ]);
    // The demo's sub-unit without its main unit: the main unit is only Altinn's frame, not one of Kari's.
    const kari = (await avgivere("26849612378")).map((a) => a.altinn);
    expect(kari).toContainEqual(
      expect.objectContaining({
        organisasjonsnummer: ORG.nordiskPlantesalg,
        hovedenhet: ORG.nordiskPlantesalgHoved,
      }),
    );
    expect(kari.map((a) => a.organisasjonsnummer)).not.toContain(ORG.nordiskPlantesalgHoved);
    // Kari's own party among the persons, under her name; nobody's national identity number.
    expect(kari).toContainEqual(
      expect.objectContaining({ type: "Person", navn: "Kari Nordmann", personnummer: null }),
    );
  });

  it("en tilbakekalt delegering slutter å virke innen hurtigbufferens levetid, og straks ved «Velg virksomhet»", async () => {
    const pid = nyPid();
    const { under } = await medUnderenhet(pid, "Bekkestua Blomster");
    expect((await api.fetch(`/import/register/v1/${under}`, { pid })).status).toBe(404);
    expect((await dev("/altinn/dev/delegeringer/fjern", { pid, fra: under })).status).toBe(204);
    // Within the cache's life the answer stands (one read, no call to Altinn) …
    expect((await api.fetch(`/import/register/v1/${under}`, { pid })).status).toBe(404);
    // … and once it has passed, the revocation holds.
    await new Promise((r) => setTimeout(r, LEVETID_MS + 200));
    expect((await api.fetch(`/import/register/v1/${under}`, { pid })).status).toBe(403);

    // «Velg virksomhet» (and login) ask Altinn at once: a new delegation shows, and a revoked one goes.
    expect((await dev("/altinn/dev/delegeringer", { pid, fra: under })).status).toBe(204);
    expect((await avgivere(pid)).map((a) => a.altinn.organisasjonsnummer)).toEqual([under]);
    expect((await dev("/altinn/dev/delegeringer/fjern", { pid, fra: under })).status).toBe(204);
    expect(await avgivere(pid)).toEqual([]);
    expect((await api.fetch(`/import/register/v1/${under}`, { pid })).status).toBe(403);
  });

  it("et system får tilgang bare om Altinns PDP sier ja nå, ikke etter en tilbakekalt delegering i hurtigbufferen", async () => {
    const pid = nyPid();
    const { under } = await medUnderenhet(pid, "Sandvika Stauder");
    const ny = await api.fetch(`/import/register/v1/${under}`, {
      pid,
      method: "POST",
      json: { navn: "skrives over av registeret", organisasjonsnummer: under },
    });
    expect(ny.status).toBe(201);
    // The register's names, not the body's.
    expect(await ny.json()).toMatchObject({ navn: "Sandvika Stauder AS avd. Hamar" });
    const tilgang = { klientId: "sandvika-lager", klientNavn: "Lagersystemet", scopes: ["read"] };
    const sti = `/import/register/v1/${under}/systemtilgang`;
    expect((await api.fetch(sti, { pid, method: "POST", json: tilgang })).status).toBe(201);
    expect((await dev("/altinn/dev/delegeringer/fjern", { pid, fra: under })).status).toBe(204);
    const igjen = await api.fetch(sti, { pid, method: "POST", json: { ...tilgang, klientId: "sandvika-2" } });
    expect(igjen.status).toBe(403);
  });
});

describe("enhetene fra Enhetsregisteret", () => {
  it("en enhet som får nytt navn i oppdateringsstrømmen vises med det nye navnet og matcher sertifikater på det", async () => {
    const pid = nyPid();
    const { under } = await medUnderenhet(pid, "Stabekk Frukt");
    await avgivere(pid); // first use: the register's copy is fetched
    const registrert = await api.fetch(`/import/register/v1/${under}`, {
      pid,
      method: "POST",
      json: { navn: "Stabekk Frukt AS avd. Hamar", organisasjonsnummer: under },
    });
    expect(registrert.status).toBe(201);
    const iid = await importoerId(api.handle.db, under);
    const jobb = lagEnhetsoppdatering({
      db: api.handle.db,
      klient: api.registre!.klienter(api.handle.db).enhetsregister,
      intervallMs: 60_000,
    });
    await jobb.kjoerRunde(); // the cursor starts here

    const nyttNavn = "Stabekk Frukt og Grønt AS avd. Hamar";
    const endring = await fetch(`${api.registre!.url}/enhetsregisteret/dev/enheter`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        organisasjonsnummer: under,
        navn: nyttNavn,
        organisasjonsform: "BEDR",
        hovedenhet: registre().enhetsregister.hent(under)?.hovedenhet,
      }),
    });
    expect(await endring.json()).toMatchObject({ endringstype: "Endring", organisasjonsnummer: under });
    // Before the feed is read the old name stands; after, the new one everywhere.
    const foer = await jobb.kjoerRunde();
    expect(foer).toEqual({ lest: 1, oppdatert: 1 });
    expect((await avgivere(pid)).map((a) => a.altinn.navn)).toEqual([nyttNavn]);
    expect(await svar(await api.fetch(`/import/register/v1/${under}`, { pid }))).toMatchObject({
      navn: nyttNavn,
    });

    // A certificate to the new name, without an organisation number, is the importer's; one to the old is not.
    const mottaker = (navn: string, nummer: string) =>
      lagSertifikatXml({
        nummer,
        type: "Eksport",
        utstedt: `${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}T10:00:00Z`,
        utsteder: "NVWA",
        avsender: { navn: "Bloemen B.V.", adresse: ["Legmeerdijk 1"] },
        mottaker: { navn, adresse: ["Torggata 1", "2317 Hamar"] },
        eksportland: "NL",
        varelinjer: [LINJER.roseplanter],
      });
    await ingestSertifikat(
      api.handle.db,
      mottaker(`  ${nyttNavn.toUpperCase()} `, "PHYTO.NL.2026.NYTT-NAVN"),
    );
    await ingestSertifikat(
      api.handle.db,
      mottaker("Stabekk Frukt AS avd. Hamar", "PHYTO.NL.2026.GAMMELT-NAVN"),
    );
    const numre = JSON.stringify(
      await svar(await api.fetch(`/import/v2/${under}/${iid}/sertifikater`, { pid })),
    );
    expect(numre).toContain("PHYTO.NL.2026.NYTT-NAVN");
    expect(numre).not.toContain("PHYTO.NL.2026.GAMMELT-NAVN");
  });
});

describe("når Altinn ikke svarer", () => {
  it("virker det som er hentet innen levetiden; etterpå et tydelig 503, aldri 500", async () => {
    const pid = nyPid();
    const { under } = await medUnderenhet(pid, "Høvik Hage");
    expect((await api.fetch(`/import/register/v1/${under}`, { pid })).status).toBe(404);
    expect((await dev("/altinn/dev/feil", { pid, status: 503 })).status).toBe(204);
    try {
      // Within the cache's life: the organisation chosen keeps working, and «Velg virksomhet» shows the list.
      expect((await api.fetch(`/import/register/v1/${under}`, { pid })).status).toBe(404);
      expect((await avgivere(pid)).map((a) => a.altinn.organisasjonsnummer)).toEqual([under]);
      await new Promise((r) => setTimeout(r, LEVETID_MS + 200));
      for (const sti of [`/import/register/v1/${under}`, "/gateway/auth/avgiver"]) {
        const res = await api.fetch(sti, { pid });
        expect(res.status, sti).toBe(503);
        expect(res.headers.get("retry-after")).toBe("30");
        expect(await res.json()).toMatchObject({
          type: REGISTER_UTILGJENGELIG,
          status: 503,
          detail: expect.stringContaining("Altinn"),
        });
      }
      // The name is not worth an error page: brukerInfo answers with what it has.
      expect((await api.fetch("/gateway/auth/session/brukerInfo", { pid })).status).toBe(200);
    } finally {
      await dev("/altinn/dev/feil", { pid });
    }
    expect((await api.fetch(`/import/register/v1/${under}`, { pid })).status).toBe(404);
  });

  it("et Altinn som ikke svarer i tide er det samme: 503 innen fristen", { timeout: 60_000 }, async () => {
    const pid = nyPid();
    const { under } = await medUnderenhet(pid, "Fornebu Frø");
    expect((await dev("/altinn/dev/feil", { pid, ventMs: 60_000 })).status).toBe(204);
    try {
      // The lookup's deadline (12 s in the tests, 7 s in the service: below the web app's 10 s) cuts it.
      const start = Date.now();
      const res = await api.fetch(`/import/register/v1/${under}`, { pid });
      expect(res.status).toBe(503);
      expect(Date.now() - start).toBeLessThan(20_000);
    } finally {
      await dev("/altinn/dev/feil", { pid });
    }
  });
});

describe("navnet på den som handler", () => {
  it("historikken viser navnet Altinn gir, og et nytt navn fra neste oppslag", async () => {
    const pid = nyPid();
    expect(
      (await dev("/altinn/dev/delegeringer", { pid, fra: ORG.hagelandDrammen, navn: "Nora Nyberg" })).status,
    ).toBe(204);
    const iid = await importoerId(api.handle.db, ORG.hagelandDrammen);
    const nora = aktoer(api, pid, ORG.hagelandDrammen, iid);
    const s = await lagSertifikat(api.handle.db);
    const opprettet = await nora.post("", {
      ansvarligImportoerId: iid,
      eksportLand: s.eksportLand,
      nummer: s.nummer,
      utstedtDato: s.utstedtDato,
    });
    expect(opprettet.status, await opprettet.clone().text()).toBe(201);
    const { id } = await svar<{ id: number }>(opprettet);
    const historikk = async () =>
      (
        await svar<{ hendelser: Array<{ utfoertAv: string }> }>(await nora.get(`/${id}/historikk`))
      ).hendelser.map((h) => h.utfoertAv);
    expect(await historikk()).toEqual(["Nora Nyberg, Hageland Import AS avd. Drammen"]);
    expect(JSON.stringify(await historikk())).not.toContain(pid);

    // Altinn gives a new name (Nora married): the next lookup brings it, and the next action is hers by it.
    registre().altinn.leggTilPerson(pid, "Nora Nyberg Lie");
    await new Promise((r) => setTimeout(r, LEVETID_MS + 200));
    const { versjon } = await svar<{ versjon: number }>(await nora.get(`/${id}`));
    const endret = await nora.put(`/${id}/egenreferanse`, { egenReferanse: "NORA-1", versjon });
    expect(endret.status, await endret.clone().text()).toBeLessThan(300);
    expect((await historikk())[0]).toBe("Nora Nyberg Lie, Hageland Import AS avd. Drammen");
  });
});
