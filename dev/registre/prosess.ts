// The development stand-ins for Altinn, Enhetsregisteret and the service's own Maskinporten client as a process of
// their own (`tsx dev/registre/prosess.ts`, compiled to build/demo/registre.js for the demo image): what the
// production-shape test and a staging setup point the `api` and `sender` roles at. Never for real users: anyone
// may add delegations and units through its /altinn/dev and /enhetsregisteret/dev endpoints.
//   PORT (3500), HOST (127.0.0.1); REGISTRE_URL (http://HOST:PORT): the address the service reaches it at, so
//     ALTINN_URL=$REGISTRE_URL/altinn, ENHETSREGISTERET_URL=$REGISTRE_URL/enhetsregisteret,
//     MASKINPORTEN_URL=$REGISTRE_URL/maskinporten;
//   MASKINPORTEN_ISSUER (and MASKINPORTEN_JWKS_URI, default $MASKINPORTEN_ISSUER/jwks): the development
//     Maskinporten's own process (dev/maskinporten/prosess.ts), whose tokens Altinn's exchange accepts; then
//     there is no Maskinporten here. Without it: MASKINPORTEN_KLIENT_ID, MASKINPORTEN_KLIENT_NOEKKEL, the service's
//     client (its key as the service has it; only the public part is kept) for a Maskinporten here;
//   ALTINN_RESSURS, ALTINN_ABONNEMENTSNOEKKEL: the resource and the subscription key Altinn accepts.
import express from "express";
import type { JWK } from "jose";
import { offentligJwk } from "../maskinporten/klientfil";
import { createDevRegistre } from "./index";

const krev = (navn: string) => {
  const verdi = process.env[navn];
  if (!verdi) {
    console.error(`Utviklingsutgavene av Altinn og Enhetsregisteret trenger ${navn}.`);
    process.exit(2);
  }
  return verdi;
};

const port = Number(process.env.PORT ?? 3500);
const host = process.env.HOST ?? "127.0.0.1";
const base = (process.env.REGISTRE_URL ?? `http://${host}:${port}`).replace(/\/$/, "");
// A development Maskinporten of its own (compose's staging profile: the `maskinporten` service, which also gives
// the systems' clients their tokens): its issuer and keys; without it, one here for the service's client alone.
const issuer = process.env.MASKINPORTEN_ISSUER?.replace(/\/$/, "");
let tjenesteklient: { klientId: string; jwk: JWK } | undefined;
if (!issuer) {
  try {
    tjenesteklient = {
      klientId: krev("MASKINPORTEN_KLIENT_ID"),
      jwk: offentligJwk(krev("MASKINPORTEN_KLIENT_NOEKKEL")),
    };
  } catch {
    console.error("MASKINPORTEN_KLIENT_NOEKKEL må være en JWK i JSON.");
    process.exit(2);
  }
}

const registre = await createDevRegistre({
  base: () => base,
  tjenesteklient,
  maskinporten: issuer
    ? { issuer, jwksUri: process.env.MASKINPORTEN_JWKS_URI || `${issuer}/jwks` }
    : undefined,
  ressurs: krev("ALTINN_RESSURS"),
  abonnementsnoekkel: krev("ALTINN_ABONNEMENTSNOEKKEL"),
});
const app = express();
app.disable("x-powered-by");
app.get("/healthz", (_req, res) => {
  res.json({ status: "lever" });
});
app.use(new URL(base).pathname.replace(/\/$/, "") || "/", registre.router);
const server = app.listen(port, host, () => {
  console.log(`Utviklingsutgavene av Altinn og Enhetsregisteret kjører på ${base} (ikke for ekte brukere).`);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
