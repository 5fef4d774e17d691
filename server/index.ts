// The composition root: one build, one image, any mix of roles in one process (docs/decisions/028-roller-og-drift.md).
// The process entry that runs it is server.ts beside this folder (ADR 050).
// ROLES (default all three) picks them: `web` (server/web.ts, the Remix app), `api` (server/api.ts, the import
// API with the Hub and authority endpoints), `sender` (server/sender.ts, the e-mail outbox worker and the ePhyto
// Hub puller, server/hub-henter.ts). Every process answers /healthz and /readyz (server/helse.ts), logs one JSON
// line per request (server/logg.ts), serves Prometheus metrics on METRICS_PORT (server/metrikker.ts) and stops
// gracefully on SIGTERM. In embedded mode (no DATABASE_URL, OIDC_ISSUER, SMTP_URL, HUB_URL) the development
// stand-ins in dev/ run in the same process.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import express, { type Express, type NextFunction, type Request, type Response } from "express";
import { sendError } from "../api/http/feil";
import { type DatabaseHandle, openDatabase } from "../db";
import { manglendeMigreringer, migrateToLatest } from "../db/migrate";
import { erApiSti, monterApi } from "./api";
import { type Config, KonfigurasjonsFeil, loadConfig } from "./config";
import { type Helse, lagHelse } from "./helse";
import { kunInnlogget } from "./kun-innlogget";
import { forespoerselslogg, type Logger, lagLogger } from "./logg";
import { lagMetrikker, type Metrikker, startMetrikkServer } from "./metrikker";
import { gjeldendeVersjonsnummer, regelsettVedOppstart } from "./regelsett";
import { monterRegistre, type RegistreDel, startRegistre } from "./registre";
import { ruteFor } from "./rute";
import { type SenderDel, startSender } from "./sender";
import { monterWeb, monterWebFoerApi } from "./web";

export { bareSkjemaPosts, sameOriginPosts } from "./web";

/** DATA_DIR=memory:// keeps the embedded database in memory only (tests). */
const MINNE = "memory://";

/** In embedded mode a generated session secret is kept in the data directory, so restarts keep sessions. */
function sessionSecret(config: Config): string {
  if (config.sessionSecretSatt || config.databaseUrl || config.dataDir === MINNE) return config.sessionSecret;
  const file = path.join(path.dirname(config.dataDir), ".session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export interface StartedServer {
  config: Config;
  database: DatabaseHandle;
  url: string;
  /** The address the process listens on (the public port). */
  lokalUrl: string;
  /** The metrics server's port, when METRICS_PORT is set. */
  metrikkPort?: number;
  /** The development ePhyto Hub's SOAP address, when it runs in this process (ADR 044). */
  utviklingshub?: string;
  helse: Helse;
  metrikker: Metrikker;
  /** Requests received since start, and in flight now (the graceful stop waits for these). */
  forespoersler: { mottatt(): number; iGang(): number };
  /**
   * Graceful stop (SIGTERM): readiness turns false at once, new work is refused, requests in flight finish
   * (at most config.avslutningMs), the sender releases what it claimed, and the database is closed.
   */
  close(): Promise<void>;
}

export async function startServer(config: Config = loadConfig(), logger?: Logger): Promise<StartedServer> {
  const logg = logger ?? lagLogger(config.loggNivaa, { roller: [...config.roller].join(",") });
  const { roller } = config;
  const web = roller.has("web");
  const api = roller.has("api");
  const sender = roller.has("sender");
  sjekkOppsett(config, logg);
  if (web) config.sessionSecret = sessionSecret(config);
  if (!config.databaseUrl && config.dataDir !== MINNE) mkdirSync(config.dataDir, { recursive: true });
  // The service owns an embedded database; a command holding it briefly (npm run seed) is waited for.
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgOptions: config.pgOptions,
    migrate: false,
    eier: { rolle: "tjeneste", api, kommando: "npm start", ventMs: 60_000 },
    logg,
  });
  const ressurser: { close(): unknown }[] = [];
  const rydd = async () => {
    for (const r of ressurser.reverse()) await r.close();
    await database.close();
  };
  let server: Server | undefined;
  try {
    if (config.migrerVedOppstart) {
      const utfoert = await migrateToLatest(database.db);
      if (utfoert.length > 0) logg.info({ migreringer: utfoert }, "Databasen er migrert");
    }
    if (config.seedDemoData) await seedHvisTom(database, logg);

    // The risk rules (ADR 046): the development set in development and a demo; a warning without approved ones.
    if (api) await regelsettVedOppstart(database.db, config, logg);
    const utboks = sender ? database.db : undefined;
    const hub = config.hub.henting ? utboks : undefined;
    const metrikker = lagMetrikker({
      roller,
      utboks,
      pool: database.pool,
      hub,
      regelsett: api ? () => gjeldendeVersjonsnummer(database.db, config) : undefined,
    });
    // Altinn and Enhetsregisteret (ADR 042): the clients, and in embedded mode their stand-ins on this port.
    let egenUrl = `http://127.0.0.1:${config.port}`;
    const registre: RegistreDel | undefined =
      api || sender
        ? await startRegistre({ config, db: database.db, metrikker, logg, egenUrl: () => egenUrl })
        : undefined;
    const egenApi = api && config.importApiUrl === `http://127.0.0.1:${config.port}`;
    const helse = lagHelse({
      db: database.db,
      importApiUrl: web && !egenApi ? config.importApiUrl : undefined,
      utboks: sender,
    });
    const senderDel: SenderDel | undefined = sender
      ? await startSender({
          config,
          db: database.db,
          metrikker,
          logg,
          enhetsregister: registre?.registre.enhetsregister,
        })
      : undefined;
    if (senderDel) ressurser.push(senderDel);
    // With the schema behind (migrations left to `npm run db:migrate`) the sender waits; readiness says why.
    const senderVenter = senderDel ? ventPaaSkjema(database, logg) : Promise.resolve();

    const app = express();
    app.disable("x-powered-by");
    app.set("trust proxy", config.trustProxy);
    const avslutning = avslutningsvakt(web && api);
    app.use(avslutning.middleware);
    app.use(metrikker.forespoersler(ruteFor));
    app.use(forespoerselslogg(logg, { rute: ruteFor, del: (req) => (erApiSti(req.path) ? "api" : "web") }));
    app.use(helse.router);
    if (registre) monterRegistre(app, registre);
    if (web) ressurser.push(await monterWebFoerApi(app, { config, logger: logg }));
    if (api) {
      await monterApi(app, { config, db: database.db, metrikker, tilgang: registre?.registre.tilgang });
    }
    if (web) {
      const sider = senderDel?.fangerSider;
      ressurser.push(
        await monterWeb(app, {
          config,
          db: database.db,
          logger: logg,
          // The mail catcher's pages only beside the development ID-porten, and only for a person logged in
          // through it (issue 22, server/kun-innlogget.ts).
          ekstra:
            sider && config.embeddedIdporten
              ? (a: Express) => a.use(sider.sti, kunInnlogget(config, database.db), sider.router)
              : undefined,
        }),
      );
    } else {
      app.use((_req: Request, res: Response) => {
        sendError(res, 404, "Fant ikke ressursen");
      });
    }
    app.use(sisteFeil);

    server = medLangKeepAlive(app.listen(config.port, config.host));
    const lytter = server;
    await new Promise<void>((resolve, reject) => {
      lytter.once("listening", resolve);
      lytter.once("error", reject);
    });
    const metrikkServer =
      config.metricsPort === undefined
        ? undefined
        : await startMetrikkServer(metrikker, config.metricsPort, config.host);
    if (metrikkServer) ressurser.push(metrikkServer);
    void senderVenter.then(() => senderDel?.start());

    // The command-line tools read this address from the owner file and deliver through the service.
    const lokalUrl = lokalAdresse(lytter);
    egenUrl = `http://127.0.0.1:${(lytter.address() as AddressInfo).port}`;
    database.eierskap?.oppdater({ url: lokalUrl });

    let lukking: Promise<void> | undefined;
    return {
      config,
      database,
      url: config.appUrl,
      lokalUrl,
      metrikkPort: metrikkServer?.port,
      utviklingshub: senderDel?.utviklingshub,
      helse,
      metrikker,
      forespoersler: { mottatt: avslutning.mottatt, iGang: avslutning.iGang },
      close() {
        lukking ??= (async () => {
          helse.avslutter();
          await Promise.all([
            avslutning.tom(lytter, config.avslutningMs),
            // The sender stops at once: the message being sent is finished, the rest of its claim released.
            senderDel?.stopp(),
          ]);
          await rydd();
        })();
        return lukking;
      },
    };
  } catch (e) {
    server?.close();
    await rydd();
    throw e;
  }
}

/** The address this process answers on from this machine (0.0.0.0 and :: as 127.0.0.1). */
function lokalAdresse(lytter: Server): string {
  const adresse = lytter.address() as AddressInfo;
  const vert = ["0.0.0.0", "::", ""].includes(adresse.address)
    ? "127.0.0.1"
    : adresse.family === "IPv6"
      ? `[${adresse.address}]`
      : adresse.address;
  return `http://${vert}:${adresse.port}`;
}

/** The last error handler: anything a part did not answer is logged and gets a plain 500. */
function sisteFeil(feil: unknown, req: Request, res: Response, _next: NextFunction): void {
  req.log?.error({ err: feil }, "Uventet feil");
  if (!res.headersSent) res.status(500).type("text/plain; charset=utf-8").send("Noe gikk galt på serveren.");
}

/** loadConfig refuses these already; a hand-built Config must not slip the stand-ins into production. */
/** The configuration's warnings to the log; in production proper, no development stand-in and no embedded database. */
function sjekkOppsett(config: Config, logg: Logger): void {
  for (const advarsel of config.advarsler) logg.warn(advarsel);
  if (!config.production || config.demo) return;
  const innebygd = config.embeddedIdporten || config.embeddedEpost || config.embeddedMaskinporten;
  if (innebygd || config.registre.innebygd || config.hub.utvikling || !config.databaseUrl) {
    throw new KonfigurasjonsFeil([
      "Utviklings-ID-porten, utviklingsutgavene av Altinn og Enhetsregisteret, utviklingshuben, e-postfangeren og den innebygde databasen kjører bare med DEMO_MODE.",
    ]);
  }
}

/**
 * The demo data on an empty database. The development stand-ins in dev/ are loaded only when they run:
 * production never loads them, nor oidc-provider (docs/decisions/023-produksjon-kjoerer-kompilert-kode.md), and
 * the production build does not have them (docs/decisions/043-ingen-demodata-i-produksjonsbildet.md).
 */
async function seedHvisTom(database: DatabaseHandle, logg: Logger): Promise<void> {
  const { erTom, seedDemoData } = await import("../dev/seed");
  if (await erTom(database.db)) {
    logg.info("Tom database: legger inn demodata …");
    await seedDemoData(database.db);
  }
}

/** Waits until the database has every migration this build knows (checked every two seconds). */
async function ventPaaSkjema(database: DatabaseHandle, logg: Logger): Promise<void> {
  for (let gang = 0; ; gang++) {
    const mangler = await manglendeMigreringer(database.db).catch(() => ["(databasen svarer ikke)"]);
    if (mangler.length === 0) return;
    if (gang % 15 === 0) {
      logg.warn({ mangler }, "Databasen mangler migreringer; venter på npm run db:migrate");
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
}

/**
 * An idle keep-alive connection stays open 65 s (Node's default is 5 s), longer than a load balancer's or an HTTP
 * client's idle limit (commonly 60 s): the client closes first, so a request it sends on a reused connection
 * never meets the server closing that connection at the same moment (ECONNRESET). Shutdown still closes idle
 * connections at once (`avslutningsvakt`).
 */
function medLangKeepAlive(server: Server): Server {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}

/**
 * Refuses new work once the process is stopping, and waits for the requests in flight. A process that runs only
 * some roles stops listening at once (the load balancer retries a refused connection on another instance). One
 * that runs `web` and `api` together (embedded mode) keeps listening while it drains, because a page in flight
 * still calls the API in its own process: such calls carry the page's request id and are let through; every
 * other new request gets 503 and `Connection: close`.
 */
function avslutningsvakt(webOgApi: boolean) {
  const paagaar = new Map<string, number>();
  let mottatt = 0;
  let stopper = false;
  let tom: (() => void) | undefined;
  const antall = () => [...paagaar.values()].reduce((a, b) => a + b, 0);
  return {
    mottatt: () => mottatt,
    iGang: antall,
    middleware(req: Request, res: Response, next: NextFunction) {
      mottatt++;
      const id = typeof req.headers["x-request-id"] === "string" ? req.headers["x-request-id"] : undefined;
      if (stopper) {
        res.setHeader("Connection", "close");
        const underforespoersel = id !== undefined && paagaar.has(id);
        if (!underforespoersel && req.path !== "/healthz" && req.path !== "/readyz") {
          res.setHeader("Retry-After", "5");
          res
            .status(503)
            .type("text/plain; charset=utf-8")
            .send("Tjenesten starter på nytt. Prøv igjen om litt.");
          return;
        }
      }
      const noekkel = id ?? `intern-${randomBytes(8).toString("hex")}`;
      paagaar.set(noekkel, (paagaar.get(noekkel) ?? 0) + 1);
      let ferdig = false;
      const slutt = () => {
        if (ferdig) return;
        ferdig = true;
        const n = (paagaar.get(noekkel) ?? 1) - 1;
        if (n <= 0) paagaar.delete(noekkel);
        else paagaar.set(noekkel, n);
        if (stopper && antall() === 0) tom?.();
      };
      res.once("finish", slutt);
      res.once("close", slutt);
      next();
    },
    /** Stops taking new work and resolves when nothing is in flight, or after `grenseMs`. */
    async tom(server: Server, grenseMs: number): Promise<void> {
      stopper = true;
      const lukket = new Promise<void>((resolve) => {
        if (!server.listening) resolve();
        else server.once("close", () => resolve());
      });
      if (!webOgApi) server.close();
      const drenert = new Promise<void>((resolve) => {
        tom = resolve;
        if (antall() === 0) resolve();
      });
      // Idle keep-alive connections are closed as they become idle; what is still busy at the limit is cut.
      const ledige = setInterval(() => server.closeIdleConnections(), 200);
      const frist = new Promise<void>((resolve) => setTimeout(resolve, grenseMs).unref());
      await Promise.race([drenert, frist]);
      clearInterval(ledige);
      if (server.listening) server.close();
      server.closeAllConnections();
      await lukket;
    },
  };
}
