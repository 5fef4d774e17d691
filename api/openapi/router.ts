// The API's own documentation, open to all (no token): the OpenAPI document and the reference page made
// from it (ADR 040). Mounted before the token check.
import { Router } from "express";
import { apiDokument } from "./dokument";
import { referanseSide, STIL } from "./side";

export const OPENAPI_STI = "/import/openapi.json";
export const REFERANSE_STI = "/import/dokumentasjon";
const STIL_STI = `${REFERANSE_STI}/stil.css`;

export function dokumentasjonRouter(): Router {
  const router = Router();
  let side: string | undefined;
  router.get(OPENAPI_STI, (_req, res) => {
    res.set("Cache-Control", "public, max-age=300").json(apiDokument());
  });
  router.get(REFERANSE_STI, (_req, res) => {
    side ??= referanseSide(apiDokument(), STIL_STI);
    res.set("Cache-Control", "public, max-age=300").type("html").send(side);
  });
  router.get(STIL_STI, (_req, res) => {
    res.set("Cache-Control", "public, max-age=300").type("css").send(STIL);
  });
  return router;
}
