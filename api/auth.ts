// Authentication and authorisation of import-API calls. Every call carries the user's access token
// (a JWT from ID-porten, verified against the issuer's JWKS); every call on {orgnr} checks that the
// person may act for that organisation in the authorisation service, and {importoerId} that the importer
// belongs to {orgnr}.
import type { NextFunction, Request, Response } from "express";
import { createRemoteJWKSet, errors, type JWTVerifyGetKey, jwtVerify } from "jose";
import type { Db } from "../db";
import { discoveryUrl, sammeUtsteder } from "../domain/oidc";
import { ah, forbidden, parseId, parseOrgnr, unauthorized } from "./http";
import { type ImportoerMatch, tilMatch } from "./sertifikat/synlighet";

export interface TokenVerifierOptions {
  /** The configured issuer; tokens are checked against the issuer as its discovery document names it. */
  issuer: string;
  audience: string;
  /** Key source (then `issuer` is used as is); by default the issuer's JWKS from its discovery document. */
  jwks?: JWTVerifyGetKey;
}

export interface Innlogget {
  pid: string;
}

export type AuthedRequest = Request & { innlogget: Innlogget };

export function createTokenVerifier(opts: TokenVerifierOptions): (token: string) => Promise<Innlogget> {
  let utsteder: { keys: JWTVerifyGetKey; issuer: string } | undefined = opts.jwks
    ? { keys: opts.jwks, issuer: opts.issuer }
    : undefined;
  const hentUtsteder = async () => {
    if (utsteder) return utsteder;
    const res = await fetch(discoveryUrl(opts.issuer));
    if (!res.ok) throw new Error(`Fant ikke OIDC-konfigurasjon for ${opts.issuer}`);
    const { jwks_uri, issuer } = (await res.json()) as { jwks_uri: string; issuer: string };
    // A real issuer may end in "/" (its tokens' iss then does too): use the issuer as discovered.
    if (typeof issuer !== "string" || !sammeUtsteder(issuer, opts.issuer)) {
      throw new Error(`OIDC-konfigurasjonen for ${opts.issuer} oppgir en annen utsteder: ${String(issuer)}`);
    }
    utsteder = { keys: createRemoteJWKSet(new URL(jwks_uri)), issuer };
    return utsteder;
  };
  return async (token) => {
    const { keys, issuer } = await hentUtsteder();
    const { payload } = await jwtVerify(token, keys, {
      issuer,
      audience: opts.audience,
      algorithms: ["RS256", "ES256", "PS256"],
    });
    const pid = typeof payload.pid === "string" ? payload.pid : undefined;
    if (!pid || !/^\d{11}$/.test(pid)) throw new Error("Tokenet mangler pid");
    return { pid };
  };
}

/**
 * A token that does not verify as the issuer's: forged, malformed, signed by another key, another issuer or
 * audience. Not one that has merely expired (the app renews those), nor a failure to reach the issuer's keys.
 */
export function erUgyldigToken(e: unknown): boolean {
  return (
    e instanceof errors.JOSEError &&
    !(e instanceof errors.JWTExpired) &&
    !(e instanceof errors.JWKSTimeout) &&
    !(e instanceof errors.JWKSInvalid)
  );
}

/**
 * Verifies the bearer token. `vedUgyldig` is told of each invalid one (erUgyldigToken) and may answer
 * instead (a 429 when an address sends too many, api/grenser.ts).
 */
export function requireToken(
  verify: (token: string) => Promise<Innlogget>,
  vedUgyldig?: (req: Request) => Promise<void>,
) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const header = req.headers.authorization ?? "";
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) return next(unauthorized());
    try {
      (req as AuthedRequest).innlogget = await verify(match[1]);
      next();
    } catch (e) {
      if (vedUgyldig && erUgyldigToken(e)) {
        try {
          await vedUgyldig(req);
        } catch (stopp) {
          return next(stopp);
        }
      }
      next(unauthorized("Ugyldig eller utløpt tilgangstoken"));
    }
  };
}

/** The person's delegation for this organisation in the authorisation service (no row: none). */
const delegering = (db: Db, pid: string, orgnr: string) =>
  db
    .selectFrom("delegering")
    .innerJoin("enhet", "enhet.id", "delegering.enhet_id")
    .where("delegering.pid", "=", pid)
    .where("enhet.organisasjonsnummer", "=", orgnr);

/** May the person act for this organisation (a delegation in the authorisation service)? */
export async function kanRepresentere(db: Db, pid: string, orgnr: string): Promise<boolean> {
  return !!(await delegering(db, pid, orgnr).select("enhet.id").executeTakeFirst());
}

export type OrgRequest = AuthedRequest & { orgnr: string };
/** `importoer`: the importer as certificates are matched to it (synlighet.ts), read by the guard. */
export type ImportoerRequest = OrgRequest & { importoerId: number; importoer: ImportoerMatch };

/** Middleware for routes with :orgnr: 403 unless the person may act for it. */
export function requireOrg(db: Db) {
  return ah(async (req, _res, next) => {
    const r = req as OrgRequest;
    const orgnr = parseOrgnr(req.params.orgnr);
    if (!(await kanRepresentere(db, r.innlogget.pid, orgnr))) throw forbidden();
    r.orgnr = orgnr;
    next();
  });
}

/** Middleware for routes with :orgnr/:importoerId: the importer must belong to {orgnr}. */
export function requireImportoer(db: Db) {
  return ah(async (req, _res, next) => {
    const r = req as ImportoerRequest;
    const orgnr = parseOrgnr(req.params.orgnr);
    const importoerId = parseId(req.params.importoerId, "importør-id");
    r.importoer = await importoerFor(db, r.innlogget.pid, orgnr, importoerId);
    r.orgnr = orgnr;
    r.importoerId = importoerId;
    next();
  });
}

/**
 * The importer {importoerId} when the person may act for it through {orgnr}: a delegation for {orgnr}, and
 * the importer is {orgnr}'s; 403 otherwise. Both checks and the importer's names in one query (every
 * importer route pays it).
 */
export async function importoerFor(
  db: Db,
  pid: string,
  orgnr: string,
  importoerId: number,
): Promise<ImportoerMatch> {
  const rad = await delegering(db, pid, orgnr)
    .leftJoin("importoer", (join) =>
      join
        .on("importoer.id", "=", importoerId)
        .onRef("importoer.organisasjonsnummer", "=", "enhet.organisasjonsnummer"),
    )
    .select([
      "importoer.id",
      "importoer.organisasjonsnummer",
      "importoer.navn",
      "importoer.er_mottakskontrolloer",
      "enhet.navn as enhet_navn",
    ])
    .executeTakeFirst();
  if (!rad) throw forbidden();
  const { id, organisasjonsnummer, navn, er_mottakskontrolloer } = rad;
  if (id === null || organisasjonsnummer === null || navn === null || er_mottakskontrolloer === null) {
    throw forbidden("Importøren tilhører ikke denne virksomheten");
  }
  return tilMatch({ id, organisasjonsnummer, navn, er_mottakskontrolloer, enhet_navn: rad.enhet_navn });
}
