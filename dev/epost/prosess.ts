// The development mail catcher as a process of its own (`tsx dev/epost/prosess.ts`, compiled to
// build/demo/epostfanger.js for the demo image): the SMTP server a staging `sender` delivers to, keeping every
// message in the database's epost_fanget table and showing them on http://HOST:PORT/dev/epost. No mail leaves.
//   DATABASE_URL (required: the table is in the service's PostgreSQL database, migrated by npm run db:migrate);
//   PORT (3400) and HOST (127.0.0.1) for the pages; EPOST_FANGER_PORT (1025) for SMTP;
//   EPOST_FANGER_FORSINKELSE_MS: hold each message this long before accepting it (a slow relay, for tests).
import express from "express";
import { openDatabase } from "../../db";
import { FANGER_STI, startEpostFanger } from "./fanger";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("E-postfangeren trenger DATABASE_URL (en PostgreSQL-database som er migrert).");
  process.exit(2);
}
const host = process.env.HOST ?? "127.0.0.1";
const database = await openDatabase({ databaseUrl, migrate: false });
const fanger = await startEpostFanger({
  db: database.db,
  host,
  port: Number(process.env.EPOST_FANGER_PORT ?? 1025),
  forsinkelseMs: Number(process.env.EPOST_FANGER_FORSINKELSE_MS ?? 0) || undefined,
});
const app = express();
app.disable("x-powered-by");
app.get("/healthz", (_req, res) => {
  res.json({ status: "lever", smtp: fanger.tarImot() ? "tar imot" : "stoppet" });
});
app.use(FANGER_STI, fanger.router);
const server = app.listen(Number(process.env.PORT ?? 3400), host, () => {
  console.log(`E-postfangeren tar imot SMTP på ${fanger.smtpUrl} og viser e-postene under ${FANGER_STI}.`);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
    void fanger
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
}
