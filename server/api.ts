// The `api` role: the import API (SPEC §7) with the ePhyto Hub intake and the authority's assessment endpoint,
// on the paths of API_PREFIXES. Access tokens are verified against the issuer's keys as in production: the
// issuer's JWKS from its discovery document (or API_JWKS_URI), its issuer name, and API_AUDIENCE. Machine
// tokens (ADR 035) against Maskinporten's JWKS; in development the development Maskinporten answers at
// /maskinporten in this role, with the clients of MASKINPORTEN_DEV_KLIENTER (dev/maskinporten/klientfil.ts).
import type { Express, NextFunction, Request, Response } from "express";
import { createRemoteJWKSet } from "jose";
import { API_PREFIXES, createApi } from "../api";
import { stillInnArbeid } from "../api/arbeid/basseng";
import { MYNDIGHET_SCOPES } from "../api/auth";
import { apiGrenser } from "../api/grenser";
import type { Tilgang } from "../api/registre/tilgang";
import type { Db } from "../db";
import type { Config } from "./config";
import type { Metrikker } from "./metrikker";

export const erApiSti = (sti: string) => API_PREFIXES.some((p) => sti === p || sti.startsWith(`${p}/`));

export async function monterApi(
  app: Express,
  opts: { config: Config; db: Db; metrikker: Metrikker; tilgang?: Tilgang },
): Promise<void> {
  const { config, db, metrikker } = opts;
  const maskin = config.maskinporten;
  if (maskin && config.embeddedMaskinporten) {
    const { createDevMaskinporten } = await import("../dev/maskinporten");
    const { lesKlientfil } = await import("../dev/maskinporten/klientfil");
    const fil = config.maskinportenDevKlienter;
    // The authority's case system in development (ADR 045): registered with its key, for the commands.
    const { sikreKlient } = await import("../dev/maskinporten/klientfil");
    await sikreKlient(
      fil,
      {
        client_id: config.myndighetDevKlient.klientId,
        navn: "Mattilsynets saksbehandling (utvikling)",
        orgnr: config.myndighetOrgnr,
        scopes: Object.values(MYNDIGHET_SCOPES),
      },
      config.myndighetDevKlient.noekkelfil,
    );
    const sti = new URL(maskin.issuer).pathname;
    app.use(
      sti,
      (_req, res, next) => {
        res.locals.rute = `${sti}/*`;
        next();
      },
      await createDevMaskinporten({
        issuer: maskin.issuer,
        audience: maskin.audience,
        klienter: () => lesKlientfil(fil),
      }),
    );
  }
  stillInnArbeid(config.arbeid);
  const api = createApi({
    db,
    grenser: apiGrenser(config.grenser),
    auth: {
      issuer: config.oidc.issuer,
      audience: config.apiAudience,
      jwks: config.apiJwksUri ? createRemoteJWKSet(new URL(config.apiJwksUri)) : undefined,
    },
    maskinporten: maskin && {
      issuer: maskin.issuer,
      audience: maskin.audience,
      jwks: createRemoteJWKSet(new URL(maskin.jwksUri)),
    },
    hubApiKey: config.hubApiKey,
    myndighet: { orgnr: config.myndighetOrgnr },
    utviklingssett: config.utviklingssettTillatt,
    epostNedeVarselMs: config.epost.nedeVarselMs,
    features: config.features,
    paaSertifikat: (resultat) => metrikker.sertifikatInnlest(resultat),
    webhook: { noekkel: config.webhook.noekkel, tillatLokal: config.webhook.tillatLokal },
    // Who may act for whom, from Altinn (ADR 042).
    tilgang: opts.tilgang,
  });
  // Mounted without stripping the prefix: the API answers exactly the paths of SPEC §7. The route pattern of
  // an answer is the Express route that gave it (server/rute.ts).
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (!erApiSti(req.path)) return next();
    res.locals.rute = undefined;
    api(req, res, next);
  });
}
