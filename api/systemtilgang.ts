// Which systems may act for an importer (issue 25 §2, docs/decisions/035-maskintilgang.md): the register API
// of the settings side "Integrasjoner". Guarded like the other register calls (a person who may act for
// {orgnr}); only a person may grant or revoke, never a system (it could otherwise give itself more).
// A revocation deletes the row, and krevSystemtilgang (api/auth.ts) reads the row on every request.
import { Router } from "express";
import type { Db } from "../db";
import {
  MAKS_SYSTEMER,
  type SystemtilgangDto,
  systemtilgangEndringSchema,
  systemtilgangSchema,
} from "../domain/schemas/systemtilgang";
import { melding } from "../sprak/melding";
import { kunPerson, type OrgRequest, requireOrg } from "./auth";
import { badRequest, forbidden, notFound } from "./http/feil";
import { ah } from "./http/kall";
import { parseId } from "./http/sti";
import { importoerIdFor } from "./importoer/profil";

const STI = "/import/register/v1/:orgnr/systemtilgang";

export async function hentSystemtilganger(db: Db, importoerId: number): Promise<SystemtilgangDto[]> {
  const rader = await db
    .selectFrom("systemtilgang")
    .select(["id", "klient_id", "klient_navn", "scopes", "lagt_til_av", "lagt_til"])
    .where("importoer_id", "=", importoerId)
    .orderBy("klient_navn")
    .orderBy("id")
    .execute();
  return rader.map((r) => ({
    id: Number(r.id),
    klientId: r.klient_id,
    klientNavn: r.klient_navn,
    scopes: r.scopes,
    lagtTilAv: r.lagt_til_av,
    lagtTil: new Date(r.lagt_til).toISOString(),
  }));
}

export function systemtilgangRouter(db: Db): Router {
  const router = Router();
  const kunPersonForOrg = [
    requireOrg(db),
    ah(async (req, _res, next) => {
      kunPerson(req);
      next();
    }),
  ];

  router.get(
    STI,
    kunPersonForOrg,
    ah(async (req, res) => {
      res.json(await hentSystemtilganger(db, await importoerIdFor(db, (req as OrgRequest).orgnr)));
    }),
  );

  router.post(
    STI,
    kunPersonForOrg,
    ah(async (req, res) => {
      const r = req as OrgRequest;
      const id = await importoerIdFor(db, r.orgnr);
      const ny = systemtilgangSchema.parse(req.body ?? {});
      // Giving a system lasting power to act for the organisation is checked against Altinn itself (the PDP,
      // ADR 042), not the few-minutes cache: a delegation revoked a minute ago grants nothing.
      if (!(await r.innlogget.tilgang.avgjoer(r.innlogget.pid, r.orgnr, "write"))) throw forbidden();
      const person = await db
        .selectFrom("person")
        .select("navn")
        .where("pid", "=", r.innlogget.pid)
        .executeTakeFirst();
      const rad = await db.transaction().execute(async (trx) => {
        // Serialise additions for one importer so the count and the duplicate check hold.
        await trx.selectFrom("importoer").select("id").where("id", "=", id).forUpdate().execute();
        const finnes = await trx
          .selectFrom("systemtilgang")
          .select("klient_id")
          .where("importoer_id", "=", id)
          .execute();
        if (finnes.some((f) => f.klient_id === ny.klientId)) {
          throw badRequest(melding("api.systemtilgang.finnes"));
        }
        if (finnes.length >= MAKS_SYSTEMER)
          throw badRequest(melding("api.systemtilgang.maks", { antall: MAKS_SYSTEMER }));
        return trx
          .insertInto("systemtilgang")
          .values({
            importoer_id: id,
            klient_id: ny.klientId,
            klient_navn: ny.klientNavn,
            scopes: ny.scopes,
            lagt_til_av: person?.navn?.trim() || null,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
      });
      const alle = await hentSystemtilganger(db, id);
      res.status(201).json(alle.find((s) => s.id === Number(rad.id)));
    }),
  );

  // Access changed in place (issue 36 item 1): read only, or read and write; the client and its name stay.
  router.put(
    `${STI}/:id`,
    kunPersonForOrg,
    ah(async (req, res) => {
      const r = req as OrgRequest;
      const id = await importoerIdFor(db, r.orgnr);
      const tilgangId = parseId(req.params.id, "systemtilgang");
      const { scopes } = systemtilgangEndringSchema.parse(req.body ?? {});
      // As for granting: checked against Altinn itself, not the cache.
      if (!(await r.innlogget.tilgang.avgjoer(r.innlogget.pid, r.orgnr, "write"))) throw forbidden();
      const endret = await db
        .updateTable("systemtilgang")
        .set({ scopes })
        .where("id", "=", tilgangId)
        .where("importoer_id", "=", id)
        .executeTakeFirst();
      if (Number(endret.numUpdatedRows) === 0) throw notFound(melding("api.systemtilgang.fantIkke"));
      const alle = await hentSystemtilganger(db, id);
      res.json(alle.find((s) => s.id === tilgangId));
    }),
  );

  router.delete(
    `${STI}/:id`,
    kunPersonForOrg,
    ah(async (req, res) => {
      const id = await importoerIdFor(db, (req as OrgRequest).orgnr);
      const tilgangId = parseId(req.params.id, "systemtilgang");
      const slettet = await db
        .deleteFrom("systemtilgang")
        .where("id", "=", tilgangId)
        .where("importoer_id", "=", id)
        .executeTakeFirst();
      if (Number(slettet.numDeletedRows) === 0) throw notFound(melding("api.systemtilgang.fantIkke"));
      res.status(204).end();
    }),
  );

  return router;
}
