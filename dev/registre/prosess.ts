// The development stand-ins for Altinn, Enhetsregisteret and the service's own Maskinporten client as a process of
// their own (`tsx dev/registre/prosess.ts`, compiled to build/demo/registre.js for the demo image): what the
// production-shape test and a staging setup point the `api` and `sender` roles at. Never for real users: anyone
// may add delegations and units through its /altinn/dev and /enhetsregisteret/dev endpoints.
//   PORT (3500), HOST (127.0.0.1); REGISTRE_URL (http://HOST:PORT): the address the service reaches it at, so
//     ALTINN_URL=$REGISTRE_URL/altinn, ENHETSREGISTERET_URL=$REGISTRE_URL/enhetsregisteret,
//     MASKINPORTEN_URL=$REGISTRE_URL/maskinporten;
//   MASKINPORTEN_KLIENT_ID, MASKINPORTEN_KLIENT_NOEKKEL: the service's client (its key as the service has it;
//     only the public part is kept);
//   ALTINN_RESSURS, ALTINN_ABONNEMENTSNOEKKEL: the resource and the subscription key Altinn accepts.
import express from "express";
import type { JWK } from "jose";
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
let jwk: JWK;
try {
  const {
    d: _d,
    p: _p,
    q: _q,
    dp: _dp,
    dq: _dq,
    qi: _qi,
    ...offentlig
  } = JSON.parse(krev("MASKINPORTEN_KLIENT_NOEKKEL")) as JWK;
  jwk = { ...offentlig, use: "sig" };
} catch {
  console.error("MASKINPORTEN_KLIENT_NOEKKEL må være en JWK i JSON.");
  process.exit(2);
}

const registre = await createDevRegistre({
  base: () => base,
  tjenesteklient: { klientId: krev("MASKINPORTEN_KLIENT_ID"), jwk },
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
