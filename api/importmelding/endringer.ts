// The notification's content changes as operations (issue 14 item 1): answers to control questions, the
// arrival information, the appointed controller's person, and the actual quantities. The router parses the
// request, checks access and calls one of these; the demo seed calls the same ones, so the SQL is written
// once. Each runs in endreInnhold (tilstand.ts): one transaction, the status and version checked, audited.

import type { z } from "zod";
import type { Db } from "../../db";
import { kreverFaktiskMengde, type SpoersmaalKode, type SvarKode } from "../../domain/kontrollspoersmaal";
import {
  ANKOMST_MELDINGER,
  type ankomstinfoBodySkjema,
  type kontrollsvarBodySkjema,
  type MottakskontrollBody,
  type mottakskontrolloerAnkomstBodySkjema,
  sjekkFaktiskeMengder,
} from "../../domain/schemas/importmelding";
import type { LagretSertifikat } from "../../domain/sertifikat";
import { badRequest, forbidden } from "../http";
import { mottakskontrolloerValg } from "./kontrolloervalg";
import { endreInnhold } from "./tilstand";
import { varelinjeVisninger } from "./visning";

type AnkomstinfoBody = z.output<ReturnType<typeof ankomstinfoBodySkjema>>;
type KontrollsvarBody = z.output<ReturnType<typeof kontrollsvarBodySkjema>>;
type MottakskontrolloerAnkomstBody = z.output<typeof mottakskontrolloerAnkomstBodySkjema>;

export { mottakskontrolloerValg };

export const INGEN_MOTTAKSKONTROLL = "Forhåndsmeldingen har ingen mottakskontroll";
export const IKKE_MOTTAKSKONTROLLOER = "Du er ikke mottakskontrollør for denne forhåndsmeldingen";

/** One control question's answer; another answer than the lower quantity resets the actual quantities. */
export async function lagreKontrollsvar(
  db: Db,
  a: {
    id: number;
    spoersmaal: { id: number; kode: SpoersmaalKode; mottak: boolean };
    body: KontrollsvarBody;
  },
): Promise<void> {
  const { id, spoersmaal, body } = a;
  await endreInnhold(
    db,
    { id, del: spoersmaal.mottak ? "mottakskontroll" : "dokumentkontroll", versjon: body.versjon },
    async (trx, rad) => {
      if (spoersmaal.mottak && rad.kun_dokumentkontroll) throw badRequest(INGEN_MOTTAKSKONTROLL);
      await trx
        .updateTable("kontrollspoersmaal")
        .set({ svar: body.kontrollSvar, kommentar: body.kommentar ?? null, avvik: body.avvik })
        .where("id", "=", spoersmaal.id)
        .execute();
      if (spoersmaal.kode === "MOTTAK_INNHOLD_SAMSVARER" && !kreverFaktiskMengde(body.kontrollSvar)) {
        await trx.deleteFrom("faktisk_mengde").where("importmelding_id", "=", id).execute();
      }
    },
  );
}

/**
 * The owner's arrival information: place, time and reception controller (one of mottakskontrolloerValg).
 * The controller's person (name, phone) is kept when the same controller is chosen again. A body that names
 * the person (the reception controller page, when the owner does the control itself) records the owner
 * `utfoertAvId` as the one that does it (issue 23 item 3); without one, who does it is kept for the same
 * controller and forgotten for another.
 */
export async function lagreAnkomstinfo(
  db: Db,
  a: {
    id: number;
    ankomstInfoId: number;
    ansvarligImportoerId: number;
    /** The importer saving it (the path's importoerId). */
    utfoertAvId: number;
    body: AnkomstinfoBody;
  },
): Promise<void> {
  const { id, ankomstInfoId, body } = a;
  const kontrolloer = body.mottakskontrolloer ?? undefined;
  if (kontrolloer) {
    const valg = await mottakskontrolloerValg(db, a.ansvarligImportoerId);
    if (!valg.some((v) => v.importoerId === kontrolloer.importoerId)) {
      throw badRequest(ANKOMST_MELDINGER.mottakskontrolloerIkkeFunnet);
    }
  }
  await endreInnhold(db, { id, del: "ankomstinfo", versjon: body.versjon }, async (trx) => {
    const naa = await trx
      .selectFrom("ankomstinfo")
      .selectAll()
      .where("id", "=", ankomstInfoId)
      .executeTakeFirstOrThrow();
    const sammeKontrolloer =
      kontrolloer !== undefined && naa.mottakskontrolloer_id === kontrolloer.importoerId;
    const medPerson = kontrolloer?.navn !== undefined || kontrolloer?.telefonnummer !== undefined;
    await trx
      .updateTable("ankomstinfo")
      .set({
        ankomsttid: new Date(body.ankomsttid),
        adresse_linje1: body.kontrollAdresse.linje1,
        adresse_linje2: body.kontrollAdresse.linje2 ?? null,
        postnummer: body.kontrollAdresse.postnummer,
        poststed: body.kontrollAdresse.poststed,
        mottakskontrolloer_id: kontrolloer?.importoerId ?? null,
        mottakskontrolloer_navn: kontrolloer?.navn ?? (sammeKontrolloer ? naa.mottakskontrolloer_navn : null),
        mottakskontrolloer_telefon:
          kontrolloer?.telefonnummer ?? (sammeKontrolloer ? naa.mottakskontrolloer_telefon : null),
        kontroll_utfoert_av_id: medPerson
          ? a.utfoertAvId
          : sammeKontrolloer
            ? naa.kontroll_utfoert_av_id
            : null,
      })
      .where("id", "=", ankomstInfoId)
      .execute();
  });
}

/** The appointed reception controller gives the person who does the control: name and phone only. */
export async function lagreKontrolloerPerson(
  db: Db,
  a: { id: number; ankomstInfoId?: number; body: MottakskontrolloerAnkomstBody },
): Promise<void> {
  const { id, body } = a;
  await endreInnhold(db, { id, del: "ankomstinfo", versjon: body.versjon }, async (trx) => {
    let oppdatering = trx
      .updateTable("ankomstinfo")
      .set({
        mottakskontrolloer_navn: body.mottakskontrolloer.navn,
        mottakskontrolloer_telefon: body.mottakskontrolloer.telefonnummer,
        kontroll_utfoert_av_id: body.mottakskontrolloer.importoerId,
      })
      .where("importmelding_id", "=", id)
      .where("mottakskontrolloer_id", "=", body.mottakskontrolloer.importoerId);
    if (a.ankomstInfoId !== undefined) oppdatering = oppdatering.where("id", "=", a.ankomstInfoId);
    const n = await oppdatering.executeTakeFirst();
    if (Number(n.numUpdatedRows) === 0) throw forbidden(IKKE_MOTTAKSKONTROLLOER);
  });
}

/**
 * The actual quantities of the reception control. They belong to the lower-quantity answer only: with
 * another answer they are cleared; with it they are checked against the certificate's goods lines.
 */
export async function lagreFaktiskeMengder(
  db: Db,
  a: { id: number; body: MottakskontrollBody; versjon?: number },
): Promise<void> {
  const { id, body } = a;
  const sert = await db
    .selectFrom("importmelding as m")
    .innerJoin("sertifikat as s", "s.id", "m.sertifikat_id")
    .select("s.data")
    .where("m.id", "=", id)
    .executeTakeFirstOrThrow();
  const varelinjer = varelinjeVisninger(sert.data as LagretSertifikat, []);
  await endreInnhold(db, { id, del: "faktiskMengde", versjon: a.versjon }, async (trx) => {
    const innhold = await trx
      .selectFrom("kontrollspoersmaal")
      .select("svar")
      .where("importmelding_id", "=", id)
      .where("kode", "=", "MOTTAK_INNHOLD_SAMSVARER")
      .executeTakeFirst();
    await trx.deleteFrom("faktisk_mengde").where("importmelding_id", "=", id).execute();
    if (!kreverFaktiskMengde(innhold?.svar as SvarKode | null | undefined)) return;
    const feil = sjekkFaktiskeMengder(body, varelinjer);
    if (feil) throw badRequest(feil);
    const rader = body.flatMap((l) =>
      l.faktiskeVerdier.map((v) => ({
        importmelding_id: id,
        varelinje: l.varelinjeId,
        felt: v.id,
        faktisk_verdi: v.faktiskVerdi,
      })),
    );
    if (rader.length > 0) await trx.insertInto("faktisk_mengde").values(rader).execute();
  });
}
