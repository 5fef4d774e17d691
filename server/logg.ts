// Structured logs (issue 26 point 5, docs/decisions/028-roller-og-drift.md): one JSON line per request with
// method, route pattern, status, milliseconds and the request id, from pino-http. The request id comes from
// the caller's X-Request-Id when it is a plausible id (a load balancer's, or the web app's when it calls the
// import API), otherwise a new one; it is sent back in X-Request-Id and passed on by the web app to the API,
// so one user action reads as one id across processes. Never logged: query strings, headers, cookies,
// tokens, bodies (a fødselsnummer can only reach a log through one of those).
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, Response } from "express";
import pino, { type Logger } from "pino";
import { pinoHttp } from "pino-http";

export type { Logger } from "pino";

/** The process's logger: JSON lines on stdout (or `destinasjon`), the level as a word, ISO times. */
export function lagLogger(
  nivaa: string,
  felt: Record<string, unknown> = {},
  destinasjon?: pino.DestinationStream,
): Logger {
  return pino(
    {
      level: nivaa,
      base: { pid: process.pid, ...felt },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destinasjon,
  );
}

/** An incoming request id we pass on: letters, digits and . _ : - only, at most 128 characters. */
const GYLDIG_ID = /^[\w.:-]{1,128}$/;

export function forespoerselsId(req: IncomingMessage): string {
  const inn = req.headers["x-request-id"];
  return typeof inn === "string" && GYLDIG_ID.test(inn) ? inn : randomUUID();
}

/** Health probes come every few seconds from the orchestrator: not logged (they are counted in the metrics). */
const HELSE = new Set(["/healthz", "/readyz"]);

/**
 * The request log. `rute` names the route pattern a response belongs to (server/rute.ts); `del` says which
 * part of the process answered (web or api), so the web app's call to an API in the same process reads as
 * two lines with one request id.
 */
export function forespoerselslogg(
  logger: Logger,
  opts: { rute: (req: Request, res: Response) => string; del: (req: Request) => string },
) {
  return pinoHttp({
    logger,
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const id = forespoerselsId(req);
      res.setHeader("X-Request-Id", id);
      return id;
    },
    customAttributeKeys: { reqId: "requestId" },
    quietReqLogger: true,
    quietResLogger: true,
    autoLogging: { ignore: (req) => HELSE.has((req.url ?? "").split("?")[0] ?? "") },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : "info"),
    customSuccessMessage: () => "forespørsel",
    customErrorMessage: () => "forespørsel feilet",
    customSuccessObject: (req, res, verdier: { responseTime: number }) => linje(req, res, verdier, opts),
    customErrorObject: (req, res, _feil, verdier: { responseTime: number }) => linje(req, res, verdier, opts),
  });
}

function linje(
  req: IncomingMessage,
  res: ServerResponse,
  verdier: { responseTime: number },
  opts: { rute: (req: Request, res: Response) => string; del: (req: Request) => string },
) {
  const r = req as Request;
  return {
    del: opts.del(r),
    method: req.method,
    route: opts.rute(r, res as Response),
    status: res.statusCode,
    ms: verdier.responseTime,
  };
}
