// The API's errors as RFC 9457 problem details whose `detail` is the message in the caller's language (SPEC §8,
// ADR 040, ADR 047: Accept-Language, bokmål when absent). A handler throws a message reference
// (sprak/melding.ts: `melding("api.fantIkkeMeldingen")`, or a validation message of domain/schemas); sendError
// resolves it for the request. A plain text (an area not yet converted) is sent as it is.
import { STATUS_CODES } from "node:http";
import type { Response } from "express";
import { PROBLEM_TYPE, type Problem } from "../../domain/problem";
import { oversetter } from "../../sprak/katalog.server";
import { melding } from "../../sprak/melding";
import type { T } from "../../sprak/oversetter";
import { STANDARD_SPRAK } from "../../sprak/sprak";
import { sprakForKall } from "./kall";

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
