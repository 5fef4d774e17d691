// What server.ts hands every loader and action (Remix AppLoadContext).
import type { Config } from "../config";
import type { Db } from "../db";

export interface AppContext {
  config: Config;
  db: Db;
  /** The CSP nonce of this response. */
  cspNonce: string;
}

declare module "@remix-run/server-runtime" {
  interface AppLoadContext extends AppContext {}
}
