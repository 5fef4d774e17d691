// The ePhyto Hub side: POST /import/ephyto/v1/sertifikat with the certificate XML as the raw body and the
// Hub's API key in X-Api-Key. Mounted before the bearer-token middleware (the Hub is a system, not a person).
import express, { type NextFunction, type Request, type Response, Router } from "express";
import type { Db } from "../../db";
import { melding } from "../../sprak/melding";
import { EphytoParseError, STANDARD_MAKS_BYTES } from "../ephyto/parse";
import { type ApiGrenser, apiGrenser, krevApiNoekkel } from "../grenser";
import { ApiError } from "../http/feil";
import { ah } from "../http/kall";
import { ingestSertifikatIArbeider } from "./ingest";

export const HUB_INGEST_STI = "/import/ephyto/v1/sertifikat";

const erXml = (req: Request) => {
  const type = (req.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  return type === "application/xml" || type === "text/xml" || type.endsWith("+xml");
};

export function hubRouter(
  db: Db,
  hubApiKey: string | undefined,
  grenser: ApiGrenser = apiGrenser(),
  paaResultat?: (resultat: string) => void,
  utviklingssett = true,
): Router {
  const router = Router();
  router.post(
    HUB_INGEST_STI,
    krevApiNoekkel(db, hubApiKey, grenser, "hub"),
    (req: Request, _res: Response, next: NextFunction) =>
      erXml(req) ? next() : next(new ApiError(415, melding("api.bareXml"))),
    express.raw({ type: () => true, limit: STANDARD_MAKS_BYTES }),
    // A body over the limit is refused before it is read in full (ADR 018).
    (err: unknown, _req: Request, _res: Response, next: NextFunction) =>
      next(
        (err as { type?: string } | undefined)?.type === "entity.too.large"
          ? new ApiError(
              413,
              `Sertifikatet er for stort (største tillatte størrelse er ${STANDARD_MAKS_BYTES / (1024 * 1024)} MB)`,
            )
          : err,
      ),
    ah(async (req, res) => {
      const body: unknown = req.body;
      const xml = body instanceof Uint8Array ? body : new Uint8Array();
      try {
        const { id, nummer, resultat } = await ingestSertifikatIArbeider(db, xml, { utviklingssett });
        paaResultat?.(resultat);
        res.status(resultat === "ny" || resultat === "oppdatert" ? 201 : 200).json({ id, nummer, resultat });
      } catch (feil) {
        if (feil instanceof EphytoParseError) {
          paaResultat?.("avvist");
          const status =
            feil.kode === "FOR_STORT"
              ? 413
              : feil.kode === "ALLEREDE_ERSTATTET" || feil.kode === "ERSTATNING_SYKLUS"
                ? 409
                : 400;
          throw new ApiError(status, feil.message);
        }
        throw feil;
      }
    }),
  );
  return router;
}
