// Small HTTP helpers shared by the API's routers: errors as RFC 9457 problem details whose `detail` is the
// message in the caller's language (SPEC §8, ADR 040, ADR 047: Accept-Language, bokmål when absent), async
// handlers. A handler throws a message reference (sprak/melding.ts: `melding("api.fantIkkeMeldingen")`, or a
// validation message of domain/schemas); sendError resolves it for the request. A plain text (an area not yet
// converted) is sent as it is.
import { STATUS_CODES } from "node:http";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { ZodError, type z } from "zod";
import { PROBLEM_TYPE, type Problem, REGISTER_UTILGJENGELIG } from "../domain/problem";
import { harKontrolltegn } from "../domain/text";
import { oversetter } from "../sprak/katalog.server";
import { melding } from "../sprak/melding";
import type { T } from "../sprak/oversetter";
import { type Sprak, STANDARD_SPRAK, sprakFraAcceptLanguage } from "../sprak/sprak";
import { ArbeidAvbrutt, ArbeidFeil, ArbeidOpptatt } from "./arbeid/feil";
import { RegisterUtilgjengelig } from "./registre/motstand";

/** The language of an API call: its Accept-Language (the web app sends its user's), bokmål when absent. */
export const sprakForKall = (req: Request): Sprak => sprakFraAcceptLanguage(req.get("Accept-Language"));

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** A message reference (sprak/melding.ts) or, in an area not yet converted, a Norwegian text. */
    melding: string,
    /** Headers the answer carries (Retry-After on a 429). */
    readonly headere: Record<string, string> = {},
    /** Extension members of the problem details (ADR 040), e.g. `importMeldingId` on a 409. */
    readonly utvidelser: Omit<Partial<Problem>, "type" | "title" | "status" | "detail"> = {},
  ) {
    super(melding);
  }
}

/**
 * A problem whose text needs more of the reader's language than a message's values give (a country's name
 * inside the sentence): made in the caller's language when it is sent; `message` is the bokmål.
 */
export class SprakFeil extends ApiError {
  constructor(
    status: number,
    readonly tekst: (t: T) => string,
  ) {
    super(status, tekst(oversetter(STANDARD_SPRAK)));
  }
}

export const badRequest = (melding: string) => new ApiError(400, melding);
export const notFound = (melding: string) => new ApiError(404, melding);
export const forbidden = (m: string = melding("api.ingenTilgangVirksomhet")) => new ApiError(403, m);
export const unauthorized = (m: string = melding("api.manglerToken")) => new ApiError(401, m);
export const conflict = (melding: string) => new ApiError(409, melding);

/**
 * A list's query string read with its schema (domain/schemas/listefilter.ts); a value that makes no sense is
 * 400 "Ugyldig <parameter>".
 */
export function lesSoek<S extends z.ZodType>(skjema: S, query: unknown): z.output<S> {
  const r = skjema.safeParse(query);
  const parameter = r.success ? undefined : r.error.issues[0]?.path[0];
  if (!r.success) {
    throw badRequest(
      parameter === undefined
        ? melding("api.ugyldigForespoersel")
        : melding("api.ugyldigParameter", { parameter: String(parameter) }),
    );
  }
  return r.data;
}

/** Wraps an async handler so rejections reach the error middleware. */
export function ah<R extends Request = Request>(
  fn: (req: R, res: Response, next: NextFunction) => Promise<unknown>,
): RequestHandler {
  return (req, res, next) => {
    fn(req as R, res, next).catch(next);
  };
}

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

/** RFC 9457 problem details: the status phrase as title, the message as detail (ADR 040). */
export function problem(status: number, detail: string, utvidelser: Partial<Problem> = {}): Problem {
  return { type: "about:blank", title: STATUS_CODES[status] ?? "Error", status, detail, ...utvidelser };
}

/**
 * Answers problem details. `tekst`, a message reference or a text, is resolved in the language of the request's
 * Accept-Language (Content-Language says which).
 */
export function sendError(
  res: Response,
  status: number,
  tekst: string,
  utvidelser: Partial<Problem> = {},
): void {
  const sprak = sprakForKall(res.req);
  res
    .status(status)
    .type(PROBLEM_TYPE)
    .set("Content-Language", sprak)
    .vary("Accept-Language")
    .json(problem(status, oversetter(sprak).melding(tekst), utvidelser));
}

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

export function parseOrgnr(value: string | undefined): string {
  if (!value || !/^\d{9}$/.test(value)) throw badRequest(melding("api.ugyldigOrgnr"));
  return value;
}

/** What an id in a path names, for the message "Ugyldig id for forhåndsmelding" (catalogue api.ugyldigId). */
export type IdHva =
  | "id"
  | "importoer"
  | "forhaandsmelding"
  | "kontrollspoersmaal"
  | "ankomstinformasjon"
  | "epostadresse"
  | "systemtilgang"
  | "webhook";

export function parseId(value: string | undefined, hva: IdHva = "id"): number {
  if (!value || !/^\d{1,15}$/.test(value)) throw badRequest(melding("api.ugyldigId", { hva }));
  return Number(value);
}

export const UGYLDIGE_TEGN = melding("api.ugyldigeTegn");
export const BARE_UTF8 = melding("api.bareUtf8");

/** The first query parameter (name or value, at any depth) holding NUL or another control character. */
function parameterMedKontrolltegn(query: unknown, navn = ""): string | undefined {
  if (typeof query === "string") return harKontrolltegn(query) ? navn : undefined;
  if (query === null || typeof query !== "object") return undefined;
  for (const [k, v] of Object.entries(query)) {
    if (harKontrolltegn(k)) return k;
    const funnet = parameterMedKontrolltegn(v, navn || k);
    if (funnet !== undefined) return funnet;
  }
  return undefined;
}

/**
 * Every API route: a query parameter with NUL or another control character (`?sertifikatnummer=%00`) is 400
 * with a message, before any handler reads it — never a 500 from the database (issue 22).
 */
export function utenKontrolltegnISoek(req: Request, _res: Response, next: NextFunction): void {
  const navn = parameterMedKontrolltegn(req.query);
  next(
    navn === undefined
      ? undefined
      : badRequest(
          navn ? melding("api.kontrolltegnISoek", { parameter: navn }) : melding("api.ugyldigForespoersel"),
        ),
  );
}

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
