// `npm run ephyto:import -- FILE...`: reads ePhyto certificate XML files into the configured database
// through the same code path as the Hub endpoint. One line per file; exit code 1 when any file failed.
// With DATABASE_URL it writes to that PostgreSQL. With the embedded database it opens data/ only when no
// other process owns it; while the service runs, it delivers each file to the service's Hub endpoint
// instead (docs/decisions/016-en-eier-av-den-innebygde-databasen.md).
import { readFile } from "node:fs/promises";
import { EphytoParseError } from "../api/ephyto/parse";
import { HUB_INGEST_STI } from "../api/sertifikat/hub";
import { ingestSertifikatIArbeider } from "../api/sertifikat/ingest";
import { loadConfig } from "../server/config";
import { databaseEllerTjeneste, KanIkkeKjoere, medImportApi, postTilTjenesten } from "./tjeneste";

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

type Lagret = { id: number; nummer: string; resultat: string };

const config = loadConfig();
let tilgang: Awaited<ReturnType<typeof databaseEllerTjeneste>>;
try {
  tilgang = await databaseEllerTjeneste(config, "npm run ephyto:import");
} catch (e) {
  if (!(e instanceof KanIkkeKjoere)) throw e;
  console.error(e.message);
  process.exit(2);
}

let lagre: (xml: Uint8Array) => Promise<Lagret>;
let lukk = async () => {};
if ("database" in tilgang) {
  const { db, close } = tilgang.database;
  lagre = (xml) => ingestSertifikatIArbeider(db, xml);
  lukk = close;
} else {
  let url: string;
  try {
    url = medImportApi(tilgang.tjeneste);
  } catch (e) {
    console.error((e as Error).message);
    process.exit(2);
  }
  console.error(`Tjenesten kjører og eier den innebygde databasen: leverer gjennom ${url}${HUB_INGEST_STI}.`);
  lagre = async (xml) => {
    const svar = await postTilTjenesten(`${url}${HUB_INGEST_STI}`, Buffer.from(xml), {
      "content-type": "application/xml",
      "x-api-key": config.hubApiKey,
    });
    return { id: Number(svar.id), nummer: String(svar.nummer), resultat: String(svar.resultat) };
  };
}

let feilet = 0;
try {
  for (const fil of filer) {
    try {
      const { nummer, resultat, id } = await lagre(await lesFil(fil));
      console.log(`${fil}: ${nummer} ${resultat} (id ${id})`);
    } catch (feil) {
      feilet++;
      const melding = feil instanceof Error ? feil.message : String(feil);
      const detaljer = feil instanceof EphytoParseError && feil.detaljer ? ` [${feil.detaljer}]` : "";
      console.log(`${fil}: FEIL ${melding}${detaljer}`);
    }
  }
} finally {
  await lukk();
}
if (feilet > 0) {
  console.error(`${feilet} av ${filer.length} filer feilet.`);
  process.exitCode = 1;
}
