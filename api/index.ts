// The import API (SPEC §7): the authority's side. Mounted by server.ts in embedded mode; in production
// the app talks to the authority's own API at IMPORT_API_URL instead.
import express, { Router } from "express";
import type { Db } from "../db";
import { createTokenVerifier, requireToken, type TokenVerifierOptions } from "./auth";
import { gatewayRouter } from "./gateway";
import { errorHandler, sendError } from "./http";
import { importoerRegisterRouter } from "./importoer-register";

export interface ApiOptions {
  db: Db;
  auth: TokenVerifierOptions;
}

/** Path prefixes the API answers; server.ts routes these to the API and everything else to the app. */
export const API_PREFIXES = ["/import", "/gateway", "/dokument"];

export function createApi(opts: ApiOptions): Router {
  const { db } = opts;
  const api = Router();
  api.use(express.json({ limit: "1mb" }));
  api.use(requireToken(createTokenVerifier(opts.auth)));
  api.use(gatewayRouter(db));
  api.use(importoerRegisterRouter(db));
  api.use((_req, res) => sendError(res, 404, "Fant ikke ressursen"));
  api.use(errorHandler);
  return api;
}
