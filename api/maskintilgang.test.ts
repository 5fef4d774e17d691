// Machine access (issue 25 §2, ADR 035) through real HTTP: the development Maskinporten issues tokens for
// clients registered with their public keys, the import API accepts them for what the importer granted on
// "Integrasjoner", and the example client (scripts/eksempelklient.ts) does the whole notification journey; the
// event feed client (scripts/eksempelklient-hendelser.ts feed) run as a user runs it fetches its own token.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as m037 from "../db/migrations/037-skrivetilgang-gir-lesetilgang";
import { ORG } from "../dev/demo-data";
import { lagNoekkelpar } from "../dev/maskinporten/klientfil";
import type { SystemtilgangDto } from "../domain/schemas/systemtilgang";
import {
  ApiSvarFeil,
  apiKlient,
  byttAssertion,
  forhaandsmeldingsreise,
  hentToken,
  type Klient,
  lagAssertion,
  SCOPES,
} from "../scripts/eksempelklient";
import { lesHendelser } from "../scripts/eksempelklient-hendelser";
import { INGRID, importoerId, KARI, LINJER, lagSertifikat } from "../tests/support/test-hjelp";
import {
  startTestApiMedMaskin,
  startTestMaskinporten,
  type TestMaskinporten,
} from "../tests/support/test-maskinporten";
import type { TestApi } from "../tests/support/test-server";
import { apiGrenser } from "./grenser";

const HD = ORG.hagelandDrammen;
const [LES, SKRIV] = SCOPES as [string, string];

let mp: TestMaskinporten;
let api: TestApi;
let hageland: number;

/** Kari grants (or tries to grant) a client on Hageland Drammen's Integrasjoner. */
const gi = (klientId: string, klientNavn: string, scopes: string[], orgnr = HD, pid = KARI) =>
  api.fetch(`/import/register/v1/${orgnr}/systemtilgang`, {
    pid,
    method: "POST",
    json: { klientId, klientNavn, scopes },
  });

async function status(token: string, metode: string, sti: string, json?: unknown): Promise<number> {
  try {
    await apiKlient(api.url, token)(metode, sti, json);
    return 200;
  } catch (e) {
    if (e instanceof ApiSvarFeil) return e.status;
    throw e;
  }
}

beforeAll(async () => {
  mp = await startTestMaskinporten();
  // A small per-person search limit, to see that it counts per client (api/grenser.ts).
  api = await startTestApiMedMaskin(mp, { grenser: apiGrenser({ GRENSE_SOEK_BOM_PERSON: "2" }) });
  hageland = await importoerId(api.handle.db, HD);
});
afterAll(async () => {
  await api?.close();
  await mp?.close();
});

describe("eksempelklienten", () => {
  it("gjør hele reisen med et maskintoken: sertifikater, opprett, svar, ankomst, send inn; historikken viser systemet", async () => {
    const klient = await mp.nyKlient("lager-hd", HD);
    expect((await gi("lager-hd", "Lagersystemet", ["read", "write"])).status).toBe(201);
    const s = await lagSertifikat(api.handle.db, { linjer: [LINJER.rhododendron] });
    const token = await hentToken(klient);
    const reise = await forhaandsmeldingsreise({
      apiUrl: api.url,
      token,
      orgnr: HD,
      sertifikatnummer: s.nummer,
    });
    expect(reise.importoerId).toBe(hageland);
    expect(reise.sertifikater.map((x) => x.nummer)).toContain(s.nummer);
    expect(reise.status).toBe("REGISTRERT");
    const hendelser = reise.historikk.hendelser;
    expect(hendelser.length).toBeGreaterThanOrEqual(4);
    for (const h of hendelser) expect(h.utfoertAv).toMatch(/^System: Lagersystemet, /);
    expect(hendelser.map((h) => h.tilStatus)).toContain("REGISTRERT");
    // The audit string names the importer and the client, never a person.
    const rader = await api.handle.db
      .selectFrom("importmelding_hendelse")
      .select(["utfoert_av", "aktoer_type"])
      .where("importmelding_id", "=", reise.importmeldingId)
      .execute();
    expect(new Set(rader.map((r) => `${r.aktoer_type} ${r.utfoert_av}`))).toEqual(
      new Set([`MASKIN importoer:${hageland} klient:lager-hd`]),
    );
    // A person of the organisation sees the same notification and history.
    const kari = await api.fetch(
      `/import/importmelding/v2/${HD}/${hageland}/${reise.importmeldingId}/historikk`,
      {
        pid: KARI,
      },
    );
    expect(kari.status).toBe(200);
    // The same system follows what happened through the event feed, with a token from the same flow.
    const { hendelser: strom } = await lesHendelser({
      apiUrl: api.url,
      orgnr: HD,
      importoerId: hageland,
      hentToken: () => hentToken(klient, [LES]),
    });
    expect(
      strom
        .filter((h) => (h.data.importmelding as { id?: number } | undefined)?.id === reise.importmeldingId)
        .map((h) => [h.type, h.data.status]),
    ).toEqual([["importmelding.status_endret", "REGISTRERT"]]);
  });
});

describe("hendelsesklienten på kommandolinjen", () => {
  it("`feed` henter et utviklingstoken selv (som eksempelklient.ts), finner importøren og skriver hendelsene", async () => {
    const klient = await mp.nyKlient("feed-hd", HD);
    expect((await gi("feed-hd", "Strømleseren", ["read"])).status).toBe(201);
    const s = await lagSertifikat(api.handle.db, { linjer: [LINJER.rhododendron] });
    const mappe = mkdtempSync(join(tmpdir(), "feed-"));
    try {
      const noekkel = join(mappe, "feed-hd.jwk.json");
      writeFileSync(noekkel, JSON.stringify(klient.noekkel));
      const { TOKEN: _ikkeToken, ...env } = process.env;
      const { ut, feil } = await new Promise<{ ut: string; feil: string }>((resolve, reject) =>
        execFile(
          process.execPath,
          [
            "--import",
            "tsx",
            "scripts/eksempelklient-hendelser.ts",
            "feed",
            "--klient-id",
            "feed-hd",
            "--noekkel",
            noekkel,
            "--orgnr",
            HD,
            "--api",
            api.url,
            "--token-endepunkt",
            mp.tokenEndepunkt,
          ],
          { env, timeout: 60_000 },
          (e, stdout, stderr) =>
            e ? reject(new Error(`${e.message}\n${stderr}`)) : resolve({ ut: stdout, feil: stderr }),
        ),
      );
      const hendelser = ut
        .trim()
        .split("\n")
        .map(
          (l) => JSON.parse(l) as { type: string; importoer: { id: number }; data: Record<string, unknown> },
        );
      expect(hendelser.every((h) => h.importoer.id === hageland)).toBe(true);
      expect(
        hendelser.some(
          (h) =>
            h.type === "sertifikat.mottatt" &&
            (h.data.sertifikat as { nummer?: string } | undefined)?.nummer === s.nummer,
        ),
      ).toBe(true);
      expect(feil).toMatch(/^Neste markør: \d+/m);
    } finally {
      rmSync(mappe, { recursive: true, force: true });
    }
  }, 90_000);
});

describe("tilgang for systemer", () => {
  it("et system som virksomheten ikke har gitt tilgang, får 403", async () => {
    const token = await hentToken(await mp.nyKlient("ukjent-system", HD));
    expect(await status(token, "GET", `/import/register/v1/${HD}`)).toBe(403);
    expect(await status(token, "GET", `/import/v2/${HD}/${hageland}/sertifikater`)).toBe(403);
    expect(await status(token, "GET", "/gateway/auth/session")).toBe(403);
  });

  it("en tilgang som fjernes, gjelder ikke lenger fra neste forespørsel", async () => {
    const token = await hentToken(await mp.nyKlient("kortvarig", HD));
    const svar = await gi("kortvarig", "Kortvarig", ["read"]);
    const { id } = (await svar.json()) as SystemtilgangDto;
    expect(await status(token, "GET", `/import/v2/${HD}/${hageland}/sertifikater`)).toBe(200);
    const slett = await api.fetch(`/import/register/v1/${HD}/systemtilgang/${id}`, {
      pid: KARI,
      method: "DELETE",
    });
    expect(slett.status).toBe(204);
    expect(await status(token, "GET", `/import/v2/${HD}/${hageland}/sertifikater`)).toBe(403);
  });

  it("lesetilgang kan ikke endre: verken et token med bare .read eller en tilgang med bare lese", async () => {
    const klient = await mp.nyKlient("leser", HD);
    await gi("leser", "Leseren", ["read"]);
    const opprett = {
      ansvarligImportoerId: hageland,
      eksportLand: "NL",
      nummer: "X",
      utstedtDato: "2026-01-01",
    };
    const sti = `/import/importmelding/v2/${HD}/${hageland}`;
    // granted read only, token with both scopes
    const begge = await hentToken(klient);
    expect(await status(begge, "GET", `/import/importmelding/v2/${HD}/${hageland}/oversikt`)).toBe(200);
    expect(await status(begge, "POST", sti, opprett)).toBe(403);
    // granted both, token with read only
    const klient2 = await mp.nyKlient("leser2", HD);
    await gi("leser2", "Leseren 2", ["read", "write"]);
    const bareLes = await hentToken(klient2, [LES]);
    expect(await status(bareLes, "GET", `/import/register/v1/${HD}`)).toBe(200);
    expect(await status(bareLes, "PUT", `/import/register/v1/${HD}/epostvarsel`, { skalHaEpost: true })).toBe(
      403,
    );
    // and write only cannot read
    const bareSkriv = await hentToken(klient2, [SKRIV]);
    expect(await status(bareSkriv, "GET", `/import/register/v1/${HD}`)).toBe(403);
  });

  it("et system handler bare for sin egen virksomhet: annen orgnr eller importør i adressen gir 403", async () => {
    const egen = await hentToken(await mp.nyKlient("lager-hd-3", HD));
    await gi("lager-hd-3", "Lager 3", ["read", "write"]);
    const blomster = await importoerId(api.handle.db, ORG.blomsterbudBergen);
    expect(await status(egen, "GET", `/import/register/v1/${ORG.blomsterbudBergen}`)).toBe(403);
    expect(await status(egen, "GET", `/import/v2/${ORG.blomsterbudBergen}/${blomster}/sertifikater`)).toBe(
      403,
    );
    expect(await status(egen, "GET", `/import/v2/${HD}/${blomster}/sertifikater`)).toBe(403);
    expect(
      await status(
        egen,
        "GET",
        `/import/v2/eksportland?orgnr=${ORG.blomsterbudBergen}&importoerId=${blomster}`,
      ),
    ).toBe(403);
    // A client registered for another organisation, granted by Hageland Drammen, gets nothing there either:
    // the token's organisation (consumer) is the one it acts for.
    const annen = await mp.nyKlient("blomster-system", ORG.blomsterbudBergen);
    await gi("blomster-system", "Blomstersystemet", ["read"]);
    expect(await status(await hentToken(annen), "GET", `/import/register/v1/${HD}`)).toBe(403);
  });

  it("et system kan ikke gi eller se systemtilganger (bare en person kan)", async () => {
    const token = await hentToken(await mp.nyKlient("admin-forsoek", HD));
    await gi("admin-forsoek", "Admin-forsøk", ["read", "write"]);
    const sti = `/import/register/v1/${HD}/systemtilgang`;
    expect(await status(token, "GET", sti)).toBe(403);
    expect(await status(token, "POST", sti, { klientId: "x", klientNavn: "x", scopes: ["write"] })).toBe(403);
  });

  it("et forfalsket token (signert med en annen nøkkel) gir 401", async () => {
    const { privat } = await lagNoekkelpar("dev-maskinporten-forfalsket");
    const forfalsket = await new SignJWT({
      client_id: "lager-hd",
      scope: SCOPES.join(" "),
      consumer: { authority: "iso6523-actorid-upis", ID: `0192:${HD}` },
    })
      .setProtectedHeader({ alg: "RS256", kid: privat.kid })
      .setIssuer(mp.issuer)
      .setAudience("test-import-api")
      .setIssuedAt()
      .setExpirationTime("2m")
      .sign(await (await import("jose")).importJWK(privat, "RS256"));
    expect(await status(forfalsket, "GET", `/import/register/v1/${HD}`)).toBe(401);
  });

  it("grensene teller per klient: ett system som gjetter, stenger ikke et annet", async () => {
    const a = await hentToken(await mp.nyKlient("gjetter-a", HD));
    const b = await hentToken(await mp.nyKlient("gjetter-b", HD));
    await gi("gjetter-a", "Gjetter A", ["read"]);
    await gi("gjetter-b", "Gjetter B", ["read"]);
    const bom = (t: string, n: number) =>
      status(
        t,
        "GET",
        `/import/v2/${HD}/${hageland}/sertifikat?sertifikatnummer=FINNES.IKKE.${n}&dato=2026-01-01&avsenderland=NL`,
      );
    expect(await bom(a, 1)).toBe(404);
    expect(await bom(a, 2)).toBe(404);
    expect(await bom(a, 3)).toBe(429);
    expect(await bom(b, 4)).toBe(404);
  });
});

describe("Integrasjoner i registeret", () => {
  it("lister, validerer med norske meldinger og avviser dubletter", async () => {
    const tom = await gi("  ", "", []);
    expect(tom.status).toBe(400);
    expect(((await tom.json()) as { detail: string }).detail).toBe("Skriv inn klient-ID-en");
    const ugyldig = await gi("med mellomrom", "Navn", ["read"]);
    expect(((await ugyldig.json()) as { detail: string }).detail).toMatch(/^Klient-ID-en kan bare ha/);
    const utenScope = await gi("ok-id", "Navn", []);
    expect(((await utenScope.json()) as { detail: string }).detail).toBe("Velg minst én tilgang");
    expect((await gi("liste-1", "Listesystemet", ["write", "read"])).status).toBe(201);
    const dublett = await gi("liste-1", "Igjen", ["read"]);
    expect(dublett.status).toBe(400);
    expect(((await dublett.json()) as { detail: string }).detail).toBe(
      "Systemet med denne klient-ID-en har allerede tilgang",
    );
    const liste = (await (
      await api.fetch(`/import/register/v1/${HD}/systemtilgang`, { pid: KARI })
    ).json()) as SystemtilgangDto[];
    expect(liste.find((s) => s.klientId === "liste-1")).toMatchObject({
      klientNavn: "Listesystemet",
      scopes: ["read", "write"],
      lagtTilAv: "Kari Nordmann",
    });
  });

  it("endre gir alltid lese: en tilgang med bare endre lagres som lese og endre, og systemet kan lese (sak 36 punkt 1)", async () => {
    const klient = await mp.nyKlient("bare-endre", HD);
    const svar = await gi("bare-endre", "Bare endre", ["write"]);
    expect(svar.status).toBe(201);
    expect(((await svar.json()) as SystemtilgangDto).scopes).toEqual(["read", "write"]);
    const token = await hentToken(klient);
    expect(await status(token, "GET", `/import/register/v1/${HD}`)).toBe(200);
    expect(await status(token, "GET", `/import/v2/${HD}/${hageland}/sertifikater`)).toBe(200);
  });

  it("tilgangen endres på stedet (PUT), gjelder fra neste kall, og bare for virksomhetens egne personer", async () => {
    const token = await hentToken(await mp.nyKlient("endres", HD));
    const rad = (await (await gi("endres", "Endres", ["read"])).json()) as SystemtilgangDto;
    const sti = `/import/register/v1/${HD}/systemtilgang/${rad.id}`;
    const endre = (scopes: unknown, pid = KARI, til = sti) =>
      api.fetch(til, { pid, method: "PUT", json: { scopes } });
    const skriv = () => status(token, "PUT", `/import/register/v1/${HD}/epostvarsel`, { skalHaEpost: true });
    expect(await skriv()).toBe(403);

    const begge = await endre(["write"]);
    expect(begge.status).toBe(200);
    expect((await begge.json()) as SystemtilgangDto).toMatchObject({
      id: rad.id,
      klientId: "endres",
      klientNavn: "Endres",
      scopes: ["read", "write"],
    });
    expect(await skriv()).toBe(200);
    expect(await status(token, "GET", `/import/register/v1/${HD}`)).toBe(200);

    expect((await endre(["read"])).status).toBe(200);
    expect(await skriv()).toBe(403);
    expect(await status(token, "GET", `/import/register/v1/${HD}`)).toBe(200);

    // Refused, and nothing changed: no scope, an unknown one, no object, another organisation's person, a system
    // (it could otherwise give itself more), a row that is not there or not the organisation's.
    const tom = await endre([]);
    expect(tom.status).toBe(400);
    expect(((await tom.json()) as { detail: string }).detail).toBe("Velg minst én tilgang");
    expect((await endre(["admin"])).status).toBe(400);
    const ikkeObjekt = await api.fetch(sti, { pid: KARI, method: "PUT", json: [] });
    expect(ikkeObjekt.status).toBe(400);
    expect(((await ikkeObjekt.json()) as { detail: string }).detail).toBe(
      "Forespørselen må være et objekt med scopes",
    );
    expect((await endre(["write"], INGRID)).status).toBe(403);
    expect(await status(token, "PUT", sti, { scopes: ["write"] })).toBe(403);
    expect((await endre(["write"], KARI, `/import/register/v1/${HD}/systemtilgang/999999999`)).status).toBe(
      404,
    );
    const fremmed = await endre(
      ["write"],
      INGRID,
      `/import/register/v1/${ORG.blomsterbudBergen}/systemtilgang/${rad.id}`,
    );
    expect(fremmed.status).toBe(404);
    const liste = (await (
      await api.fetch(`/import/register/v1/${HD}/systemtilgang`, { pid: KARI })
    ).json()) as SystemtilgangDto[];
    expect(liste.find((s) => s.id === rad.id)?.scopes).toEqual(["read"]);
    expect(await skriv()).toBe(403);
  });

  it("migrering 037 gir lese til rader med bare endre, og databasen tar ikke imot nye", async () => {
    const db = api.handle.db;
    const rad = (await (await gi("gammel-skriver", "Gammel skriver", ["read"])).json()) as SystemtilgangDto;
    const settBareEndre = () =>
      db
        .updateTable("systemtilgang")
        .set({ scopes: ["write"] })
        .where("id", "=", rad.id)
        .execute();
    await expect(settBareEndre()).rejects.toThrow(/systemtilgang_endre_krever_lese/);
    // As before the migration: without the check, a row granted write alone.
    await m037.down(db);
    await settBareEndre();
    await m037.up(db);
    const etter = await db
      .selectFrom("systemtilgang")
      .select("scopes")
      .where("id", "=", rad.id)
      .executeTakeFirstOrThrow();
    expect(etter.scopes).toEqual(["read", "write"]);
    await expect(settBareEndre()).rejects.toThrow(/systemtilgang_endre_krever_lese/);
  });

  it("en annen virksomhets person kan verken se, gi eller fjerne tilganger", async () => {
    const rad = (await (await gi("fremmed-1", "Fremmed", ["read"])).json()) as SystemtilgangDto;
    expect((await api.fetch(`/import/register/v1/${HD}/systemtilgang`, { pid: INGRID })).status).toBe(403);
    expect((await gi("fremmed-2", "Fremmed", ["read"], HD, INGRID)).status).toBe(403);
    const slett = await api.fetch(`/import/register/v1/${HD}/systemtilgang/${rad.id}`, {
      pid: INGRID,
      method: "DELETE",
    });
    expect(slett.status).toBe(403);
    // and through her own organisation the row is not hers: 404
    const egen = await api.fetch(`/import/register/v1/${ORG.blomsterbudBergen}/systemtilgang/${rad.id}`, {
      pid: INGRID,
      method: "DELETE",
    });
    expect(egen.status).toBe(404);
  });
});

describe("utviklings-Maskinporten", () => {
  let klient: Klient;
  beforeAll(async () => {
    klient = await mp.nyKlient("utsteder-test", HD);
  });

  it("utsteder et token med client_id, scope og consumer, signert med sin egen nøkkel", async () => {
    const { status: s, svar } = await byttAssertion(mp.tokenEndepunkt, await lagAssertion(klient, [LES]));
    expect(s).toBe(200);
    expect(svar).toMatchObject({ token_type: "Bearer", expires_in: 120, scope: LES });
    const { decodeJwt } = await import("jose");
    expect(decodeJwt(String(svar.access_token))).toMatchObject({
      iss: mp.issuer,
      aud: "test-import-api",
      client_id: "utsteder-test",
      consumer: { authority: "iso6523-actorid-upis", ID: `0192:${HD}` },
    });
  });

  it("avviser en utløpt assertion, en som gjelder for lenge, og en som brukes på nytt", async () => {
    const gammel = await lagAssertion(klient, [LES], { iat: Math.floor(Date.now() / 1000) - 300 });
    expect(await byttAssertion(mp.tokenEndepunkt, gammel)).toMatchObject({
      status: 400,
      svar: { error: "invalid_grant", error_description: "assertion er utløpt" },
    });
    const lang = await lagAssertion(klient, [LES], { levetid: 600 });
    expect((await byttAssertion(mp.tokenEndepunkt, lang)).svar.error).toBe("invalid_grant");
    const en = await lagAssertion(klient, [LES]);
    expect((await byttAssertion(mp.tokenEndepunkt, en)).status).toBe(200);
    expect(await byttAssertion(mp.tokenEndepunkt, en)).toMatchObject({
      status: 400,
      svar: { error: "invalid_grant", error_description: "assertion er brukt før (jti)" },
    });
  });

  it("avviser en ukjent klient, en annen nøkkel, et scope klienten ikke har og feil grant_type", async () => {
    const ukjent = await lagAssertion({ ...klient, klientId: "finnes-ikke" }, [LES]);
    expect((await byttAssertion(mp.tokenEndepunkt, ukjent)).status).toBe(401);
    const { privat } = await lagNoekkelpar("annen");
    const annenNoekkel = await lagAssertion({ ...klient, noekkel: privat }, [LES]);
    expect((await byttAssertion(mp.tokenEndepunkt, annenNoekkel)).svar.error).toBe("invalid_grant");
    const scope = await lagAssertion(klient, ["altinn:annet.scope"]);
    expect((await byttAssertion(mp.tokenEndepunkt, scope)).svar.error).toBe("invalid_scope");
    const res = await fetch(mp.tokenEndepunkt, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "client_credentials" }),
    });
    expect([res.status, ((await res.json()) as { error: string }).error]).toEqual([
      400,
      "unsupported_grant_type",
    ]);
  });
});
