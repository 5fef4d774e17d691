// Failed login callbacks from one address do not shut out an honest person behind it (issue 34 item 2, ADR 026):
// past GRENSE_INNLOGGING_FEIL_IP failing callbacks a failing one is 429, but a valid login from the same address
// (an ID-porten code it really got) still goes through; past GRENSE_INNLOGGING_STENGT_IP no callback from the
// address is tried at all, which bounds what a forger there gets. The callback route's loader, against a test
// OpenID provider and a real database for the session.
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../db";
import { grenseteller } from "../../db/grense";
import { loadConfig } from "../../server/config";
import { startTestUtsteder, type TestUtsteder } from "../../tests/oidc/test-utsteder";
import { createTestDatabase } from "../../tests/support/test-db";
import { loader } from "../routes/oauth2.callback.idporten";
import { getIdporten } from "./auth.server";
import { appGrenser } from "./grense.server";

const KLIENT = "forhaandsmelding-test";

let idp: TestUtsteder;
let database: DatabaseHandle;
let context: AppLoadContext;

beforeAll(async () => {
  [idp, database] = await Promise.all([startTestUtsteder(), createTestDatabase()]);
  const config = loadConfig({
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: KLIENT,
    OIDC_CLIENT_SECRET: "klienthemmelighet",
    SESSION_SECRET: "test-hemmelighet-for-innloggingsgrensen",
    APP_URL: "http://app.test",
    // The API is not there: the login goes on without the name from Altinn.
    IMPORT_API_URL: "http://127.0.0.1:9",
  });
  context = {
    config,
    db: database.db,
    cspNonce: "",
    klientIp: "198.51.100.7",
    grenseteller: grenseteller(database.db),
  };
}, 60_000);
afterAll(async () => {
  await idp?.close();
  await database?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The loader's answer, thrown or returned. */
async function tilbakekall(request: Request): Promise<Response> {
  try {
    const svar = await loader({ request, context, params: {} });
    return svar instanceof Response
      ? svar
      : new Response(null, { status: (svar as { init?: ResponseInit }).init?.status ?? 200 });
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

/** A forged callback: no state cookie, a made-up code; each a new attempt (its own state) unless one is given. */
let forsoek = 0;
const forfalsket = (state = `gjettet-${++forsoek}`) =>
  tilbakekall(new Request(`http://app.test/oauth2/callback/idporten?code=gjettet&state=${state}`));

/** A real login: started here, and the test provider answers the code with a valid id_token. */
async function gyldig(): Promise<Response> {
  const { authenticator } = await getIdporten(context);
  let start: Response | undefined;
  try {
    await authenticator.authenticate(
      "idporten",
      new Request("http://app.test/oauth2/authorization/idporten"),
    );
  } catch (e) {
    start = e as Response;
  }
  const autorisasjon = new URL(start?.headers.get("Location") ?? "");
  const state = autorisasjon.searchParams.get("state") ?? "";
  const nonce = autorisasjon.searchParams.get("nonce") ?? "";
  const cookie = (start?.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
  const idToken = await idp.signer({
    sub: "sub-1",
    aud: KLIENT,
    nonce,
    acr: "idporten-loa-substantial",
    pid: "26849612378",
    name: "Kari Nordmann",
  });
  idp.tokenSvar = () => ({
    body: { access_token: "tilgangstoken", token_type: "Bearer", expires_in: 120, id_token: idToken },
  });
  return tilbakekall(
    new Request(`http://app.test/oauth2/callback/idporten?code=kode&state=${state}`, {
      headers: { Cookie: cookie },
    }),
  );
}

describe("mislykkede innlogginger fra én adresse", () => {
  it("en gyldig innlogging slipper gjennom når adressen er sperret for mislykkede, til grensen for forsøk er nådd", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const feil = appGrenser().innloggingFeilIp;
    const stengt = appGrenser().innloggingStengtIp;
    expect(stengt.antall).toBeGreaterThan(feil.antall);
    for (let i = 0; i < feil.antall; i++) expect((await forfalsket()).status).toBe(401);
    expect((await forfalsket()).status).toBe(429);

    // a colleague behind the same address logs in
    const inn = await gyldig();
    expect(inn.status).toBe(302);
    expect(inn.headers.get("Set-Cookie")).toMatch(/(^|, )forhaandsmelding=[^;]/);

    // the forger goes on until the address is closed; then not even a valid callback is tried
    for (let i = feil.antall + 1; i < stengt.antall; i++) expect((await forfalsket()).status).toBe(429);
    const kallFoer = idp.tokenKall.length;
    const stengtSvar = await gyldig();
    expect(stengtSvar.status).toBe(429);
    expect(Number(stengtSvar.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(idp.tokenKall.length).toBe(kallFoer);

    // another address is not affected
    context = { ...context, klientIp: "203.0.113.9" };
    expect((await gyldig()).status).toBe(302);
  }, 60_000);

  it("det samme mislykkede forsøket om igjen (last på nytt) teller én gang for adressen: én person stenger ikke ute kollegene", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    context = { ...context, klientIp: "192.0.2.44" };
    const perForsoek = appGrenser().innloggingFeilForsoek;
    const stengt = appGrenser().innloggingStengtIp;
    for (let i = 0; i < perForsoek.antall; i++) expect((await forfalsket("samme")).status).toBe(401);
    // past the attempt's own limit that attempt is 429 …
    for (let i = perForsoek.antall; i < stengt.antall + 20; i++) {
      expect((await forfalsket("samme")).status).toBe(429);
    }
    // … but it counted once against the address: other failing attempts are judged as usual, and a colleague's
    // valid login goes through (before, the address was closed after GRENSE_INNLOGGING_STENGT_IP of them).
    expect((await forfalsket()).status).toBe(401);
    expect((await gyldig()).status).toBe(302);
  }, 120_000);
});
