// The `web` role: the Remix app, with its static files, security headers, the same-origin and form-only checks
// on posts, and in embedded mode the development ID-porten (dev/) on the same port. It talks to the import API
// over HTTP (config.importApiUrl): in this process when the `api` role runs here, else at IMPORT_API_URL.
import { readdirSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type Express, type NextFunction, type Request, type Response } from "express";
import { slettUtloepteSesjoner } from "../app/lib/session.server";
import type { Db } from "../db";
import { grenseteller } from "../db/grense";
import type { Config } from "./config";
import { ferdigKomprimert, utenFlushPerBit } from "./komprimering";
import { kroppsgrense } from "./kroppsgrense";
import type { Logger } from "./logg";
import { remixRutefinner } from "./rute";
import { samtidigeSider } from "./samtidige";
import { FormActionOpphav, securityHeaders } from "./security-headers";

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

/**
 * The first half of the web role, before the import API in a combined process: security headers, static files
 * (the build's precompressed copies, komprimering.ts), compression, and the development ID-porten.
 */
export async function monterWebFoerApi(
  app: Express,
  opts: { config: Config; logger: Logger },
): Promise<{ close(): void }> {
  const { config, logger } = opts;
  // With a real ID provider its endpoints may be on other hosts than the issuer: the CSP's form-action
  // learns them from the discovery document (retried every minute until it is read). The development
  // ID-porten lives on the issuer's own origin.
  const formAction = new FormActionOpphav(config.oidc.issuer);
  let oppdagelse: NodeJS.Timeout | undefined;
  if (!config.embeddedIdporten && !(await formAction.oppdag())) {
    logger.warn(`Kunne ikke lese OIDC-oppdagelsen for ${config.oidc.issuer}; prøver igjen hvert minutt.`);
    oppdagelse = setInterval(() => {
      formAction.oppdag().then((ok) => ok && clearInterval(oppdagelse));
    }, 60_000);
    oppdagelse.unref();
  }
  app.use(securityHeaders(config, formAction));

  // Static files before the compression middleware: the build wrote brotli and gzip copies of them
  // (vite.config.ts), served as they are (komprimering.ts, docs/decisions/015-performance.md).
  if (!viteDev(config)) app.use(statiskeFiler(config.buildDir));
  // HTML is compressed per response: brotli quality 3 instead of the default 4 (browsers; ADR 062), gzip level 1
  // instead of the default 6 (other clients): 0.1–0.3 ms less CPU per page than level 4 for 6–9 % more bytes
  // of gzip (a page's HTML is 19–66 KB; issue 35 item 2, ADR 074).
  app.use(compression({ level: 1, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } } }));

  if (config.embeddedIdporten) {
    const issuer = new URL(config.oidc.issuer);
    app.use(
      issuer.pathname,
      (_req, res, next) => {
        res.locals.rute = `${issuer.pathname}/*`;
        next();
      },
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
  return { close: () => clearInterval(oppdagelse) };
}

const viteDev = (config: Config) => config.viteDev;

/**
 * The build's client files (build/client: /assets/*, the favicon, the logo, the documents). The build does not
 * change while the process runs, so a path whose first part is none of the folder's names is passed on at once:
 * a page is not looked for on disk first (a stat and an error object per page view, issue 35 item 2).
 */
function statiskeFiler(buildDir: string) {
  const rot = `${buildDir}/client`;
  const navn = new Set(readdirSync(rot));
  const filer = express.Router();
  filer.use((_req, res, next) => {
    res.locals.rute = "statisk";
    next();
  });
  filer.use("/assets", ferdigKomprimert(`${rot}/assets`));
  filer.use("/assets", express.static(`${rot}/assets`, { immutable: true, maxAge: "1y" }));
  filer.use(ferdigKomprimert(rot));
  filer.use(express.static(rot, { maxAge: "1h" }));
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const foerste = req.path.split("/", 2)[1] ?? "";
    let del = foerste;
    try {
      del = decodeURIComponent(foerste);
    } catch {
      // not a file name: the page handler answers it
    }
    if (navn.has(del)) return filer(req, res, next);
    next();
  };
}

/**
 * The second half: the checks on posts, the development mail catcher's pages (when it runs in this process),
 * and the Remix request handler for every other path. Expired sessions are cleared every ten minutes.
 */
export async function monterWeb(
  app: Express,
  opts: { config: Config; db: Db; logger: Logger; ekstra?: (app: Express) => void },
): Promise<{ close(): void }> {
  const { config, db, logger } = opts;
  app.use(sameOriginPosts(config));
  app.use(bareSkjemaPosts);
  // A form post larger than a form can be is 413 before it is read (issue 22, server/kroppsgrense.ts).
  app.use(kroppsgrense(config));
  opts.ekstra?.(app);

  const teller = grenseteller(db);
  let build: ServerBuild | (() => Promise<ServerBuild>);
  let rute: (sti: string) => string | undefined = () => undefined;
  if (viteDev(config)) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(viteServer.middlewares);
    build = () => viteServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
  } else {
    const { buildDir } = config;
    const ferdig = (await import(path.resolve(buildDir, "server/index.js"))) as ServerBuild;
    build = ferdig;
    rute = remixRutefinner(ferdig);
  }

  app.all(
    "*",
    (req, res, next) => {
      res.locals.rute = rute(req.path) ?? "ukjent";
      next();
    },
    // at most config.samtidigeSider pages at once, the rest in arrival order (ADR 083)
    samtidigeSider(config.samtidigeSider),
    utenFlushPerBit,
    createRequestHandler({
      build,
      // Always production: in development mode Remix sends a failed request's stack trace (with the machine's
      // paths) to the browser, also for a post to a page without an action (issue 34 item 6), and `npm start`
      // runs in development mode. The stack of a real error is in the log (app/entry.server.tsx handleError).
      mode: "production",
      getLoadContext: (req, res) => ({
        config,
        db,
        cspNonce: String(res.locals.cspNonce),
        sesjonPerForespoersel: new Map(),
        forespoerselId: String(req.id ?? ""),
        logger: req.log ?? logger,
        // Rate limits per client address (issue 22, app/lib/grense.server.ts).
        klientIp: req.ip,
        grenseteller: teller,
      }),
    }),
  );

  // A path that cannot be decoded (/%ZZ) is an unknown path too: home (SPEC §2), not Express's error page.
  app.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (err instanceof URIError) return res.redirect(302, "/");
    next(err);
  });

  const opprydding = setInterval(
    () => {
      slettUtloepteSesjoner(db).catch((e) => logger.error({ err: e }, "Sletting av sesjoner feilet"));
    },
    10 * 60 * 1000,
  );
  opprydding.unref();
  return { close: () => clearInterval(opprydding) };
}
