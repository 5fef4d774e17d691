// The authority's side (SPEC §4 "Assessment by the authority"): POST /myndighet/v1/importmelding/{id}/vurdering
// with the case-handling system's API key in X-Api-Key and { status: FRIGITT | AVVIST | DELVIS_AVVIST,
// begrunnelse? } (a reason is required for a rejection). Mounted before the bearer-token middleware: the
// caller is a system, not a person. The same change is available on the command line
// (scripts/myndighet-vurder.ts).
import { createHash, timingSafeEqual } from "node:crypto";
import express, { type NextFunction, type Request, type Response, Router } from "express";
import type { Db } from "../../db";
import { vurderingBodySkjema } from "../../domain/schemas/importmelding";
import { ah, jsonKropp, parseId, unauthorized } from "../http";
import { statusSvar, vurderImportmelding } from "./handlinger";

export const MYNDIGHET_VURDERING_STI = "/myndighet/v1/importmelding/:id/vurdering";

function likNoekkel(gitt: string, forventet: string): boolean {
  const a = createHash("sha256").update(gitt).digest();
  const b = createHash("sha256").update(forventet).digest();
  return timingSafeEqual(a, b);
}

function krevMyndighetNoekkel(noekkel: string | undefined) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const gitt = req.get("x-api-key");
    // Without a configured key the endpoint is closed.
    if (!noekkel || !gitt || !likNoekkel(gitt, noekkel))
      return next(unauthorized("Mangler eller ugyldig API-nøkkel"));
    next();
  };
}

export function myndighetRouter(db: Db, myndighetApiKey: string | undefined): Router {
  const router = Router();
  router.post(
    MYNDIGHET_VURDERING_STI,
    krevMyndighetNoekkel(myndighetApiKey),
    express.json({ limit: "100kb" }),
    jsonKropp,
    ah(async (req, res) => {
      const id = parseId(req.params.id, "id for forhåndsmelding");
      const body = vurderingBodySkjema.parse(req.body ?? {});
      const rad = await vurderImportmelding(db, { id, status: body.status, begrunnelse: body.begrunnelse });
      res.json(statusSvar(rad));
    }),
  );
  return router;
}
