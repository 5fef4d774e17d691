// `npm run db:migrate` (in the production image: `node build/drift/db-migrer.js`): brings the database schema up
// to date as a step of its own, before new processes start (docs/decisions/028-roller-og-drift.md). Safe to
// run while other processes start or migrate: every migration run holds one advisory lock (db/migrate.ts), so
// one migrates and the others wait. Needs only DATABASE_URL (or the embedded database in DATA_DIR, when the
// service is not running: the service migrates its own database when it starts).
import { openDatabase } from "../db";
import { DatabaseIBruk } from "../db/eier";
import { migrateToLatest } from "../db/migrate";

const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = process.env.DATA_DIR ?? "data/pglite";
let kode = 0;
try {
  const { db, close } = await openDatabase({
    databaseUrl,
    dataDir,
    migrate: false,
    eier: { rolle: "kommando", kommando: "npm run db:migrate", ventMs: 60_000 },
  });
  try {
    const utfoert = await migrateToLatest(db);
    console.log(
      utfoert.length === 0 ? "Databasen var allerede oppdatert." : `Migrert: ${utfoert.join(", ")}.`,
    );
  } finally {
    await close();
  }
} catch (feil) {
  if (feil instanceof DatabaseIBruk && feil.eier.rolle === "tjeneste") {
    console.error(
      `Tjenesten kjører (prosess ${feil.eier.pid}) og eier den innebygde databasen i ${dataDir}; den migrerte databasen da den startet.`,
    );
    kode = 2;
  } else {
    console.error(`Migreringen feilet: ${feil instanceof Error ? feil.message : String(feil)}`);
    kode = 1;
  }
}
process.exit(kode);
