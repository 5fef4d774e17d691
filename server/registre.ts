// The service's clients of Altinn, Enhetsregisteret and its own Maskinporten client, from the configuration
// (docs/decisions/042-altinn-og-enhetsregisteret.md); in embedded mode also the development stand-ins
// (dev/registre), mounted at /registre on this process's own port, which the same clients then call over HTTP.
import type { Express, Router } from "express";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import { lagRegistre, type Registre } from "../api/registre";
import type { Db } from "../db";
import type { Config } from "./config";
import type { Logger } from "./logg";
import type { Metrikker } from "./metrikker";

export const REGISTRE_STI = "/registre";

export interface RegistreDel {
  registre: Registre;
  /** The development stand-ins, to mount at REGISTRE_STI (embedded mode). */
  standIn?: Router;
}

/**
 * `egenUrl`: this process's own address (known once it listens), where the embedded stand-ins answer.
 */
export async function startRegistre(opts: {
  config: Config;
  db: Db;
  metrikker: Metrikker;
  logg: Logger;
  egenUrl: () => string;
}): Promise<RegistreDel> {
  const { config, db } = opts;
  const r = config.registre;
  let noekkel = r.klientNoekkel as JWK | undefined;
  let standIn: Router | undefined;
  const base = () => `${opts.egenUrl()}${REGISTRE_STI}`;
  if (r.innebygd) {
    // A key pair made at start for the service's own client, known to the development Maskinporten only.
    const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
    noekkel = { ...(await exportJWK(privateKey)), kid: "dev-tjeneste", alg: "RS256" };
    const { createDevRegistre } = await import("../dev/registre");
    standIn = (
      await createDevRegistre({
        base,
        tjenesteklient: {
          klientId: r.klientId,
          jwk: { ...(await exportJWK(publicKey)), kid: "dev-tjeneste", alg: "RS256", use: "sig" },
        },
        ressurs: r.ressurs,
        abonnementsnoekkel: r.abonnementsnoekkel,
      })
    ).router;
  }
  const url = (satt: string | undefined, sti: string) => satt ?? (() => `${base()}${sti}`);
  const registre = lagRegistre({
    db,
    maskinporten: {
      url: url(r.maskinportenUrl, "/maskinporten"),
      klientId: r.klientId,
      // loadConfig requires the key wherever Altinn is set up by hand; an empty one fails each call (503).
      noekkel: noekkel ?? { kty: "RSA" },
    },
    altinn: {
      url: url(r.altinnUrl, "/altinn"),
      ressurs: r.ressurs,
      abonnementsnoekkel: r.abonnementsnoekkel,
    },
    enhetsregisteret: { url: url(r.enhetsregisteretUrl, "/enhetsregisteret") },
    cacheMs: r.cacheMs,
    kall: {
      tidsavbruddMs: r.tidsavbruddMs,
      forsoek: r.forsoek,
      pauseEtter: r.pauseEtter,
      pauseMs: r.pauseMs,
    },
    // Below the web app's 10 s to the API, so the user gets our page, not a timeout.
    fristMs: Math.min(7_000, r.tidsavbruddMs * r.forsoek * 2 + 500),
    maaler: opts.metrikker.registre,
    logg: opts.logg,
  });
  return { registre, standIn };
}

/** The development stand-ins at REGISTRE_STI on this process's port (embedded mode), before the app's routes. */
export function monterRegistre(app: Express, del: RegistreDel): void {
  if (!del.standIn) return;
  app.use(
    REGISTRE_STI,
    (_req, res, next) => {
      res.locals.rute = `${REGISTRE_STI}/*`;
      next();
    },
    del.standIn,
  );
}
