// What the server (server/web.ts) hands every loader and action (Remix AppLoadContext).

import type { Db } from "../db";
import type { Grenseteller } from "../db/grense";
import type { Config } from "../server/config";
import type { Logger } from "../server/logg";

export interface AppContext {
  config: Config;
  db: Db;
  /** The CSP nonce of this response. */
  cspNonce: string;
  /**
   * The session as read once for this HTTP request, shared by the loaders of a GET (server/web.ts makes one
   * per request; ADR 015). Without it every getSession reads the database.
   */
  sesjonPerForespoersel?: Map<string, Promise<unknown>>;
  /** This request's id (server/logg.ts): sent on to the import API in X-Request-Id, so its log lines match. */
  forespoerselId?: string;
  /** The rate limits' counters every web process shares (app/lib/grense.server.ts); server/web.ts sets it. */
  grenseteller?: Grenseteller;
  /** The process's JSON log (server/logg.ts): an error in a loader or action is one line there (entry.server.tsx). */
  logger?: Logger;
  /** The client's address as Express reads it (behind a trusted proxy: X-Forwarded-For), for rate limits. */
  klientIp?: string;
}

declare module "@remix-run/server-runtime" {
  interface AppLoadContext extends AppContext {}
}
