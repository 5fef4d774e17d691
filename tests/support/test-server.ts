// Test support: the import API on a real HTTP port and a real database, with access tokens signed by a
// local key (the API verifies them exactly as it verifies ID-porten's), and the development Altinn and
// Enhetsregisteret on a port of their own, read through the service's own clients (tests/support/test-registre.ts).
import type { AddressInfo } from "node:net";
import express from "express";
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from "jose";
import type { KyselyPlugin } from "kysely";
import { type MaskinVerifierOptions, MYNDIGHET_SCOPES } from "../../api/auth";
import type { ApiGrenser } from "../../api/grenser";
import { createApi } from "../../api/index";
import type { DatabaseHandle } from "../../db";
import type { Logger } from "../../server/logg";
import { sjekkSvarMotDokument } from "./openapi-svar";
import { createTestDatabase } from "./test-db";
import { startTestRegistre, type TestRegistre, type TestRegistreValg } from "./test-registre";

export const TEST_ISSUER = "https://test-idporten.example";
export const TEST_AUDIENCE = "test-import-api";
/** The ePhyto Hub key the test API accepts (X-Api-Key on POST /import/ephyto/v1/sertifikat). */
export const TEST_HUB_API_KEY = "test-hub-nokkel";
/** The issuer of the machine tokens the test API accepts by default (signed here, as `token` signs people's). */
export const TEST_MASKINPORTEN_ISSUER = "https://test-maskinporten.example/";
/** The authority's organisation in the tests (MYNDIGHET_ORGNR, ADR 045). */
export const TEST_MYNDIGHET_ORGNR = "985399077";
/** The authority's case system in the tests, with every scope of the authority's API. */
export const TEST_MYNDIGHET_KLIENT = "mattilsynet-saksbehandling-test";

export interface TestApi {
  url: string;
  handle: DatabaseHandle;
  token(
    pid: string,
    overrides?: { audience?: string; issuer?: string; expiresIn?: string | number },
  ): Promise<string>;
  fetch(path: string, init?: RequestInit & { pid?: string; json?: unknown }): Promise<Response>;
  /** A machine token (Maskinporten's shape) for `klientId` acting for `orgnr` with `scopes`. */
  maskinToken(klientId: string, orgnr: string, scopes: readonly string[]): Promise<string>;
  /**
   * A call of the authority's case system (ADR 045): the authority's token with every scope of its API, or
   * `scopes`; checked against the OpenAPI document as `fetch` is.
   */
  myndighet(
    path: string,
    init?: RequestInit & { json?: unknown; scopes?: readonly string[] },
  ): Promise<Response>;
  /** The development Altinn and Enhetsregisteret this API reads (startTestApi's own). */
  registre?: TestRegistre;
  close(): Promise<void>;
}

export interface TestApiOptions {
  /** Default TEST_HUB_API_KEY. */
  hubApiKey?: string;
  /** How long SMTP must be unreachable before the e-mail status says so (default 15 minutes). */
  epostNedeVarselMs?: number;
  /** A Kysely plugin on the API's database connection (the plan test records the queries with it). */
  plugin?: KyselyPlugin;
  /** The rate limits (default: as the service has them, api/grenser.ts). */
  grenser?: ApiGrenser;
  /** The request log the API writes to (as pino-http's `req.log` in the service; default none). */
  logger?: Logger;
  /** Webhook receivers on 127.0.0.1 over http are allowed unless tillatLokal is false (ADR 036). */
  webhook?: { tillatLokal: boolean };
  /** Machine tokens (ADR 035): tests/support/test-maskinporten.ts starts an issuer for them. */
  maskinporten?: MaskinVerifierOptions;
  /** How the API calls Altinn and the register (the cache's life, deadlines, breaker). */
  registre?: TestRegistreValg;
  /** Whether the development ruleset counts as approved (default true; false: production proper, ADR 046). */
  utviklingssett?: boolean;
}

/** The WEBHOOK_NOEKKEL of the test API (the test's sender decrypts the secrets with it). */
export const TEST_WEBHOOK_NOEKKEL = "test-webhook-noekkel-for-testene-her";

/** A signing key pair for access tokens, and its public JWKS (what the API verifies with). */
export async function lagTokenNoekler(kid = "test") {
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  const token = (
    pid: string,
    o: { audience?: string; issuer?: string; expiresIn?: string | number } = {},
    standard: { issuer: string; audience: string } = { issuer: TEST_ISSUER, audience: TEST_AUDIENCE },
  ) =>
    new SignJWT({ pid, acr: "idporten-loa-substantial" })
      .setProtectedHeader({ alg: "RS256", kid })
      .setIssuer(o.issuer ?? standard.issuer)
      .setAudience(o.audience ?? standard.audience)
      .setSubject(pid)
      .setIssuedAt()
      .setExpirationTime(o.expiresIn ?? "10m")
      .sign(privateKey);
  return { jwks: { keys: [jwk] }, token };
}

/** Machine tokens as Maskinporten makes them (client_id, consumer, scope), signed by a local key. */
export async function lagMaskinNoekler(kid = "test-maskin") {
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  const token = (klientId: string, orgnr: string, scopes: readonly string[]) =>
    new SignJWT({
      client_id: klientId,
      scope: scopes.join(" "),
      consumer: { authority: "iso6523-actorid-upis", ID: `0192:${orgnr}` },
    })
      .setProtectedHeader({ alg: "RS256", kid })
      .setIssuer(TEST_MASKINPORTEN_ISSUER)
      .setAudience(TEST_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime("2m")
      .sign(privateKey);
  return { jwks: { keys: [jwk] }, token };
}

/** The TestApi face of an API at `url`: requests as `pid` carry a token from `token`. */
export function testApiMot(
  url: string,
  handle: DatabaseHandle,
  token: TestApi["token"],
  close: () => Promise<void>,
  maskinToken: TestApi["maskinToken"] = async () => {
    throw new Error("Denne test-API-en tar ikke imot maskintokens herfra");
  },
): TestApi {
  const api: TestApi = {
    url,
    handle,
    token,
    maskinToken,
    async fetch(path, init = {}) {
      const { pid, json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (pid) headers.set("authorization", `Bearer ${await token(pid)}`);
      if (json !== undefined) headers.set("content-type", "application/json");
      const res = await fetch(`${url}${path}`, {
        ...rest,
        headers,
        body: json !== undefined ? JSON.stringify(json) : rest.body,
      });
      // The answer is what the OpenAPI document says (ADR 040); a mismatch fails the test.
      await sjekkSvarMotDokument(rest.method ?? "GET", `${url}${path}`, res);
      return res;
    },
    async myndighet(path, init = {}) {
      const { scopes = Object.values(MYNDIGHET_SCOPES), ...rest } = init;
      const headers = new Headers(rest.headers);
      headers.set(
        "authorization",
        `Bearer ${await maskinToken(TEST_MYNDIGHET_KLIENT, TEST_MYNDIGHET_ORGNR, scopes)}`,
      );
      return api.fetch(path, { ...rest, headers });
    },
    close,
  };
  return api;
}

export async function startTestApi(opts: TestApiOptions = {}): Promise<TestApi> {
  const [handle, noekler, maskin, registre] = await Promise.all([
    createTestDatabase(),
    lagTokenNoekler(),
    lagMaskinNoekler(),
    startTestRegistre(),
  ]);
  const db = opts.plugin ? handle.db.withPlugin(opts.plugin) : handle.db;
  const app = express();
  const { logger } = opts;
  if (logger) {
    app.use((req, _res, next) => {
      req.log = logger;
      next();
    });
  }
  app.use(
    createApi({
      db,
      tilgang: registre.klienter(db, opts.registre).tilgang,
      auth: { issuer: TEST_ISSUER, audience: TEST_AUDIENCE, jwks: createLocalJWKSet(noekler.jwks) },
      hubApiKey: opts.hubApiKey ?? TEST_HUB_API_KEY,
      myndighet: { orgnr: TEST_MYNDIGHET_ORGNR },
      utviklingssett: opts.utviklingssett,
      epostNedeVarselMs: opts.epostNedeVarselMs,
      grenser: opts.grenser,
      webhook: { noekkel: TEST_WEBHOOK_NOEKKEL, tillatLokal: opts.webhook?.tillatLokal ?? true },
      maskinporten: opts.maskinporten ?? {
        issuer: TEST_MASKINPORTEN_ISSUER,
        audience: TEST_AUDIENCE,
        jwks: createLocalJWKSet(maskin.jwks),
      },
    }),
  );
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ...testApiMot(
      url,
      handle,
      (pid, o) => noekler.token(pid, o),
      async () => {
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await registre.close();
        await handle.close();
      },
      opts.maskinporten ? undefined : maskin.token,
    ),
    registre,
  };
}
