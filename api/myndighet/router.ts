// The authority's case-system API (issue 32 items 2 and 3, docs/decisions/045-myndighetens-api.md,
// 046-godkjente-risikoregler.md): Mattilsynet's own systems find and read what importers submit, follow it as an
// event feed, post the assessment by notification number, and load and approve the risk rules, without a person.
// Every call carries a Maskinporten token of the authority's organisation (MYNDIGHET_ORGNR) with the scope the
// call needs (api/auth.ts MYNDIGHET_SCOPES); a person's token and an importer's system get 403, and the
// authority's token gets 403 on every importer route (it carries none of the importers' scopes). Mounted after
// the token check and before the importers' guards; everything under /myndighet ends here.
import express, { type Request, Router } from "express";
import { z } from "zod";
import type { Db } from "../../db";
import { regelsettFeil, regelsettSkjema } from "../../domain/risiko/regelsett";
import { vurderingBodySkjema } from "../../domain/schemas/importmelding";
import { erVurdert, type ImportmeldingStatus } from "../../domain/status";
import { oversetter } from "../../sprak/katalog.server";
import { melding } from "../../sprak/melding";
import type { Aktoer } from "../aktoer";
import { type AuthedRequest, MYNDIGHET_SCOPES, type MyndighetScope } from "../auth";
import { feedSoek } from "../hendelser/kontrakt";
import { MYNDIGHET_STROEM } from "../hendelser/skriv";
import { lesStroem } from "../hendelser/stroem";
import { ApiError, badRequest, conflict, forbidden, sendError } from "../http/feil";
import { jsonKropp } from "../http/json-kropp";
import { ah, sprakForKall } from "../http/kall";
import { lesSoek } from "../http/soek";
import { vurderImportmelding } from "../importmelding/handlinger";
import { gjeldendeRegelsett, glemGjeldendeRegelsett } from "../regelsett/gjeldende";
import {
  godkjennRegelsett,
  hentInnhold,
  hentRegelsett,
  lastOppRegelsett,
  listRegelsett,
} from "../regelsett/lager";
import { hentSertifikatXml } from "../sertifikat/oppslag";
import { listeSoek, myndighetListe } from "./liste";
import { finnInnsendt, hentForMyndighet } from "./visning";

/** Mattilsynet's organisation number: the default of MYNDIGHET_ORGNR. */
export const MATTILSYNET_ORGNR = "985399077";

export const BASE = "/myndighet/v2";

/** The system behind the request (the token's client), for the audit trail. */
const klientId = (req: Request) => (req as AuthedRequest).innlogget.maskin?.klientId ?? "ukjent";

/**
 * Only the authority's organisation's systems, with one of `scopes` in the token. Checked before anything is
 * read, so a refused call reads and writes nothing.
 */
export function krevMyndighet(orgnr: string, ...scopes: MyndighetScope[]) {
  return (req: Request, _res: unknown, next: (e?: unknown) => void) => {
    const maskin = (req as AuthedRequest).innlogget.maskin;
    if (!maskin || maskin.orgnr !== orgnr) {
      return next(forbidden(melding("api.myndighet.bareMattilsynet")));
    }
    if (!scopes.some((s) => maskin.myndighetScopes.includes(s))) {
      const scope = scopes.map((s) => MYNDIGHET_SCOPES[s]).join(" | ");
      return next(forbidden(melding("api.myndighet.manglerScope", { scopes: scope })));
    }
    next();
  };
}

/** A notification's number in a path: what the service gives (IM-2026-1001), nothing longer. */
function nummerFra(req: Request): string {
  const nummer = req.params.nummer ?? "";
  if (!/^[A-Za-z0-9][A-Za-z0-9.-]{0,49}$/.test(nummer))
    throw badRequest(melding("api.myndighet.ugyldigNummer"));
  return nummer.toUpperCase();
}

const versjonFra = (req: Request) => {
  const v = req.params.versjon ?? "";
  if (!/^\d{1,9}$/.test(v) || Number(v) < 1) throw badRequest(melding("api.myndighet.ugyldigVersjon"));
  return Number(v);
};

export const regelsettListeSoek = z.object({
  foer: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .optional()
    .meta({ description: "Markøren: `eldre` fra forrige side (versjonene før denne)" }),
});

export const godkjenningBody = z.object(
  {
    godkjentAv: z
      .string({ error: melding("api.myndighet.godkjentAvMangler") })
      .trim()
      .min(1, melding("api.myndighet.godkjentAvMangler"))
      .max(200, melding("api.myndighet.godkjentAvForLang")),
  },
  { error: melding("api.myndighet.godkjenningObjekt") },
);

/**
 * The assessment, once: a second post of the same assessment (a retry, or two at once: the row lock lets one
 * through, ADR 007) answers as the first did; another assessment of an assessed notification is 409.
 */
async function vurder(db: Db, nummer: string, body: z.output<typeof vurderingBodySkjema>, aktoer: Aktoer) {
  const rad = await finnInnsendt(db, nummer);
  try {
    await vurderImportmelding(db, { id: rad.id, ...body, aktoer });
  } catch (e) {
    if (!(e instanceof ApiError) || (e.status !== 400 && e.status !== 409)) throw e;
    const naa = await finnInnsendt(db, nummer);
    const samme =
      naa.status === body.status &&
      (naa.vurdering_begrunnelse ?? undefined) === body.begrunnelse &&
      (naa.vedtaksbrev_referanse ?? undefined) === body.vedtaksbrevReferanse;
    if (samme) return;
    const status = naa.status as ImportmeldingStatus;
    if (erVurdert(status)) throw conflict(melding("api.myndighet.alleredeVurdert", { status }));
    throw new ApiError(409, e.message);
  }
}

export function myndighetRouter(db: Db, opts: { orgnr: string; utviklingssett: boolean }): Router {
  const router = Router();
  const les = krevMyndighet(opts.orgnr, "read");
  // Reading the rules is open to the case system (to explain a decision) and the rules' administration.
  const lesRegler = krevMyndighet(opts.orgnr, "read", "regelsett");
  const regler = krevMyndighet(opts.orgnr, "regelsett");

  router.get(
    `${BASE}/importmeldinger`,
    les,
    ah(async (req, res) => {
      res.json(await myndighetListe(db, listeSoek.parse(req.query)));
    }),
  );

  router.get(
    `${BASE}/importmeldinger/:nummer`,
    les,
    ah(async (req, res) => {
      res.json(await hentForMyndighet(db, nummerFra(req)));
    }),
  );

  router.get(
    `${BASE}/importmeldinger/:nummer/sertifikat.xml`,
    les,
    ah(async (req, res) => {
      const { sertifikat_id } = await finnInnsendt(db, nummerFra(req));
      const xml = await hentSertifikatXml(db, sertifikat_id);
      if (!xml) return sendError(res, 404, melding("api.myndighet.xmlMangler"));
      res.status(200).type("application/xml").send(Buffer.from(xml.xml));
    }),
  );

  router.post(
    `${BASE}/importmeldinger/:nummer/vurdering`,
    krevMyndighet(opts.orgnr, "vurdering"),
    jsonKropp,
    ah(async (req, res) => {
      const nummer = nummerFra(req);
      const body = vurderingBodySkjema.parse(req.body ?? {});
      await vurder(db, nummer, body, { type: "MYNDIGHET", kilde: `klient:${klientId(req)}` });
      res.json(await hentForMyndighet(db, nummer));
    }),
  );

  router.get(
    `${BASE}/hendelser`,
    les,
    ah(async (req, res) => {
      const side = await lesStroem(db, MYNDIGHET_STROEM, lesSoek(feedSoek, req.query));
      res.json({
        hendelser: side.rader.map((r) => ({
          id: r.uuid,
          nummer: Number(r.nummer),
          type: r.type,
          timestamp: new Date(r.tidspunkt).toISOString(),
          data: r.data,
        })),
        neste: side.neste,
        flere: side.flere,
      });
    }),
  );

  router.get(
    `${BASE}/regelsett`,
    lesRegler,
    ah(async (req, res) => {
      res.json(await listRegelsett(db, lesSoek(regelsettListeSoek, req.query)));
    }),
  );

  router.get(
    `${BASE}/regelsett/gjeldende`,
    lesRegler,
    ah(async (_req, res) => {
      const g = await gjeldendeRegelsett(db, opts.utviklingssett);
      if (!g) {
        return sendError(res, 404, melding("api.myndighet.ingenRegelsett"));
      }
      res.json({ ...(await hentRegelsett(db, g.versjon)), innhold: await hentInnhold(db, g.versjon) });
    }),
  );

  router.get(
    `${BASE}/regelsett/:versjon`,
    lesRegler,
    ah(async (req, res) => {
      const versjon = versjonFra(req);
      res.json({ ...(await hentRegelsett(db, versjon)), innhold: await hentInnhold(db, versjon) });
    }),
  );

  router.post(
    `${BASE}/regelsett`,
    regler,
    jsonKropp,
    ah(async (req, res) => {
      const innhold = regelsettSkjema.safeParse(req.body ?? {});
      if (!innhold.success) {
        const { melding, feil } = regelsettFeil(innhold.error, oversetter(sprakForKall(req)).melding);
        throw new ApiError(400, melding, {}, { feil });
      }
      const { regelsett, ny } = await lastOppRegelsett(db, innhold.data, {
        lastetOppAv: `klient:${klientId(req)}`,
      });
      res.status(ny ? 201 : 200).json(regelsett);
    }),
  );

  router.post(
    `${BASE}/regelsett/:versjon/godkjenning`,
    regler,
    jsonKropp,
    ah(async (req, res) => {
      const versjon = versjonFra(req);
      const { godkjentAv } = godkjenningBody.parse(req.body ?? {});
      const regelsett = await godkjennRegelsett(
        db,
        versjon,
        { godkjentAv, klient: klientId(req) },
        opts.utviklingssett,
      );
      // This process uses it from the next certificate; the others within SJEKK_MS (ADR 046).
      glemGjeldendeRegelsett();
      res.json(regelsett);
    }),
  );

  // Nothing else under /myndighet: not the importers' routes (their guards are for importers).
  router.use("/myndighet", (_req, res) => sendError(res, 404, melding("api.myndighet.fantIkkeRessursen")));
  return router;
}

/** The JSON body limit of the authority's routes: a ruleset may carry a whole EPPO table. */
export const myndighetJson = express.json({ limit: "10mb" });
export const erRegelsettOpplasting = (sti: string) => sti === `${BASE}/regelsett`;
