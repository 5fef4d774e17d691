// Server-side sessions in PostgreSQL. The cookie carries only a random id (signed); HttpOnly,
// SameSite=Lax, Secure with the __Host- prefix when served over https. Idle timeout 30 minutes,
// absolute 120 minutes from login (ID-porten's SSO lifetime). See docs/decisions/002-sessions.md.
import { randomBytes } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { createSessionStorage, type Session, type SessionStorage } from "@remix-run/node";
import type { Db } from "../../db";

export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 120 * 60 * 1000;
/** sist_aktiv is written at most this often, so reads don't turn into writes on every request. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export interface InnloggetBruker {
  pid: string;
  navn: string;
  idToken: string;
  accessToken: string;
  /** epoch ms */
  accessTokenUtloeper: number;
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
}

export type AppSession = Session<SessionData, SessionData>;

const storages = new WeakMap<Db, Map<string, SessionStorage<SessionData, SessionData>>>();

export function sessionCookieName(secure: boolean): string {
  return secure ? "__Host-forhaandsmelding" : "forhaandsmelding";
}

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
      const rad = await db.selectFrom("sesjon").selectAll().where("id", "=", id).executeTakeFirst();
      if (!rad) return null;
      const now = Date.now();
      if (now >= rad.utloeper.getTime() || now - rad.sist_aktiv.getTime() >= IDLE_TIMEOUT_MS) {
        await db.deleteFrom("sesjon").where("id", "=", id).execute();
        return null;
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
      await db
        .updateTable("sesjon")
        .set({ data: JSON.stringify(data), sist_aktiv: new Date() })
        .where("id", "=", id)
        .execute();
    },
    async deleteData(id) {
      await db.deleteFrom("sesjon").where("id", "=", id).execute();
    },
  });
  perDb.set(key, storage);
  return storage;
}

export async function getSession(request: Request, context: AppLoadContext): Promise<AppSession> {
  return getSessionStorage(context).getSession(request.headers.get("Cookie"));
}

export async function commitSession(session: AppSession, context: AppLoadContext): Promise<string> {
  return getSessionStorage(context).commitSession(session);
}

export async function destroySession(session: AppSession, context: AppLoadContext): Promise<string> {
  return getSessionStorage(context).destroySession(session);
}

/** Whether the request carried a session cookie at all (to tell "expired" from "never logged in"). */
export function harSesjonsCookie(request: Request, context: AppLoadContext): boolean {
  const name = sessionCookieName(context.config.secureCookies);
  return (request.headers.get("Cookie") ?? "").split(/;\s*/).some((c) => c.startsWith(`${name}=`));
}

export function nyCsrfToken(): string {
  return randomBytes(24).toString("base64url");
}

/** Removes expired sessions; server.ts runs it periodically. */
export async function slettUtloepteSesjoner(db: Db): Promise<void> {
  await db
    .deleteFrom("sesjon")
    .where((eb) =>
      eb.or([eb("utloeper", "<", new Date()), eb("sist_aktiv", "<", new Date(Date.now() - IDLE_TIMEOUT_MS))]),
    )
    .execute();
}
