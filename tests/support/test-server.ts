// Test support: the import API on a real HTTP port and a real database, with access tokens signed by a
// local key (the API verifies them exactly as it verifies ID-porten's), and the development Altinn and
// Enhetsregisteret on a port of their own, read through the service's own clients (tests/support/test-registre.ts).
import type { AddressInfo } from "node:net";
import express from "express";
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from "jose";
import type { KyselyPlugin } from "kysely";
import type { MaskinVerifierOptions } from "../../api/auth";
import type { ApiGrenser } from "../../api/grenser";
import { createApi } from "../../api/index";
import type { DatabaseHandle } from "../../db";
import { sjekkSvarMotDokument } from "./openapi-svar";
import { createTestDatabase } from "./test-db";
import { startTestRegistre, type TestRegistre, type TestRegistreValg } from "./test-registre";

export const TEST_ISSUER = "https://test-idporten.example";
export const TEST_AUDIENCE = "test-import-api";
/** The ePhyto Hub key the test API accepts (X-Api-Key on POST /import/ephyto/v1/sertifikat). */
export const TEST_HUB_API_KEY = "test-hub-nokkel";
/** The authority's key the test API accepts (X-Api-Key on POST /myndighet/v1/importmelding/{id}/vurdering). */
export const TEST_MYNDIGHET_API_KEY = "test-myndighet-nokkel";

export interface TestApi {
  url: string;
  handle: DatabaseHandle;
  token(
    pid: string,
    overrides?: { audience?: string; issuer?: string; expiresIn?: string | number },
  ): Promise<string>;
  fetch(path: string, init?: RequestInit & { pid?: string; json?: unknown }): Promise<Response>;
  /** The development Altinn and Enhetsregisteret this API reads (startTestApi's own). */
  registre?: TestRegistre;
  close(): Promise<void>;
}

export interface TestApiOptions {
  /** Default TEST_HUB_API_KEY. */
  hubApiKey?: string;
  /** Default TEST_MYNDIGHET_API_KEY. */
  myndighetApiKey?: string;
  /** How long SMTP must be unreachable before the e-mail status says so (default 15 minutes). */
  epostNedeVarselMs?: number;
  /** A Kysely plugin on the API's database connection (the plan test records the queries with it). */
  plugin?: KyselyPlugin;
  /** The rate limits (default: as the service has them, api/grenser.ts). */
  grenser?: ApiGrenser;
  /** Webhook receivers on 127.0.0.1 over http are allowed unless tillatLokal is false (ADR 036). */
  webhook?: { tillatLokal: boolean };
  /** Machine tokens (ADR 035): tests/support/test-maskinporten.ts starts an issuer for them. */
  maskinporten?: MaskinVerifierOptions;
  /** How the API calls Altinn and the register (the cache's life, deadlines, breaker). */
  registre?: TestRegistreValg;
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

/** The TestApi face of an API at `url`: requests as `pid` carry a token from `token`. */
export function testApiMot(
  url: string,
  handle: DatabaseHandle,
  token: TestApi["token"],
  close: () => Promise<void>,
): TestApi {
  return {
    url,
    handle,
    token,
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
    close,
  };
}

export async function startTestApi(opts: TestApiOptions = {}): Promise<TestApi> {
  const [handle, noekler, registre] = await Promise.all([
    createTestDatabase(),
    lagTokenNoekler(),
    startTestRegistre(),
  ]);
  const db = opts.plugin ? handle.db.withPlugin(opts.plugin) : handle.db;
  const app = express();
  app.use(
    createApi({
      db,
      tilgang: registre.klienter(db, opts.registre).tilgang,
      auth: { issuer: TEST_ISSUER, audience: TEST_AUDIENCE, jwks: createLocalJWKSet(noekler.jwks) },
      hubApiKey: opts.hubApiKey ?? TEST_HUB_API_KEY,
      myndighetApiKey: opts.myndighetApiKey ?? TEST_MYNDIGHET_API_KEY,
      epostNedeVarselMs: opts.epostNedeVarselMs,
      grenser: opts.grenser,
      webhook: { noekkel: TEST_WEBHOOK_NOEKKEL, tillatLokal: opts.webhook?.tillatLokal ?? true },
      maskinporten: opts.maskinporten,
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
    ),
    registre,
  };
}
