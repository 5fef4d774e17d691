// The import API's rate limits (issue 22, docs/decisions/026-grenser.md): what is counted, per what, and how
// many. The counters are shared by every api process (db/grense.ts). Over a limit the API answers 429 with
// Retry-After and problem details (ADR 040), and logs one line (the limit, the client address, the path; never a
// national identity number).
import { createHash, timingSafeEqual } from "node:crypto";
import type { Request } from "express";
import type { Db } from "../db";
import { erSperret, tell } from "../db/grense";
import { type Grense, grense, grenseMelding, ipNoekkel, type Utfall, ventSekunder } from "../domain/grense";
import { melding } from "../sprak/melding";
import { ApiError, unauthorized } from "./http/feil";
import { ah } from "./http/kall";

/** The limits, each overridable by GRENSE_<NAVN> (README "Konfigurasjon"; `config.grenser`). */
export function apiGrenser(env: Readonly<Record<string, string | undefined>> = {}) {
  return {
    /** Certificate searches by exact keys that find nothing (a guess), per person. */
    soekBomPerson: grense("soek-bom-person", "sertifikatsoekUtenTreff", 20, 10 * 60, env),
    /** … per organisation (several employees, or one person through several importers). */
    soekBomVirksomhet: grense("soek-bom-virksomhet", "sertifikatsoekUtenTreff", 50, 10 * 60, env),
    /** Searches that find a certificate the importer did not see before (not on it, not found before). */
    soekNyPerson: grense("soek-ny-person", "sertifikatsoek", 100, 60 * 60, env),
    soekNyVirksomhet: grense("soek-ny-virksomhet", "sertifikatsoek", 300, 24 * 60 * 60, env),
    /** Certificate PDF/Excel and receipt PDF downloads, per person. */
    dokumentPerson: grense("dokument-person", "nedlastinger", 60, 10 * 60, env),
    /**
     * The same wrong API key again (per key, by a fingerprint of it, and endpoint): a system with a stale key
     * retrying is refused on its own after a few tries, and only its first try counts against its address.
     */
    noekkelFeilNoekkel: grense("noekkel-feil-noekkel", "feilApiNoekkel", 3, 10 * 60, env),
    /** Wrong API keys per client address and endpoint (the Hub's, the authority's): past it a wrong key is 429. */
    noekkelFeilIp: grense("noekkel-feil-ip", "feilApiNoekkel", 10, 10 * 60, env),
    /** … and past this no key from that address is compared, the right one neither: the bound on guessing. */
    noekkelStengtIp: grense("noekkel-stengt-ip", "feilApiNoekkel", 100, 10 * 60, env),
    /** Bearer tokens that do not verify (forged, wrong issuer or audience; not merely expired), per address. */
    tokenFeilIp: grense("token-feil-ip", "ugyldigToken", 30, 10 * 60, env),
  };
}

export type ApiGrenser = ReturnType<typeof apiGrenser>;

/** A 429: the limit's message, and how long until its window ends (Retry-After). */
export class ForMange extends ApiError {
  constructor(
    readonly grense: Grense,
    readonly ventMs: number,
  ) {
    super(429, grenseMelding(grense, ventMs), { "Retry-After": ventSekunder(ventMs) });
  }
}

function logg(req: Request, g: Grense): void {
  req.log?.warn(
    `Grense nådd: ${g.navn} (${g.antall} per ${g.sekunder} s), adresse ${ipNoekkel(req.ip)}, ${req.method} ${req.path}`,
  );
}

function sjekk(req: Request, g: Grense, u: Utfall): void {
  if (u.ok) return;
  logg(req, g);
  throw new ForMange(g, u.ventMs);
}

/** Counts one event for `noekkel`; throws ForMange past the limit. */
export async function tellEllerStopp(db: Db, req: Request, g: Grense, noekkel: string): Promise<void> {
  sjekk(req, g, await tell(db, g, noekkel));
}

/** Throws ForMange when `noekkel` has used up its limit (counts nothing). */
export async function stoppHvisSperret(db: Db, req: Request, g: Grense, noekkel: string): Promise<void> {
  sjekk(req, g, await erSperret(db, g, noekkel));
}

/** A person's key: a hash of the national identity number, which is not stored in the counters as it is. */
export const personNoekkel = (pid: string) =>
  createHash("sha256").update(`person:${pid}`).digest("base64url").slice(0, 22);

/** The client address's key (an IPv6 address by its /64). */
export const klient = (req: Request) => ipNoekkel(req.ip);

/** A given key's fingerprint for its counter: never the key itself (a near-miss of the right one is secret too). */
export const noekkelAvtrykk = (gitt: string) =>
  createHash("sha256").update(`api-noekkel:${gitt}`).digest("base64url").slice(0, 22);

/** Constant-time comparison (both sides hashed first, so the lengths are equal too). */
export function likNoekkel(gitt: string, forventet: string): boolean {
  const a = createHash("sha256").update(gitt).digest();
  const b = createHash("sha256").update(forventet).digest();
  return timingSafeEqual(a, b);
}

/**
 * The API-key guard of a system's endpoint (the Hub's, the authority's): without a configured key the
 * endpoint is closed. Wrong keys are counted per client address and endpoint (issue 34 item 2, ADR 026): past
 * `noekkelFeilIp` a wrong key is 429, but the right key is still let through, so a neighbour behind the same
 * address cannot shut the system out with a few wrong keys; past `noekkelStengtIp` no key is compared at all,
 * which bounds the guesses an address gets. A missing key is not a guess and is not counted.
 */
export function krevApiNoekkel(
  db: Db,
  forventet: string | undefined,
  grenser: ApiGrenser,
  endepunkt: "hub" | "myndighet",
) {
  return ah(async (req, _res, next) => {
    const noekkel = `${endepunkt}|${klient(req)}`;
    await stoppHvisSperret(db, req, grenser.noekkelStengtIp, noekkel);
    const gitt = req.get("x-api-key");
    // The right key goes in without a look at its own counter: only a wrong one is counted there, so the
    // look was one round trip to the database on every delivery for nothing (issue 35 item 4, ADR 064).
    if (forventet && gitt && likNoekkel(gitt, forventet)) return next();
    // A wrong key that has failed again and again is refused before it is counted (it is known to be wrong).
    const avtrykk = gitt ? `${endepunkt}|${noekkelAvtrykk(gitt)}` : undefined;
    if (avtrykk) await stoppHvisSperret(db, req, grenser.noekkelFeilNoekkel, avtrykk);
    if (avtrykk) {
      // Per key first: the same wrong key repeated is one guess, so one client behind a shared address (a NAT)
      // that keeps sending a stale key never uses up the address's allowance for its colleagues' systems.
      const u = await tell(db, grenser.noekkelFeilNoekkel, avtrykk);
      if (u.ok && (u.brukt ?? 1) <= 1) {
        await tellEllerStopp(db, req, grenser.noekkelStengtIp, noekkel);
        await tellEllerStopp(db, req, grenser.noekkelFeilIp, noekkel);
      }
      sjekk(req, grenser.noekkelFeilNoekkel, u);
    }
    throw unauthorized(melding("api.ugyldigApiNoekkel"));
  });
}
