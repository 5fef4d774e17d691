// The development ePhyto Hub as a process of its own (`tsx dev/hub/prosess.ts`, compiled to build/demo/hub.js for
// the demo image): what a staging `sender` and the production-shape test pull from (docs/decisions/044-sertifikater-fra-huben.md).
// Never for real certificates: it lets the development exporter deliver as any country.
//   HUB_UTVIKLING_PORT (4443), HOST (127.0.0.1): the Hub's SOAP service over TLS with client certificates;
//   PORT (3600): /healthz over plain HTTP (a health probe has no client certificate);
//   HUB_UTVIKLING_MAPPE (data/hub): its CA, server and client certificates, the queue and tilkobling.json;
//   HUB_UTVIKLING_VERTSNAVN: more names for its server certificate (a comma list, e.g. the compose name `hub`).
// At start it makes the client certificates of the Norwegian NPPO (klient-NO.pem, klient-NO-key.pem: what the
// sender's HUB_KLIENTSERTIFIKAT and HUB_KLIENTNOEKKEL point to) and of the development exporter.
import path from "node:path";
import express from "express";
import { startDevHub, UTVIKLINGSEKSPORTOER } from "./index";

const host = process.env.HOST ?? "127.0.0.1";
const mappe = path.resolve(process.env.HUB_UTVIKLING_MAPPE ?? "data/hub");
const hub = await startDevHub({
  host,
  port: Number(process.env.HUB_UTVIKLING_PORT ?? 4443),
  mappe,
  vertsnavn: (process.env.HUB_UTVIKLING_VERTSNAVN ?? "")
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean),
});
await hub.klient("NO");
await hub.klient(UTVIKLINGSEKSPORTOER);

const app = express();
app.disable("x-powered-by");
app.get("/healthz", (_req, res) => {
  const ventende = hub.konvolutter().filter((k) => k.sporing === "PendingDelivery").length;
  res.json({ status: "lever", ventende });
});
const server = app.listen(Number(process.env.PORT ?? 3600), host, () => {
  console.log(
    `Utviklingshuben (ePhyto Hub) svarer på ${hub.url} (TLS med klientsertifikat). Sertifikatene ligger i ${mappe}: CA ca.pem, Norges klientsertifikat klient-NO.pem og klient-NO-key.pem.`,
  );
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
    void hub.close().then(() => process.exit(0));
  });
}
