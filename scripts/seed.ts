// `npm run seed`: puts the demo data into the configured database (PGlite in data/ or DATABASE_URL).
// Refused while the service owns the embedded database: the service seeds an empty database itself
// (docs/decisions/016-en-eier-av-den-innebygde-databasen.md).

import { seedDemoData } from "../dev/seed";
import { loadConfig } from "../server/config";
import { databaseEllerTjeneste, KanIkkeKjoere } from "./tjeneste";

const config = loadConfig();
let kode = 0;
try {
  const tilgang = await databaseEllerTjeneste(config, "npm run seed");
  if ("tjeneste" in tilgang) {
    throw new KanIkkeKjoere(
      `Tjenesten kjører (${tilgang.tjeneste.url}, prosess ${tilgang.tjeneste.eier.pid}) og eier den innebygde databasen i ${config.dataDir}. ` +
        "Den legger selv inn demodata når databasen er tom. Stopp tjenesten (Ctrl+C) før du kjører npm run seed.",
    );
  }
  const { db, close } = tilgang.database;
  try {
    await seedDemoData(db);
  } finally {
    await close();
  }
  console.log("Demodata lagt inn.");
} catch (feil) {
  if (!(feil instanceof KanIkkeKjoere)) throw feil;
  console.error(feil.message);
  kode = 2;
}
process.exit(kode);
