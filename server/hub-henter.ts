// The Hub puller in the `sender` role (docs/decisions/044-sertifikater-fra-huben.md): certificates pulled from the
// IPPC ePhyto Hub with the NPPO's client certificate (HUB_URL, HUB_KLIENTSERTIFIKAT, HUB_KLIENTNOEKKEL, HUB_CA).
// Without HUB_URL (development, a demo) the development Hub (dev/hub) runs beside it on a TLS port of its own and
// the puller pulls from it, with a client certificate that Hub issued; `npm run ephyto:import` delivers to it
// as an exporting country would. The Hub being down never makes the process unready: the rounds fail, the
// metrics and the log say so, and the envelopes wait at the Hub.
import path from "node:path";
import { type HubTilkobling, hubTilkobling, lagHubKlient } from "../api/ephyto/hub-klient";
import { type HubHendelse, lagHubHenter } from "../api/sertifikat/hub-henter";
import type { Db } from "../db";
import type { Config } from "./config";
import type { Logger } from "./logg";
import type { Metrikker } from "./metrikker";

export interface HubHenterDel {
  /** The development Hub's address, when it runs here. */
  utviklingshub?: string;
  start(): void;
  stopp(): Promise<void>;
  close(): Promise<void>;
}

/** The development Hub's directory: beside the embedded database's (data/hub), none in memory-only mode. */
export function utviklingshubMappe(config: Config): string | undefined {
  return config.dataDir.startsWith("memory://") ? undefined : path.join(path.dirname(config.dataDir), "hub");
}

/** The log line of a puller event: failures as warnings (an invalid envelope is the exporter's to fix). */
function loggHendelse(logg: Logger | undefined, h: HubHendelse): void {
  if (h.type !== "feilet") return;
  const { melding, hubLeveringsnummer } = h;
  if (h.hva === "ugyldig") logg?.warn({ hubLeveringsnummer, melding }, "Konvolutt fra huben avvist");
  else logg?.warn({ hubLeveringsnummer, melding, hva: h.hva }, "Henting fra huben feilet");
}

export async function startHubHenter(opts: {
  config: Config;
  db: Db;
  metrikker: Metrikker;
  logg?: Logger;
}): Promise<HubHenterDel | undefined> {
  const { config, db, metrikker, logg } = opts;
  const hub = config.hub;
  if (!hub.henting) return undefined;
  let tilkobling: HubTilkobling;
  let lukkHub = async () => {};
  let utviklingshub: string | undefined;
  if (hub.utvikling) {
    const { startDevHub } = await import("../dev/hub");
    const devHub = await startDevHub({ mappe: utviklingshubMappe(config), port: hub.utviklingPort });
    const klient = await devHub.klient("NO");
    tilkobling = {
      url: devHub.url,
      sertifikat: klient.cert,
      noekkel: klient.key,
      ca: devHub.ca,
      tidsavbruddMs: hub.tidsavbruddMs,
    };
    lukkHub = devHub.close;
    utviklingshub = devHub.url;
  } else {
    const fraInnstillingene = hubTilkobling(hub);
    if (!fraInnstillingene) return undefined;
    tilkobling = fraInnstillingene;
  }
  const henter = lagHubHenter({
    db,
    klient: () => lagHubKlient(tilkobling),
    intervallMs: hub.intervallMs,
    maksPerRunde: hub.maksPerRunde,
    leieMs: hub.leieMs,
    utviklingssett: config.utviklingssettTillatt,
    paaHendelse: (h) => {
      metrikker.hubHendelse(h);
      loggHendelse(logg, h);
    },
  });
  return {
    utviklingshub,
    start: () => henter.start(),
    stopp: () => henter.stopp(),
    close: async () => {
      await henter.stopp();
      await lukkHub();
    },
  };
}
