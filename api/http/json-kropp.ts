// The shared check of every JSON body after express.json: JSON only, and no text PostgreSQL cannot store.
import type { NextFunction, Request, Response } from "express";
import { melding } from "../../sprak/melding";
import { ApiError, badRequest } from "./feil";

/** NUL (PostgreSQL text cannot hold it) or a UTF-16 surrogate without its pair (not valid UTF-8). */
const HALVT_SURROGATPAR = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const ugyldig = (tekst: string) => tekst.includes("\u0000") || HALVT_SURROGATPAR.test(tekst);

/** Whether a parsed JSON value holds a string (or key) that PostgreSQL cannot store as text. */
export function harUgyldigeTegn(verdi: unknown): boolean {
  const stabel: unknown[] = [verdi];
  while (stabel.length > 0) {
    const v = stabel.pop();
    if (typeof v === "string") {
      if (ugyldig(v)) return true;
    } else if (v !== null && typeof v === "object") {
      for (const [noekkel, barn] of Object.entries(v)) {
        if (ugyldig(noekkel)) return true;
        stabel.push(barn);
      }
    }
  }
  return false;
}

export const UGYLDIGE_TEGN = melding("api.ugyldigeTegn");
export const BARE_UTF8 = melding("api.bareUtf8");

export const BARE_JSON = melding("api.bareJson");

/**
 * The shared check of every JSON body, after express.json: a body that is not JSON is 415 (express.json
 * skipped it, and a handler would read it as empty), and text with NUL bytes or lone surrogates is 400.
 * Routes added later get it without doing anything.
 */
export function jsonKropp(req: Request, _res: Response, next: NextFunction): void {
  const harKropp =
    Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;
  if (harKropp && !["GET", "HEAD", "OPTIONS"].includes(req.method) && !req.is("application/json")) {
    next(new ApiError(415, BARE_JSON));
  } else if (harUgyldigeTegn(req.body)) next(badRequest(UGYLDIGE_TEGN));
  else next();
}
