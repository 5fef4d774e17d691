// The authority's side (SPEC §4 "Assessment by the authority"): POST /myndighet/v1/importmelding/{id}/vurdering
// with the case-handling system's API key in X-Api-Key and { status: FRIGITT | AVVIST | DELVIS_AVVIST,
// begrunnelse? } (a reason is required for a rejection). Mounted before the bearer-token middleware: the
// caller is a system, not a person. The same change is available on the command line
// (scripts/myndighet-vurder.ts).
import express, { Router } from "express";
import type { Db } from "../../db";
import { vurderingBodySkjema } from "../../domain/schemas/importmelding";
import { type ApiGrenser, apiGrenser, krevApiNoekkel } from "../grenser";
import { ah, jsonKropp, parseId } from "../http";
import { statusSvar, vurderImportmelding } from "./handlinger";

export const MYNDIGHET_VURDERING_STI = "/myndighet/v1/importmelding/:id/vurdering";

export function myndighetRouter(
  db: Db,
  myndighetApiKey: string | undefined,
  grenser: ApiGrenser = apiGrenser(),
): Router {
  const router = Router();
  router.post(
    MYNDIGHET_VURDERING_STI,
    krevApiNoekkel(db, myndighetApiKey, grenser, "myndighet"),
    express.json({ limit: "100kb" }),
    jsonKropp,
    ah(async (req, res) => {
      const id = parseId(req.params.id, "forhaandsmelding");
      const body = vurderingBodySkjema.parse(req.body ?? {});
      const rad = await vurderImportmelding(db, { id, status: body.status, begrunnelse: body.begrunnelse });
      res.json(statusSvar(rad));
    }),
  );
  return router;
}
