// What server.ts hands every loader and action (Remix AppLoadContext).

import type { Db } from "../db";
import type { Config } from "../server/config";

export interface AppContext {
  config: Config;
  db: Db;
  /** The CSP nonce of this response. */
  cspNonce: string;
  /**
   * The session as read once for this HTTP request, shared by the loaders of a GET (server.ts makes one
   * per request; ADR 015). Without it every getSession reads the database.
   */
  sesjonPerForespoersel?: Map<string, Promise<unknown>>;
  /** The client's address as Express reads it (behind a trusted proxy: X-Forwarded-For), for rate limits. */
  klientIp?: string;
}

declare module "@remix-run/server-runtime" {
  interface AppLoadContext extends AppContext {}
}
