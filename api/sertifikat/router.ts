// The certificate API (SPEC §7 "Certificates and data"). Every route needs a verified token; routes with
// {orgnr}/{importoerId} also that the person may act for the importer.
import { Router } from "express";
import type { Db } from "../../db";
import { SertifikatListeSoek } from "../../domain/schemas/listefilter";
import { dokumentjobb } from "../arbeid/dokumentjobb";
import { lagSertifikatdokumentIArbeider } from "../arbeid/i-arbeider";
import { type AuthedRequest, type ImportoerRequest, importoerFor, requireImportoer } from "../auth";
import { contentDisposition, dokumentFilnavn } from "../dokumenter/filnavn";
import { type ApiGrenser, apiGrenser, personNoekkel, stoppHvisSperret, tellEllerStopp } from "../grenser";
import { badRequest } from "../http/feil";
import { ah, sprakForKall } from "../http/kall";
import { lesSoek } from "../http/soek";
import { parseId, parseOrgnr } from "../http/sti";
import { hentEksportland } from "./eksportland";
import { importoererForPerson } from "./synlighet";
import { hentVedlegg } from "./vedlegg";
import {
  hentSertifikatListe,
  hentSertifikatTekst,
  hentSertifikatVisning,
  lesSertifikatNoekler,
} from "./visning";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function sertifikatRouter(db: Db, grenser: ApiGrenser = apiGrenser()): Router {
  const router = Router();
  /**
   * A search that finds nothing, or a certificate new to the importer, counts per person and organisation
   * (ADR 026). Once the searches without a hit are used up, a certificate new to the importer is refused too,
   * so a blocked guesser cannot tell a hit (200) from a miss (429).
   */
  const soekGrense =
    (req: ImportoerRequest) =>
    async (utfall: "bom" | "ny"): Promise<void> => {
      const person = personNoekkel(req.innlogget.pid);
      if (utfall === "bom") {
        await tellEllerStopp(db, req, grenser.soekBomPerson, person);
        await tellEllerStopp(db, req, grenser.soekBomVirksomhet, req.orgnr);
        return;
      }
      await stoppHvisSperret(db, req, grenser.soekBomPerson, person);
      await stoppHvisSperret(db, req, grenser.soekBomVirksomhet, req.orgnr);
      await tellEllerStopp(db, req, grenser.soekNyPerson, person);
      await tellEllerStopp(db, req, grenser.soekNyVirksomhet, req.orgnr);
    };

  // Counts only what the asker sees: the importer in ?orgnr&importoerId (checked as on the {orgnr}/
  // {importoerId} routes), or without them every importer the person may act for.
  router.get(
    "/import/v2/eksportland",
    ah(async (req, res) => {
      const { innlogget } = req as AuthedRequest;
      const orgnr = typeof req.query.orgnr === "string" ? req.query.orgnr : undefined;
      const id = typeof req.query.importoerId === "string" ? req.query.importoerId : undefined;
      if (orgnr === undefined && id === undefined) {
        res.json(await hentEksportland(db, await importoererForPerson(db, innlogget)));
        return;
      }
      const importoer = await importoerFor(db, innlogget, parseOrgnr(orgnr), parseId(id, "importoer"));
      res.json(await hentEksportland(db, [importoer]));
    }),
  );

  router.get(
    "/import/v2/:orgnr/:importoerId/sertifikater",
    requireImportoer(db),
    ah(async (req, res) => {
      const { importoer } = req as ImportoerRequest;
      res.json(await hentSertifikatListe(db, importoer, lesSoek(SertifikatListeSoek, req.query)));
    }),
  );

  // One page of goods lines (`varelinjeside`, zero-based; `sortering` ASC/DESC by botanical name) and what
  // the page says about all of them (domain/varelinjeside.ts, ADR 018 "Grenser").
  router.get(
    "/import/v2/:orgnr/:importoerId/sertifikat",
    requireImportoer(db),
    ah(async (req, res) => {
      const r = req as ImportoerRequest;
      const side = typeof req.query.varelinjeside === "string" ? Number(req.query.varelinjeside) : 0;
      const sortering =
        req.query.sortering === "ASC" || req.query.sortering === "DESC" ? req.query.sortering : null;
      res.json(
        await hentSertifikatVisning(db, r.importoer, lesSertifikatNoekler(req.query), {
          foerSvar: soekGrense(r),
          sprak: sprakForKall(req),
          side: Number.isInteger(side) ? side : 0,
          sortering,
        }),
      );
    }),
  );

  // The certificate as a PDF and its goods lines as an .xlsx (SPEC §2 document downloads; the app serves
  // the browser links /dokument/import/v2/... and streams these). Made in the document lane (ADR 018):
  // bounded per person and in all, and stopped when the caller goes away.
  router.get(
    "/import/v2/:orgnr/:importoerId/sertifikat/:format(pdf|excel)",
    requireImportoer(db),
    ah(async (req, res) => {
      const r = req as ImportoerRequest;
      const format = req.params.format === "pdf" ? "pdf" : "excel";
      await tellEllerStopp(db, req, grenser.dokumentPerson, personNoekkel(r.innlogget.pid));
      const tekst = await hentSertifikatTekst(db, r.importoer, lesSertifikatNoekler(req.query), {
        giTilgang: false,
        foerSvar: soekGrense(r),
        sprak: sprakForKall(req),
      });
      // in the language of the person who downloads it (Accept-Language; the app sends its user's)
      const sprak = sprakForKall(req);
      const fil = await lagSertifikatdokumentIArbeider(format, tekst, sprak, dokumentjobb(req, res));
      res
        .setHeader("Content-Language", sprak)
        .vary("Accept-Language")
        .type(
          format === "pdf"
            ? "application/pdf"
            : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        )
        .setHeader(
          "Content-Disposition",
          contentDisposition(
            dokumentFilnavn(tekst.nummer, format === "pdf" ? "pdf" : "xlsx"),
            format === "pdf",
          ),
        )
        .send(fil);
    }),
  );

  vedleggsrute(router, db);
  return router;
}

/** A certificate's attachment, for those who see the certificate. */
function vedleggsrute(router: Router, db: Db): void {
  // The file as base64 text (SPEC §7), for a person who acts for an importer that sees the certificate.
  // Anyone else gets 404, as if it did not exist.
  router.get(
    "/import/v1/vedlegg/:id",
    ah(async (req, res) => {
      const id = req.params.id ?? "";
      if (!UUID.test(id)) throw badRequest("Ugyldig vedlegg-id");
      const vedlegg = await hentVedlegg(db, (req as AuthedRequest).innlogget, id);
      res
        .status(200)
        .set({
          "Content-Type": "text/plain; charset=utf-8",
          "X-Filnavn": encodeURIComponent(vedlegg.filnavn ?? ""),
          "X-Mimetype": vedlegg.mimetype,
          "Cache-Control": "private, no-store",
        })
        .send(vedlegg.base64);
    }),
  );
}
