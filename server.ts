// The process entry: `npm start`, the image and compose.yaml run its build (build/drift/server.js), `npm run dev`
// runs it under tsx. It reads the configuration, starts the roles it names (server/index.ts composes them from
// the parts in server/), stops gracefully on SIGTERM, and tells a person who started it where to go
// (docs/decisions/050-prosessinngang-og-importsirkler.md).
import { DatabaseIBruk } from "./db/eier";
import { type Config, KonfigurasjonsFeil, loadConfig } from "./server/config";
import { startServer } from "./server/index";
import { lagLogger } from "./server/logg";

let config: Config;
try {
  config = loadConfig();
} catch (e) {
  console.error(`Oppstart feilet. ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
const logg = lagLogger(config.loggNivaa, { roller: [...config.roller].join(",") });

try {
  const { close, lokalUrl, metrikkPort, utviklingshub } = await startServer(config, logg);
  // SIGTERM from the process manager, Ctrl+C from a person: a graceful stop that frees the database for the
  // tools. A second signal ends the process at once.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      logg.info({ signal }, "Stopper …");
      for (const s of ["SIGINT", "SIGTERM"] as const) process.once(s, () => process.exit(1));
      setTimeout(() => process.exit(1), config.avslutningMs + 10_000).unref();
      close().then(
        () => {
          logg.info("Stoppet");
          process.exit(0);
        },
        (e) => {
          logg.error({ err: e }, "Stopp feilet");
          process.exit(1);
        },
      );
    });
  }
  logg.info({ adresse: lokalUrl, appUrl: config.appUrl, metrikkPort }, "Digital forhåndsmelding kjører");
  if (!config.production || config.demo) await skrivVelkomst(config, utviklingshub);
} catch (e) {
  if (e instanceof KonfigurasjonsFeil || e instanceof DatabaseIBruk)
    console.error(`Oppstart feilet. ${e.message}`);
  else logg.fatal({ err: e }, "Oppstart feilet");
  process.exit(1);
}

/** A person started it (npm start, the demo image): where to go, in plain words. */
async function skrivVelkomst(config: Config, utviklingshub: string | undefined): Promise<void> {
  if (config.roller.has("web")) console.log(`\nDigital forhåndsmelding kjører på ${config.appUrl}`);
  if (config.demo) {
    console.warn(
      "\nDEMO_MODE: produksjonsbygg med de innebygde utviklingstjenestene (ID-porten for test, import-API med demodata og kjente nøkler). Ikke for ekte brukere.",
    );
  }
  if (config.embeddedEpost && config.roller.has("web") && config.embeddedIdporten) {
    const { FANGER_STI } = await import("./dev/epost/fanger");
    console.log(`\nE-postvarsler går til e-postfangeren for utvikling: ${config.appUrl}${FANGER_STI}`);
  }
  if (utviklingshub) {
    console.log(
      `\nSertifikater hentes fra utviklingshuben (ePhyto Hub) på ${utviklingshub}.\nLever et sertifikat til den som et eksportland: npm run ephyto:import -- FIL.xml`,
    );
  }
  if (config.embeddedIdporten) {
    console.log("\nTestpersoner i utviklings-ID-porten:");
    const { DEMO_PERSONER } = await import("./dev/demo-data");
    for (const p of DEMO_PERSONER) console.log(`  ${p.pid}  ${p.navn.padEnd(16)} ${p.beskrivelse}`);
  }
  console.log("");
}
