// The importer register (SPEC §7 "Importer register").
import { Router } from "express";
import { z } from "zod";
import type { Db } from "../db";
import { type ImportoerRequest, type OrgRequest, requireImportoer, requireOrg } from "./auth";
import { ah, badRequest, conflict, notFound } from "./http";

export interface ImportoerDto {
  id: number;
  organisasjonsnummer: string;
  navn: string;
  hovedenhetNavn: string | null;
  hovedenhetOrganisasjonsnummer: string | null;
  harLestRegelverk: boolean;
  erMottakskontrolloer: boolean;
  skalHaEpost: boolean;
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
  const rad = await db
    .selectFrom("importoer")
    .selectAll()
    .where("organisasjonsnummer", "=", orgnr)
    .executeTakeFirst();
  if (!rad) return undefined;
  const [epost, kontrolloerer, kontrolloerFor] = await Promise.all([
    db
      .selectFrom("importoer_epost")
      .select(["id", "epostadresse"])
      .where("importoer_id", "=", rad.id)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("mottakskontrolloer_avtale as a")
      .innerJoin("importoer as i", "i.id", "a.mottakskontrolloer_id")
      .select(["i.id", "i.navn", "i.organisasjonsnummer"])
      .where("a.importoer_id", "=", rad.id)
      .orderBy("i.navn")
      .execute(),
    db
      .selectFrom("mottakskontrolloer_avtale as a")
      .innerJoin("importoer as i", "i.id", "a.importoer_id")
      .select(["i.id", "i.navn", "i.organisasjonsnummer"])
      .where("a.mottakskontrolloer_id", "=", rad.id)
      .orderBy("i.navn")
      .execute(),
  ]);
  return {
    id: rad.id,
    organisasjonsnummer: rad.organisasjonsnummer,
    navn: rad.navn,
    hovedenhetNavn: rad.hovedenhet_navn,
    hovedenhetOrganisasjonsnummer: rad.hovedenhet_organisasjonsnummer,
    harLestRegelverk: rad.har_lest_regelverk,
    erMottakskontrolloer: rad.er_mottakskontrolloer,
    skalHaEpost: rad.skal_ha_epost,
    epostadresser: epost,
    mottakskontrolloerer: kontrolloerer,
    mottakskontrolloerFor: rad.er_mottakskontrolloer ? kontrolloerFor : [],
  };
}

export const registreringSchema = z.object({
  hovedenhetNavn: z.string().trim().max(200).nullish(),
  hovedenhetOrganisasjonsnummer: z
    .string()
    .regex(/^\d{9}$/, "Ugyldig organisasjonsnummer for hovedenhet")
    .nullish(),
  navn: z.string({ error: "Navn mangler" }).trim().min(1, "Navn mangler").max(200),
  organisasjonsnummer: z
    .string({ error: "Organisasjonsnummer mangler" })
    .regex(/^\d{9}$/, "Ugyldig organisasjonsnummer"),
});

export function importoerRegisterRouter(db: Db): Router {
  const router = Router();

  router.get(
    "/import/register/v1/:orgnr",
    requireOrg(db),
    ah(async (req, res) => {
      const importoer = await hentImportoer(db, (req as OrgRequest).orgnr);
      if (!importoer) throw notFound("Fant ikke importør for organisasjonsnummeret");
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
        throw badRequest("Organisasjonsnummeret i forespørselen stemmer ikke med adressen");
      }
      const ny = await db
        .insertInto("importoer")
        .values({
          organisasjonsnummer: orgnr,
          navn: body.navn,
          hovedenhet_navn: body.hovedenhetNavn ?? null,
          hovedenhet_organisasjonsnummer: body.hovedenhetOrganisasjonsnummer ?? null,
        })
        .onConflict((oc) => oc.column("organisasjonsnummer").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!ny) throw conflict("Importøren er allerede registrert");
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
        .object({ harLestRegelverk: z.boolean({ error: "harLestRegelverk må være true eller false" }) })
        .parse(req.body ?? {});
      if (!harLestRegelverk) {
        const rad = await db
          .selectFrom("importoer")
          .select("har_lest_regelverk")
          .where("id", "=", importoerId)
          .executeTakeFirstOrThrow();
        if (rad.har_lest_regelverk) throw badRequest("Bekreftelsen av regelverket kan ikke trekkes tilbake");
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

  return router;
}
