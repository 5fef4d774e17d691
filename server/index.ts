// Composes the service on one port: the Remix app, and in embedded mode also the import API (api/) and
// the development ID-porten (dev/). IMPORT_API_URL, OIDC_ISSUER and DATABASE_URL switch each part to a
// real one (README.md "Konfigurasjon").
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { API_PREFIXES, createApi } from "../api";
import { type EpostSender, lagEpostSender } from "../api/epost/sender";
import { slettUtloepteSesjoner } from "../app/lib/session.server";
import { type DatabaseHandle, openDatabase } from "../db";
import { DatabaseIBruk } from "../db/eier";
import type { EpostFanger } from "../dev/epost/fanger";
import { type Config, KonfigurasjonsFeil, loadConfig } from "./config";
import { ferdigKomprimert, utenFlushPerBit } from "./komprimering";
import { kroppsgrense } from "./kroppsgrense";
import { kunInnlogget } from "./kun-innlogget";
import { FormActionOpphav, securityHeaders } from "./security-headers";

/** In embedded mode a generated session secret is kept in the data directory, so restarts keep sessions. */
function sessionSecret(config: Config): string {
  if (process.env.SESSION_SECRET || config.databaseUrl) return config.sessionSecret;
  const file = path.join(path.dirname(config.dataDir), ".session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Cross-site POSTs are refused by their Origin / Sec-Fetch-Site headers (docs/decisions/003-csrf.md). */
export function sameOriginPosts(config: Config) {
  const appOrigin = new URL(config.appUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const site = req.headers["sec-fetch-site"];
    const origin = req.headers.origin;
    const ownOrigin = `${req.protocol}://${req.headers.host}`;
    const siteOk = !site || site === "same-origin" || site === "none";
    const originOk = !origin || origin === appOrigin || origin === ownOrigin;
    if (siteOk && originOk) return next();
    res
      .status(403)
      .type("text/plain; charset=utf-8")
      .send("Forespørselen kom fra et annet nettsted og ble avvist.");
  };
}

/**
 * Every app action reads a form (lesSkjema): a POST with another body (JSON, XML, text) is 415, not a
 * 500 from request.formData(). The API (bearer tokens, JSON) is mounted before this and is not affected.
 */
export function bareSkjemaPosts(req: Request, res: Response, next: NextFunction) {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  const type = req.headers["content-type"];
  if (!type || req.is(["application/x-www-form-urlencoded", "multipart/form-data"])) return next();
  res
    .status(415)
    .type("text/plain; charset=utf-8")
    .send(
      "Skjemaet må sendes som et vanlig skjema (application/x-www-form-urlencoded eller multipart/form-data).",
    );
}

export interface StartedServer {
  config: Config;
  database: DatabaseHandle;
  close(): Promise<void>;
  url: string;
}

export async function startServer(config: Config = loadConfig()): Promise<StartedServer> {
  // loadConfig refuses these already; a hand-built Config must not slip the stand-ins into production.
  if (
    config.production &&
    !config.demo &&
    (config.embeddedIdporten || config.embeddedApi || config.embeddedEpost)
  ) {
    throw new KonfigurasjonsFeil([
      "Utviklings-ID-porten, det innebygde import-API-et og e-postfangeren kjører bare med DEMO_MODE.",
    ]);
  }
  config.sessionSecret = sessionSecret(config);
  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  // The service owns an embedded database; a command holding it briefly (npm run seed) is waited for.
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    eier: { rolle: "tjeneste", api: config.embeddedApi, kommando: "npm start", ventMs: 60_000 },
  });
  // The development stand-ins in dev/ are loaded only when they run: production (IMPORT_API_URL, OIDC_ISSUER,
  // SMTP_URL set) never loads them, nor oidc-provider (docs/decisions/023-produksjon-kjoerer-kompilert-kode.md).
  if (config.seedDemoData) {
    const { erTom, seedDemoData } = await import("../dev/seed");
    if (await erTom(database.db)) {
      console.log("Tom database: legger inn demodata …");
      await seedDemoData(database.db);
    }
  }

  // With a real ID provider its endpoints may be on other hosts than the issuer: the CSP's form-action
  // learns them from the discovery document (retried every minute until it is read). The development
  // ID-porten lives on the issuer's own origin.
  const formAction = new FormActionOpphav(config.oidc.issuer);
  let oppdagelse: NodeJS.Timeout | undefined;
  if (!config.embeddedIdporten && !(await formAction.oppdag())) {
    console.warn(`Kunne ikke lese OIDC-oppdagelsen for ${config.oidc.issuer}; prøver igjen hvert minutt.`);
    oppdagelse = setInterval(() => {
      formAction.oppdag().then((ok) => ok && clearInterval(oppdagelse));
    }, 60_000);
    oppdagelse.unref();
  }

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");
  app.use(securityHeaders(config, formAction));

  // Static files before the compression middleware: the build wrote brotli and gzip copies of them
  // (vite.config.ts), served as they are (komprimering.ts, docs/decisions/015-performance.md).
  const viteDev = !config.production && process.env.VITE_DEV === "1";
  const buildDir = process.env.BUILD_DIR ?? "build";
  if (!viteDev) {
    app.use("/assets", ferdigKomprimert(`${buildDir}/client/assets`));
    app.use("/assets", express.static(`${buildDir}/client/assets`, { immutable: true, maxAge: "1y" }));
    app.use(ferdigKomprimert(`${buildDir}/client`));
    app.use(express.static(`${buildDir}/client`, { maxAge: "1h" }));
  }
  app.use(compression());

  if (config.embeddedIdporten) {
    const issuer = new URL(config.oidc.issuer);
    app.use(
      issuer.pathname,
      await (await import("../dev/idporten")).createDevIdporten({
        issuer: config.oidc.issuer,
        clients: [
          {
            client_id: config.oidc.clientId,
            client_secret: config.oidc.clientSecret,
            redirect_uris: [config.oidc.redirectUri],
            post_logout_redirect_uris: [config.oidc.postLogoutRedirectUri],
          },
        ],
        persons: (await import("../dev/demo-data")).DEMO_PERSONER,
        apiAudience: config.apiAudience,
        cookieKeys: [config.sessionSecret],
        accessTokenTtlSeconds: 2 * 60 * 60,
      }),
    );
  }
  if (config.embeddedApi) {
    const api = createApi({
      db: database.db,
      auth: { issuer: config.oidc.issuer, audience: config.apiAudience },
      hubApiKey: config.hubApiKey,
      myndighetApiKey: config.myndighetApiKey,
      epostNedeVarselMs: config.epost.nedeVarselMs,
      features: config.features,
    });
    // Mounted without stripping the prefix: the API answers exactly the paths of SPEC §7.
    app.use((req, res, next) =>
      API_PREFIXES.some((p) => req.path === p || req.path.startsWith(`${p}/`)) ? api(req, res, next) : next(),
    );
  }

  app.use(sameOriginPosts(config));
  app.use(bareSkjemaPosts);
  // A form post larger than a form can be is 413 before it is read (issue 22, server/kroppsgrense.ts).
  app.use(kroppsgrense(config));

  // E-mail alerts: the outbox sender runs beside the import API; without SMTP_URL it sends to the
  // development mail catcher, whose pages are under /dev/epost (docs/decisions/012-epostvarsler.md).
  let fanger: EpostFanger | undefined;
  let sender: EpostSender | undefined;
  if (config.embeddedApi) {
    if (config.embeddedEpost) {
      const { FANGER_STI, startEpostFanger } = await import("../dev/epost/fanger");
      fanger = await startEpostFanger({ db: database.db, port: config.epost.fangerPort });
      // Its pages only beside the development ID-porten, and only when logged in through it (issue 22).
      if (config.embeddedIdporten) app.use(FANGER_STI, kunInnlogget(config, database.db), fanger.router);
    }
    const smtpUrl = config.smtpUrl ?? fanger?.smtpUrl;
    if (smtpUrl) {
      sender = lagEpostSender({
        db: database.db,
        smtpUrl,
        avsender: config.epost.avsender,
        appUrl: config.appUrl,
        samlevinduMs: config.epost.samlevinduMs,
        maksForsoek: config.epost.maksForsoek,
        ventetidMs: config.epost.ventetidMs,
        pollMs: config.epost.pollMs,
      });
      sender.start();
    }
  }

  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (viteDev) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(viteServer.middlewares);
    build = () => viteServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
  } else {
    build = (await import(path.resolve(buildDir, "server/index.js"))) as ServerBuild;
  }

  app.all(
    "*",
    utenFlushPerBit,
    createRequestHandler({
      build,
      mode: config.production ? "production" : "development",
      getLoadContext: (req, res) => ({
        config,
        db: database.db,
        cspNonce: String(res.locals.cspNonce),
        sesjonPerForespoersel: new Map(),
        // Rate limits per client address (issue 22, app/lib/grense.server.ts).
        klientIp: req.ip,
      }),
    }),
  );

  // A path that cannot be decoded (/%ZZ) is an unknown path too: home (SPEC §2), not Express's error page.
  app.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (err instanceof URIError) return res.redirect(302, "/");
    next(err);
  });

  const cleanup = setInterval(
    () => {
      slettUtloepteSesjoner(database.db).catch((e) => console.error("Sletting av sesjoner feilet", e));
    },
    10 * 60 * 1000,
  );
  cleanup.unref();

  const server = app.listen(config.port, config.host);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("listening", resolve);
      server.once("error", reject);
    });
  } catch (e) {
    await sender?.stop();
    await fanger?.close();
    await database.close();
    throw e;
  }
  // The command-line tools read this address from the owner file and deliver through the service.
  const adresse = server.address();
  if (adresse && typeof adresse === "object") {
    const vert = ["0.0.0.0", "::", ""].includes(adresse.address)
      ? "127.0.0.1"
      : adresse.family === "IPv6"
        ? `[${adresse.address}]`
        : adresse.address;
    database.eierskap?.oppdater({ url: `http://${vert}:${adresse.port}` });
  }
  return {
    config,
    database,
    url: config.appUrl,
    async close() {
      clearInterval(cleanup);
      clearInterval(oppdagelse);
      await sender?.stop();
      await fanger?.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
    },
  };
}

const isMain =
  process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  startServer()
    .then(async ({ config, close }) => {
      // Ctrl+C and a stop from the process manager close the database properly and free it for the tools.
      for (const signal of ["SIGINT", "SIGTERM"] as const) {
        process.once(signal, () => {
          console.log("\nStopper …");
          // Open keep-alive connections must not keep the process (and the database) forever.
          setTimeout(() => process.exit(1), 10_000).unref();
          close().then(
            () => process.exit(0),
            (e) => {
              console.error("Stopp feilet:", e);
              process.exit(1);
            },
          );
        });
      }
      console.log(`\nDigital forhåndsmelding kjører på ${config.appUrl}`);
      if (config.demo) {
        console.warn(
          "\nDEMO_MODE: produksjonsbygg med de innebygde utviklingstjenestene (ID-porten for test, import-API med demodata og kjente nøkler). Ikke for ekte brukere.",
        );
      }
      if (config.embeddedEpost && config.embeddedApi && config.embeddedIdporten) {
        const { FANGER_STI } = await import("../dev/epost/fanger");
        console.log(`\nE-postvarsler går til e-postfangeren for utvikling: ${config.appUrl}${FANGER_STI}`);
      }
      if (config.embeddedIdporten) {
        console.log("\nTestpersoner i utviklings-ID-porten:");
        const { DEMO_PERSONER } = await import("../dev/demo-data");
        for (const p of DEMO_PERSONER) console.log(`  ${p.pid}  ${p.navn.padEnd(16)} ${p.beskrivelse}`);
      }
      console.log("");
    })
    .catch((e) => {
      if (e instanceof KonfigurasjonsFeil || e instanceof DatabaseIBruk)
        console.error(`Oppstart feilet. ${e.message}`);
      else console.error("Oppstart feilet:", e);
      process.exit(1);
    });
}
