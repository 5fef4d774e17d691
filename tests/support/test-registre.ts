// Test support: the development stand-ins for Maskinporten (the service's own client), Altinn and Enhetsregisteret
// (dev/registre) on a real HTTP port, and the service's clients of them (api/registre) as the test API uses them:
// the same code the service runs in every mode (docs/decisions/042-altinn-og-enhetsregisteret.md). A test changes
// what Altinn and the register say through `registre` (or their development endpoints over HTTP).
import type { AddressInfo } from "node:net";
import express from "express";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import { lagRegistre, type Registre } from "../../api/registre";
import type { RegisterMaaler } from "../../api/registre/motstand";
import type { Db } from "../../db";
import { createDevRegistre, DEV_ABONNEMENTSNOEKKEL, DEV_RESSURS, type DevRegistre } from "../../dev/registre";

export interface TestRegistre {
  /** Where the stand-ins answer: `${url}/maskinporten`, `${url}/altinn`, `${url}/enhetsregisteret`. */
  url: string;
  registre: DevRegistre;
  /** The service's clients of them, for `db`. */
  klienter(db: Db, valg?: TestRegistreValg): Registre;
  close(): Promise<void>;
}

export interface TestRegistreValg {
  /** The cache's life of Altinn's answers (default 5 minutes, as the service). */
  cacheMs?: number;
  /** One attempt's deadline (default 5 s: a test machine shared by many is slow). */
  tidsavbruddMs?: number;
  /** One lookup's deadline, every call included (default 12 s). */
  fristMs?: number;
  /** The breaker opens after this many failures in a row (default 0: never, the tests share one Altinn). */
  pauseEtter?: number;
  maaler?: RegisterMaaler;
}

const KLIENT_ID = "forhaandsmelding-test";

let noekler: Promise<{ privat: JWK; offentlig: JWK }> | undefined;
/** One key pair for the service's client per test process (making RSA keys costs). */
function tjenestenoekler() {
  noekler ??= (async () => {
    const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
    return {
      privat: { ...(await exportJWK(privateKey)), kid: "test-tjeneste", alg: "RS256" },
      offentlig: { ...(await exportJWK(publicKey)), kid: "test-tjeneste", alg: "RS256", use: "sig" },
    };
  })();
  return noekler;
}

export async function startTestRegistre(): Promise<TestRegistre> {
  const { privat, offentlig } = await tjenestenoekler();
  const app = express();
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const registre = await createDevRegistre({
    base: () => url,
    tjenesteklient: { klientId: KLIENT_ID, jwk: offentlig },
  });
  app.use(registre.router);
  return {
    url,
    registre,
    klienter: (db, valg = {}) =>
      lagRegistre({
        db,
        maskinporten: { url: `${url}/maskinporten`, klientId: KLIENT_ID, noekkel: privat },
        altinn: { url: `${url}/altinn`, ressurs: DEV_RESSURS, abonnementsnoekkel: DEV_ABONNEMENTSNOEKKEL },
        enhetsregisteret: { url: `${url}/enhetsregisteret` },
        cacheMs: valg.cacheMs ?? 5 * 60_000,
        kall: {
          tidsavbruddMs: valg.tidsavbruddMs ?? 5_000,
          forsoek: 2,
          pauseEtter: valg.pauseEtter ?? 0,
          pauseMs: 10_000,
        },
        fristMs: valg.fristMs ?? 12_000,
        maaler: valg.maaler,
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
