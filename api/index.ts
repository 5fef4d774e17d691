// The import API (SPEC §7): the authority's side. The `api` role of the service (server/api.ts); the web app
// calls it over HTTP, in the same process or at IMPORT_API_URL.
import express, { Router } from "express";
import type { Db } from "../db";
import { melding } from "../sprak/melding";
import {
  createMaskinVerifier,
  createTokenVerifier,
  createVerifier,
  krevSystemtilgang,
  type MaskinVerifierOptions,
  requireToken,
  type TokenVerifierOptions,
} from "./auth";
import { epostStatusRouter } from "./epost/router";
import { type Features, gatewayRouter } from "./gateway/router";
import { type ApiGrenser, apiGrenser, klient, tellEllerStopp } from "./grenser";
import { UTVIKLINGSNOEKKEL } from "./hendelser/hemmelighet";
import { hendelseRouter } from "./hendelser/router";
import { sendError } from "./http/feil";
import { errorHandler } from "./http/feilhaandtering";
import { jsonKropp } from "./http/json-kropp";
import { utenKontrolltegnISoek } from "./http/soek";
import { listeRouter } from "./importmelding/liste-router";
import { importmeldingRouter } from "./importmelding/router";
import { importoerRegisterRouter } from "./importoer/router";
import { erRegelsettOpplasting, MATTILSYNET_ORGNR, myndighetJson, myndighetRouter } from "./myndighet/router";
import { dokumentasjonRouter } from "./openapi/router";
import { type Tilgang, utenAltinn } from "./registre/tilgang";
import { hubRouter } from "./sertifikat/hub";
import { sertifikatRouter } from "./sertifikat/router";
import { systemtilgangRouter } from "./systemtilgang/router";
import { medTokenBuffer } from "./token-buffer";

export interface ApiOptions {
  db: Db;
  auth: TokenVerifierOptions;
  /** Machine tokens from Maskinporten (ADR 035); without, only people's tokens are accepted. */
  maskinporten?: MaskinVerifierOptions;
  /** API key of the ePhyto Hub side (POST /import/ephyto/v1/sertifikat); the endpoint is closed without. */
  hubApiKey?: string;
  /**
   * The authority's case-system API (ADR 045): the organisation whose Maskinporten tokens it takes
   * (MYNDIGHET_ORGNR; default Mattilsynet's).
   */
  myndighet?: { orgnr: string };
  /** The e-mail banner shows when SMTP has been unreachable this long (default 15 minutes). */
  epostNedeVarselMs?: number;
  /** The feature flags GET /gateway/config/features answers; both on by default. */
  features?: Features;
  /** Told how each Hub delivery ended (ny, oppdatert, uendret, avvist): the metrics count them. */
  paaSertifikat?: (resultat: string) => void;
  /** The rate limits (default: the built-in ones, docs/decisions/026-grenser.md; the server passes config's). */
  grenser?: ApiGrenser;
  /**
   * Webhook subscriptions (ADR 036): the key their secrets are encrypted with (WEBHOOK_NOEKKEL), and whether
   * http and loopback receivers are allowed (tests only; production refuses WEBHOOK_TILLAT_LOKAL).
   */
  webhook?: { noekkel: string; tillatLokal: boolean };
  /**
   * Who may act for whom, from Altinn, cached per person (api/registre/tilgang.ts, ADR 042). Without it every
   * call that acts for an organisation answers 503 (an API built for the Hub and the authority only).
   */
  tilgang?: Tilgang;
  /**
   * Whether the development ruleset counts as approved (ADR 046): config.utviklingssettTillatt, false in
   * production proper; default true, as in development and the tests.
   */
  utviklingssett?: boolean;
}

/**
 * Path prefixes the API answers; server/api.ts routes these to the API and everything else to the app.
 * "/dokument/..." (SPEC §2 document links) belongs to the app: its routes fetch the files from /import/...
 * with the user's token, which a browser link cannot carry.
 */
export const API_PREFIXES = ["/import", "/gateway", "/myndighet"];

export function createApi(opts: ApiOptions): Router {
  const { db } = opts;
  const grenser = opts.grenser ?? apiGrenser();
  const api = Router();
  // Every answer is someone's data: no cache may keep it (a route may set its own).
  api.use((_req, res, next) => {
    res.setHeader("Cache-Control", "private, no-store");
    next();
  });
  // A query parameter with a control character is 400 on every route (issue 22).
  api.use(utenKontrolltegnISoek);
  // The API's documentation is public (ADR 040): before the token middleware.
  api.use(dokumentasjonRouter());
  // The Hub authenticates with an API key, not a person's token: before the token middleware.
  api.use(hubRouter(db, opts.hubApiKey, grenser, opts.paaSertifikat, opts.utviklingssett));
  // JSON bodies within a size fitting their purpose (issue 22): reception control's actual quantities name
  // every goods line of the certificate; every other body is one small form.
  const litenJson = express.json({ limit: "64kb" });
  const storJson = express.json({ limit: "1mb" });
  api.use((req, res, next) =>
    (erRegelsettOpplasting(req.path)
      ? myndighetJson
      : req.path.endsWith("/mottakskontroll")
        ? storJson
        : litenJson)(req, res, next),
  );
  const maskin = opts.maskinporten;
  // a token verified once is trusted again until it expires, at most a few minutes (ADR 077)
  const verifiser = medTokenBuffer(
    createVerifier(
      createTokenVerifier(opts.auth),
      maskin && { issuer: maskin.issuer, verify: createMaskinVerifier(maskin) },
    ),
  );
  const tilgang = opts.tilgang ?? utenAltinn;
  api.use(
    requireToken(
      async (token) => ({ ...(await verifiser(token)), tilgang }),
      (req) => tellEllerStopp(db, req, grenser.tokenFeilIp, klient(req)),
    ),
  );
  // The authority's case system (ADR 045): its own organisation and scopes, before the importers' guards.
  api.use(
    myndighetRouter(db, {
      orgnr: opts.myndighet?.orgnr ?? MATTILSYNET_ORGNR,
      utviklingssett: opts.utviklingssett ?? true,
    }),
  );
  // A system goes on only with a scope its importer has granted it (ADR 035).
  api.use(krevSystemtilgang(db));
  api.use(jsonKropp);
  api.use(gatewayRouter(db, opts.features ?? { visImportmelding: true, visRisikovurdering: true }));
  api.use(importoerRegisterRouter(db));
  api.use(systemtilgangRouter(db));
  api.use(epostStatusRouter(db, opts.epostNedeVarselMs ?? 15 * 60 * 1000));
  api.use(sertifikatRouter(db, grenser));
  api.use(listeRouter(db, opts.epostNedeVarselMs ?? 15 * 60 * 1000));
  api.use(importmeldingRouter(db, grenser, opts.utviklingssett));
  const webhook = opts.webhook ?? { noekkel: UTVIKLINGSNOEKKEL, tillatLokal: false };
  api.use(hendelseRouter(db, { noekkel: webhook.noekkel, policy: { tillatLokal: webhook.tillatLokal } }));
  api.use((_req, res) => sendError(res, 404, melding("api.fantIkkeRessursen")));
  api.use(errorHandler);
  return api;
}
