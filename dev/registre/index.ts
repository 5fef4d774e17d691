// The development stand-ins for the service's own outbound integrations (docs/decisions/042-altinn-og-enhetsregisteret.md),
// under one mount point: a Maskinporten that knows the service's own client (`/maskinporten`; or none, when the
// development Maskinporten runs as a process of its own and knows that client too, ADR 045), Altinn
// (`/altinn`: token exchange, authorized parties, PDP) and Enhetsregisteret (`/enhetsregisteret`), serving the demo
// data (dev/demo-data.ts) with the real APIs' shapes. Embedded mode mounts them at /registre on the service's own
// port (server/index.ts); dev/registre/prosess.ts runs them as a process of their own; tests/support/test-server.ts
// gives the test API its own. The service reads them only through its HTTP clients (api/registre).
import express, { type Router } from "express";
import { createRemoteJWKSet, type JWK } from "jose";
import { DEMO_DELEGERINGER, DEMO_ENHETER, DEMO_PERSONER } from "../demo-data";
import { createDevMaskinporten, type DevKlient } from "../maskinporten";
import { createDevAltinn, type DevAltinn, SCOPE_AVGIVERE, SCOPE_PDP } from "./altinn";
import { DevEnhetsregister, enhetsregisterRouter } from "./enhetsregisteret";

/** The resource id the stand-in Altinn knows the service by, in development (ALTINN_RESSURS). */
export const DEV_RESSURS = "mattilsynet-digital-forhaandsmelding";
/** The subscription key the stand-in Altinn accepts in development (ALTINN_ABONNEMENTSNOEKKEL). */
export const DEV_ABONNEMENTSNOEKKEL = "dev-altinn-abonnement";
/** Mattilsynet's organisation number: the service's own client acts for it. */
export const MATTILSYNET = "985399077";

export interface DevRegistreOptions {
  /** The URL the router is mounted at, as the service reaches it (no trailing slash). */
  base: () => string;
  /** The service's own Maskinporten client (its id and public key), for the Maskinporten at /maskinporten. */
  tjenesteklient?: { klientId: string; jwk: JWK };
  /**
   * Or a Maskinporten elsewhere whose tokens Altinn's exchange accepts (the development Maskinporten's own
   * process, which knows the service's client beside the systems'): then there is none at /maskinporten.
   */
  maskinporten?: { issuer: string; jwksUri: string };
  ressurs?: string;
  abonnementsnoekkel?: string;
}

export interface DevRegistre {
  router: Router;
  enhetsregister: DevEnhetsregister;
  altinn: DevAltinn;
}

export async function createDevRegistre(opts: DevRegistreOptions): Promise<DevRegistre> {
  const ressurs = opts.ressurs ?? DEV_RESSURS;
  const enhetsregister = new DevEnhetsregister(DEMO_ENHETER);
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;
  const ute = opts.maskinporten;
  const maskinportenIssuer = () => ute?.issuer ?? `${opts.base()}/maskinporten`;
  const router = express.Router();
  if (!ute) {
    const klient = opts.tjenesteklient;
    if (!klient)
      throw new Error("Utviklingsutgavene av registrene trenger tjenestens klient eller en Maskinporten");
    // The base is known once the server listens (port 0 in tests): everything that needs it asks late.
    router.use(
      "/maskinporten",
      await createDevMaskinporten({
        issuer: maskinportenIssuer,
        // Altinn's exchange checks Maskinporten's signature, issuer and expiry, not the audience.
        audience: "https://platform.altinn.no/",
        klienter: () => [tjenestensKlient(klient)],
      }),
    );
  }
  const altinn = await createDevAltinn({
    ressurs,
    abonnementsnoekkel: opts.abonnementsnoekkel ?? DEV_ABONNEMENTSNOEKKEL,
    maskinporten: {
      get issuer() {
        return maskinportenIssuer();
      },
      jwks: (header, token) => {
        jwks ??= createRemoteJWKSet(new URL(ute?.jwksUri ?? `${maskinportenIssuer()}/jwks`));
        return jwks(header, token);
      },
    },
    register: enhetsregister,
    personer: DEMO_PERSONER,
    delegeringer: DEMO_DELEGERINGER,
  });
  router.use("/altinn", altinn.router);
  router.use(
    "/enhetsregisteret",
    enhetsregisterRouter(enhetsregister, () => `${opts.base()}/enhetsregisteret`),
  );
  return { router, enhetsregister, altinn };
}

/** The service's own Maskinporten client as a development Maskinporten registers it (acting for Mattilsynet). */
export function tjenestensKlient(k: { klientId: string; jwk: JWK }): DevKlient {
  return {
    client_id: k.klientId,
    navn: "Digital forhåndsmelding",
    orgnr: MATTILSYNET,
    jwk: k.jwk,
    scopes: [SCOPE_AVGIVERE, SCOPE_PDP],
  };
}
