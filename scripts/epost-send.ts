// `npm run epost:send`: the e-mail alert sender on its own, beside (or instead of) the one in the service
// process. Needs DATABASE_URL (the embedded database has one owner, the service, which sends by itself) and
// SMTP_URL. Runs until SIGINT/SIGTERM; with `--en-gang` it sends what is due now and exits. Several copies
// may run against one PostgreSQL: each alert is taken by one (docs/decisions/012-epostvarsler.md).
import { lagEpostSender, type Runde } from "../api/epost/sender";
import { openDatabase } from "../db";
import { loadConfig } from "../server/config";
import { lagLogger } from "../server/logg";
import { senderOppsett } from "../server/sender";

const enGang = process.argv.includes("--en-gang");
// This command is the sender role alone: only what the sender needs is checked.
const config = loadConfig({ ...process.env, ROLES: "sender" });
if (!config.databaseUrl) {
  console.error(
    "epost:send trenger DATABASE_URL. Den innebygde databasen eies av tjenesten, som selv sender e-postvarslene (npm start).",
  );
  process.exit(2);
}
if (!config.smtpUrl) {
  console.error("epost:send trenger SMTP_URL (for eksempel smtp://bruker:passord@smtp.example.no:587).");
  process.exit(2);
}

const { db, close } = await openDatabase({ databaseUrl: config.databaseUrl });
const perRunde = Number(process.env.EPOST_PER_RUNDE ?? 200);
const sender = lagEpostSender({
  ...senderOppsett(config, db, config.smtpUrl),
  maksPerRunde: Number.isSafeInteger(perRunde) && perRunde > 0 ? perRunde : 200,
  logg: lagLogger(config.loggNivaa, { kommando: "epost:send" }),
});

if (enGang) {
  const sum: Runde = { sendt: 0, feilet: 0, avbrutt: 0 };
  try {
    for (;;) {
      const r = await sender.kjoer();
      sum.sendt += r.sendt;
      sum.feilet += r.feilet;
      sum.avbrutt += r.avbrutt;
      if (r.sendt + r.feilet + r.avbrutt === 0) break;
    }
  } finally {
    await sender.stop();
    await close();
  }
  console.log(`Sendt: ${sum.sendt}, feilet: ${sum.feilet}, avbrutt: ${sum.avbrutt}`);
  if (sum.feilet > 0) process.exitCode = 1;
} else {
  sender.start();
  console.log("E-postsenderen kjører. Stopp med Ctrl+C.");
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      sender
        .stop()
        .then(close)
        .then(() => process.exit(0));
    });
  }
}
