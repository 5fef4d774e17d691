// `npm run ephyto:import -- FILE...`: reads ePhyto certificate XML files into the configured database
// through the same code path as the Hub endpoint. One line per file; exit code 1 when any file failed.
// While a service runs the development ePhyto Hub (npm start without HUB_URL, ADR 044), each file is delivered
// to that Hub as an exporting country would (DeliverEnvelope), and the service's puller takes it from there;
// the command waits for the Hub to say whether it was received or refused. Otherwise: with DATABASE_URL it
// writes to that PostgreSQL; with the embedded database it opens data/ only when no other process owns it, and
// while the service runs, it delivers each file to the service's Hub endpoint instead
// (docs/decisions/016-en-eier-av-den-innebygde-databasen.md).
import { readFile } from "node:fs/promises";
import { lagHubKlient, lesPem } from "../api/ephyto/hub-klient";
import { EphytoParseError, parseEphyto } from "../api/ephyto/parse";
import { HUB_INGEST_STI } from "../api/sertifikat/hub";
import { ingestSertifikatIArbeider } from "../api/sertifikat/ingest";
import { finnLand } from "../domain/kodeverk";
import { loadConfig } from "../server/config";
import {
  databaseEllerTjeneste,
  KanIkkeKjoere,
  medImportApi,
  postTilTjenesten,
  type Utviklingshub,
  utviklingshub,
} from "./tjeneste";

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

/**
 * Delivers one certificate to the development Hub for Norway, from its export country, and waits (at most
 * 30 s) for the service's puller to acknowledge it. The line to print, or an Error when it was refused.
 */
async function leverTilHuben(hub: Utviklingshub, xml: Uint8Array): Promise<string> {
  let s: ReturnType<typeof parseEphyto>;
  try {
    s = parseEphyto(xml);
  } catch (feil) {
    if (!(feil instanceof EphytoParseError)) throw feil;
    throw new Error(`${feil.message} (ikke levert til huben)`);
  }
  const fra = finnLand(s.eksportLand?.kode ?? s.konvolutt?.fra)?.alpha2;
  if (!fra)
    throw new Error("Sertifikatet mangler eksportland, som huben trenger i konvolutten (ikke levert)");
  const klient = await lagHubKlient({
    url: hub.url,
    sertifikat: lesPem(hub.eksportoer.cert),
    noekkel: lesPem(hub.eksportoer.key),
    ca: lesPem(hub.ca),
    tidsavbruddMs: 30_000,
  });
  const hode = await klient.lever({
    fra,
    til: "NO",
    sertifikattype: s.typeKode ?? "851",
    sertifikatstatus: s.statusKode ?? "70",
    nppoSertifikatnummer: s.nummer,
    // As many national systems send it: the document's own bytes, base64.
    innhold: Buffer.from(xml).toString("base64"),
  });
  const nr = hode.hubLeveringsnummer ?? "";
  const frist = Date.now() + 30_000;
  while (Date.now() < frist) {
    const sporing = await klient.sporing(nr);
    if (sporing?.sporing === "Delivered") return `${s.nummer} mottatt gjennom huben (${nr})`;
    if (sporing?.sporing === "FailedDelivery") {
      throw new Error(`Avvist av tjenesten gjennom huben (${nr}): ${sporing.feilmelding ?? "uten årsak"}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return `${s.nummer} levert til huben (${nr}), ikke hentet ennå`;
}

const hub = utviklingshub(config.dataDir);
if (hub) {
  console.error(`Utviklingshuben kjører: leverer som eksportland gjennom ${hub.url}.`);
  let feilet = 0;
  for (const fil of filer) {
    try {
      console.log(`${fil}: ${await leverTilHuben(hub, await lesFil(fil))}`);
    } catch (feil) {
      feilet++;
      console.log(`${fil}: FEIL ${feil instanceof Error ? feil.message : String(feil)}`);
    }
  }
  if (feilet > 0) console.error(`${feilet} av ${filer.length} filer feilet.`);
  process.exit(feilet > 0 ? 1 : 0);
}

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
  lagre = (xml) => ingestSertifikatIArbeider(db, xml, { utviklingssett: config.utviklingssettTillatt });
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
