// GET /import/importmelding/v2/{orgnr}/{importoerId}/arkiv: the notification list with its filters and paging
// (SPEC §2 "Notification list", §7). Only notifications the importer is responsible for, created, or does
// the document control of; never deleted ones.
import { Router } from "express";
import { sql } from "kysely";
import type { Db } from "../../db";
import {
  erStatusGruppe,
  IMPORTMELDING_SIDESTOERRELSE,
  type ImportmeldingListe,
  STATUS_GRUPPER,
} from "../../domain/importmelding-liste";
import { landingsside } from "../../domain/importmelding-ruting";
import { landNavn } from "../../domain/reference";
import { type ImportmeldingStatus, kategori, STATUS_TEKST, statusFarge } from "../../domain/status";
import { type ImportoerRequest, requireImportoer } from "../auth";
import { ah, badRequest } from "../http";

const liste = (v: unknown): string[] =>
  Array.isArray(v) ? v.map(String) : v === undefined ? [] : [String(v)];
const tekst = (v: unknown): string | undefined => {
  const s = typeof v === "string" ? v.trim() : "";
  return s ? s : undefined;
};
const likeMoenster = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function arkivRouter(db: Db): Router {
  const router = Router();
  router.get(
    "/import/importmelding/v2/:orgnr/:importoerId/arkiv",
    requireImportoer(db),
    ah(async (req, res) => {
      const { importoerId } = req as ImportoerRequest;
      const q = req.query;
      const grupper = liste(q.status);
      if (!grupper.every(erStatusGruppe)) throw badRequest("Ugyldig statusfilter");
      const statuser = grupper.flatMap((g) => [...STATUS_GRUPPER[g as keyof typeof STATUS_GRUPPER]]);
      const land = liste(q.avsenderland).map((l) => l.toUpperCase());
      if (!land.every((l) => /^[A-Z]{2}$/.test(l))) throw badRequest("Ugyldig avsenderland");
      const sidenummer = Number(q.sidenummer ?? 0);
      const antall = Number(q.antall ?? IMPORTMELDING_SIDESTOERRELSE);
      if (!Number.isInteger(sidenummer) || sidenummer < 0) throw badRequest("Ugyldig sidenummer");
      if (!Number.isInteger(antall) || antall < 1 || antall > 100) throw badRequest("Ugyldig antall");
      const nummer = tekst(q.nummer);
      const referanse = tekst(q.internReferanse);
      const avsender = tekst(q.avsender);

      let grunn = db
        .selectFrom("importmelding as m")
        .innerJoin("sertifikat as s", "s.id", "m.sertifikat_id")
        .where((eb) =>
          eb.or([
            eb("m.ansvarlig_importoer_id", "=", importoerId),
            eb("m.opprettet_av_importoer_id", "=", importoerId),
            eb("m.ansvarlig_dokumentkontroll_id", "=", importoerId),
          ]),
        )
        .where("m.status", "<>", "SLETTET");
      if (statuser.length) grunn = grunn.where("m.status", "in", statuser);
      if (land.length) grunn = grunn.where("s.eksportland", "in", land);
      if (nummer) grunn = grunn.where(sql<boolean>`m.nummer ilike ${likeMoenster(nummer)}`);
      if (referanse) grunn = grunn.where(sql<boolean>`m.egen_referanse ilike ${likeMoenster(referanse)}`);
      if (avsender) grunn = grunn.where(sql<boolean>`s.avsender_navn ilike ${likeMoenster(avsender)}`);

      const [{ n }] = (await grunn.select((eb) => eb.fn.countAll<number>().as("n")).execute()) as [
        { n: number },
      ];
      const rader = await grunn
        .select([
          "m.id",
          "m.nummer",
          "m.egen_referanse",
          "m.kun_dokumentkontroll",
          "m.status",
          "m.status_endret",
          "s.avsender_navn",
          "s.eksportland",
        ])
        .orderBy("m.status_endret", "desc")
        .orderBy("m.id", "desc")
        .limit(antall)
        .offset(sidenummer * antall)
        .execute();
      const svar: ImportmeldingListe = {
        importmeldingListevisningElementer: rader.map((r) => {
          const status = r.status as ImportmeldingStatus;
          return {
            id: r.id,
            nummer: r.nummer,
            egenReferanse: r.egen_referanse,
            avsender: r.avsender_navn,
            eksportLand: { kode: r.eksportland, navn: landNavn(r.eksportland) },
            kunDokumentkontroll: r.kun_dokumentkontroll,
            status,
            statusTekst: STATUS_TEKST[status],
            statusFarge: statusFarge(status),
            statusEndret: r.status_endret.toISOString(),
            kategori: kategori(status),
            url: landingsside(r.id, status),
          };
        }),
        paginering: {
          sidenummer,
          antallSider: Math.ceil(Number(n) / antall),
          antallElementer: Number(n),
          antallElementerPerSide: antall,
        },
      };
      res.json(svar);
    }),
  );
  return router;
}
