import { createHash, randomBytes } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDevIdporten, DEV_IDPORTEN_COOKIES, escapeHtml } from "./index";

const CLIENT_ID = "forhaandsmelding-web";
const CLIENT_SECRET = "dev-secret-that-is-long-enough-0123456789";
const API_AUDIENCE = "import-api";
const PERSONS = [
  { pid: "01017012345", navn: "Kari Nordmann", telefonnummer: "+4799999999" },
  { pid: "02028012345", navn: "Ola <Nordmann> & Sønn" },
];

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  end_session_endpoint: string;
  acr_values_supported: string[];
  code_challenge_methods_supported: string[];
  token_endpoint_auth_methods_supported: string[];
  response_types_supported: string[];
  claims_supported: string[];
}

let server: Server;
let origin: string;
let issuer: string;
let redirectUri: string;
let postLogoutUri: string;
let discovery: Discovery;

/** A browser's cookies, good enough for one host (paths are ignored). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  /** Every Set-Cookie header seen, for checking attributes. */
  readonly raw: string[] = [];

  store(res: Response): void {
    for (const header of res.headers.getSetCookie()) {
      this.raw.push(header);
      const [pair = ""] = header.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = /expires=Thu, 01 Jan 1970/i.test(header);
      if (value === "" || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  names(): string[] {
    return [...this.cookies.keys()];
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

class Browser {
  readonly jar = new CookieJar();

  async get(url: string): Promise<Response> {
    const res = await fetch(url, { redirect: "manual", headers: { cookie: this.jar.header() } });
    this.jar.store(res);
    return res;
  }

  async post(url: string, form: Record<string, string>): Promise<Response> {
    const res = await fetch(url, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: this.jar.header(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    });
    this.jar.store(res);
    return res;
  }

  /** Follow redirects until one leaves the provider (or a page is shown). */
  async follow(res: Response): Promise<{ res: Response; url: string }> {
    let current = res;
    let url = res.url;
    for (let hops = 0; hops < 10; hops++) {
      const location = current.headers.get("location");
      if (current.status < 300 || current.status >= 400 || !location) return { res: current, url };
      url = new URL(location, url).href;
      if (!url.startsWith(issuer)) return { res: current, url };
      current = await this.get(url);
    }
    throw new Error("too many redirects");
  }
}

function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  return { verifier, challenge };
}

function authorizeUrl(params: Record<string, string>): string {
  const url = new URL(discovery.authorization_endpoint);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.href;
}

interface StartedLogin {
  browser: Browser;
  verifier: string;
  state: string;
  nonce: string;
  interactionUrl: string;
  html: string;
}

async function startLogin(acr: string | undefined = "idporten-loa-substantial"): Promise<StartedLogin> {
  const browser = new Browser();
  const { verifier, challenge } = pkce();
  const state = randomBytes(12).toString("base64url");
  const nonce = randomBytes(12).toString("base64url");
  const res = await browser.get(
    authorizeUrl({
      client_id: CLIENT_ID,
      response_type: "code",
      redirect_uri: redirectUri,
      scope: "openid profile",
      state,
      nonce,
      code_challenge: challenge,
      code_challenge_method: "S256",
      ui_locales: "nb",
      ...(acr ? { acr_values: acr } : {}),
    }),
  );
  expect(res.status).toBe(303);
  const interactionUrl = new URL(res.headers.get("location") ?? "", res.url).href;
  expect(interactionUrl).toMatch(new RegExp(`^${origin}/idporten/interaction/[\\w-]+$`));
  const page = await browser.get(interactionUrl);
  expect(page.status).toBe(200);
  return { browser, verifier, state, nonce, interactionUrl, html: await page.text() };
}

async function finishLogin(login: StartedLogin, form: Record<string, string>): Promise<string> {
  const res = await login.browser.post(`${login.interactionUrl}/login`, form);
  expect(res.status).toBe(303);
  const { url } = await login.browser.follow(res);
  expect(url.startsWith(`${redirectUri}?`)).toBe(true);
  const callback = new URL(url);
  expect(callback.searchParams.get("state")).toBe(login.state);
  expect(callback.searchParams.get("iss")).toBe(issuer);
  const code = callback.searchParams.get("code");
  expect(code).toBeTruthy();
  return code ?? "";
}

async function exchange(code: string, verifier: string, auth: "basic" | "post" = "basic"): Promise<Response> {
  const body = new URLSearchParams({
    grant_type: "authorization_code",
    code,
    redirect_uri: redirectUri,
    code_verifier: verifier,
  });
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (auth === "basic") {
    headers.authorization = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`;
  } else {
    body.set("client_id", CLIENT_ID);
    body.set("client_secret", CLIENT_SECRET);
  }
  return fetch(discovery.token_endpoint, { method: "POST", headers, body });
}

beforeAll(async () => {
  const app = express();
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  issuer = `${origin}/idporten`;
  redirectUri = `${origin}/oauth2/callback`;
  postLogoutUri = `${origin}/utlogget`;
  const router = await createDevIdporten({
    issuer,
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [redirectUri],
        post_logout_redirect_uris: [postLogoutUri],
      },
    ],
    persons: PERSONS,
    apiAudience: API_AUDIENCE,
    cookieKeys: ["test-cookie-key-1"],
    accessTokenTtlSeconds: 600,
  });
  app.use(new URL(issuer).pathname, router);
  const res = await fetch(`${issuer}/.well-known/openid-configuration`);
  expect(res.status).toBe(200);
  discovery = (await res.json()) as Discovery;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
});

describe("dev ID-porten", () => {
  it("publishes discovery like ID-porten", () => {
    expect(discovery.issuer).toBe(issuer);
    expect(discovery.authorization_endpoint).toBe(`${issuer}/authorize`);
    expect(discovery.token_endpoint).toBe(`${issuer}/token`);
    expect(discovery.jwks_uri).toBe(`${issuer}/jwks`);
    expect(discovery.end_session_endpoint).toBe(`${issuer}/endsession`);
    expect(discovery.acr_values_supported).toEqual(["idporten-loa-substantial", "idporten-loa-high"]);
    expect(discovery.code_challenge_methods_supported).toEqual(["S256"]);
    expect(discovery.response_types_supported).toEqual(["code"]);
    expect(discovery.token_endpoint_auth_methods_supported).toEqual(
      expect.arrayContaining(["client_secret_basic", "client_secret_post"]),
    );
    expect(discovery.claims_supported).toEqual(expect.arrayContaining(["pid", "name", "acr", "amr"]));
  });

  it("requires PKCE", async () => {
    const browser = new Browser();
    const res = await browser.get(
      authorizeUrl({
        client_id: CLIENT_ID,
        response_type: "code",
        redirect_uri: redirectUri,
        scope: "openid profile",
        state: "s1",
      }),
    );
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get("location") ?? "");
    expect(location.href.startsWith(redirectUri)).toBe(true);
    expect(location.searchParams.get("error")).toBe("invalid_request");
    expect(location.searchParams.get("state")).toBe("s1");
  });

  it("logs in a test person and issues verifiable tokens", async () => {
    const login = await startLogin("idporten-loa-substantial");
    expect(login.html).toContain('<html lang="nb">');
    expect(login.html).toContain("<h1>Velg testperson</h1>");
    expect(login.html).toContain("<main>");
    expect(login.html).not.toMatch(/<script/i);
    expect(login.html).toContain("Kari Nordmann");
    expect(login.html).toContain("01017012345");
    expect(login.html).toContain(escapeHtml("Ola <Nordmann> & Sønn"));
    expect(login.html).not.toContain("Ola <Nordmann>");
    expect(login.html).toContain(">Avbryt</button>");
    expect(login.browser.jar.names()).toContain(DEV_IDPORTEN_COOKIES.interaction);

    const code = await finishLogin(login, { pid: "01017012345" });
    expect(login.browser.jar.names()).toContain(DEV_IDPORTEN_COOKIES.session);
    // Plain-HTTP localhost: no Secure cookies; the SSO session cookie stays under the issuer path.
    const setCookies = login.browser.jar.raw;
    expect(setCookies.some((c) => /;\s*secure/i.test(c))).toBe(false);
    const sessionCookie = setCookies.find((c) => c.startsWith(`${DEV_IDPORTEN_COOKIES.session}=`));
    expect(sessionCookie).toMatch(/;\s*path=\/idporten;/);
    expect(sessionCookie).toMatch(/httponly/i);

    // A wrong code_verifier is rejected.
    const wrong = await exchange(code, pkce().verifier);
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: string }).error).toBe("invalid_grant");

    // A fresh login in another browser, exchanged with the right verifier.
    const second = await startLogin("idporten-loa-substantial");
    const code2 = await finishLogin(second, { pid: "01017012345" });
    const res = await exchange(code2, second.verifier);
    expect(res.status).toBe(200);
    const tokens = (await res.json()) as {
      id_token: string;
      access_token: string;
      token_type: string;
      expires_in: number;
    };
    expect(tokens.token_type).toBe("Bearer");
    expect(tokens.expires_in).toBe(600);

    const jwks = createRemoteJWKSet(new URL(discovery.jwks_uri));
    const { payload: id } = await jwtVerify(tokens.id_token, jwks, { issuer, audience: CLIENT_ID });
    expect(id.nonce).toBe(second.nonce);
    expect(id.sub).toBe("01017012345");
    expect(id.pid).toBe("01017012345");
    expect(id.name).toBe("Kari Nordmann");
    expect(id.acr).toBe("idporten-loa-substantial");
    expect(id.amr).toEqual(["TestID"]);
    expect(id.locale).toBe("nb");
    expect(typeof id.sid).toBe("string");

    expect(decodeProtectedHeader(tokens.access_token).typ).toBe("at+jwt");
    const { payload: at } = await jwtVerify(tokens.access_token, jwks, { issuer, audience: API_AUDIENCE });
    expect(at.pid).toBe("01017012345");
    expect(at.acr).toBe("idporten-loa-substantial");
    expect(at.amr).toEqual(["TestID"]);
    expect(at.sub).toBe("01017012345");
    expect(at.client_id).toBe(CLIENT_ID);
    expect(at.scope).toBe("openid profile");
    expect((at.exp ?? 0) - (at.iat ?? 0)).toBe(600);
  });

  it("accepts a typed pid and name, acr high and client_secret_post", async () => {
    const login = await startLogin("idporten-loa-high");
    const code = await finishLogin(login, { pid: "123 456 789 01", navn: "Test Testesen" });
    const res = await exchange(code, login.verifier, "post");
    expect(res.status).toBe(200);
    const tokens = (await res.json()) as { id_token: string; access_token: string };
    const jwks = createRemoteJWKSet(new URL(discovery.jwks_uri));
    const { payload: id } = await jwtVerify(tokens.id_token, jwks, { issuer, audience: CLIENT_ID });
    expect(id.pid).toBe("12345678901");
    expect(id.name).toBe("Test Testesen");
    expect(id.acr).toBe("idporten-loa-high");
    const { payload: at } = await jwtVerify(tokens.access_token, jwks, { issuer, audience: API_AUDIENCE });
    expect(at.acr).toBe("idporten-loa-high");
  });

  it("re-renders the form with a Norwegian error for an invalid pid", async () => {
    const login = await startLogin();
    const res = await login.browser.post(`${login.interactionUrl}/login`, { pid: "1234", navn: "<b>x</b>" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("<title>Feil: Velg testperson");
    expect(html).toContain("Fødselsnummeret må bestå av nøyaktig 11 siffer.");
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('value="1234"');
    expect(html).toContain("&lt;b&gt;x&lt;/b&gt;");
    expect(html).not.toContain("<b>x</b>");

    const missingName = await login.browser.post(`${login.interactionUrl}/login`, { pid: "99999999999" });
    expect(missingName.status).toBe(400);
    expect(await missingName.text()).toContain("Skriv inn navnet til testpersonen.");

    // The interaction is still usable afterwards.
    await finishLogin(login, { pid: "02028012345" });
  });

  it("ends with access_denied when the user presses Avbryt", async () => {
    const login = await startLogin();
    const res = await login.browser.post(`${login.interactionUrl}/abort`, {});
    expect(res.status).toBe(303);
    const { url } = await login.browser.follow(res);
    const callback = new URL(url);
    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
    expect(callback.searchParams.get("error")).toBe("access_denied");
    expect(callback.searchParams.get("state")).toBe(login.state);
  });

  it("shows an error page for an unknown interaction", async () => {
    const res = await new Browser().get(`${issuer}/interaction/does-not-exist`);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('<html lang="nb">');
    expect(html).toContain("Innloggingen er utløpt");
  });

  it("logs out through end_session and returns to post_logout_redirect_uri", async () => {
    const login = await startLogin(undefined);
    const code = await finishLogin(login, { pid: "01017012345" });
    const tokens = (await (await exchange(code, login.verifier)).json()) as { id_token: string };
    const jwks = createRemoteJWKSet(new URL(discovery.jwks_uri));
    const { payload: id } = await jwtVerify(tokens.id_token, jwks, { issuer, audience: CLIENT_ID });
    expect(id.acr).toBe("idporten-loa-substantial"); // the default without acr_values
    expect(typeof id.auth_time).toBe("number");

    const endSession = new URL(discovery.end_session_endpoint);
    endSession.searchParams.set("id_token_hint", tokens.id_token);
    endSession.searchParams.set("post_logout_redirect_uri", postLogoutUri);
    endSession.searchParams.set("state", "ut-1");
    const page = await login.browser.get(endSession.href);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="nb">');
    expect(html).toContain("<h1>Logg ut av ID-porten</h1>");
    expect(html).not.toMatch(/<script/i);
    const action = /<form id="op\.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    expect(html).toMatch(/<button type="submit" name="logout" value="yes">Logg ut<\/button><\/form>/);
    expect(action).toBe(`${issuer}/endsession/confirm`);

    const confirm = await login.browser.post(action ?? "", { xsrf: xsrf ?? "", logout: "yes" });
    expect(confirm.status).toBe(303);
    const location = new URL(confirm.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe(postLogoutUri);
    expect(location.searchParams.get("state")).toBe("ut-1");
    expect(login.browser.jar.names()).not.toContain(DEV_IDPORTEN_COOKIES.session);

    // The provider session is gone: a new authorization request shows the person picker again.
    const again = await login.browser.get(
      authorizeUrl({
        client_id: CLIENT_ID,
        response_type: "code",
        redirect_uri: redirectUri,
        scope: "openid profile",
        state: "s2",
        nonce: "n2",
        code_challenge: pkce().challenge,
        code_challenge_method: "S256",
      }),
    );
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toMatch(/\/idporten\/interaction\//);
  });
});
