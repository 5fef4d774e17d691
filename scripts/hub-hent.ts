// `npm run hub:hent [-- --en-gang]`: the ePhyto Hub puller on its own, beside (or instead of) the one in the
// `sender` role (docs/decisions/044-sertifikater-fra-huben.md). Needs HUB_URL, HUB_KLIENTSERTIFIKAT and
// HUB_KLIENTNOEKKEL (and HUB_CA for a Hub whose CA Node does not know). Writes to DATABASE_URL, or to the embedded
// database when no service owns it. Runs rounds until SIGINT/SIGTERM (the envelope in hand is finished or
// released); with `--en-gang` it works until the Hub has nothing more for us (waiting for another puller's
// lease) and exits. Any number may run at once: one puller works at a time, each envelope is stored once.
import { hubTilkobling, lagHubKlient } from "../api/ephyto/hub-klient";
import { type HubHendelse, type HubRunde, lagHubHenter } from "../api/sertifikat/hub-henter";
import { loadConfig } from "../server/config";
import { databaseEllerTjeneste, KanIkkeKjoere } from "./tjeneste";

const enGang = process.argv.includes("--en-gang");
// This command is the puller of the sender role alone: only what it needs is checked.
const config = loadConfig({ ...process.env, ROLES: "sender" });
const { hub } = config;
const tilkobling = hubTilkobling(hub);
if (!tilkobling) {
  console.error(
    "hub:hent trenger HUB_URL, HUB_KLIENTSERTIFIKAT og HUB_KLIENTNOEKKEL. Uten HUB_URL henter tjenesten selv fra utviklingshuben (npm start).",
  );
  process.exit(2);
}

let tilgang: Awaited<ReturnType<typeof databaseEllerTjeneste>>;
try {
  tilgang = await databaseEllerTjeneste(config, "npm run hub:hent");
} catch (e) {
  if (!(e instanceof KanIkkeKjoere)) throw e;
  console.error(e.message);
  process.exit(2);
}
if (!("database" in tilgang)) {
  console.error(
    `Tjenesten på ${tilgang.tjeneste.url} eier den innebygde databasen og henter selv fra huben (rollen sender).`,
  );
  process.exit(2);
}
const { db, close } = tilgang.database;

const logg = (h: HubHendelse) => {
  if (h.type === "feilet") {
    console.log(
      `${h.hubLeveringsnummer ?? "runden"}: ${h.hva === "ugyldig" ? "avvist" : "feilet"}: ${h.melding}`,
    );
  } else if (h.type === "lagret") console.log(`lagret (${h.resultat})`);
  else if (h.type === "kvittert") console.log(`kvittert som ${h.kvittering}`);
};
const henter = lagHubHenter({
  db,
  klient: () => lagHubKlient(tilkobling),
  intervallMs: hub.intervallMs,
  maksPerRunde: hub.maksPerRunde,
  leieMs: hub.leieMs,
  utviklingssett: config.utviklingssettTillatt,
  paaHendelse: logg,
});

if (enGang) {
  const sum = { lagret: 0, avvist: 0, kvittert: 0, feilet: 0 };
  const frist = Date.now() + hub.leieMs + hub.intervallMs;
  try {
    for (;;) {
      const r: HubRunde = await henter.kjoer();
      if (!r.kjoerte) {
        // Another puller holds the lease: wait for it (at most one lease and one interval).
        if (Date.now() > frist) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
        continue;
      }
      sum.lagret += r.lagret;
      sum.avvist += r.avvist;
      sum.kvittert += r.kvittert;
      sum.feilet += r.feilet + (r.feil ? 1 : 0);
      if (!r.flere) break;
    }
  } finally {
    await henter.stopp();
    await close();
  }
  console.log(
    `Lagret: ${sum.lagret}, avvist: ${sum.avvist}, kvittert: ${sum.kvittert}, feilet: ${sum.feilet}`,
  );
  if (sum.feilet > 0) process.exitCode = 1;
} else {
  henter.start();
  console.log(`Henter fra ${hub.url} hvert ${hub.intervallMs / 1000}. sekund. Stopp med Ctrl+C.`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      henter
        .stopp()
        .then(close)
        .then(() => process.exit(0));
    });
  }
}
