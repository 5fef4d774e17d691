// Authentication and authorisation of import-API calls. Every call carries the user's access token
// (a JWT from ID-porten, verified against the issuer's JWKS); every call on {orgnr} checks that the
// person may act for that organisation in Altinn (the answer cached per person for a few minutes, one indexed
// read per request: api/registre/tilgang.ts, docs/decisions/042-altinn-og-enhetsregisteret.md), and
// {importoerId} that the importer belongs to {orgnr}.
//
// An importer's own system may call too, with a machine token from Maskinporten (issue 25 §2,
// docs/decisions/035-maskintilgang.md): `createVerifier` tells the two kinds apart by their issuer, and
// `krevSystemtilgang` lets a system act only with a scope its organisation has granted it on the settings side
// "Integrasjoner" (read for GET, write for changes), checked on every request. After that a system is one more
// caller of the same guards: it may act for its own organisation only (`kanRepresentere`, `importoerFor`).
import type { NextFunction, Request, Response } from "express";
import { createRemoteJWKSet, decodeJwt, errors, type JWTVerifyGetKey, jwtVerify } from "jose";
import { sql } from "kysely";
import type { Db } from "../db";
import { FORBEREDT } from "../db/forberedt";
import { discoveryUrl, sammeUtsteder } from "../domain/oidc";
import { KLIENT_ID, type Systemscope } from "../domain/schemas/systemtilgang";
import { melding } from "../sprak/melding";
import type { MaskinRequest } from "./aktoer";
import { forbidden, unauthorized } from "./http/feil";
import { ah } from "./http/kall";
import { parseId, parseOrgnr } from "./http/sti";
import { fersk, type Tilgang } from "./registre/tilgang";
import { MASKIN_SCOPES, MYNDIGHET_SCOPES, type MyndighetScope } from "./scopes";
import { type ImportoerMatch, importoerMedEnhet, tilMatch } from "./sertifikat/synlighet";

export interface TokenVerifierOptions {
  /** The configured issuer; tokens are checked against the issuer as its discovery document names it. */
  issuer: string;
  audience: string;
  /** Key source (then `issuer` is used as is); by default the issuer's JWKS from its discovery document. */
  jwks?: JWTVerifyGetKey;
}

/** A system's token: which client, for which organisation, with which of our scopes. */
export interface Maskinklient {
  klientId: string;
  orgnr: string;
  /** The importers' scopes (ADR 035). */
  scopes: Systemscope[];
  /** The authority's case-system scopes (ADR 045); they count only for the authority's organisation. */
  myndighetScopes: MyndighetScope[];
}

export interface Innlogget {
  /**
   * The person's national identity number; for a system `klient:<client_id>` (never eleven digits, so it
   * matches no person's delegation, and the per-person rate limits and document lane count per client).
   */
  pid: string;
  /** Set when the caller is a system with a machine token. */
  maskin?: Maskinklient;
  /** Who the person may act for (Altinn, cached): set by createApi for every caller. */
  tilgang: Tilgang;
}

/** Who a token says the caller is, before createApi adds how to check what they may do. */
export type Identitet = Omit<Innlogget, "tilgang">;

export type AuthedRequest = Request & { innlogget: Innlogget };

export function createTokenVerifier(opts: TokenVerifierOptions): (token: string) => Promise<Identitet> {
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

// The scopes live in ./scopes.ts, which imports nothing: the e2e and production-shape tests (Playwright, Node's
// own loader) import them without the catalogues this file's errors bring in.
export { MASKIN_SCOPES, MYNDIGHET_SCOPES, type MyndighetScope };

const blant = <K extends string>(navn: Record<K, string>, gitt: readonly string[]): K[] =>
  (Object.keys(navn) as K[]).filter((k) => gitt.includes(navn[k]));

export interface MaskinVerifierOptions {
  /** Maskinporten's issuer, exactly as its tokens name it (e.g. "https://maskinporten.no/"). */
  issuer: string;
  /** The audience our API requires in machine tokens. */
  audience: string;
  jwks: JWTVerifyGetKey;
}

/** Verifies a Maskinporten access token: signature, issuer, audience, expiry, client, consumer and scopes. */
export function createMaskinVerifier(opts: MaskinVerifierOptions): (token: string) => Promise<Identitet> {
  return async (token) => {
    const { payload } = await jwtVerify(token, opts.jwks, {
      // Maskinporten's issuer ends in "/": configured with or without it, both spellings are the same issuer.
      issuer: [opts.issuer.replace(/\/+$/, ""), `${opts.issuer.replace(/\/+$/, "")}/`],
      audience: opts.audience,
      algorithms: ["RS256", "ES256", "PS256"],
      requiredClaims: ["exp"],
    });
    const klientId = payload.client_id;
    if (typeof klientId !== "string" || !KLIENT_ID.test(klientId))
      throw new Error("Tokenet mangler client_id");
    const consumer = payload.consumer as { authority?: unknown; ID?: unknown } | undefined;
    const orgnr = /^0192:(\d{9})$/.exec(typeof consumer?.ID === "string" ? consumer.ID : "")?.[1];
    if (consumer?.authority !== "iso6523-actorid-upis" || !orgnr) throw new Error("Tokenet mangler consumer");
    const gitt = typeof payload.scope === "string" ? payload.scope.split(" ") : [];
    const scopes = blant(MASKIN_SCOPES, gitt);
    const myndighetScopes = blant(MYNDIGHET_SCOPES, gitt);
    if (scopes.length === 0 && myndighetScopes.length === 0)
      throw new Error("Tokenet har ingen scope for forhåndsmelding");
    return { pid: `klient:${klientId}`, maskin: { klientId, orgnr, scopes, myndighetScopes } };
  };
}

/**
 * One verifier for both kinds of token: a token whose (unverified) issuer is Maskinporten's is verified as a
 * machine token, every other as ID-porten's. Without `maskin` machine access is off.
 */
export function createVerifier(
  person: (token: string) => Promise<Identitet>,
  maskin?: { issuer: string; verify: (token: string) => Promise<Identitet> },
): (token: string) => Promise<Identitet> {
  if (!maskin) return person;
  return async (token) => {
    const { iss } = decodeJwt(token);
    return typeof iss === "string" && sammeUtsteder(iss, maskin.issuer)
      ? maskin.verify(token)
      : person(token);
  };
}

/** The scope a request needs: read to look, write to change. */
export const scopeFor = (req: Request): Systemscope =>
  req.method === "GET" || req.method === "HEAD" ? "read" : "write";

/**
 * After requireToken: a system may go on only with the scope this request needs, in its token and granted by
 * its organisation's importer on "Integrasjoner" (one indexed read per request, so a revocation holds at
 * once). Sets the history's actor "System: <client name>" (api/aktoer.ts). A person passes untouched.
 */
export function krevSystemtilgang(db: Db) {
  return ah(async (req, _res, next) => {
    const maskin = (req as AuthedRequest).innlogget.maskin;
    if (!maskin) return next();
    const scope = scopeFor(req);
    if (!maskin.scopes.includes(scope))
      throw forbidden(melding("api.manglerScope", { scope: MASKIN_SCOPES[scope] }));
    const tilgang = await db
      .selectFrom("systemtilgang as t")
      .innerJoin("importoer as i", "i.id", "t.importoer_id")
      .select(["t.klient_navn", "t.scopes", "i.id", "i.navn", "i.organisasjonsnummer"])
      .where("i.organisasjonsnummer", "=", maskin.orgnr)
      .where("t.klient_id", "=", maskin.klientId)
      .executeTakeFirst();
    if (!tilgang?.scopes.includes(scope)) {
      throw forbidden(melding("api.systemUtenTilgang", { scope }));
    }
    (req as MaskinRequest).maskinAktoer = {
      type: "MASKIN",
      klientId: maskin.klientId,
      klientNavn: tilgang.klient_navn,
      virksomhet: {
        importoerId: Number(tilgang.id),
        navn: tilgang.navn,
        organisasjonsnummer: tilgang.organisasjonsnummer,
      },
    };
    next();
  });
}

/** Only a person may do this (granting systems access, for one: a system cannot grant itself more). */
export function kunPerson(req: Request): void {
  if ((req as AuthedRequest).innlogget.maskin) throw forbidden(melding("api.kunPerson"));
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
      next(unauthorized(melding("api.ugyldigToken")));
    }
  };
}

/**
 * The person's cached Altinn answer and, in the same row, the party for {orgnr} when they have it (one indexed
 * read: the answer's primary key and the parties' unique (pid, organisasjonsnummer) index). `fersk`: within the
 * cache's life by the database's clock.
 */
const avgiverOppslag = (db: Db, hvem: Innlogget, orgnr: string) =>
  db
    .selectFrom("altinn_oppslag as o")
    .leftJoin("altinn_avgiver as a", (join) =>
      join.onRef("a.pid", "=", "o.pid").on("a.organisasjonsnummer", "=", orgnr),
    )
    .where("o.pid", "=", hvem.pid)
    .select([fersk(hvem.tilgang.levetidSekunder).as("fersk"), "a.organisasjonsnummer as avgiver"]);

/**
 * avgiverOppslag with the importer {importoerId} when it is {orgnr}'s, and its business-register name: every
 * importer route runs it, so it is written out and sent as a named prepared statement (db/forberedt.ts, ADR
 * 077) — no query building per call, and each connection has PostgreSQL parse and plan it once.
 */
const importoerOppslag = (hvem: Innlogget, orgnr: string, importoerId: number) =>
  sql<{
    fersk: boolean;
    avgiver: string | null;
    id: number | null;
    organisasjonsnummer: string | null;
    navn: string | null;
    er_mottakskontrolloer: boolean | null;
    enhet_navn: string | null;
  }>`${sql.raw(FORBEREDT)} select ${fersk(hvem.tilgang.levetidSekunder)} as fersk,
      a.organisasjonsnummer as avgiver, i.id, i.organisasjonsnummer, i.navn, i.er_mottakskontrolloer,
      e.navn as enhet_navn
    from altinn_oppslag o
    left join altinn_avgiver a on a.pid = o.pid and a.organisasjonsnummer = ${orgnr}
    left join importoer i on i.id = ${importoerId} and i.organisasjonsnummer = a.organisasjonsnummer
    left join enhet e on e.organisasjonsnummer = a.organisasjonsnummer
    where o.pid = ${hvem.pid}`;

/**
 * Reads `sporring` (an avgiverOppslag with more columns); when the person's answer is missing or past its life,
 * asks Altinn first and reads again (fails with RegisterUtilgjengelig when Altinn cannot answer).
 */
async function medFerskAvgiver<T extends { fersk: boolean }>(
  hvem: Innlogget,
  sporring: () => Promise<T | undefined>,
): Promise<T | undefined> {
  const rad = await sporring();
  if (rad?.fersk) return rad;
  await hvem.tilgang.last(hvem.pid);
  return sporring();
}

/**
 * May the caller act for this organisation: a person whom Altinn gives the service's resource for it, a system
 * for its own organisation (its grant was checked by krevSystemtilgang)?
 */
export async function kanRepresentere(db: Db, hvem: Innlogget, orgnr: string): Promise<boolean> {
  if (hvem.maskin) return hvem.maskin.orgnr === orgnr;
  const rad = await medFerskAvgiver(hvem, () => avgiverOppslag(db, hvem, orgnr).executeTakeFirst());
  return !!rad?.avgiver;
}

export type OrgRequest = AuthedRequest & { orgnr: string };
/** `importoer`: the importer as certificates are matched to it (synlighet.ts), read by the guard. */
export type ImportoerRequest = OrgRequest & { importoerId: number; importoer: ImportoerMatch };

/** Middleware for routes with :orgnr: 403 unless the person may act for it. */
export function requireOrg(db: Db) {
  return ah(async (req, _res, next) => {
    const r = req as OrgRequest;
    const orgnr = parseOrgnr(req.params.orgnr);
    if (!(await kanRepresentere(db, r.innlogget, orgnr))) throw forbidden();
    r.orgnr = orgnr;
    next();
  });
}

/** Middleware for routes with :orgnr/:importoerId: the importer must belong to {orgnr}. */
export function requireImportoer(db: Db) {
  return ah(async (req, _res, next) => {
    const r = req as ImportoerRequest;
    const orgnr = parseOrgnr(req.params.orgnr);
    const importoerId = parseId(req.params.importoerId, "importoer");
    r.importoer = await importoerFor(db, r.innlogget, orgnr, importoerId);
    r.orgnr = orgnr;
    r.importoerId = importoerId;
    next();
  });
}

/**
 * The importer {importoerId} when the caller may act for it through {orgnr}: a delegation for {orgnr} (a
 * system: {orgnr} is its own), and the importer is {orgnr}'s; 403 otherwise. Both checks and the importer's
 * names in one query (every importer route pays it).
 */
export async function importoerFor(
  db: Db,
  hvem: Innlogget,
  orgnr: string,
  importoerId: number,
): Promise<ImportoerMatch> {
  if (hvem.maskin) {
    if (hvem.maskin.orgnr !== orgnr) throw forbidden();
    const rad = await importoerMedEnhet(db)
      .where("i.id", "=", importoerId)
      .where("i.organisasjonsnummer", "=", orgnr)
      .executeTakeFirst();
    if (!rad) throw forbidden(melding("api.importoerIkkeVirksomhetens"));
    return tilMatch(rad);
  }
  const rad = await medFerskAvgiver(
    hvem,
    async () => (await importoerOppslag(hvem, orgnr, importoerId).execute(db)).rows[0],
  );
  if (!rad?.avgiver) throw forbidden();
  const { id, organisasjonsnummer, navn, er_mottakskontrolloer } = rad;
  if (id === null || organisasjonsnummer === null || navn === null || er_mottakskontrolloer === null) {
    throw forbidden(melding("api.importoerIkkeVirksomhetens"));
  }
  return tilMatch({ id, organisasjonsnummer, navn, er_mottakskontrolloer, enhet_navn: rad.enhet_navn });
}
