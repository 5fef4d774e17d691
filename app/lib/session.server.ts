// Server-side sessions in PostgreSQL. The cookie carries only a random id (signed); HttpOnly,
// SameSite=Lax, Secure with the __Host- prefix when served over https. Idle timeout 30 minutes,
// absolute 120 minutes from login (ID-porten's SSO lifetime). A session that was logged in is remembered
// as such after it expires (its tokens wiped), so only those users are told their session ran out.
// An anonymous visitor (nothing stored but the form token) gets no row: its id starts with "a." and its
// token is derived from the id with the session secret, so page views cost no writes (issue 15 item 9).
// See docs/decisions/002-sessions.md.
import { createHmac, randomBytes } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { createSession, createSessionStorage, type Session, type SessionStorage } from "@remix-run/node";
import { type ExpressionBuilder, sql } from "kysely";
import type { Db } from "../../db";
import { FORBEREDT } from "../../db/forberedt";
import type { Database } from "../../db/schema";

export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 120 * 60 * 1000;
/**
 * sist_aktiv is written at most this often, so reads don't turn into writes on every request. A minute, so a
 * session ends 29–30 minutes after its last request (ADR 088 weighed five minutes and kept one).
 */
export const TOUCH_INTERVAL_MS = 60 * 1000;
/** How long after its last activity an expired, logged-in session is remembered as "was logged in". */
export const MARKOER_LEVETID_MS = 12 * 60 * 60 * 1000;

export interface InnloggetBruker {
  pid: string;
  navn: string;
  idToken: string;
  accessToken: string;
  /** epoch ms */
  accessTokenUtloeper: number;
  /** Renews the access token when it runs out before the session does (when the provider gives one). */
  refreshToken?: string;
}

export interface ValgtVirksomhet {
  navn: string;
  organisasjonsnummer: string;
  formatertOrganisasjonsnummer: string;
  adresse: string | null;
  hovedenhet: string | null;
  hovedenhetnavn: string | null;
  importoerId: number;
}

export interface SessionData {
  csrf: string;
  bruker: InnloggetBruker;
  returnTo: string;
  avgiver: ValgtVirksomhet;
  /** Set at login; outlives the login, so "your session expired" is told only to those who had one. */
  varInnlogget: boolean;
  /** Internal: the cookie's session no longer exists (getSession replaces it with a new one). */
  utgaatt: boolean;
}

export type AppSession = Session<SessionData, SessionData>;

const storages = new WeakMap<Db, Map<string, SessionStorage<SessionData, SessionData>>>();

export function sessionCookieName(secure: boolean): string {
  return secure ? "__Host-forhaandsmelding" : "forhaandsmelding";
}

const ANONYM = "a.";
const erAnonym = (id: string) => id.startsWith(ANONYM);
/** A visitor without a stored session: no cookie yet, or an anonymous one (nothing but its form token). */
export const erAnonymSesjon = (session: AppSession) => !session.id || erAnonym(session.id);
/** The form token of an anonymous session: bound to its id by the session secret, stored nowhere. */
const anonymToken = (secret: string, id: string) =>
  createHmac("sha256", secret).update(`csrf:${id}`).digest("base64url");
/** Whether a session holds nothing but its form token (then it needs no row). */
const bareToken = (data: Partial<SessionData>) => Object.keys(data).every((k) => k === "csrf");

export function getSessionStorage(context: AppLoadContext): SessionStorage<SessionData, SessionData> {
  const { db, config } = context;
  const key = `${config.secureCookies}|${config.sessionSecret}`;
  let perDb = storages.get(db);
  if (!perDb) {
    perDb = new Map();
    storages.set(db, perDb);
  }
  let storage = perDb.get(key);
  if (storage) return storage;
  storage = createSessionStorage<SessionData, SessionData>({
    cookie: {
      name: sessionCookieName(config.secureCookies),
      httpOnly: true,
      sameSite: "lax",
      secure: config.secureCookies,
      path: "/",
      secrets: [config.sessionSecret],
    },
    async createData(data) {
      const id = randomBytes(32).toString("base64url");
      const now = Date.now();
      await db
        .insertInto("sesjon")
        .values({
          id,
          data: JSON.stringify(data),
          opprettet: new Date(now),
          sist_aktiv: new Date(now),
          utloeper: new Date(now + ABSOLUTE_TIMEOUT_MS),
        })
        .execute();
      return id;
    },
    async readData(id) {
      if (erAnonym(id)) return { csrf: anonymToken(config.sessionSecret, id) };
      const rad = (await lesRad(id).execute(db)).rows[0];
      if (!rad) return { utgaatt: true };
      const now = Date.now();
      if (now >= rad.utloeper.getTime() || now - rad.sist_aktiv.getTime() >= IDLE_TIMEOUT_MS) {
        // Expired. A logged-in one keeps only the marker (its tokens are wiped), the rest are deleted;
        // either way getSession hands out a new session (with a new id when it is saved).
        const gammel = rad.data as Partial<SessionData>;
        const varInnlogget = !!gammel.bruker || gammel.varInnlogget === true;
        if (!varInnlogget) await db.deleteFrom("sesjon").where("id", "=", id).execute();
        else if (gammel.bruker) await merkUtloept(db, id);
        return varInnlogget ? { utgaatt: true, varInnlogget: true } : { utgaatt: true };
      }
      if (now - rad.sist_aktiv.getTime() >= TOUCH_INTERVAL_MS) {
        await db
          .updateTable("sesjon")
          .set({ sist_aktiv: new Date(now) })
          .where("id", "=", id)
          .execute();
      }
      return rad.data as Partial<SessionData>;
    },
    async updateData(id, data) {
      // An anonymous session's only data is derived from its id (commitSession gives it a row once it
      // holds more).
      if (erAnonym(id)) return;
      const now = Date.now();
      // never revives an expired session
      await db
        .updateTable("sesjon")
        .set({ data: JSON.stringify(data), sist_aktiv: new Date(now) })
        .where("id", "=", id)
        .where("utloeper", ">", new Date(now))
        .where("sist_aktiv", ">", new Date(now - IDLE_TIMEOUT_MS))
        .execute();
    },
    async deleteData(id) {
      if (erAnonym(id)) return;
      await db.deleteFrom("sesjon").where("id", "=", id).execute();
    },
  });
  perDb.set(key, storage);
  return storage;
}

/**
 * The session row, read on every page: a named prepared statement (db/forberedt.ts, ADR 077), so PostgreSQL parses
 * and plans it once per connection instead of once per request (ADR 088).
 */
const lesRad = (id: string) =>
  sql<{
    data: unknown;
    sist_aktiv: Date;
    utloeper: Date;
  }>`${sql.raw(FORBEREDT)} select data, sist_aktiv, utloeper from sesjon where id = ${id}`;

/** Keeps only the "was logged in" marker of an expired session (its tokens are wiped). */
async function merkUtloept(db: Db, id: string): Promise<void> {
  await db
    .updateTable("sesjon")
    .set({ data: JSON.stringify({ varInnlogget: true }) })
    .where("id", "=", id)
    .execute();
}

/**
 * The request's session. When its cookie names a session that has expired or is gone, a new one is
 * returned (saved under a new id), carrying on only the "was logged in" marker.
 */
export async function getSession(request: Request, context: AppLoadContext): Promise<AppSession> {
  // A page's loaders (root and route) run for the same GET: they share one read of the session row and
  // the same session object, so what one sets (the CSRF token) the other sees. Actions read their own.
  const buffer = context.sesjonPerForespoersel;
  if (!buffer || (request.method !== "GET" && request.method !== "HEAD")) return lesSession(request, context);
  const noekkel = request.headers.get("Cookie") ?? "";
  let session = buffer.get(noekkel) as Promise<AppSession> | undefined;
  if (!session) {
    session = lesSession(request, context);
    buffer.set(noekkel, session);
    session.catch(() => buffer.delete(noekkel));
  }
  return session;
}

async function lesSession(request: Request, context: AppLoadContext): Promise<AppSession> {
  const storage = getSessionStorage(context);
  const session = await storage.getSession(request.headers.get("Cookie"));
  if (!session.get("utgaatt")) return session;
  const ny = await storage.getSession();
  if (session.get("varInnlogget")) ny.set("varInnlogget", true);
  return ny;
}

/** Stores renewed tokens in the session row, leaving the rest of the session as it is. */
export async function lagreBruker(db: Db, sessionId: string, bruker: InnloggetBruker): Promise<void> {
  if (!sessionId) return;
  await db
    .updateTable("sesjon")
    .set({ data: sql`jsonb_set(data, '{bruker}', ${JSON.stringify(bruker)}::jsonb)` })
    .where("id", "=", sessionId)
    .execute();
}

export async function commitSession(session: AppSession, context: AppLoadContext): Promise<string> {
  // An anonymous session that now holds more (a logged-in user, a chosen organisation) becomes a stored one.
  const lagres =
    erAnonym(session.id) && !bareToken(session.data)
      ? (createSession(session.data as SessionData) as AppSession)
      : session;
  return getSessionStorage(context).commitSession(lagres);
}

/**
 * The form token for a page (the root loader). A visitor without one gets it; one with nothing else to
 * store gets an anonymous session, which writes no row. setCookie is set when the cookie must change.
 */
export async function csrfForSide(
  session: AppSession,
  context: AppLoadContext,
): Promise<{ csrf: string; setCookie?: string }> {
  const csrf = session.get("csrf");
  if (csrf) return { csrf };
  if (!session.id && bareToken(session.data)) {
    const id = `${ANONYM}${randomBytes(32).toString("base64url")}`;
    const anonym = createSession(
      { csrf: anonymToken(context.config.sessionSecret, id) } as SessionData,
      id,
    ) as AppSession;
    return { csrf: anonym.get("csrf")!, setCookie: await commitSession(anonym, context) };
  }
  const nytt = nyCsrfToken();
  session.set("csrf", nytt);
  return { csrf: nytt, setCookie: await commitSession(session, context) };
}

export async function destroySession(session: AppSession, context: AppLoadContext): Promise<string> {
  return getSessionStorage(context).destroySession(session);
}

export function nyCsrfToken(): string {
  return randomBytes(24).toString("base64url");
}

/**
 * Clears expired sessions; the web role (server/web.ts) runs it periodically. Logged-in ones lose their tokens at once but
 * keep the "was logged in" marker for MARKOER_LEVETID_MS after their last activity; the rest are deleted.
 */
export async function slettUtloepteSesjoner(db: Db): Promise<void> {
  const now = Date.now();
  const utloept = (eb: ExpressionBuilder<Database, "sesjon">) =>
    eb.or([eb("utloeper", "<=", new Date(now)), eb("sist_aktiv", "<=", new Date(now - IDLE_TIMEOUT_MS))]);
  await db
    .updateTable("sesjon")
    .set({ data: JSON.stringify({ varInnlogget: true }) })
    .where(utloept)
    .where(sql<boolean>`data -> 'bruker' is not null`)
    .execute();
  await db
    .deleteFrom("sesjon")
    .where(utloept)
    .where((eb) =>
      eb.or([
        sql<boolean>`data -> 'varInnlogget' is null`,
        eb("sist_aktiv", "<", new Date(now - MARKOER_LEVETID_MS)),
      ]),
    )
    .execute();
}
