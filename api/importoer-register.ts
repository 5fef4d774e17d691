// The importer register (SPEC §7 "Importer register").
import { Router } from "express";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import { z } from "zod";
import type { Db } from "../db";
import { melding } from "../sprak/melding";
import { erSprak, SPRAK, type Sprak } from "../sprak/sprak";
import {
  type AuthedRequest,
  type ImportoerRequest,
  kanRepresentere,
  type OrgRequest,
  requireImportoer,
  requireOrg,
} from "./auth";
import { epostSprak, settStandardEpostSprak } from "./epost/sprak";
import { ah, badRequest, conflict, forbidden, notFound, parseId, parseOrgnr, sprakForKall } from "./http";

/** At most this many e-mail addresses per importer (ADR 011). */
export const MAKS_EPOSTADRESSER = 10;
/** At most this many appointed controllers per importer (ADR 011). */
export const MAKS_MOTTAKSKONTROLLOERER = 50;

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

/** The importer of {orgnr}; 404 when the company has not been registered as importer. */
export async function importoerIdFor(db: Db, orgnr: string): Promise<number> {
  const rad = await db
    .selectFrom("importoer")
    .select("id")
    .where("organisasjonsnummer", "=", orgnr)
    .executeTakeFirst();
  if (!rad) throw notFound(melding("api.fantIkkeImportoer"));
  return rad.id;
}

export interface ImportoerDto {
  id: number;
  organisasjonsnummer: string;
  navn: string;
  hovedenhetNavn: string | null;
  hovedenhetOrganisasjonsnummer: string | null;
  harLestRegelverk: boolean;
  erMottakskontrolloer: boolean;
  skalHaEpost: boolean;
  /** "Varsle meg om vurderinger": the authority's outcomes by e-mail (ADR 034). */
  varsleVurderinger: boolean;
  /** «Språk i e-postvarsel» (ADR 055): the language of the alert and outcome e-mails. */
  epostSprak: Sprak;
  epostadresser: { id: number; epostadresse: string }[];
  /** Controllers this importer has appointed to act on its behalf. */
  mottakskontrolloerer: ImportoerKortDto[];
  /** Importers this importer is reception controller for ('mottakskontrollør for'). */
  mottakskontrolloerFor: ImportoerKortDto[];
}

export interface ImportoerKortDto {
  id: number;
  navn: string;
  organisasjonsnummer: string;
}

export async function hentImportoer(db: Db, orgnr: string): Promise<ImportoerDto | undefined> {
  // One query: the profile with its e-mail addresses and both sides of the controller agreements.
  const rad = await db
    .selectFrom("importoer as imp")
    .selectAll("imp")
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom("importoer_epost")
          .select(["id", "epostadresse"])
          .whereRef("importoer_id", "=", "imp.id")
          .orderBy("id"),
      ).as("epost"),
      jsonArrayFrom(
        eb
          .selectFrom("mottakskontrolloer_avtale as a")
          .innerJoin("importoer as i", "i.id", "a.mottakskontrolloer_id")
          .select(["i.id", "i.navn", "i.organisasjonsnummer"])
          .whereRef("a.importoer_id", "=", "imp.id")
          .where("i.er_mottakskontrolloer", "=", true)
          .orderBy("i.navn"),
      ).as("kontrolloerer"),
      jsonArrayFrom(
        eb
          .selectFrom("mottakskontrolloer_avtale as a")
          .innerJoin("importoer as i", "i.id", "a.importoer_id")
          .select(["i.id", "i.navn", "i.organisasjonsnummer"])
          .whereRef("a.mottakskontrolloer_id", "=", "imp.id")
          .orderBy("i.navn"),
      ).as("kontrolloerFor"),
    ])
    .where("imp.organisasjonsnummer", "=", orgnr)
    .executeTakeFirst();
  if (!rad) return undefined;
  const { epost, kontrolloerer, kontrolloerFor } = rad;
  return {
    id: rad.id,
    organisasjonsnummer: rad.organisasjonsnummer,
    navn: rad.navn,
    hovedenhetNavn: rad.hovedenhet_navn,
    hovedenhetOrganisasjonsnummer: rad.hovedenhet_organisasjonsnummer,
    harLestRegelverk: rad.har_lest_regelverk,
    erMottakskontrolloer: rad.er_mottakskontrolloer,
    skalHaEpost: rad.skal_ha_epost,
    varsleVurderinger: rad.varsle_vurderinger,
    epostSprak: epostSprak(rad.epost_sprak),
    epostadresser: epost,
    mottakskontrolloerer: kontrolloerer,
    mottakskontrolloerFor: rad.er_mottakskontrolloer ? kontrolloerFor : [],
  };
}

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
 * confirmation of the regulations; its alerts and its controllers are in the route groups below.
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
      // The names are the register's when we have the unit (ADR 042); the body's otherwise.
      const register = await db
        .selectFrom("enhet as e")
        .leftJoin("enhet as h", "h.organisasjonsnummer", "e.overordnet")
        .select(["e.navn", "e.overordnet", "h.navn as hovedenhet_navn"])
        .where("e.organisasjonsnummer", "=", orgnr)
        .executeTakeFirst();
      const hovedenhet = register ? register.overordnet : (body.hovedenhetOrganisasjonsnummer ?? null);
      const ny = await db
        .insertInto("importoer")
        .values({
          organisasjonsnummer: orgnr,
          navn: register?.navn ?? body.navn,
          hovedenhet_navn: register?.hovedenhet_navn ?? (hovedenhet ? (body.hovedenhetNavn ?? null) : null),
          hovedenhet_organisasjonsnummer: hovedenhet,
          // Its alerts are on from the start: they are the registering person's, in that person's language
          // (ADR 055).
          epost_sprak: sprakForKall(req),
        })
        .onConflict((oc) => oc.column("organisasjonsnummer").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!ny) throw conflict(melding("api.alleredeRegistrert"));
      res.status(201).json(await hentImportoer(db, orgnr));
    }),
  );

  router.get(
    "/import/register/v1/:orgnr/:importoerId/mottakskontrolloerfor",
    requireImportoer(db),
    ah(async (req, res) => {
      const { importoerId } = req as ImportoerRequest;
      const rader = await db
        .selectFrom("mottakskontrolloer_avtale as a")
        .innerJoin("importoer as i", "i.id", "a.importoer_id")
        .innerJoin("importoer as k", "k.id", "a.mottakskontrolloer_id")
        .select(["i.id", "i.navn", "i.organisasjonsnummer"])
        .where("a.mottakskontrolloer_id", "=", importoerId)
        .where("k.er_mottakskontrolloer", "=", true)
        .orderBy("i.navn")
        .execute();
      res.json(rader);
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
      if (!harLestRegelverk) {
        const rad = await db
          .selectFrom("importoer")
          .select("har_lest_regelverk")
          .where("id", "=", importoerId)
          .executeTakeFirstOrThrow();
        if (rad.har_lest_regelverk) throw badRequest(melding("api.register.regelverkKanIkkeTrekkes"));
        res.status(204).end();
        return;
      }
      await db
        .updateTable("importoer")
        .set({ har_lest_regelverk: true })
        .where("id", "=", importoerId)
        .execute();
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
      const ny = await db.transaction().execute(async (trx) => {
        // Serialise additions for one importer so the count and the duplicate check hold.
        await trx.selectFrom("importoer").select("id").where("id", "=", importoerId).forUpdate().execute();
        const finnes = await trx
          .selectFrom("importoer_epost")
          .select("epostadresse")
          .where("importoer_id", "=", importoerId)
          .execute();
        if (finnes.some((e) => e.epostadresse.toLowerCase() === epostadresse.toLowerCase())) {
          throw badRequest(melding("api.register.epostFinnes"));
        }
        if (finnes.length >= MAKS_EPOSTADRESSER) {
          throw badRequest(melding("api.register.epostMaks", { antall: MAKS_EPOSTADRESSER }));
        }
        return trx
          .insertInto("importoer_epost")
          .values({ importoer_id: importoerId, epostadresse })
          .returning(["id", "epostadresse"])
          .executeTakeFirstOrThrow();
      });
      res.status(201).json({ id: Number(ny.id), epostadresse: ny.epostadresse });
    }),
  );

  router.delete(
    "/import/register/v1/:orgnr/epost/:id",
    requireOrg(db),
    ah(async (req, res) => {
      const importoerId = await importoerIdFor(db, (req as OrgRequest).orgnr);
      const id = parseId(req.params.id, "epostadresse");
      const slettet = await db
        .deleteFrom("importoer_epost")
        .where("id", "=", id)
        .where("importoer_id", "=", importoerId)
        .executeTakeFirst();
      if (Number(slettet.numDeletedRows) === 0) throw notFound(melding("api.register.fantIkkeEpost"));
      res.status(204).end();
    }),
  );

  router.put(
    "/import/register/v1/:orgnr/epostvarsel",
    requireOrg(db),
    ah(async (req, res) => {
      const importoerId = await importoerIdFor(db, (req as OrgRequest).orgnr);
      const { skalHaEpost } = boolFelt("skalHaEpost").parse(req.body) as { skalHaEpost: boolean };
      await db
        .updateTable("importoer")
        .set({ skal_ha_epost: skalHaEpost })
        .where("id", "=", importoerId)
        .execute();
      if (skalHaEpost) await settStandardEpostSprak(db, importoerId, sprakForKall(req));
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
      await db
        .updateTable("importoer")
        .set({ varsle_vurderinger: varsleVurderinger })
        .where("id", "=", importoerId)
        .execute();
      if (varsleVurderinger) await settStandardEpostSprak(db, importoerId, sprakForKall(req));
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
      await db.updateTable("importoer").set({ epost_sprak: sprak }).where("id", "=", importoerId).execute();
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
      await db
        .updateTable("importoer")
        .set({ er_mottakskontrolloer: erMottakskontrolloer })
        .where("id", "=", importoerId)
        .execute();
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
      if (ids.includes(importoerId)) throw badRequest(melding("api.register.kontrolloerSegSelv"));
      await db.transaction().execute(async (trx) => {
        if (ids.length > 0) {
          const gyldige = await trx
            .selectFrom("importoer")
            .select("id")
            .where("id", "in", ids)
            .where("er_mottakskontrolloer", "=", true)
            .execute();
          if (gyldige.length !== ids.length) throw badRequest(melding("api.register.ukjentKontrolloer"));
        }
        await trx.deleteFrom("mottakskontrolloer_avtale").where("importoer_id", "=", importoerId).execute();
        if (ids.length > 0) {
          await trx
            .insertInto("mottakskontrolloer_avtale")
            .values(ids.map((id) => ({ importoer_id: importoerId, mottakskontrolloer_id: id })))
            .execute();
        }
      });
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
      let unntatt: string[];
      if (q !== undefined) {
        const orgnr = parseOrgnr(typeof q === "string" ? q : undefined);
        if (!(await kanRepresentere(db, innlogget, orgnr))) throw forbidden();
        unntatt = [orgnr];
      } else if (innlogget.maskin) {
        // A system acts for its own organisation only.
        unntatt = [innlogget.maskin.orgnr];
      } else {
        await innlogget.tilgang.sikre(innlogget.pid);
        const rader = await db
          .selectFrom("altinn_avgiver")
          .select("organisasjonsnummer")
          .where("pid", "=", innlogget.pid)
          .execute();
        unntatt = rader.flatMap((r) => (r.organisasjonsnummer ? [r.organisasjonsnummer] : []));
      }
      let sporring = db
        .selectFrom("importoer")
        .select(["id", "navn", "organisasjonsnummer"])
        .where("er_mottakskontrolloer", "=", true);
      if (unntatt.length > 0) sporring = sporring.where("organisasjonsnummer", "not in", unntatt);
      res.json(await sporring.orderBy("navn").orderBy("id").execute());
    }),
  );
}
