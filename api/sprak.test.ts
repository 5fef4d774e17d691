// Problem details in the caller's language (issue 33 §5, ADR 047): `detail` follows Accept-Language (nn,
// en*, else bokmål; bokmål when absent), Content-Language names it, and validation messages of domain/schemas
// and the guards' messages alike.
import { randomUUID } from "node:crypto";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PERSONER, ORG } from "../dev/demo-data";
import { melding } from "../sprak/melding";
import { aktoer, importoerId, klarTilInnsending, lagSertifikat } from "../tests/support/test-hjelp";
import { startTestApi, TEST_HUB_API_KEY, type TestApi } from "../tests/support/test-server";
import { ArbeidOpptatt } from "./arbeid/feil";
import { errorHandler } from "./http/feilhaandtering";

const kari = DEMO_PERSONER[0]!.pid;
const per = DEMO_PERSONER[3]!.pid;

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

async function detail(sti: string, init: RequestInit & { sprak?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.sprak) headers.set("Accept-Language", init.sprak);
  const res = await api.fetch(sti, { ...init, headers });
  return {
    status: res.status,
    sprak: res.headers.get("Content-Language"),
    detail: ((await res.json()) as { detail: string }).detail,
  };
}

describe("problem details på leserens språk", () => {
  it("401 uten token: bokmål uten Accept-Language, ellers nynorsk eller engelsk", async () => {
    const sti = `/import/register/v1/${ORG.hagelandDrammen}`;
    expect(await detail(sti)).toEqual({ status: 401, sprak: "nb", detail: "Mangler gyldig tilgangstoken" });
    expect(await detail(sti, { sprak: "nn-NO,nb;q=0.5" })).toEqual({
      status: 401,
      sprak: "nn",
      detail: "Manglar gyldig tilgangstoken",
    });
    expect(await detail(sti, { sprak: "en-US" })).toEqual({
      status: 401,
      sprak: "en",
      detail: "A valid access token is missing",
    });
    expect((await detail(sti, { sprak: "de" })).detail).toBe("Mangler gyldig tilgangstoken");
  });

  it("403 fra vaktene (ingen tilgang til virksomheten) på engelsk", async () => {
    const res = await detail(`/import/register/v1/${ORG.hagelandDrammen}`, {
      sprak: "en",
      headers: { authorization: `Bearer ${await api.token(per)}` },
    });
    expect(res).toMatchObject({ status: 403, detail: "You do not have access to this organisation" });
  });

  it("en valideringsmelding fra domain/schemas (zod) på nynorsk", async () => {
    const token = await api.token(kari);
    const id = await importoerId(api.handle.db, ORG.hagelandDrammen);
    const res = await detail(`/import/importmelding/v2/${ORG.hagelandDrammen}/${id}`, {
      method: "POST",
      sprak: "nn",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        ansvarligImportoerId: 1,
        eksportLand: "Nederland",
        nummer: "X",
        utstedtDato: "2026-01-01",
      }),
    });
    expect(res).toMatchObject({
      status: 400,
      sprak: "nn",
      detail: "Eksportland må vere ei landkode med to bokstavar",
    });
  });

  it("en ugyldig parameter og ugyldig JSON på engelsk", async () => {
    const token = await api.token(kari);
    expect(
      (
        await detail(`/import/register/v1/12345`, {
          sprak: "en",
          headers: { authorization: `Bearer ${token}` },
        })
      ).detail,
    ).toBe("Invalid organisation number");
    expect(
      (
        await detail(`/import/register/v1/${ORG.hagelandDrammen}`, {
          method: "POST",
          sprak: "en",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: "{ikke json",
        })
      ).detail,
    ).toBe("Invalid JSON in the request");
  });

  it("innstillingenes meldinger: en e-postadresse på nynorsk, en webhookadresse på engelsk (og ingenting endres)", async () => {
    const token = await api.token(kari);
    const id = await importoerId(api.handle.db, ORG.hagelandDrammen);
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const epost = await detail(`/import/register/v1/${ORG.hagelandDrammen}/epost`, {
      method: "PUT",
      sprak: "nn",
      headers,
      body: JSON.stringify({ epostadresse: "ikke-en-adresse" }),
    });
    expect(epost).toEqual({
      status: 400,
      sprak: "nn",
      detail: "Skriv inn ei gyldig e-postadresse, til dømes navn@firma.no",
    });
    const webhooker = `/import/register/v1/${ORG.hagelandDrammen}/${id}/webhooker`;
    const webhook = await detail(webhooker, {
      method: "POST",
      sprak: "en-GB",
      headers,
      body: JSON.stringify({ url: "https://10.0.0.1/webhook", typer: ["sertifikat.mottatt"] }),
    });
    expect(webhook).toEqual({
      status: 400,
      sprak: "en",
      detail: "The address points to a private or internal network and cannot be used",
    });
    const liste = await api.fetch(webhooker, { headers });
    expect(((await liste.json()) as { webhooker: unknown[] }).webhooker).toEqual([]);
  });

  it("handlingenes meldinger (innsending, tilstand) på nynorsk og engelsk, med status i leserens språk", async () => {
    const db = api.handle.db;
    const hageland = await importoerId(db, ORG.hagelandDrammen);
    const gront = await importoerId(db, ORG.grontMottakOslo);
    const k = aktoer(api, kari, ORG.hagelandDrammen, hageland);
    const m = await klarTilInnsending(k, await lagSertifikat(db), {
      ansvarlig: hageland,
      kontrolloer: gront,
    });
    const send = async (sprak?: string) => {
      const res = await api.fetch(`${k.basis}/${m.id}/status`, {
        pid: kari,
        method: "PUT",
        json: { status: "REGISTRERT" },
        headers: sprak ? { "Accept-Language": sprak } : {},
      });
      return {
        status: res.status,
        sprak: res.headers.get("Content-Language"),
        detail: ((await res.json()) as { detail?: string }).detail,
      };
    };
    expect((await send()).status).toBeLessThan(300);
    // sent again: 409 in the caller's language
    expect(await send()).toEqual({
      status: 409,
      sprak: "nb",
      detail: "Forhåndsmeldingen er allerede sendt inn",
    });
    expect(await send("nn")).toEqual({
      status: 409,
      sprak: "nn",
      detail: "Førehandsmeldinga er allereie send inn",
    });
    expect(await send("en-GB")).toEqual({
      status: 409,
      sprak: "en",
      detail: "The prior notification has already been submitted",
    });
    // a change of a submitted notification's answers names its status in the language
    const innmelder = async (sprak?: string) => {
      const res = await api.fetch(`${k.basis}/${m.id}/innmelder`, {
        pid: kari,
        method: "PUT",
        json: { navn: "Kari Nordmann", epost: "kari@example.no", telefonnummer: null },
        headers: sprak ? { "Accept-Language": sprak } : {},
      });
      return { status: res.status, detail: ((await res.json()) as { detail?: string }).detail };
    };
    expect(await innmelder()).toEqual({
      status: 400,
      detail: "Forhåndsmeldingen kan ikke endres i status Registrert (REGISTRERT)",
    });
    expect((await innmelder("en")).detail).toBe(
      "The prior notification cannot be changed in the status Registered (REGISTRERT)",
    );
  });

  it("det API-et fortsatt hadde som bokmålstekst (issue 33 punkt 5): 404, kvitteringen før innsending", async () => {
    const id = await importoerId(api.handle.db, ORG.hagelandDrammen);
    const basis = `/import/importmelding/v2/${ORG.hagelandDrammen}/${id}`;
    const auth = { authorization: `Bearer ${await api.token(kari)}` };
    const ukjent = `${basis}/ikke-et-tall`;
    expect(await detail(ukjent, { sprak: "en", headers: auth })).toEqual({
      status: 404,
      sprak: "en",
      detail: "Resource not found",
    });
    expect((await detail(ukjent, { sprak: "nn", headers: auth })).detail).toBe("Fann ikkje ressursen");
    expect((await detail(ukjent, { headers: auth })).detail).toBe("Fant ikke ressursen");
    const s = await lagSertifikat(api.handle.db);
    const body = JSON.stringify({
      ansvarligImportoerId: id,
      eksportLand: s.eksportLand,
      nummer: s.nummer,
      utstedtDato: s.utstedtDato,
    });
    const post = { method: "POST", body, headers: { ...auth, "content-type": "application/json" } };
    const opprettet = await api.fetch(basis, post);
    expect(opprettet.status).toBe(201);
    const { id: meldingId } = (await opprettet.json()) as { id: number };
    expect(await detail(`${basis}/${meldingId}/kvittering`, { sprak: "en", headers: auth })).toEqual({
      status: 400,
      sprak: "en",
      detail: "A receipt exists only for a submitted prior notification",
    });
    expect(await detail(basis, { ...post, sprak: "nn" })).toMatchObject({
      status: 409,
      detail: "Det finst allereie ei førehandsmelding for dette sertifikatet",
    });
    expect(await detail(basis, { ...post, sprak: "en" })).toMatchObject({
      status: 409,
      detail: "A prior notification already exists for this certificate",
    });
    // the register's and the systems' messages too
    expect(
      await detail(`/import/register/v1/${ORG.hagelandDrammen}/systemtilgang/999999`, {
        method: "DELETE",
        sprak: "en",
        headers: auth,
      }),
    ).toMatchObject({ status: 404, detail: "Could not find the system access" });
  });

  it("importlistens importørfilter (arkiv.ts) på engelsk", async () => {
    const id = await importoerId(api.handle.db, ORG.hagelandDrammen);
    const auth = { authorization: `Bearer ${await api.token(kari)}` };
    const liste = `/import/importmelding/v2/${ORG.hagelandDrammen}/${id}/arkiv`;
    expect(await detail(`${liste}?importoer=999999`, { sprak: "en", headers: auth })).toMatchObject({
      status: 403,
      detail: "You do not have access to this importer's prior notifications",
    });
    expect(await detail(`${liste}?importoer=x`, { sprak: "en", headers: auth })).toMatchObject({
      status: 400,
      detail: "Invalid importer",
    });
  });

  it("sertifikatsøket (visning.ts) og huben (hub.ts) på nynorsk og engelsk", async () => {
    const id = await importoerId(api.handle.db, ORG.hagelandDrammen);
    const auth = { authorization: `Bearer ${await api.token(kari)}` };
    const soek = `/import/v2/${ORG.hagelandDrammen}/${id}/sertifikat`;
    expect(await detail(soek, { sprak: "en", headers: auth })).toMatchObject({
      status: 400,
      detail: "You must fill in country, certificate number and date",
    });
    expect(
      await detail(`${soek}?sertifikatnummer=X&dato=2025-13-45&avsenderland=NL`, {
        sprak: "en",
        headers: auth,
      }),
    ).toMatchObject({ status: 400, detail: "Invalid date (use YYYY-MM-DD)" });
    expect(
      await detail(`${soek}?sertifikatnummer=FINNES.IKKE&dato=2025-03-01&avsenderland=NL`, {
        sprak: "nn",
        headers: auth,
      }),
    ).toMatchObject({ status: 404, detail: "Ingen treff basert på søkjekriteria dine" });
    expect(
      await detail("/import/ephyto/v1/sertifikat", {
        method: "POST",
        body: "ikke xml",
        sprak: "en",
        headers: { "x-api-key": TEST_HUB_API_KEY, "content-type": "text/plain" },
      }),
    ).toMatchObject({ status: 415, detail: "The certificate must be sent as application/xml" });
  });

  it("maskinklientenes meldinger (objekt med …, true eller false) på engelsk", async () => {
    const id = await importoerId(api.handle.db, ORG.hagelandDrammen);
    const headers = { authorization: `Bearer ${await api.token(kari)}`, "content-type": "application/json" };
    const register = `/import/register/v1/${ORG.hagelandDrammen}/${id}`;
    expect(
      await detail(`${register}/lestregelverk`, {
        method: "PUT",
        body: JSON.stringify({ harLestRegelverk: "ja" }),
        sprak: "en",
        headers,
      }),
    ).toMatchObject({ status: 400, detail: "harLestRegelverk must be true or false" });
    expect(
      await detail(`/import/register/v1/${ORG.hagelandDrammen}/epost`, {
        method: "PUT",
        body: JSON.stringify([]),
        sprak: "nn",
        headers,
      }),
    ).toMatchObject({ status: 400, detail: "Førespurnaden må vere eit objekt med epostadresse" });
  });

  it("et land uten papirløse sertifikater: landets navn i setningen på leserens språk", async () => {
    const id = await importoerId(api.handle.db, ORG.hagelandDrammen);
    const auth = { authorization: `Bearer ${await api.token(kari)}`, "content-type": "application/json" };
    const s = await lagSertifikat(api.handle.db, { eksportland: "US" });
    const body = JSON.stringify({
      ansvarligImportoerId: id,
      eksportLand: s.eksportLand,
      nummer: s.nummer,
      utstedtDato: s.utstedtDato,
    });
    const opprett = (sprak?: string) =>
      detail(`/import/importmelding/v2/${ORG.hagelandDrammen}/${id}`, {
        method: "POST",
        body,
        headers: auth,
        ...(sprak ? { sprak } : {}),
      });
    expect((await opprett()).detail).toMatch(/^Sertifikater fra USA kan ikke meldes digitalt\. /);
    expect((await opprett("nn")).detail).toMatch(
      /^Sertifikat frå (USA|Sambandsstatane) kan ikkje meldast digitalt\. /,
    );
    expect(await opprett("en")).toEqual({
      status: 400,
      sprak: "en",
      detail:
        "Certificates from United States cannot be notified digitally. The country has no agreement with Mattilsynet on fully digital certificates.",
    });
  });

  it("importørregisteret (registrering og mottakskontrollørene) på nynorsk og engelsk", async () => {
    const auth = { authorization: `Bearer ${await api.token(kari)}`, "content-type": "application/json" };
    const registrer = (body: object, sprak: string) =>
      detail(`/import/register/v1/${ORG.nordiskPlantesalg}`, {
        method: "POST",
        body: JSON.stringify(body),
        sprak,
        headers: auth,
      });
    const org = ORG.nordiskPlantesalg;
    expect(await registrer({ navn: "", organisasjonsnummer: org }, "nn")).toMatchObject({
      status: 400,
      detail: "Namn manglar",
    });
    expect(await registrer({ navn: "X" }, "en")).toMatchObject({
      status: 400,
      detail: "The organisation number is missing",
    });
    expect(await registrer({ navn: "X", organisasjonsnummer: "12" }, "nn")).toMatchObject({
      status: 400,
      detail: "Ugyldig organisasjonsnummer",
    });
    expect(
      await registrer({ navn: "X", organisasjonsnummer: org, hovedenhetOrganisasjonsnummer: "1" }, "en"),
    ).toMatchObject({ status: 400, detail: "Invalid organisation number for the main entity" });
    // a name over 200 characters: the catalogue's message in the asker's language, not zod's English default
    const langt = "N".repeat(201);
    expect(await registrer({ navn: langt, organisasjonsnummer: org }, "nb")).toEqual({
      status: 400,
      sprak: "nb",
      detail: "Navnet kan ikke være lengre enn 200 tegn",
    });
    expect(await registrer({ navn: langt, organisasjonsnummer: org }, "nn")).toEqual({
      status: 400,
      sprak: "nn",
      detail: "Namnet kan ikkje vere lengre enn 200 teikn",
    });
    expect(
      await registrer(
        {
          navn: "X",
          organisasjonsnummer: org,
          hovedenhetOrganisasjonsnummer: ORG.hagelandHoved,
          hovedenhetNavn: langt,
        },
        "en",
      ),
    ).toEqual({ status: 400, sprak: "en", detail: "The name cannot be longer than 200 characters" });
    const registrert = await api.handle.db
      .selectFrom("importoer")
      .select("id")
      .where("organisasjonsnummer", "=", org)
      .execute();
    expect(registrert).toEqual([]);
    const id = await importoerId(api.handle.db, ORG.hagelandDrammen);
    const kontrolloerer = (ids: unknown, sprak: string) =>
      detail(`/import/register/v1/${ORG.hagelandDrammen}/${id}/mottakskontrolloerer`, {
        method: "PUT",
        body: JSON.stringify({ mottakskontrolloerIds: ids }),
        sprak,
        headers: auth,
      });
    expect((await kontrolloerer("x", "en")).detail).toBe("mottakskontrolloerIds must be a list");
    expect((await kontrolloerer([1.5], "nn")).detail).toBe(
      "mottakskontrolloerIds må vere ei liste med heiltal",
    );
    expect((await kontrolloerer([-1], "en")).detail).toBe(
      "mottakskontrolloerIds must be a list of positive numbers",
    );
    expect(
      (
        await kontrolloerer(
          Array.from({ length: 501 }, (_, i) => i + 1),
          "nn",
        )
      ).detail,
    ).toMatch(/^Du kan ha høgst \d+ mottakskontrollørar$/);
  });

  it("dokumentkøens 429 og 503 (ArbeidOpptatt) på leserens språk", async () => {
    const app = express();
    app.get("/:status", (req) => {
      throw new ArbeidOpptatt(Number(req.params.status) as 429 | 503, 10);
    });
    app.use(errorHandler);
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const { port } = server.address() as { port: number };
    try {
      const hent = async (status: number, sprak?: string) => {
        const res = await fetch(`http://127.0.0.1:${port}/${status}`, {
          headers: sprak ? { "Accept-Language": sprak } : {},
        });
        return [
          res.status,
          res.headers.get("retry-after"),
          ((await res.json()) as { detail: string }).detail,
        ];
      };
      expect(await hent(429)).toEqual([
        429,
        "10",
        "Du har allerede flere dokumenter under arbeid. Vent til de er ferdige, og prøv igjen.",
      ]);
      expect(await hent(429, "nn")).toEqual([
        429,
        "10",
        "Du har allereie fleire dokument under arbeid. Vent til dei er ferdige, og prøv igjen.",
      ]);
      expect(await hent(503, "en")).toEqual([
        503,
        "10",
        "Many documents are being made right now. Try again in a little while.",
      ]);
    } finally {
      server.close();
    }
  });

  it("webhookenes leveringslogg: feilen lagres som meldingsreferanse og leses på leserens språk", async () => {
    const db = api.handle.db;
    const id = await importoerId(db, ORG.hagelandDrammen);
    const webhook = await db
      .insertInto("webhook")
      .values({
        importoer_id: id,
        url: "https://mottak.example.no/sprak",
        typer: "[]" as never,
        hemmelighet: "x",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const hendelse = await db
      .insertInto("hendelse")
      .values({
        importoer_id: id,
        stroem: `sprak-test:${id}`,
        nummer: 1,
        uuid: randomUUID(),
        type: "importmelding.vurdert",
        tidspunkt: new Date(),
        data: "{}" as never,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const levering = await db
      .insertInto("webhook_levering")
      .values({ webhook_id: webhook.id, hendelse_id: hendelse.id, status: "FEILET" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const feil = [
      "Mottakeren svarte 502", // a row from before: its stored bokmål text
      melding("api.webhook.levering.svarte", { status: 500 }),
      melding("api.webhook.levering.tidsavbrudd", { sekunder: 2.5 }),
      melding("api.webhook.levering.kobling", { feil: "connect ECONNREFUSED 192.0.2.1:443" }),
      melding("api.webhook.adresse.fantIkkeVert", { vert: "mottak.example.no" }),
    ];
    for (const [i, f] of feil.entries()) {
      await db
        .insertInto("webhook_forsoek")
        .values({ webhook_id: webhook.id, levering_id: levering.id, forsoek: i + 1, ok: false, feil: f })
        .execute();
    }
    const logg = async (sprak?: string) => {
      const res = await api.fetch(`/import/register/v1/${ORG.hagelandDrammen}/${id}/webhooker`, {
        headers: {
          authorization: `Bearer ${await api.token(kari)}`,
          ...(sprak ? { "Accept-Language": sprak } : {}),
        },
      });
      const svar = (await res.json()) as {
        logg: { webhookId: number; forsoek: number; feil: string; feilSprak: string }[];
      };
      const rader = svar.logg.filter((l) => l.webhookId === webhook.id).sort((a, b) => a.forsoek - b.forsoek);
      // the language of each text: the old row's stays bokmål, the page marks it (lang="nb")
      const spraak = sprak?.slice(0, 2) ?? "nb";
      expect(rader.map((l) => l.feilSprak)).toEqual(["nb", ...feil.slice(1).map(() => spraak)]);
      return rader.map((l) => l.feil);
    };
    try {
      expect(await logg()).toEqual([
        "Mottakeren svarte 502",
        "Mottakeren svarte 500",
        "Ikke svar innen 2,5 s",
        "Kunne ikke koble til (connect ECONNREFUSED 192.0.2.1:443)",
        "Fant ikke vertsnavnet mottak.example.no",
      ]);
      expect(await logg("nn")).toEqual([
        "Mottakeren svarte 502",
        "Mottakaren svarte 500",
        "Ikkje svar innan 2,5 s",
        "Kunne ikkje kople til (connect ECONNREFUSED 192.0.2.1:443)",
        "Fann ikkje vertsnamnet mottak.example.no",
      ]);
      expect(await logg("en")).toEqual([
        "Mottakeren svarte 502",
        "The receiver answered 500",
        "No response within 2.5 s",
        "Could not connect (connect ECONNREFUSED 192.0.2.1:443)",
        "Could not find the host name mottak.example.no",
      ]);
    } finally {
      await db.deleteFrom("webhook").where("id", "=", webhook.id).execute();
      await db.deleteFrom("hendelse").where("id", "=", hendelse.id).execute();
    }
  });
});
