// Test support: the development Maskinporten (dev/maskinporten) on a real HTTP port, with clients made here
// (each with its own key pair), and the import API (startTestApi) accepting its tokens by its JWKS over HTTP.
import type { AddressInfo } from "node:net";
import express from "express";
import { createRemoteJWKSet } from "jose";
import { createDevMaskinporten, type DevKlient } from "../../dev/maskinporten";
import { lagNoekkelpar } from "../../dev/maskinporten/klientfil";
import type { Klient } from "../../scripts/eksempelklient";
import { startTestApi, TEST_AUDIENCE, type TestApi, type TestApiOptions } from "./test-server";

export interface TestMaskinporten {
  issuer: string;
  tokenEndepunkt: string;
  /** Registers a client for `orgnr` with a new key pair; what scripts/eksempelklient.ts needs to use it. */
  nyKlient(klientId: string, orgnr: string, scopes?: string[]): Promise<Klient>;
  close(): Promise<void>;
}

export async function startTestMaskinporten(audience = TEST_AUDIENCE): Promise<TestMaskinporten> {
  const klienter: DevKlient[] = [];
  const app = express();
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/maskinporten`;
  app.use("/maskinporten", await createDevMaskinporten({ issuer, audience, klienter: () => klienter }));
  return {
    issuer,
    tokenEndepunkt: `${issuer}/token`,
    async nyKlient(klientId, orgnr, scopes) {
      const { privat, offentlig } = await lagNoekkelpar(`${klientId}-1`);
      klienter.push({ client_id: klientId, navn: klientId, orgnr, jwk: offentlig, scopes });
      return { tokenEndepunkt: `${issuer}/token`, klientId, noekkel: privat };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The test API with machine access through `mp`. */
export function startTestApiMedMaskin(mp: TestMaskinporten, opts: TestApiOptions = {}): Promise<TestApi> {
  return startTestApi({
    ...opts,
    maskinporten: {
      issuer: mp.issuer,
      audience: TEST_AUDIENCE,
      jwks: createRemoteJWKSet(new URL(`${mp.issuer}/jwks`)),
    },
  });
}
