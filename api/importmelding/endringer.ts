// The notification's content changes as operations (issue 14 item 1): answers to control questions, the
// arrival information, the appointed controller's person, and the actual quantities. The router parses the
// request, checks access and calls one of these; the demo seed calls the same ones, so the SQL is written
// once. Each runs in endreInnhold (tilstand.ts): one transaction, the status and version checked, and what
// it changed (field, from, to) returned for the history (ADR 033): nothing changed, nothing recorded.

import type { z } from "zod";
import type { Db } from "../../db";
import { formaterOrganisasjonsnummer } from "../../domain/format";
import type { Endring } from "../../domain/historikk";
import {
  erSpoersmaalKode,
  kreverFaktiskMengde,
  type SpoersmaalKode,
  type SvarKode,
} from "../../domain/kontrollspoersmaal";
import {
  ANKOMST_MELDINGER,
  type ankomstinfoBodySkjema,
  type egenReferanseBodySkjema,
  type innmelderBodySkjema,
  type kontrollsvarBodySkjema,
  type MottakskontrollBody,
  type mottakskontrolloerAnkomstBodySkjema,
  sjekkFaktiskeMengder,
} from "../../domain/schemas/importmelding";
import type { LagretSertifikat } from "../../domain/sertifikat";
import { melding } from "../../sprak/melding";
import type { Aktoer } from "../aktoer";
import { badRequest, forbidden, notFound } from "../http/feil";
import { mottakskontrolloerValg } from "./kontrolloervalg";
import { hentMedTilgang } from "./tilgang";
import { endreInnhold, endringerMellom, type Trx } from "./tilstand";
import { varelinjeVisninger } from "./visning";

type AnkomstinfoBody = z.output<ReturnType<typeof ankomstinfoBodySkjema>>;
type KontrollsvarBody = z.output<ReturnType<typeof kontrollsvarBodySkjema>>;
type InnmelderBody = z.output<typeof innmelderBodySkjema>;
type EgenReferanseBody = z.output<typeof egenReferanseBodySkjema>;
type MottakskontrolloerAnkomstBody = z.output<typeof mottakskontrolloerAnkomstBodySkjema>;

export { mottakskontrolloerValg };

export const INGEN_MOTTAKSKONTROLL = melding("api.endring.ingenMottakskontroll");
export const IKKE_MOTTAKSKONTROLLOER = melding("api.endring.ikkeMottakskontrolloer");
export const FANT_IKKE_SPOERSMAAL = melding("api.endring.fantIkkeSpoersmaal");
export const FANT_IKKE_ANKOMSTINFO = melding("api.endring.fantIkkeAnkomstinfo");

/**
 * The submitter, and the own reference only when the body names it (`medReferanse`; null or "" clears it),
 * in the same transaction.
 */
export async function lagreInnmelder(
  db: Db,
  a: { id: number; body: InnmelderBody; medReferanse: boolean; aktoer: Aktoer },
): Promise<void> {
  const { id, body } = a;
  await endreInnhold(
    db,
    { id, del: "innmelder", versjon: body.versjon, aktoer: a.aktoer },
    async (trx, rad) => {
      const innmelder = { navn: body.navn, epost: body.epost, telefonnummer: body.telefonnummer ?? null };
      const egenReferanse = a.medReferanse ? (body.egenReferanse ?? null) : rad.egen_referanse;
      await trx
        .updateTable("importmelding")
        .set({ innmelder: JSON.stringify(innmelder), egen_referanse: egenReferanse })
        .where("id", "=", id)
        .execute();
      return endringerMellom(
        ["innmelder.navn", "innmelder.epost", "innmelder.telefonnummer", "egenReferanse"],
        {
          "innmelder.navn": rad.innmelder?.navn,
          "innmelder.epost": rad.innmelder?.epost,
          "innmelder.telefonnummer": rad.innmelder?.telefonnummer,
          egenReferanse: rad.egen_referanse,
        },
        {
          "innmelder.navn": innmelder.navn,
          "innmelder.epost": innmelder.epost,
          "innmelder.telefonnummer": innmelder.telefonnummer,
          egenReferanse,
        },
      );
    },
  );
}

/** The importer's own reference (null or "" clears it). */
export async function lagreEgenReferanse(
  db: Db,
  a: { id: number; body: EgenReferanseBody; aktoer: Aktoer },
): Promise<void> {
  const { id, body } = a;
  await endreInnhold(
    db,
    { id, del: "egenReferanse", versjon: body.versjon, aktoer: a.aktoer },
    async (trx, rad) => {
      await trx
        .updateTable("importmelding")
        .set({ egen_referanse: body.egenReferanse ?? null })
        .where("id", "=", id)
        .execute();
      return endringerMellom(
        ["egenReferanse"],
        { egenReferanse: rad.egen_referanse },
        { egenReferanse: body.egenReferanse },
      );
    },
  );
}

/**
 * The control question `spoersmaalId` of notification `id`, after the caller's access to the notification:
 * the owner's for a document-control question, the appointed controller's too for a reception-control one
 * (403/404 from hentMedTilgang), then 404 when the notification has no such question.
 */
export async function spoersmaalMedTilgang(db: Db, id: number, spoersmaalId: number, importoerId: number) {
  const spm = await db
    .selectFrom("kontrollspoersmaal")
    .select(["id", "kategori", "kode"])
    .where("id", "=", spoersmaalId)
    .where("importmelding_id", "=", id)
    .executeTakeFirst();
  const mottak = spm?.kategori === "MOTTAK";
  await hentMedTilgang(db, id, importoerId, mottak ? "mottak" : "eier");
  if (!spm || !erSpoersmaalKode(spm.kode)) throw notFound(FANT_IKKE_SPOERSMAAL);
  return { id: spoersmaalId, kode: spm.kode, mottak };
}

/** That notification `id` has the arrival information `ankomstInfoId`; 404 otherwise. */
export async function sikreAnkomstinfo(db: Db, id: number, ankomstInfoId: number): Promise<void> {
  const info = await db
    .selectFrom("ankomstinfo")
    .select("id")
    .where("id", "=", ankomstInfoId)
    .where("importmelding_id", "=", id)
    .executeTakeFirst();
  if (!info) throw notFound(FANT_IKKE_ANKOMSTINFO);
}

/** One control question's answer; another answer than the lower quantity resets the actual quantities. */
export async function lagreKontrollsvar(
  db: Db,
  a: {
    id: number;
    spoersmaal: { id: number; kode: SpoersmaalKode; mottak: boolean };
    body: KontrollsvarBody;
    aktoer: Aktoer;
  },
): Promise<void> {
  const { id, spoersmaal, body } = a;
  await endreInnhold(
    db,
    {
      id,
      del: spoersmaal.mottak ? "mottakskontroll" : "dokumentkontroll",
      versjon: body.versjon,
      aktoer: a.aktoer,
    },
    async (trx, rad) => {
      if (spoersmaal.mottak && rad.kun_dokumentkontroll) throw badRequest(INGEN_MOTTAKSKONTROLL);
      const foer = await trx
        .selectFrom("kontrollspoersmaal")
        .select(["svar", "kommentar"])
        .where("id", "=", spoersmaal.id)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable("kontrollspoersmaal")
        .set({ svar: body.kontrollSvar, kommentar: body.kommentar ?? null, avvik: body.avvik })
        .where("id", "=", spoersmaal.id)
        .execute();
      const svar = `svar:${spoersmaal.kode}`;
      const kommentar = `kommentar:${spoersmaal.kode}`;
      const endringer = endringerMellom(
        [svar, kommentar],
        { [svar]: foer.svar, [kommentar]: foer.kommentar },
        { [svar]: body.kontrollSvar, [kommentar]: body.kommentar },
      );
      if (spoersmaal.kode === "MOTTAK_INNHOLD_SAMSVARER" && !kreverFaktiskMengde(body.kontrollSvar)) {
        endringer.push(...(await erstattFaktiskeMengder(trx, id, [])));
      }
      return endringer;
    },
  );
}

type MengdeRad = { varelinje: number; felt: string; faktisk_verdi: number };
const mengdeFelt = (r: Pick<MengdeRad, "varelinje" | "felt">) => `faktiskMengde:${r.varelinje}:${r.felt}`;

/** Replaces the actual quantities with `nye`, returning what changed per goods line and quantity. */
async function erstattFaktiskeMengder(trx: Trx, id: number, nye: MengdeRad[]): Promise<Endring[]> {
  const foer = await trx
    .selectFrom("faktisk_mengde")
    .select(["varelinje", "felt", "faktisk_verdi"])
    .where("importmelding_id", "=", id)
    .orderBy("varelinje")
    .orderBy("felt")
    .execute();
  await trx.deleteFrom("faktisk_mengde").where("importmelding_id", "=", id).execute();
  if (nye.length > 0) {
    await trx
      .insertInto("faktisk_mengde")
      .values(nye.map((r) => ({ ...r, importmelding_id: id })))
      .execute();
  }
  const verdier = (rader: MengdeRad[]) =>
    Object.fromEntries(rader.map((r) => [mengdeFelt(r), String(r.faktisk_verdi)]));
  const felter = [...new Set([...foer, ...nye].map(mengdeFelt))];
  return endringerMellom(felter, verdier(foer), verdier(nye));
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
    aktoer: Aktoer;
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
  await endreInnhold(db, { id, del: "ankomstinfo", versjon: body.versjon, aktoer: a.aktoer }, async (trx) => {
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
    const etter = await trx
      .selectFrom("ankomstinfo")
      .selectAll()
      .where("id", "=", ankomstInfoId)
      .executeTakeFirstOrThrow();
    return ankomstEndringer(trx, naa, etter);
  });
}

export type AnkomstRad = {
  ankomsttid: Date | null;
  adresse_linje1: string | null;
  adresse_linje2: string | null;
  postnummer: string | null;
  poststed: string | null;
  mottakskontrolloer_id: number | null;
  mottakskontrolloer_navn: string | null;
  mottakskontrolloer_telefon: string | null;
};

const ANKOMST_FELTER = [
  "ankomsttid",
  "kontrollAdresse",
  "mottakskontrolloer",
  "kontrolloer.navn",
  "kontrolloer.telefonnummer",
] as const;

/** What an arrival save changed: time, place (one line), controller (by name), the controller's person. */
export async function ankomstEndringer(trx: Trx, foer: AnkomstRad, etter: AnkomstRad): Promise<Endring[]> {
  const ider = [foer.mottakskontrolloer_id, etter.mottakskontrolloer_id].filter(
    (v): v is number => v !== null,
  );
  const navn = new Map(
    ider.length === 0
      ? []
      : (
          await trx
            .selectFrom("importoer")
            .select(["id", "navn", "organisasjonsnummer"])
            .where("id", "in", ider)
            .execute()
        ).map((i) => [i.id, `${i.navn} (org.nr. ${formaterOrganisasjonsnummer(i.organisasjonsnummer)})`]),
  );
  const verdier = (r: AnkomstRad) => ({
    ankomsttid: r.ankomsttid ? new Date(r.ankomsttid).toISOString() : null,
    kontrollAdresse:
      [r.adresse_linje1, r.adresse_linje2, [r.postnummer, r.poststed].filter(Boolean).join(" ")]
        .filter(Boolean)
        .join(", ") || null,
    mottakskontrolloer:
      r.mottakskontrolloer_id === null
        ? null
        : (navn.get(r.mottakskontrolloer_id) ?? String(r.mottakskontrolloer_id)),
    "kontrolloer.navn": r.mottakskontrolloer_navn,
    "kontrolloer.telefonnummer": r.mottakskontrolloer_telefon,
  });
  return endringerMellom(ANKOMST_FELTER, verdier(foer), verdier(etter));
}

/** The appointed reception controller gives the person who does the control: name and phone only. */
export async function lagreKontrolloerPerson(
  db: Db,
  a: { id: number; ankomstInfoId?: number; body: MottakskontrolloerAnkomstBody; aktoer: Aktoer },
): Promise<void> {
  const { id, body } = a;
  await endreInnhold(db, { id, del: "ankomstinfo", versjon: body.versjon, aktoer: a.aktoer }, async (trx) => {
    let hent = trx
      .selectFrom("ankomstinfo")
      .selectAll()
      .where("importmelding_id", "=", id)
      .where("mottakskontrolloer_id", "=", body.mottakskontrolloer.importoerId)
      .orderBy("id");
    if (a.ankomstInfoId !== undefined) hent = hent.where("id", "=", a.ankomstInfoId);
    const foer = await hent.execute();
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
    const etter = await hent.execute();
    return (await Promise.all(foer.map((f, i) => ankomstEndringer(trx, f, etter[i] ?? f)))).flat();
  });
}

/**
 * The actual quantities of the reception control. They belong to the lower-quantity answer only: with
 * another answer they are cleared; with it they are checked against the certificate's goods lines.
 */
export async function lagreFaktiskeMengder(
  db: Db,
  a: { id: number; body: MottakskontrollBody; versjon?: number; aktoer: Aktoer },
): Promise<void> {
  const { id, body } = a;
  const sert = await db
    .selectFrom("importmelding as m")
    .innerJoin("sertifikat as s", "s.id", "m.sertifikat_id")
    .select("s.data")
    .where("m.id", "=", id)
    .executeTakeFirstOrThrow();
  const varelinjer = varelinjeVisninger(sert.data as LagretSertifikat, []);
  await endreInnhold(db, { id, del: "faktiskMengde", versjon: a.versjon, aktoer: a.aktoer }, async (trx) => {
    const innhold = await trx
      .selectFrom("kontrollspoersmaal")
      .select("svar")
      .where("importmelding_id", "=", id)
      .where("kode", "=", "MOTTAK_INNHOLD_SAMSVARER")
      .executeTakeFirst();
    if (!kreverFaktiskMengde(innhold?.svar as SvarKode | null | undefined)) {
      return erstattFaktiskeMengder(trx, id, []);
    }
    const feil = sjekkFaktiskeMengder(body, varelinjer);
    if (feil) throw badRequest(feil);
    const rader = body.flatMap((l) =>
      l.faktiskeVerdier.map((v) => ({ varelinje: l.varelinjeId, felt: v.id, faktisk_verdi: v.faktiskVerdi })),
    );
    return erstattFaktiskeMengder(trx, id, rader);
  });
}
