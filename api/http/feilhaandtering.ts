// The last middleware of the API: every error becomes problem details (feil.ts) — validation, the JSON body
// parser's errors, the worker pool's (ADR 018) and the registers' (ADR 042); unknown errors are logged, not leaked.
import type { NextFunction, Request, Response } from "express";
import { ZodError } from "zod";
import { REGISTER_UTILGJENGELIG } from "../../domain/problem";
import { oversetter } from "../../sprak/katalog.server";
import { melding } from "../../sprak/melding";
import { ArbeidAvbrutt, ArbeidFeil, ArbeidOpptatt } from "../arbeid/feil";
import { RegisterUtilgjengelig } from "../registre/motstand";
import { ApiError, SprakFeil, sendError } from "./feil";
import { BARE_UTF8 } from "./json-kropp";
import { sprakForKall } from "./kall";

/** The last middleware: every error becomes problem details; unknown errors are logged, not leaked. */
/**
 * The request's logger (pino-http's, with the request id; server/logg.ts). Absent only where the API runs
 * without the request log (an API mounted bare in a test).
 */
const logg = (req: Request): Request["log"] | undefined => req.log;

export function errorHandler(err: unknown, req: Request, res: Response, _next: NextFunction): void {
  const e = err as { type?: string };
  if (err instanceof SprakFeil) sendError(res, err.status, err.tekst(oversetter(sprakForKall(res.req))));
  else if (err instanceof ApiError) sendError(res.set(err.headere), err.status, err.message, err.utvidelser);
  else if (err instanceof ZodError)
    sendError(res, 400, err.issues[0]?.message ?? melding("api.ugyldigForespoersel"));
  else if (e?.type === "entity.parse.failed") sendError(res, 400, melding("api.ugyldigJson"));
  else if (e?.type === "charset.unsupported" || e?.type === "encoding.unsupported")
    sendError(res, 415, BARE_UTF8);
  else if (e?.type === "entity.too.large") {
    const grense = (err as { limit?: unknown }).limit;
    sendError(
      res,
      413,
      typeof grense === "number"
        ? melding("api.forStorGrense", { kb: Math.round(grense / 1024) })
        : melding("api.forStor"),
    );
  } else if (err instanceof ArbeidOpptatt) {
    res.setHeader("Retry-After", String(err.ventSekunder));
    sendError(res, err.status, err.message);
  } else if (err instanceof ArbeidAvbrutt) {
    // the client went away and reads no answer (ADR 018)
    if (!res.headersSent) res.status(499).end();
  } else if (err instanceof RegisterUtilgjengelig) {
    // Altinn or the register did not answer (ADR 042): a clear 503, never a 500. The reason goes to the log
    // without the person it was about (the message never holds a national identity number).
    logg(req)?.warn(`Registeret svarte ikke: ${err.message}`);
    res.setHeader("Retry-After", "30");
    sendError(res, 503, REGISTER_MELDING[err.register], { type: REGISTER_UTILGJENGELIG });
  } else if (err instanceof ArbeidFeil) {
    logg(req)?.error({ err }, "API-feil i arbeidstråd");
    sendError(res, 503, melding("api.arbeidFeilet"));
  } else {
    logg(req)?.error({ err }, "API-feil");
    sendError(res, 500, melding("api.serverfeil"));
  }
}

/** What the user is told when a register the service depends on does not answer (ADR 042). */
export const REGISTER_MELDING: Record<RegisterUtilgjengelig["register"], string> = {
  altinn: melding("api.registerUtilgjengelig.altinn"),
  maskinporten: melding("api.registerUtilgjengelig.altinn"),
  enhetsregisteret: melding("api.registerUtilgjengelig.enhetsregisteret"),
};
