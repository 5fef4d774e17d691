// The development ID-porten as a process of its own (`tsx dev/idporten/prosess.ts`, compiled to
// build/demo/idporten.js for the demo image): what the production-shape test and a staging setup log in
// against when the web processes run apart from it. Never for real users: it lets anyone pick a test person.
//   PORT (3300), HOST (127.0.0.1), IDPORTEN_ISSUER (http://localhost:$PORT/idporten): where it answers;
//   OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: the one client it knows (the web app);
//   OIDC_REDIRECT_URI, OIDC_POST_LOGOUT_REDIRECT_URI: the web app's addresses (comma lists allowed);
//   API_AUDIENCE: the audience of its access tokens (what the import API requires).
import { randomBytes } from "node:crypto";
import express from "express";
import { DEMO_PERSONER } from "../demo-data";
import { createDevIdporten } from "./index";

const port = Number(process.env.PORT ?? 3300);
const host = process.env.HOST ?? "127.0.0.1";
const issuer = (process.env.IDPORTEN_ISSUER ?? `http://localhost:${port}/idporten`).replace(/\/$/, "");
const liste = (verdi: string | undefined) =>
  (verdi ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
const krev = (navn: string) => {
  const verdi = process.env[navn];
  if (!verdi) {
    console.error(`Utviklings-ID-porten trenger ${navn}.`);
    process.exit(2);
  }
  return verdi;
};

const app = express();
app.disable("x-powered-by");
app.get("/healthz", (_req, res) => {
  res.json({ status: "lever" });
});
app.use(
  new URL(issuer).pathname,
  await createDevIdporten({
    issuer,
    clients: [
      {
        client_id: krev("OIDC_CLIENT_ID"),
        client_secret: krev("OIDC_CLIENT_SECRET"),
        redirect_uris: liste(krev("OIDC_REDIRECT_URI")),
        post_logout_redirect_uris: liste(krev("OIDC_POST_LOGOUT_REDIRECT_URI")),
      },
    ],
    persons: DEMO_PERSONER,
    apiAudience: process.env.API_AUDIENCE || "forhaandsmelding-import-api",
    cookieKeys: [process.env.IDPORTEN_COOKIE_KEY || randomBytes(32).toString("hex")],
    accessTokenTtlSeconds: 2 * 60 * 60,
  }),
);
const server = app.listen(port, host, () => {
  console.log(`Utviklings-ID-porten kjører på ${issuer} (ikke for ekte brukere).`);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
