// The query string: a list's parameters read with their schema, and the check of every API route that no
// parameter holds a control character.
import type { NextFunction, Request, Response } from "express";
import type { z } from "zod";
import { harKontrolltegn } from "../../domain/text";
import { melding } from "../../sprak/melding";
import { badRequest } from "./feil";

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
