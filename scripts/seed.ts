// `npm run seed`: puts the demo data into the configured database (PGlite in data/ or DATABASE_URL).
import { loadConfig } from "../config";
import { openDatabase } from "../db";
import { seedDemoData } from "../dev/seed";

const config = loadConfig();
const { db, close } = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await seedDemoData(db);
await close();
console.log("Demodata lagt inn.");
