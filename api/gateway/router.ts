// The authorisation-service side of the gateway (SPEC §7 "Session and config"): which entities the
// logged-in person may act for (Altinn, asked afresh on every call: the web app calls it at login and on
// «Velg virksomhet»), with the register's data for each organisation (Enhetsregisteret, our copy), and the
// person's name and phone (docs/decisions/042-altinn-og-enhetsregisteret.md); read in innlogget.ts.

import { Router } from "express";
import type { Db } from "../../db";
import type { AuthedRequest } from "../auth";
import { ah } from "../http/kall";
import { RegisterUtilgjengelig } from "../registre/motstand";
import { hentAvgivere, hentBrukerInfo } from "./innlogget";

export interface Features {
  visImportmelding: boolean;
  visRisikovurdering: boolean;
}

export function gatewayRouter(db: Db, features: Features): Router {
  const router = Router();

  // Behind the token check: a valid token is the session (SPEC §7).
  router.get("/gateway/auth/session", (_req, res) => {
    res.json({ autentisert: true });
  });

  router.get("/gateway/config/features", (_req, res) => {
    res.json({
      visImportmelding: features.visImportmelding,
      visRisikovurdering: features.visRisikovurdering,
    });
  });

  router.get(
    "/gateway/auth/avgiver",
    ah(async (req, res) => {
      const { pid, tilgang, maskin } = (req as AuthedRequest).innlogget;
      // A system acts for its own organisation only, and is nobody in Altinn.
      if (maskin) {
        res.json([]);
        return;
      }
      await tilgang.oppfrisk(pid);
      res.json(await hentAvgivere(db, pid));
    }),
  );

  router.get(
    "/gateway/auth/session/brukerInfo",
    ah(async (req, res) => {
      const { pid, tilgang, maskin } = (req as AuthedRequest).innlogget;
      // The name comes with Altinn's answer; when Altinn cannot answer, the name we have is good enough here.
      if (!maskin)
        await tilgang.sikre(pid).catch((e) => {
          if (!(e instanceof RegisterUtilgjengelig)) throw e;
        });
      res.json(await hentBrukerInfo(db, pid));
    }),
  );

  return router;
}
