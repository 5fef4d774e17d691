// Login with ID-porten: remix-auth v4 + remix-auth-oauth2 (authorization code, PKCE S256, state), plus
// what remix-auth-oauth2 leaves out: nonce and acr_values on the request, and verification of the
// id_token (signature against the issuer's JWKS, iss, aud, exp, nonce, acr) with jose. An access token
// that runs out before the session does is renewed with the refresh token (docs/decisions/002-sessions.md).
import { createHmac } from "node:crypto";
import { type AppLoadContext, createCookie } from "@remix-run/node";
import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from "jose";
import { Authenticator } from "remix-auth";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { discoveryUrl, sammeUtsteder } from "../../domain/oidc";
import type { Config } from "../../server/config";
import type { InnloggetBruker } from "./session.server";

interface Discovery {
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  end_session_endpoint?: string;
  issuer: string;
}

/** Accepted acr levels for a requested one (a higher level also satisfies it). */
const ACR_NIVAA: Record<string, string[]> = {
  "idporten-loa-substantial": ["idporten-loa-substantial", "idporten-loa-high"],
  "idporten-loa-high": ["idporten-loa-high"],
};

export function nonceFor(secret: string, state: string): string {
  return createHmac("sha256", secret).update(`nonce:${state}`).digest("base64url");
}

export interface IdTokenKrav {
  /** The issuer exactly as the discovery document names it. */
  issuer: string;
  clientId: string;
  acrValues: string;
  nonce: string;
}

/** Verifies an id_token: signature against the JWKS, iss, aud, exp/iat, nonce and acr. Throws when wrong. */
export async function verifiserIdToken(idToken: string, jwks: JWTVerifyGetKey, krav: IdTokenKrav) {
  const { payload } = await jwtVerify(idToken, jwks, {
    issuer: krav.issuer,
    audience: krav.clientId,
    algorithms: ["RS256", "ES256", "PS256"],
    requiredClaims: ["exp", "iat", "nonce"],
  });
  if (payload.nonce !== krav.nonce) throw new Error("id_token: feil nonce");
  const akseptert = ACR_NIVAA[krav.acrValues] ?? [krav.acrValues];
  if (typeof payload.acr !== "string" || !akseptert.includes(payload.acr)) {
    throw new Error(`id_token: uventet acr ${String(payload.acr)}`);
  }
  return payload;
}

type OAuth2Tokens = OAuth2Strategy.VerifyOptions["tokens"];

/** When the token response gives no expires_in: the access token is assumed to last this long. */
const STANDARD_TOKENLEVETID_MS = 10 * 60 * 1000;

function tokenUtloeper(tokens: OAuth2Tokens): number {
  try {
    return tokens.accessTokenExpiresAt().getTime();
  } catch {
    return Date.now() + STANDARD_TOKENLEVETID_MS; // expires_in is optional
  }
}

function refreshTokenFra(tokens: OAuth2Tokens): string | undefined {
  try {
    return tokens.hasRefreshToken() ? tokens.refreshToken() : undefined;
  } catch {
    return undefined;
  }
}

class IdportenStrategy extends OAuth2Strategy<InnloggetBruker> {
  override name = "idporten";
  constructor(
    options: OAuth2Strategy.ConstructorOptions,
    verify: (args: OAuth2Strategy.VerifyOptions) => Promise<InnloggetBruker>,
    private readonly extra: { acrValues: string; secret: string; resource?: string },
  ) {
    super(options, verify);
  }

  protected override authorizationParams(params: URLSearchParams): URLSearchParams {
    const p = new URLSearchParams(params);
    const state = p.get("state") ?? "";
    p.set("nonce", nonceFor(this.extra.secret, state));
    p.set("acr_values", this.extra.acrValues);
    p.set("ui_locales", "nb");
    if (this.extra.resource) p.set("resource", this.extra.resource);
    return p;
  }
}

export interface Idporten {
  authenticator: Authenticator<InnloggetBruker>;
  discovery: Discovery;
  strategy: OAuth2Strategy<InnloggetBruker>;
}

const cache = new Map<string, Promise<Idporten>>();

async function discover(config: Config): Promise<Discovery> {
  const res = await fetch(discoveryUrl(config.oidc.issuer), { headers: { Accept: "application/json" } });
  if (!res.ok) throw new Error(`OIDC-oppdagelse feilet: ${res.status}`);
  const discovery = (await res.json()) as Discovery;
  // The id_token's iss is compared with the issuer as discovered (which may end in "/"); it must name
  // the configured issuer.
  if (typeof discovery.issuer !== "string" || !sammeUtsteder(discovery.issuer, config.oidc.issuer)) {
    throw new Error(`OIDC-oppdagelse: utstederen ${String(discovery.issuer)} er ikke ${config.oidc.issuer}`);
  }
  return discovery;
}

async function build(config: Config): Promise<Idporten> {
  const discovery = await discover(config);
  const jwks: JWTVerifyGetKey = createRemoteJWKSet(new URL(discovery.jwks_uri));
  const { oidc } = config;
  const strategy = new IdportenStrategy(
    {
      clientId: oidc.clientId,
      clientSecret: oidc.clientSecret,
      authorizationEndpoint: discovery.authorization_endpoint,
      tokenEndpoint: discovery.token_endpoint,
      redirectURI: oidc.redirectUri,
      scopes: oidc.scopes,
      cookie: {
        name: "oauth2",
        path: "/",
        httpOnly: true,
        sameSite: "Lax",
        ...(config.secureCookies ? { secure: true as const } : {}),
      },
    },
    async ({ request, tokens }) => {
      const state = new URL(request.url).searchParams.get("state") ?? "";
      const payload = await verifiserIdToken(tokens.idToken(), jwks, {
        issuer: discovery.issuer,
        clientId: oidc.clientId,
        acrValues: oidc.acrValues,
        nonce: nonceFor(config.sessionSecret, state),
      });
      const pid = typeof payload.pid === "string" ? payload.pid : undefined;
      if (!pid) throw new Error("id_token: mangler pid");
      return {
        pid,
        // The name comes from Altinn after login (the callback asks the API); real ID-porten's id_token has
        // none. Never the national identity number in its place (ADR 042).
        navn: typeof payload.name === "string" ? payload.name : "",
        idToken: tokens.idToken(),
        accessToken: tokens.accessToken(),
        accessTokenUtloeper: tokenUtloeper(tokens),
        refreshToken: refreshTokenFra(tokens),
      };
    },
    { acrValues: oidc.acrValues, secret: config.sessionSecret, resource: oidc.resource },
  );
  const authenticator = new Authenticator<InnloggetBruker>();
  authenticator.use(strategy, "idporten");
  return { authenticator, discovery, strategy };
}

export function getIdporten(context: AppLoadContext): Promise<Idporten> {
  const key = `${context.config.oidc.issuer}|${context.config.oidc.clientId}`;
  let p = cache.get(key);
  if (!p) {
    p = build(context.config);
    p.catch(() => cache.delete(key));
    cache.set(key, p);
  }
  return p;
}

const fornyelser = new Map<string, Promise<InnloggetBruker | undefined>>();

/**
 * Renews the access token with the refresh token. Loaders of one request (and requests close together)
 * share one renewal per refresh token, since a provider that rotates refresh tokens accepts each only once.
 * Undefined when the provider refuses (the user logs in again).
 */
export function fornyTokens(
  context: AppLoadContext,
  bruker: InnloggetBruker,
): Promise<InnloggetBruker | undefined> {
  const refreshToken = bruker.refreshToken;
  if (!refreshToken) return Promise.resolve(undefined);
  let p = fornyelser.get(refreshToken);
  if (!p) {
    p = (async () => {
      try {
        const { strategy } = await getIdporten(context);
        const tokens = await strategy.refreshToken(refreshToken);
        return {
          ...bruker,
          accessToken: tokens.accessToken(),
          accessTokenUtloeper: tokenUtloeper(tokens),
          refreshToken: refreshTokenFra(tokens) ?? refreshToken,
        };
      } catch (e) {
        context.logger?.warn(
          { feil: e instanceof Error ? e.message : e },
          "Fornying av tilgangstoken feilet",
        );
        return undefined;
      }
    })();
    fornyelser.set(refreshToken, p);
    const ferdig = p;
    p.finally(() =>
      setTimeout(
        () => fornyelser.get(refreshToken) === ferdig && fornyelser.delete(refreshToken),
        30_000,
      ).unref(),
    );
  }
  return p;
}

/** Set-Cookie values that delete remix-auth-oauth2's per-attempt state cookies (oauth2:<uuid>). */
export function slettOauth2Cookies(request: Request, secure: boolean): string[] {
  const navn = (request.headers.get("Cookie") ?? "")
    .split(/;\s*/)
    .map((c) => c.split("=")[0] ?? "")
    .filter((n) => n.startsWith("oauth2"));
  // Written by hand, not with createCookie: remix-auth-oauth2 names them oauth2:<uuid>, and the `cookie`
  // package behind createCookie refuses ':' in a name (browsers accept it).
  return navn.map((n) => `${n}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`);
}

/**
 * Where to return after login, carried through ID-porten in a signed cookie of its own that lives ten
 * minutes: starting a login stores no session row (issue 22), however many are started.
 */
export function innloggingRetur(config: Config) {
  return createCookie(`${config.secureCookies ? "__Host-" : ""}innlogging-retur`, {
    httpOnly: true,
    sameSite: "lax",
    secure: config.secureCookies,
    path: "/",
    maxAge: 10 * 60,
    secrets: [config.sessionSecret],
  });
}

const EGEN_OPPRINNELSE = "http://forhaandsmelding.invalid";

/**
 * A local path to return to after login; anything else becomes "/". The value is parsed as a URL against
 * the app's own origin (as a browser reads a Location), so tabs, backslashes and the like that a browser
 * turns into another origin are caught. The result is the parsed URL's own path (dot segments resolved),
 * search and hash, ASCII only, so control or non-Latin-1 characters cannot break the Location header; a path
 * that would start with "//" after resolving (`/.//host`, `/a/..//host`, `/%2e%2e//host`) would be read by a
 * browser as another host, and a backslash or an encoded slash (`%2F`, `%5C`) may be read as a slash by a
 * browser or a proxy: all of those become "/" (issue 22 item 5). The one shared check for every place that
 * reads returnTo. `innloggingssider` lets the login and logged-out pages through (the cookie banner returns
 * to them); the login flow itself never returns there.
 */
export function tryggReturnTo(
  value: string | null | undefined,
  { innloggingssider = false }: { innloggingssider?: boolean } = {},
): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.includes("\\")) return "/";
  let url: URL;
  try {
    url = new URL(value, EGEN_OPPRINNELSE);
  } catch {
    return "/";
  }
  if (url.origin !== EGEN_OPPRINNELSE) return "/";
  if (url.pathname.startsWith("//") || /%(2f|5c)/i.test(url.pathname)) return "/";
  const sti = url.pathname + url.search + url.hash;
  if (/^\/(oauth2|logout)/i.test(url.pathname)) return "/";
  if (/^\/(logg-inn|utlogget)/i.test(url.pathname)) {
    return innloggingssider && /^\/(logg-inn|utlogget)$/i.test(url.pathname) ? sti : "/";
  }
  return sti;
}
