// The importer register (SPEC §7 "Importer register").
import { Router } from "express";
import { z } from "zod";
import type { Db } from "../../db";
import { melding } from "../../sprak/melding";
import { erSprak, SPRAK } from "../../sprak/sprak";
import {
  type AuthedRequest,
  type ImportoerRequest,
  kanRepresentere,
  type OrgRequest,
  requireImportoer,
  requireOrg,
} from "../auth";
import { badRequest, forbidden, notFound } from "../http/feil";
import { ah, sprakForKall } from "../http/kall";
import { parseId, parseOrgnr } from "../http/sti";
import {
  erstattMottakskontrolloerer,
  kontrolloerFor,
  MAKS_MOTTAKSKONTROLLOERER,
  settErMottakskontrolloer,
  velgbareKontrolloerer,
} from "./mottakskontrolloerer";
import { bekreftRegelverk, hentImportoer, importoerIdFor, registrerImportoer } from "./profil";
import { leggTilEpostadresse, settEpostSprak, settVarsel, slettEpostadresse } from "./varsling";

// A practical address check (RFC 5321 lengths, no spaces or control characters, one @, a dotted domain):
// the server decides, the browser's type="email" only helps.
const EPOST =
  /^[^\s@\p{Cc}\p{Cf}]{1,64}@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+[\p{L}]{2,63}$/u;

export const epostSchema = z.object(
  {
    epostadresse: z
      .string({ error: "E-postadressen må være tekst" })
      .max(1000, melding("api.register.epostForLang"))
      .transform((v) => v.trim())
      .pipe(
        z
          .string()
          .min(1, melding("api.register.epostMangler"))
          .max(254, melding("api.register.epostForLang"))
          .regex(EPOST, melding("api.register.epostUgyldig")),
      ),
  },
  { error: melding("api.objektMed", { felt: "epostadresse" }) },
);

const boolFelt = (navn: string) =>
  z.object(
    { [navn]: z.boolean({ error: melding("api.trueEllerFalse", { felt: navn }) }) },
    {
      error: melding("api.objektMed", { felt: navn }),
    },
  );

export const kontrolloererSchema = z.object(
  {
    mottakskontrolloerIds: z
      .array(
        z
          .number({ error: melding("api.register.kontrolloerIds", { krav: "tall" }) })
          .int(melding("api.register.kontrolloerIds", { krav: "heltall" }))
          .positive(melding("api.register.kontrolloerIds", { krav: "positive" }))
          .max(Number.MAX_SAFE_INTEGER, melding("api.register.ukjentKontrolloer")),
        { error: melding("api.register.kontrolloerIds", { krav: "liste" }) },
      )
      .max(
        MAKS_MOTTAKSKONTROLLOERER,
        melding("api.register.kontrolloerMaks", { antall: MAKS_MOTTAKSKONTROLLOERER }),
      ),
  },
  { error: melding("api.objektMed", { felt: "mottakskontrolloerIds" }) },
);

export const registreringSchema = z.object({
  hovedenhetNavn: z
    .string()
    .trim()
    .max(200, melding("api.register.navnForLangt", { maks: 200 }))
    .nullish(),
  hovedenhetOrganisasjonsnummer: z
    .string()
    .regex(/^\d{9}$/, melding("api.register.ugyldigHovedenhet"))
    .nullish(),
  navn: z
    .string({ error: melding("api.register.navnMangler") })
    .trim()
    .min(1, melding("api.register.navnMangler"))
    .max(200, melding("api.register.navnForLangt", { maks: 200 })),
  organisasjonsnummer: z
    .string({ error: melding("api.register.orgnrMangler") })
    .regex(/^\d{9}$/, melding("api.ugyldigOrgnr")),
});

/**
 * The importer register: the importer itself (read, register), whom it is reception controller for and its
 * confirmation of the regulations; its alerts and its controllers are in the route groups below. The handlers
 * parse, check access and call the operations of api/importoer/.
 */
export function importoerRegisterRouter(db: Db): Router {
  const router = Router();

  router.get(
    "/import/register/v1/:orgnr",
    requireOrg(db),
    ah(async (req, res) => {
      const importoer = await hentImportoer(db, (req as OrgRequest).orgnr);
      if (!importoer) throw notFound(melding("api.fantIkkeImportoer"));
      res.json(importoer);
    }),
  );

  router.post(
    "/import/register/v1/:orgnr",
    requireOrg(db),
    ah(async (req, res) => {
      const { orgnr } = req as OrgRequest;
      const body = registreringSchema.parse(req.body ?? {});
      if (body.organisasjonsnummer !== orgnr) {
        throw badRequest(melding("api.ulikOrgnr"));
      }
      res.status(201).json(await registrerImportoer(db, orgnr, body, sprakForKall(req)));
    }),
  );

  router.get(
    "/import/register/v1/:orgnr/:importoerId/mottakskontrolloerfor",
    requireImportoer(db),
    ah(async (req, res) => {
      res.json(await kontrolloerFor(db, (req as ImportoerRequest).importoerId));
    }),
  );

  // The regulation confirmation (SPEC §5): it can be given, never taken back.
  router.put(
    "/import/register/v1/:orgnr/:importoerId/lestregelverk",
    requireImportoer(db),
    ah(async (req, res) => {
      const { importoerId } = req as ImportoerRequest;
      const { harLestRegelverk } = z
        .object({
          harLestRegelverk: z.boolean({ error: melding("api.trueEllerFalse", { felt: "harLestRegelverk" }) }),
        })
        .parse(req.body ?? {});
      await bekreftRegelverk(db, importoerId, harLestRegelverk);
      res.status(204).end();
    }),
  );

  varslingsruter(router, db);
  mottakskontrolloerruter(router, db);
  return router;
}

/** The importer's e-mail addresses and whether it is told of new certificates and of assessments. */
function varslingsruter(router: Router, db: Db): void {
  router.put(
    "/import/register/v1/:orgnr/epost",
    requireOrg(db),
    ah(async (req, res) => {
      const importoerId = await importoerIdFor(db, (req as OrgRequest).orgnr);
      const { epostadresse } = epostSchema.parse(req.body);
      res.status(201).json(await leggTilEpostadresse(db, importoerId, epostadresse));
    }),
  );

  router.delete(
    "/import/register/v1/:orgnr/epost/:id",
    requireOrg(db),
    ah(async (req, res) => {
      const importoerId = await importoerIdFor(db, (req as OrgRequest).orgnr);
      await slettEpostadresse(db, importoerId, parseId(req.params.id, "epostadresse"));
      res.status(204).end();
    }),
  );

  router.put(
    "/import/register/v1/:orgnr/epostvarsel",
    requireOrg(db),
    ah(async (req, res) => {
      const importoerId = await importoerIdFor(db, (req as OrgRequest).orgnr);
      const { skalHaEpost } = boolFelt("skalHaEpost").parse(req.body) as { skalHaEpost: boolean };
      await settVarsel(db, importoerId, "skal_ha_epost", skalHaEpost, sprakForKall(req));
      res.status(204).end();
    }),
  );

  // "Varsle meg om vurderinger" (issue 24 §2, ADR 034): the outcome e-mails, beside the certificate alerts.
  router.put(
    "/import/register/v1/:orgnr/vurderingsvarsel",
    requireOrg(db),
    ah(async (req, res) => {
      const importoerId = await importoerIdFor(db, (req as OrgRequest).orgnr);
      const { varsleVurderinger } = boolFelt("varsleVurderinger").parse(req.body) as {
        varsleVurderinger: boolean;
      };
      await settVarsel(db, importoerId, "varsle_vurderinger", varsleVurderinger, sprakForKall(req));
      res.status(204).end();
    }),
  );

  // «Språk i e-postvarsel» (issue 33 item 2, ADR 055): later e-mails, also those already in the outbox.
  router.put(
    "/import/register/v1/:orgnr/epostsprak",
    requireOrg(db),
    ah(async (req, res) => {
      const importoerId = await importoerIdFor(db, (req as OrgRequest).orgnr);
      const sprak = (req.body as { sprak?: unknown } | null)?.sprak;
      if (!erSprak(sprak)) throw badRequest(melding("api.epostSprak.ugyldig", { sprak: SPRAK.join(", ") }));
      await settEpostSprak(db, importoerId, sprak);
      res.status(204).end();
    }),
  );
}

/** Reception controllers (ADR 011): registering as one, choosing one's own, and listing those to choose from. */
function mottakskontrolloerruter(router: Router, db: Db): void {
  // Registering as controller; unregistering keeps the agreements but they stop counting (ADR 011).
  router.put(
    "/import/register/v1/:orgnr/:importoerId/mottakskontrolloer",
    requireImportoer(db),
    ah(async (req, res) => {
      const { importoerId } = req as ImportoerRequest;
      const { erMottakskontrolloer } = boolFelt("erMottakskontrolloer").parse(req.body) as {
        erMottakskontrolloer: boolean;
      };
      await settErMottakskontrolloer(db, importoerId, erMottakskontrolloer);
      res.status(204).end();
    }),
  );

  // Replaces the list of controllers acting on the importer's behalf: only registered controllers, not itself.
  router.put(
    "/import/register/v1/:orgnr/:importoerId/mottakskontrolloerer",
    requireImportoer(db),
    ah(async (req, res) => {
      const { importoerId } = req as ImportoerRequest;
      const ids = [...new Set(kontrolloererSchema.parse(req.body).mottakskontrolloerIds)];
      await erstattMottakskontrolloerer(db, importoerId, ids);
      res.status(204).end();
    }),
  );

  // All registered controllers except the asking company: ?orgnr= names it (the person must be able to
  // act for it); without, every company the person may act for is left out.
  router.get(
    "/import/mottakskontrolloerer/v1",
    ah(async (req, res) => {
      const { innlogget } = req as AuthedRequest;
      const q = req.query.orgnr;
      const orgnr = q === undefined ? undefined : parseOrgnr(typeof q === "string" ? q : undefined);
      if (orgnr !== undefined && !(await kanRepresentere(db, innlogget, orgnr))) throw forbidden();
      res.json(await velgbareKontrolloerer(db, innlogget, orgnr));
    }),
  );
}
