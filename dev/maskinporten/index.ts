// Development stand-in for Maskinporten (issue 25 §2, docs/decisions/035-maskintilgang.md): the OAuth 2.0 JWT
// bearer grant (RFC 7523) as Maskinporten runs it, simplified. A client (an importer's system) is registered
// with its public key; it signs an assertion (iss = client_id, aud = this issuer, scope, iat/exp at most
// 120 s apart, a jti never used before) and gets an access token signed by this issuer with client_id, scope
// and consumer (the client's organisation). Mount with `app.use(new URL(issuer).pathname, router)`.
// Never use it in production: used jtis live in this process's memory (one development process).
import { randomUUID } from "node:crypto";
import express, { type Router } from "express";
import { decodeJwt, errors, exportJWK, generateKeyPair, importJWK, type JWK, jwtVerify, SignJWT } from "jose";

export const JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer";

export interface DevKlient {
  client_id: string;
  /** Shown in the importer's history as "System: <navn>" once the importer grants it under this name. */
  navn: string;
  /** The organisation the client acts for (consumer). */
  orgnr: string;
  /** The client's public key. */
  jwk: JWK;
  /** Scopes it may ask for; default both of ours. */
  scopes?: string[];
}

export interface DevMaskinportenOptions {
  /**
   * e.g. "http://localhost:3000/maskinporten": the router must be mounted at this URL's path. A function when
   * it is known only once the server listens (read on each request).
   */
  issuer: string | (() => string);
  /** `aud` of the access tokens: what the import API requires. */
  audience: string;
  /** The registered clients, read on each token request (a file may gain clients while it runs). */
  klienter: () => DevKlient[] | Promise<DevKlient[]>;
  /** Access token lifetime; default 120 s (as Maskinporten). */
  tokenTtlSekunder?: number;
}

export const STANDARD_SCOPES = ["mattilsynet:forhaandsmelding.read", "mattilsynet:forhaandsmelding.write"];
const MAKS_LEVETID_SEKUNDER = 120;
const KLOKKESLINGRING_SEKUNDER = 10;

class Avvist extends Error {
  constructor(
    readonly kode:
      | "invalid_request"
      | "invalid_grant"
      | "invalid_client"
      | "invalid_scope"
      | "unsupported_grant_type",
    melding: string,
  ) {
    super(melding);
  }
}

export async function createDevMaskinporten(opts: DevMaskinportenOptions): Promise<Router> {
  // The tokens' iss is the issuer as configured; the endpoints are under it.
  const utsteder = () => (typeof opts.issuer === "string" ? opts.issuer : opts.issuer());
  const issuerUten = () => utsteder().replace(/\/$/, "");
  const ttl = opts.tokenTtlSekunder ?? MAKS_LEVETID_SEKUNDER;
  const kid = `dev-maskinporten-${randomUUID().slice(0, 8)}`;
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  const offentlig = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  /** Assertion ids seen, until their expiry: a replay is refused. */
  const brukteJti = new Map<string, number>();

  async function utstedToken(body: Record<string, unknown>) {
    if (body.grant_type !== JWT_BEARER) {
      throw new Avvist("unsupported_grant_type", `grant_type må være ${JWT_BEARER}`);
    }
    const assertion = typeof body.assertion === "string" ? body.assertion : "";
    let klientId: unknown;
    try {
      klientId = decodeJwt(assertion).iss;
    } catch {
      throw new Avvist("invalid_request", "assertion mangler eller er ikke en JWT");
    }
    const klient = (await opts.klienter()).find((k) => k.client_id === klientId);
    if (!klient) throw new Avvist("invalid_client", "Ukjent klient (iss i assertion)");
    let payload: Awaited<ReturnType<typeof jwtVerify>>["payload"];
    try {
      ({ payload } = await jwtVerify(assertion, await importJWK(klient.jwk, klient.jwk.alg ?? "RS256"), {
        issuer: klient.client_id,
        audience: [issuerUten(), `${issuerUten()}/`],
        algorithms: ["RS256", "RS384", "RS512", "PS256", "ES256"],
        requiredClaims: ["iat", "exp", "jti"],
        clockTolerance: KLOKKESLINGRING_SEKUNDER,
      }));
    } catch (e) {
      if (e instanceof errors.JWTExpired) throw new Avvist("invalid_grant", "assertion er utløpt");
      throw new Avvist("invalid_grant", `assertion er ugyldig: ${(e as Error).message}`);
    }
    const { iat = 0, exp = 0, jti = "" } = payload;
    if (exp - iat > MAKS_LEVETID_SEKUNDER) {
      throw new Avvist(
        "invalid_grant",
        `assertion kan gjelde høyst ${MAKS_LEVETID_SEKUNDER} sekunder (exp - iat)`,
      );
    }
    const naa = Math.floor(Date.now() / 1000);
    for (const [brukt, utloep] of brukteJti)
      if (utloep + KLOKKESLINGRING_SEKUNDER < naa) brukteJti.delete(brukt);
    if (brukteJti.has(jti)) throw new Avvist("invalid_grant", "assertion er brukt før (jti)");
    brukteJti.set(jti, exp);
    const tillatt = klient.scopes ?? STANDARD_SCOPES;
    const scopes = typeof payload.scope === "string" ? payload.scope.split(" ").filter(Boolean) : [];
    if (scopes.length === 0) throw new Avvist("invalid_scope", "assertion mangler scope");
    const ukjent = scopes.find((s) => !tillatt.includes(s));
    if (ukjent) throw new Avvist("invalid_scope", `Klienten har ikke tilgang til scopet ${ukjent}`);
    const scope = scopes.join(" ");
    const access_token = await new SignJWT({
      client_id: klient.client_id,
      scope,
      consumer: { authority: "iso6523-actorid-upis", ID: `0192:${klient.orgnr}` },
      token_type: "Bearer",
    })
      .setProtectedHeader({ alg: "RS256", kid, typ: "at+jwt" })
      .setIssuer(utsteder())
      .setAudience(opts.audience)
      .setIssuedAt()
      .setExpirationTime(`${ttl}s`)
      .setJti(randomUUID())
      .sign(privateKey);
    return { access_token, token_type: "Bearer", expires_in: ttl, scope };
  }

  const router = express.Router();
  router.get("/.well-known/oauth-authorization-server", (_req, res) => {
    res.json({
      issuer: utsteder(),
      token_endpoint: `${issuerUten()}/token`,
      jwks_uri: `${issuerUten()}/jwks`,
      grant_types_supported: [JWT_BEARER],
      token_endpoint_auth_methods_supported: ["private_key_jwt"],
      scopes_supported: STANDARD_SCOPES,
    });
  });
  router.get("/jwks", (_req, res) => {
    res.json({ keys: [offentlig] });
  });
  router.post("/token", express.urlencoded({ extended: false, limit: "16kb" }), (req, res) => {
    utstedToken(req.body ?? {}).then(
      (svar) => res.set("Cache-Control", "no-store").json(svar),
      (e: unknown) => {
        if (!(e instanceof Avvist)) {
          console.error("Utviklings-Maskinporten feilet", e);
          res.status(500).json({ error: "server_error" });
          return;
        }
        res
          .status(e.kode === "invalid_client" ? 401 : 400)
          .json({ error: e.kode, error_description: e.message });
      },
    );
  });
  return router;
}
