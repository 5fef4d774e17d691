// Login with ID-porten: remix-auth v4 + remix-auth-oauth2 (authorization code, PKCE S256, state), plus
// what remix-auth-oauth2 leaves out: nonce and acr_values on the request, and verification of the
// id_token (signature against the issuer's JWKS, iss, aud, exp, nonce, acr) with jose.
import { createHmac } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from "jose";
import { Authenticator } from "remix-auth";
import { OAuth2Strategy } from "remix-auth-oauth2";
import type { Config } from "../../config";
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
}

const cache = new Map<string, Promise<Idporten>>();

async function discover(config: Config): Promise<Discovery> {
  const res = await fetch(`${config.oidc.issuer}/.well-known/openid-configuration`, {
    headers: { Accept: "application/json" },
  });
  if (!res.ok) throw new Error(`OIDC-oppdagelse feilet: ${res.status}`);
  return (await res.json()) as Discovery;
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
      const { payload } = await jwtVerify(tokens.idToken(), jwks, {
        issuer: discovery.issuer,
        audience: oidc.clientId,
        algorithms: ["RS256", "ES256", "PS256"],
        requiredClaims: ["exp", "iat", "nonce"],
      });
      if (payload.nonce !== nonceFor(config.sessionSecret, state)) throw new Error("id_token: feil nonce");
      const akseptert = ACR_NIVAA[oidc.acrValues] ?? [oidc.acrValues];
      if (typeof payload.acr !== "string" || !akseptert.includes(payload.acr)) {
        throw new Error(`id_token: uventet acr ${String(payload.acr)}`);
      }
      const pid = typeof payload.pid === "string" ? payload.pid : undefined;
      if (!pid) throw new Error("id_token: mangler pid");
      let utloeper = Date.now() + 10 * 60 * 1000;
      try {
        utloeper = tokens.accessTokenExpiresAt().getTime();
      } catch {
        // expires_in is optional; keep the default
      }
      return {
        pid,
        navn: typeof payload.name === "string" ? payload.name : pid,
        idToken: tokens.idToken(),
        accessToken: tokens.accessToken(),
        accessTokenUtloeper: utloeper,
      };
    },
    { acrValues: oidc.acrValues, secret: config.sessionSecret, resource: oidc.resource },
  );
  const authenticator = new Authenticator<InnloggetBruker>();
  authenticator.use(strategy, "idporten");
  return { authenticator, discovery };
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

/** Set-Cookie values that delete remix-auth-oauth2's per-attempt state cookies (oauth2:<uuid>). */
export function slettOauth2Cookies(request: Request, secure: boolean): string[] {
  const navn = (request.headers.get("Cookie") ?? "")
    .split(/;\s*/)
    .map((c) => c.split("=")[0] ?? "")
    .filter((n) => n.startsWith("oauth2"));
  return navn.map((n) => `${n}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`);
}

/** A local path to return to after login; anything else becomes "/". */
export function tryggReturnTo(value: string | null | undefined): string {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  if (/^\/(logg-inn|oauth2|logout|utlogget)/.test(value)) return "/";
  return value;
}
