import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db";
import { loadConfig } from "../../server/config";
import { startTestUtsteder, type TestUtsteder } from "../../tests/oidc/test-utsteder";
import { fornyTokens, getIdporten, slettOauth2Cookies } from "./auth.server";
import type { InnloggetBruker } from "./session.server";

const KLIENT = "forhaandsmelding-test";
const PID = "26849612378";

function contextFor(issuer: string): AppLoadContext {
  const config = loadConfig({
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: KLIENT,
    OIDC_CLIENT_SECRET: "klienthemmelighet",
    SESSION_SECRET: "test-hemmelighet",
    APP_URL: "http://app.test",
  });
  return { config, db: undefined as unknown as Db, cspNonce: "" };
}

async function fang(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error("forventet en feil");
}

/**
 * A whole login against the test provider: start (redirect with state, nonce, PKCE and the state
 * cookie), then the callback, where the token endpoint answers with the id_token `lagIdToken` makes.
 */
async function loggInn(
  idp: TestUtsteder,
  context: AppLoadContext,
  lagIdToken: (nonce: string) => Promise<string>,
): Promise<{ bruker: InnloggetBruker; autorisasjon: URL }> {
  const { authenticator } = await getIdporten(context);
  const start = (await fang(
    authenticator.authenticate("idporten", new Request("http://app.test/oauth2/authorization/idporten")),
  )) as Response;
  expect(start.status).toBe(302);
  const autorisasjon = new URL(start.headers.get("Location") ?? "");
  const state = autorisasjon.searchParams.get("state") ?? "";
  const nonce = autorisasjon.searchParams.get("nonce") ?? "";
  const cookie = (start.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
  const idToken = await lagIdToken(nonce);
  idp.tokenSvar = () => ({
    body: {
      access_token: "tilgangstoken-1",
      token_type: "Bearer",
      expires_in: 120,
      id_token: idToken,
      refresh_token: "fornyingstoken-1",
    },
  });
  const tilbake = new Request(`http://app.test/oauth2/callback/idporten?code=kode-1&state=${state}`, {
    headers: { Cookie: cookie },
  });
  const bruker = await authenticator.authenticate("idporten", tilbake);
  return { bruker, autorisasjon };
}

describe("id_token fra ID-porten", () => {
  let idp: TestUtsteder;
  let context: AppLoadContext;
  const gyldig = (nonce: string) => ({
    sub: "sub-1",
    aud: KLIENT,
    nonce,
    acr: "idporten-loa-substantial",
    pid: PID,
    name: "Kari Nordmann",
  });

  beforeAll(async () => {
    idp = await startTestUtsteder();
    context = contextFor(idp.issuer);
  });
  afterAll(() => idp.close());

  it("et gyldig token gir innlogget bruker med tokens; forespørselen har PKCE S256, nonce og acr_values", async () => {
    const { bruker, autorisasjon } = await loggInn(idp, context, (nonce) => idp.signer(gyldig(nonce)));
    expect(bruker).toMatchObject({
      pid: PID,
      navn: "Kari Nordmann",
      accessToken: "tilgangstoken-1",
      refreshToken: "fornyingstoken-1",
    });
    expect(bruker.accessTokenUtloeper).toBeGreaterThan(Date.now() + 100_000);
    expect(bruker.accessTokenUtloeper).toBeLessThanOrEqual(Date.now() + 120_000);
    expect(autorisasjon.origin + autorisasjon.pathname).toBe(`${idp.base}/authorize`);
    expect(autorisasjon.searchParams.get("code_challenge_method")).toBe("S256");
    expect(autorisasjon.searchParams.get("acr_values")).toBe("idporten-loa-substantial");
    expect(autorisasjon.searchParams.get("nonce")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const kall = idp.tokenKall.at(-1)!;
    expect(kall.params.get("grant_type")).toBe("authorization_code");
    expect(kall.params.get("code")).toBe("kode-1");
    expect(kall.params.get("code_verifier")).toMatch(/.{43,}/);
    expect(kall.authorization).toBe(`Basic ${Buffer.from(`${KLIENT}:klienthemmelighet`).toString("base64")}`);
  });

  it("godtar et høyere sikkerhetsnivå enn det som ble bedt om", async () => {
    const { bruker } = await loggInn(idp, context, (nonce) =>
      idp.signer({ ...gyldig(nonce), acr: "idporten-loa-high" }),
    );
    expect(bruker.pid).toBe(PID);
  });

  const avvist: Array<[string, (nonce: string) => Promise<string>, RegExp]> = [
    ["feil nonce", () => idp.signer(gyldig("en-annen-nonce")), /nonce/],
    ["for lavt sikkerhetsnivå (acr)", (n) => idp.signer({ ...gyldig(n), acr: "idporten-loa-low" }), /acr/],
    ["uten acr", (n) => idp.signer({ ...gyldig(n), acr: undefined }), /acr/],
    ["feil mottaker (aud)", (n) => idp.signer({ ...gyldig(n), aud: "en-annen-klient" }), /aud/],
    ["feil utsteder (iss)", (n) => idp.signer({ ...gyldig(n), iss: "https://falsk.example" }), /iss/],
    ["utløpt", (n) => idp.signer(gyldig(n), { utloeper: Math.floor(Date.now() / 1000) - 120 }), /exp/],
    [
      "signert med en annen nøkkel",
      async (n) => idp.signer(gyldig(n), { nokkel: await idp.fremmedNokkel() }),
      /signature/,
    ],
    ["uten fødselsnummer (pid)", (n) => idp.signer({ ...gyldig(n), pid: undefined }), /pid/],
  ];
  for (const [navn, lag, melding] of avvist) {
    it(`avviser et id_token med ${navn}`, async () => {
      const feil = await fang(loggInn(idp, context, lag));
      expect(feil).toBeInstanceOf(Error);
      expect(String((feil as Error).message)).toMatch(melding);
    });
  }
});

describe("utsteder med skråstrek til slutt", () => {
  let idp: TestUtsteder;
  beforeAll(async () => {
    idp = await startTestUtsteder({ skraastrek: true });
  });
  afterAll(() => idp.close());

  const claims = (nonce: string) => ({ aud: KLIENT, nonce, acr: "idporten-loa-substantial", pid: PID });

  it("godtar iss slik discovery oppgir den, også når oppsettet er uten skråstrek", async () => {
    expect(idp.issuer.endsWith("/")).toBe(true);
    for (const konfigurert of [idp.issuer, idp.base]) {
      const { bruker } = await loggInn(idp, contextFor(konfigurert), (nonce) => idp.signer(claims(nonce)));
      expect(bruker.pid).toBe(PID);
    }
  });

  it("avviser iss uten skråstreken når utstederen har den", async () => {
    const feil = await fang(
      loggInn(idp, contextFor(idp.issuer), (nonce) => idp.signer({ ...claims(nonce), iss: idp.base })),
    );
    expect(String((feil as Error).message)).toMatch(/iss/);
  });

  it("avviser en discovery som oppgir en annen utsteder", async () => {
    const annen = await startTestUtsteder();
    annen.discovery = { issuer: "https://en-annen.example" };
    try {
      await expect(getIdporten(contextFor(annen.issuer))).rejects.toThrow(/utstederen/);
    } finally {
      await annen.close();
    }
  });
});

describe("fornying av tilgangstoken", () => {
  let idp: TestUtsteder;
  let context: AppLoadContext;
  const bruker = (refreshToken?: string): InnloggetBruker => ({
    pid: PID,
    navn: "Kari Nordmann",
    idToken: "id-token",
    accessToken: "gammelt",
    accessTokenUtloeper: Date.now() - 1000,
    refreshToken,
  });

  beforeAll(async () => {
    idp = await startTestUtsteder();
    context = contextFor(idp.issuer);
  });
  afterAll(() => idp.close());

  it("henter nye tokens med fornyingstokenet, én gang selv om flere ber samtidig", async () => {
    idp.tokenKall.length = 0;
    idp.tokenSvar = (kall) => ({
      body: {
        access_token: `nytt-for-${kall.params.get("refresh_token")}`,
        token_type: "Bearer",
        expires_in: 300,
        refresh_token: "rotert-1",
      },
    });
    const [a, b] = await Promise.all([
      fornyTokens(context, bruker("forny-a")),
      fornyTokens(context, bruker("forny-a")),
    ]);
    expect(idp.tokenKall).toHaveLength(1);
    expect(idp.tokenKall[0]!.params.get("grant_type")).toBe("refresh_token");
    expect(idp.tokenKall[0]!.params.get("refresh_token")).toBe("forny-a");
    expect(a).toEqual(b);
    expect(a).toMatchObject({
      accessToken: "nytt-for-forny-a",
      refreshToken: "rotert-1",
      idToken: "id-token",
    });
    expect(a!.accessTokenUtloeper).toBeGreaterThan(Date.now() + 250_000);
  });

  it("beholder fornyingstokenet når utstederen ikke roterer det", async () => {
    idp.tokenSvar = () => ({ body: { access_token: "nytt", token_type: "Bearer", expires_in: 300 } });
    expect(await fornyTokens(context, bruker("forny-b"))).toMatchObject({
      accessToken: "nytt",
      refreshToken: "forny-b",
    });
  });

  it("gir ingenting når utstederen avviser fornyingen eller det ikke finnes noe fornyingstoken", async () => {
    idp.tokenSvar = () => ({ status: 400, body: { error: "invalid_grant" } });
    expect(await fornyTokens(context, bruker("forny-c"))).toBeUndefined();
    const antall = idp.tokenKall.length;
    expect(await fornyTokens(context, bruker(undefined))).toBeUndefined();
    expect(idp.tokenKall).toHaveLength(antall);
  });
});

describe("slettOauth2Cookies", () => {
  it("deletes remix-auth-oauth2's per-attempt cookies, whose names have a colon, and nothing else", () => {
    const request = new Request("http://localhost/oauth2/callback/idporten", {
      headers: { Cookie: "oauth2:7c9e=state%3Dabc; forhaandsmelding=s1; oauth2:81aa=x; meny=Im1lbnki" },
    });
    expect(slettOauth2Cookies(request, false)).toEqual([
      "oauth2:7c9e=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax",
      "oauth2:81aa=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax",
    ]);
    expect(slettOauth2Cookies(request, true)[0]).toMatch(/; Secure$/);
    expect(slettOauth2Cookies(new Request("http://localhost/"), false)).toEqual([]);
  });
});
