// `npm run ephyto:import -- FILE...`: reads ePhyto certificate XML files into the configured database
// (PGlite in data/ or DATABASE_URL) through the same code path as the Hub endpoint. One line per file;
// exit code 1 when any file failed.
import { readFile } from "node:fs/promises";
import { EphytoParseError } from "../api/ephyto/parse";
import { ingestSertifikatIArbeider } from "../api/sertifikat/ingest";
import { loadConfig } from "../config";
import { openDatabase } from "../db";

const filer = process.argv.slice(2).filter((a) => a !== "--");
if (filer.length === 0) {
  console.error("Bruk: npm run ephyto:import -- FIL.xml [FIL.xml ...]");
  process.exit(2);
}

/** The file's bytes, or a Norwegian message saying why it cannot be read. */
async function lesFil(fil: string): Promise<Uint8Array> {
  try {
    return await readFile(fil);
  } catch (feil) {
    const kode = (feil as NodeJS.ErrnoException).code;
    if (kode === "ENOENT") throw new Error("Fant ikke filen");
    if (kode === "EISDIR") throw new Error("Er en mappe, ikke en fil");
    if (kode === "EACCES" || kode === "EPERM") throw new Error("Mangler tilgang til å lese filen");
    throw new Error(`Kunne ikke lese filen (${kode ?? "ukjent feil"})`);
  }
}

const config = loadConfig();
const { db, close } = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let feilet = 0;
try {
  for (const fil of filer) {
    try {
      const { nummer, resultat, id } = await ingestSertifikatIArbeider(db, await lesFil(fil));
      console.log(`${fil}: ${nummer} ${resultat} (id ${id})`);
    } catch (feil) {
      feilet++;
      const melding = feil instanceof Error ? feil.message : String(feil);
      const detaljer = feil instanceof EphytoParseError && feil.detaljer ? ` [${feil.detaljer}]` : "";
      console.log(`${fil}: FEIL ${melding}${detaljer}`);
    }
  }
} finally {
  await close();
}
if (feilet > 0) {
  console.error(`${feilet} av ${filer.length} filer feilet.`);
  process.exitCode = 1;
}
