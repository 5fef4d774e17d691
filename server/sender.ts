// The `sender` role: the e-mail outbox worker (docs/decisions/012-epostvarsler.md), the webhook sender
// (docs/decisions/036-hendelser-og-webhooker.md) and the ePhyto Hub puller (docs/decisions/044-sertifikater-fra-huben.md,
// server/hub-henter.ts). It takes due alerts with
// FOR UPDATE SKIP LOCKED, so any number of senders can run against one PostgreSQL server. Without SMTP_URL
// (embedded mode only) it sends to the development mail catcher, an SMTP server in this process whose pages
// the web role shows under /dev/epost.
import { type EpostSender, type EpostSenderOptions, lagEpostSender } from "../api/epost/sender";
import { lagWebhookSender, type WebhookSenderOptions } from "../api/hendelser/sender";
import { lagOpprydding } from "../api/opprydding";
import type { EnhetsregisterKlient } from "../api/registre/enhetsregisteret";
import { lagEnhetsoppdatering } from "../api/registre/oppdateringer";
import type { Db } from "../db";
import type { EpostFanger } from "../dev/epost/fanger";
import type { Config } from "./config";
import { startHubHenter } from "./hub-henter";
import type { Logger } from "./logg";
import type { Metrikker } from "./metrikker";

export interface SenderDel {
  fanger?: EpostFanger;
  /** The catcher's pages, for the web role to mount (embedded mode). */
  fangerSider?: { sti: string; router: EpostFanger["router"] };
  /** The development ePhyto Hub's address, when it runs in this process (ADR 044). */
  utviklingshub?: string;
  /** Starts taking alerts (after the schema is up to date). */
  start(): void;
  /** Stops taking alerts, finishes the message being sent and releases the rest of its claim. */
  stopp(): Promise<void>;
  close(): Promise<void>;
}

/** The webhook sender's settings from the configuration (docs/decisions/036-hendelser-og-webhooker.md). */
export function webhookOppsett(config: Config, db: Db): WebhookSenderOptions {
  return {
    db,
    noekkel: config.webhook.noekkel,
    policy: { tillatLokal: config.webhook.tillatLokal },
    tidsavbruddMs: config.webhook.tidsavbruddMs,
    maksForsoek: config.webhook.maksForsoek,
    ventetidMs: config.webhook.ventetidMs,
    pauseEtter: config.webhook.pauseEtter,
    pollMs: config.webhook.pollMs,
  };
}

/** The sender's settings from the configuration (the role here, and `npm run epost:send`). */
export function senderOppsett(config: Config, db: Db, smtpUrl: string): EpostSenderOptions {
  return {
    db,
    smtpUrl,
    avsender: config.epost.avsender,
    appUrl: config.appUrl,
    samlevinduMs: config.epost.samlevinduMs,
    maksForsoek: config.epost.maksForsoek,
    ventetidMs: config.epost.ventetidMs,
    pollMs: config.epost.pollMs,
    leieMs: config.epost.leieMs,
    tidsavbruddMs: config.epost.tidsavbruddMs,
  };
}

export async function startSender(opts: {
  config: Config;
  db: Db;
  metrikker: Metrikker;
  logg?: Logger;
  /** Enhetsregisteret's client: the update feed keeps our copy of the units current (ADR 042). */
  enhetsregister?: EnhetsregisterKlient;
}): Promise<SenderDel> {
  const { config, db, metrikker } = opts;
  let fanger: EpostFanger | undefined;
  let fangerSider: SenderDel["fangerSider"];
  if (config.embeddedEpost) {
    const { FANGER_STI, startEpostFanger } = await import("../dev/epost/fanger");
    fanger = await startEpostFanger({ db, port: config.epost.fangerPort });
    fangerSider = { sti: FANGER_STI, router: fanger.router };
  }
  const smtpUrl = config.smtpUrl ?? fanger?.smtpUrl;
  let sender: EpostSender | undefined;
  if (smtpUrl) {
    sender = lagEpostSender({
      ...senderOppsett(config, db, smtpUrl),
      paaUtfall: (utfall) => (utfall === "SENDT" ? metrikker.epostSendt() : metrikker.epostFeilet(utfall)),
      logg: opts.logg,
    });
  }
  // The webhooks of the importers' events (ADR 036), from the same role.
  const webhooker = lagWebhookSender({ ...webhookOppsett(config, db), logg: opts.logg });
  // Certificates pulled from the IPPC ePhyto Hub (ADR 044), from the same role.
  const hub = await startHubHenter({ config, db, metrikker, logg: opts.logg });
  // Enhetsregisteret's update feed (ADR 042): one runner at a time across processes, stops on SIGTERM.
  const enheter =
    opts.enhetsregister &&
    lagEnhetsoppdatering({
      db,
      klient: opts.enhetsregister,
      intervallMs: config.registre.oppdateringMs,
      maaler: metrikker.enhetsoppdatering,
      logg: opts.logg,
    });
  // The retention of transient rows (ADR 053): one process at a time, bounded batches.
  const o = config.opprydding;
  const opprydding = o.paa
    ? lagOpprydding({ db, ...o, maaler: metrikker.opprydding, logg: opts.logg })
    : undefined;
  return {
    fanger,
    fangerSider,
    utviklingshub: hub?.utviklingshub,
    start: () => {
      sender?.start();
      webhooker.start();
      enheter?.start();
      hub?.start();
      opprydding?.start();
    },
    stopp: async () => {
      await Promise.all([
        sender?.stop(),
        webhooker.stop(),
        enheter?.stopp(),
        hub?.stopp(),
        opprydding?.stopp(),
      ]);
    },
    close: async () => {
      await Promise.all([
        sender?.stop(),
        webhooker.stop(),
        enheter?.stopp(),
        hub?.close(),
        opprydding?.stopp(),
      ]);
      await fanger?.close();
    },
  };
}
