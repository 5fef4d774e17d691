// The development Maskinporten as a process of its own (`tsx dev/maskinporten/prosess.ts`, compiled to
// build/demo/maskinporten.js for the demo image): what the production-shape test (and a staging setup with
// several api processes) points MASKINPORTEN_ISSUER at, since the embedded one lives in one api process only
// (ADR 035, ADR 045). Never for real systems: anyone who can write its client file gets a token.
//   PORT (3500), HOST (127.0.0.1);
//   MASKINPORTEN_ISSUER: the issuer as its tokens name it (the public URL it is reached at, behind TLS);
//   API_AUDIENCE: the audience of its tokens (what the import API requires);
//   MASKINPORTEN_DEV_KLIENTER: the clients' file (dev/maskinporten/klientfil.ts), read on every token request;
//   MASKINPORTEN_KLIENT_ID, MASKINPORTEN_KLIENT_NOEKKEL (optional): the service's own client (ADR 042; its key as
//     the service has it, only the public part kept), so the development Altinn (dev/registre/prosess.ts with
//     MASKINPORTEN_ISSUER) takes this Maskinporten's tokens: one development Maskinporten for every client.
import express from "express";
import { tjenestensKlient } from "../registre";
import { createDevMaskinporten, type DevKlient } from "./index";
import { lesKlientfil, offentligJwk, STANDARD_KLIENTFIL } from "./klientfil";

const port = Number(process.env.PORT ?? 3500);
const host = process.env.HOST ?? "127.0.0.1";
const issuer = (process.env.MASKINPORTEN_ISSUER ?? `http://localhost:${port}/maskinporten`).replace(
  /\/$/,
  "",
);
const fil = process.env.MASKINPORTEN_DEV_KLIENTER || STANDARD_KLIENTFIL;
const { MASKINPORTEN_KLIENT_ID: klientId, MASKINPORTEN_KLIENT_NOEKKEL: noekkel } = process.env;
let tjenesten: DevKlient[] = [];
try {
  if (klientId && noekkel) tjenesten = [tjenestensKlient({ klientId, jwk: offentligJwk(noekkel) })];
} catch {
  console.error("MASKINPORTEN_KLIENT_NOEKKEL må være en JWK i JSON.");
  process.exit(2);
}

const app = express();
app.disable("x-powered-by");
app.get("/healthz", (_req, res) => {
  res.json({ status: "lever" });
});
app.use(
  new URL(issuer).pathname,
  await createDevMaskinporten({
    issuer,
    audience: process.env.API_AUDIENCE || "forhaandsmelding-import-api",
    klienter: async () => [...tjenesten, ...(await lesKlientfil(fil))],
  }),
);
const server = app.listen(port, host, () => {
  console.log(`Utviklings-Maskinporten kjører på ${issuer} (ikke for ekte systemer).`);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
