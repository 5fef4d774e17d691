// The notification API (SPEC §7 "Notifications", base /import/importmelding/v2/{orgnr}/{importoerId}).
// Every route: a verified token and a person who may act for {orgnr}, whose importer {importoerId} is; then
// the notification's access rule (tilgang.ts). Bodies are validated with the domain schemas, so the API
// gives the forms' messages. Every change goes through tilstand.ts (atomic, versioned, audited).

import { Router } from "express";
import type { Db } from "../../db";
import {
  ankomstinfoBodySkjema,
  egenReferanseBodySkjema,
  innmelderBodySkjema,
  kontrollsvarBodySkjema,
  kopierSvarBodySkjema,
  mottakskontrollBodySkjema,
  mottakskontrolloerAnkomstBodySkjema,
  opprettImportmeldingBodySkjema,
  statusBodySkjema,
} from "../../domain/schemas/importmelding";
import { erInnsendt, type ImportmeldingStatus } from "../../domain/status";
import { oversetter } from "../../sprak/katalog.server";
import { melding } from "../../sprak/melding";
import { aktoerFor } from "../aktoer";
import { dokumentjobb } from "../arbeid/dokumentjobb";
import { lagDokumentasjonIArbeider, lagKvitteringPdfIArbeider } from "../arbeid/i-arbeider";
import { type ImportoerRequest, requireImportoer } from "../auth";
import { contentDisposition } from "../dokumenter/filnavn";
import { type ApiGrenser, apiGrenser, personNoekkel, tellEllerStopp } from "../grenser";
import { ApiError, badRequest, forbidden } from "../http/feil";
import { ah, sprakForKall } from "../http/kall";
import { parseId } from "../http/sti";
import { hentSertifikatXml } from "../sertifikat/oppslag";
import { hentSertifikatTekst } from "../sertifikat/visning";
import {
  lagreAnkomstinfo,
  lagreEgenReferanse,
  lagreFaktiskeMengder,
  lagreInnmelder,
  lagreKontrolloerPerson,
  lagreKontrollsvar,
  mottakskontrolloerValg,
  sikreAnkomstinfo,
  spoersmaalMedTilgang,
} from "./endringer";
import { BARE_UTKAST_KAN_SLETTES, endreKlientStatus, slettUtkast, statusSvar } from "./handlinger";
import { helHistorikk, hentHistorikk, historikkSoek, statusHendelser } from "./historikk";
import { FinnesAlleredeFeil, opprettImportmelding } from "./opprett";
import { finnSvarKilde, kopierSvar } from "./svar-kilde";
import {
  harLestRegelverk,
  hentMedTilgang,
  INGEN_TILGANG,
  REGELVERK_IKKE_BEKREFTET_REGISTRER,
  type Tilgangskrav,
} from "./tilgang";
import { hentImportmeldingVisning } from "./visning";

export const BASE = "/import/importmelding/v2/:orgnr/:importoerId";
const MED_ID = `${BASE}/:id(\\d+)`;

export const ULIK_ID = melding("api.ulikId");
export const KVITTERING_BARE_INNSENDT = melding("api.kvitteringBareInnsendt");
export const DOKUMENTASJON_BARE_INNSENDT = melding("api.dokumentasjonBareInnsendt");

function versjonFraQuery(v: unknown): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== "string" || !/^\d{1,9}$/.test(v) || Number(v) < 1)
    throw badRequest(melding("api.ugyldigVersjon"));
  return Number(v);
}

/** The notification named in the address with the caller's access to it (tilgang.ts): 404 or 403 if none. */
const medTilgang = (db: Db) => async (req: ImportoerRequest, krav: Tilgangskrav) => {
  const id = parseId(req.params.id, "forhaandsmelding");
  return { id, ...(await hentMedTilgang(db, id, req.importoerId, krav)) };
};

/** The notification routes: creating, reading and deleting here, the rest in the route groups below. */
export function importmeldingRouter(
  db: Db,
  grenser: ApiGrenser = apiGrenser(),
  utviklingssett = true,
): Router {
  const router = Router();
  const kontekst = medTilgang(db);

  router.post(
    BASE,
    requireImportoer(db),
    ah<ImportoerRequest>(async (req, res) => {
      const body = opprettImportmeldingBodySkjema.parse(req.body ?? {});
      try {
        const { id } = await opprettImportmelding(db, {
          importoerId: req.importoerId,
          aktoer: await aktoerFor(db, req),
          body,
        });
        res.status(201).json({ id });
      } catch (feil) {
        if (feil instanceof FinnesAlleredeFeil) {
          throw new ApiError(
            409,
            feil.message,
            {},
            feil.importMeldingId === undefined ? {} : { importMeldingId: feil.importMeldingId },
          );
        }
        throw feil;
      }
    }),
  );

  router.get(
    MED_ID,
    requireImportoer(db),
    ah<ImportoerRequest>(async (req, res) => {
      const { id, eier, mottakskontrolloer, rad } = await kontekst(req, "mottak");
      res.json(await hentImportmeldingVisning(db, id, { eier, mottakskontrolloer }, sprakForKall(req), rad));
    }),
  );

  router.delete(
    MED_ID,
    requireImportoer(db),
    ah<ImportoerRequest>(async (req, res) => {
      const { id, rad } = await kontekst(req, "eier");
      if (rad.status !== "UNDER_REGISTRERING") throw badRequest(BARE_UTKAST_KAN_SLETTES);
      await slettUtkast(db, { id, aktoer: await aktoerFor(db, req) });
      res.status(204).end();
    }),
  );

  registreringsruter(router, db);
  kopiruter(router, db);
  mottaksruter(router, db);
  statusruter(router, db, utviklingssett);
  dokumentruter(router, db, grenser);
  return router;
}

/** What the importer fills in: the submitter, the own reference and the answers to the control questions. */
function registreringsruter(router: Router, db: Db): void {
  const kontekst = medTilgang(db);

  router.put(
    `${MED_ID}/innmelder`,
    requireImportoer(db),
    ah<ImportoerRequest>(async (req, res) => {
      const { id } = await kontekst(req, "eier");
      const body = innmelderBodySkjema.parse(req.body ?? {});
      const aktoer = await aktoerFor(db, req);
      // The own reference only when the body names it (null or "" clears it).
      const medReferanse = Object.hasOwn((req.body ?? {}) as object, "egenReferanse");
      await lagreInnmelder(db, { id, body, medReferanse, aktoer });
      res.status(204).end();
    }),
  );

  router.put(
    `${MED_ID}/egenreferanse`,
    requireImportoer(db),
    ah<ImportoerRequest>(async (req, res) => {
      const { id } = await kontekst(req, "eier");
      const body = egenReferanseBodySkjema.parse(req.body ?? {});
      const aktoer = await aktoerFor(db, req);
      await lagreEgenReferanse(db, { id, body, aktoer });
      res.status(204).end();
    }),
  );

  router.put(
    `${MED_ID}/kontrollspoersmaal/:spoersmaalId(\\d+)`,
    requireImportoer(db),
    ah<ImportoerRequest>(async (req, res) => {
      const id = parseId(req.params.id, "forhaandsmelding");
      const spoersmaalId = parseId(req.params.spoersmaalId, "kontrollspoersmaal");
      const spoersmaal = await spoersmaalMedTilgang(db, id, spoersmaalId, req.importoerId);
      const body = kontrollsvarBodySkjema(spoersmaal.kode).parse(req.body ?? {});
      if (body.id !== undefined && body.id !== spoersmaalId) throw badRequest(ULIK_ID);
      if (spoersmaal.mottak && !(await harLestRegelverk(db, req.importoerId))) {
        throw badRequest(REGELVERK_IKKE_BEKREFTET_REGISTRER);
      }
      await lagreKontrollsvar(db, { id, spoersmaal, body, aktoer: await aktoerFor(db, req) });
      res.status(204).end();
    }),
  );
}

/**
 * «Bruk svarene fra IM-…» (issue 36 item 14, ADR 061): which earlier notification a draft may take its answers
 * from (null when none), and the copy itself (one transaction, one SVAR_KOPIERT event).
 */
function kopiruter(router: Router, db: Db): void {
  const kontekst = medTilgang(db);

  router.get(
    `${MED_ID}/svarkilde`,
    requireImportoer(db),
    ah<ImportoerRequest>(async (req, res) => {
      const { rad } = await kontekst(req, "eier");
      const kilde =
        rad.status === "UNDER_REGISTRERING" ? await finnSvarKilde(db, rad, req.importoerId) : null;
      res.set("Cache-Control", "private, no-store").json({ kilde });
    }),
  );

  router.post(
    `${MED_ID}/kopier-svar`,
    requireImportoer(db),
    ah<ImportoerRequest>(async (req, res) => {
      // access to the draft before the body (as every route); the source's access in kopierSvar
      const { rad } = await kontekst(req, "eier");
      const body = kopierSvarBodySkjema.parse(req.body ?? {});
      const resultat = await kopierSvar(db, {
        utkast: rad,
        kildeId: body.kildeId,
        importoerId: req.importoerId,
        versjon: body.versjon ?? undefined,
        aktoer: await aktoerFor(db, req),
      });
      res.json(resultat);
    }),
  );
}

/** The arrival and the reception control: arrival information, the choice of controller, actual quantities. */
function mottaksruter(router: Router, db: Db): void {
  const kontekst = medTilgang(db);

  router.put(
    `${MED_ID}/ankomstinfo/:ankomstInfoId(\\d+)`,
    requireImportoer(db),
    ah<ImportoerRequest>(async (req, res) => {
      const { id, rad, eier } = await kontekst(req, "mottak");
      const ankomstInfoId = parseId(req.params.ankomstInfoId, "ankomstinformasjon");
      await sikreAnkomstinfo(db, id, ankomstInfoId);

      if (!eier) {
        // The appointed reception controller: only the person's name and phone.
        const body = mottakskontrolloerAnkomstBodySkjema.parse(req.body ?? {});
        if (body.mottakskontrolloer.importoerId !== req.importoerId)
          throw forbidden(melding("api.endring.bareSegSelv"));
        await lagreKontrolloerPerson(db, { id, ankomstInfoId, body, aktoer: await aktoerFor(db, req) });
        res.status(204).end();
        return;
      }

      const body = ankomstinfoBodySkjema({ kunDokumentkontroll: rad.kun_dokumentkontroll }).parse(
        req.body ?? {},
      );
      if (body.id !== undefined && body.id !== ankomstInfoId) throw badRequest(ULIK_ID);
      await lagreAnkomstinfo(db, {
        id,
        ankomstInfoId,
        ansvarligImportoerId: rad.ansvarlig_importoer_id,
        utfoertAvId: req.importoerId,
        body,
        aktoer: await aktoerFor(db, req),
      });
      res.status(204).end();
    }),
  );

  router.get(
    `${MED_ID}/mottakskontrolloerer`,
    requireImportoer(db),
    ah<ImportoerRequest>(async (req, res) => {
      const { rad } = await kontekst(req, "eier");
      res.json(await mottakskontrolloerValg(db, rad.ansvarlig_importoer_id));
    }),
  );

  router.put(
    `${MED_ID}/mottakskontroll`,
    requireImportoer(db),
    ah<ImportoerRequest>(async (req, res) => {
      const { id } = await kontekst(req, "mottak");
      const versjon = versjonFraQuery(req.query.versjon);
      const body = mottakskontrollBodySkjema.parse(req.body ?? null);
      if (!(await harLestRegelverk(db, req.importoerId)))
        throw badRequest(REGELVERK_IKKE_BEKREFTET_REGISTRER);
      await lagreFaktiskeMengder(db, { id, body, versjon, aktoer: await aktoerFor(db, req) });
      res.status(204).end();
    }),
  );
}

/** The status changes a client makes (registered, arrived, withdrawn) and the history of the notification. */
function statusruter(router: Router, db: Db, utviklingssett: boolean): void {
  const kontekst = medTilgang(db);

  router.put(
    `${MED_ID}/status`,
    requireImportoer(db),
    ah<ImportoerRequest>(async (req, res) => {
      // The reception controller may only set ANKOMMET; access is checked before the body.
      const { id, eier } = await kontekst(req, "mottak");
      const body = statusBodySkjema.parse(req.body ?? {});
      if (!eier && body.status !== "ANKOMMET") throw forbidden(INGEN_TILGANG);
      const rad = await endreKlientStatus(db, {
        id,
        til: body.status,
        aktoer: await aktoerFor(db, req),
        versjon: body.versjon,
        utviklingssett,
      });
      res.json(statusSvar(rad));
    }),
  );

  // The history (ADR 033): readable by exactly those who may read the notification; newest first, paged.
  router.get(
    `${MED_ID}/historikk`,
    requireImportoer(db),
    ah<ImportoerRequest>(async (req, res) => {
      const { id } = await kontekst(req, "mottak");
      res
        .set("Cache-Control", "private, no-store")
        .set("Content-Language", sprakForKall(req))
        .json(await hentHistorikk(db, id, historikkSoek(req.query), sprakForKall(req)));
    }),
  );
}

/** The documents of a submitted notification: the receipt PDF and the evidence pack, in the document lane. */
function dokumentruter(router: Router, db: Db, grenser: ApiGrenser): void {
  const kontekst = medTilgang(db);

  const kvittering = ah<ImportoerRequest>(async (req, res) => {
    await tellEllerStopp(db, req, grenser.dokumentPerson, personNoekkel(req.innlogget.pid));
    const { id, eier, mottakskontrolloer, rad } = await kontekst(req, "mottak");
    if (!erInnsendt(rad.status as ImportmeldingStatus)) throw badRequest(KVITTERING_BARE_INNSENDT);
    const visning = await hentImportmeldingVisning(
      db,
      id,
      { eier, mottakskontrolloer },
      sprakForKall(req),
      rad,
    );
    const hendelser = await statusHendelser(db, id);
    // in the document lane: bounded per person and in all, stopped when the caller goes away (ADR 018)
    // in the language of the person who downloads it (Accept-Language; the app sends its user's)
    const sprak = sprakForKall(req);
    const pdf = await lagKvitteringPdfIArbeider(visning, { hendelser, sprak }, dokumentjobb(req, res));
    const filnavn = oversetter(sprak)("dokumenter.kvittering.filnavn", {
      nummer: visning.nummer.replace(/[^A-Za-z0-9-]/g, "-"),
    });
    res
      .status(200)
      .type("application/pdf")
      .setHeader("Content-Disposition", `inline; filename="${filnavn}"`)
      .setHeader("Content-Language", sprak)
      .vary("Accept-Language")
      .setHeader("Cache-Control", "private, no-store")
      .send(pdf);
  });
  router.get(`${MED_ID}/kvittering`, requireImportoer(db), kvittering);

  // The evidence pack (issue 24 §3, ADR 038): every document of a submitted notification in one ZIP file,
  // for those who may read the notification; counted as a download and made in the document lane.
  router.get(
    `${MED_ID}/dokumentasjon`,
    requireImportoer(db),
    ah<ImportoerRequest>(async (req, res) => {
      await tellEllerStopp(db, req, grenser.dokumentPerson, personNoekkel(req.innlogget.pid));
      const { id, eier, mottakskontrolloer, rad } = await kontekst(req, "mottak");
      if (!erInnsendt(rad.status as ImportmeldingStatus)) throw badRequest(DOKUMENTASJON_BARE_INNSENDT);
      const melding = await hentImportmeldingVisning(
        db,
        id,
        { eier, mottakskontrolloer },
        sprakForKall(req),
        rad,
      );
      // in the language of the person who downloads it (Accept-Language; the app sends its user's)
      const sprak = sprakForKall(req);
      const { nummer, utstedtDato: dato, avsenderland } = melding.sertifikat;
      const [hendelser, sertifikat, xml] = await Promise.all([
        helHistorikk(db, id, sprak),
        hentSertifikatTekst(
          db,
          req.importoer,
          { sertifikatnummer: nummer, dato, avsenderland },
          { giTilgang: false },
        ),
        hentSertifikatXml(db, rad.sertifikat_id),
      ]);
      const zip = await lagDokumentasjonIArbeider(
        {
          melding,
          hendelser,
          sertifikat,
          xml: xml ? { data: xml.xml, mottatt: new Date(xml.mottatt).toISOString() } : null,
          generert: new Date().toISOString(),
          sprak,
        },
        dokumentjobb(req, res),
      );
      const navn = oversetter(sprak)("dokumenter.pakke.filnavn", {
        nummer: melding.nummer.replace(/[^A-Za-z0-9-]/g, "-"),
      });
      res
        .status(200)
        .type("application/zip")
        .setHeader("Content-Disposition", contentDisposition(navn, false))
        .setHeader("Content-Language", sprak)
        .vary("Accept-Language")
        .setHeader("Cache-Control", "private, no-store")
        .send(zip);
    }),
  );
}
