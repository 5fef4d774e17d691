// The home lists' queries (GET /import/importmelding/v2/{orgnr}/{importoerId}/oversikt, routed in
// liste-router.ts): the five home lists in one call (SPEC §2
// "Home", §3 "Dashboard (oversikt)", §4 "List categories", §7). The notifications are those the list of
// arkiv.ts shows (responsible, creator or document control, never deleted); each list is one status
// category, found by index walks per importer column and status (migration 038) and cut at OVERSIKT_MAKS.
import { type SqlBool, sql } from "kysely";
import type { Db } from "../../db";
import { leggTilDager, osloDato } from "../../domain/format";
import { STATUS_GRUPPER } from "../../domain/importmelding-liste";
import { landNavn } from "../../domain/kodeverk";
import {
  NYTT_SERTIFIKAT_DAGER,
  OVERSIKT_MAKS,
  type Oversikt,
  type OversiktFilter,
  type OversiktImportmelding,
  type OversiktSertifikat,
  VURDERT_DAGER,
} from "../../domain/oversikt";
import {
  type Alvorlighetsgrad,
  type ImportmeldingStatus,
  MELDEPLIKTIG_TEKST,
  type MeldepliktigVurdering,
} from "../../domain/status";
import { fraAnkomsttid } from "../../domain/tidsrom";
import { type ImportoerMatch, type SertifikatUtvalg, synligeSertifikater } from "../sertifikat/synlighet";
import { ANKOMST_KOPI, fortsettUrler, listeElement } from "./arkiv";
import { eideMeldinger, likeMoenster, type MeldingUtvalg } from "./tilgang";

/** "Vurdert de siste 2 ukene": the status filter's group 'Vurdert' (no withdrawn ones, issue 23 item 4). */
const VURDERT: readonly ImportmeldingStatus[] = STATUS_GRUPPER.VURDERT;

/** One home list of notifications (ADR 013), cut at OVERSIKT_MAKS. */
async function hentMeldinger(
  db: Db,
  importoerId: number,
  f: OversiktFilter,
  statuser: readonly ImportmeldingStatus[],
  valg: { endretEtter?: Date; etterAnkomst?: boolean; naa: Date },
): Promise<{ liste: OversiktImportmelding[]; flere: boolean }> {
  const filtrer = (q: MeldingUtvalg): MeldingUtvalg => {
    let u = q;
    if (valg.endretEtter) u = u.where("m.status_endret", ">=", valg.endretEtter);
    if (f.avsenderland.length) u = u.where("m.eksportland", "in", f.avsenderland);
    return u;
  };
  // The first OVERSIKT_MAKS + 1 by an ordered index walk per owner column and status (ADR 021, 063): newest
  // change first, or for the upcoming arrivals earliest expected arrival first (migration 011), so none reads
  // all the importer's open work or walks past its other statuses.
  const k = OVERSIKT_MAKS + 1;
  const etterAnkomst = valg.etterAnkomst === true;
  // The first k ids in list order first, then their rows: joined before the limit, the planner chose
  // between probing the walks' ~100 ids and scanning the notification table by its statistics, so home's
  // plan depended on the seed (ADR 076). The sender and the country are the certificate's, copied onto the
  // notification (migrations 007, 008), so no certificate row is read.
  const u = eideMeldinger(db, importoerId, k, filtrer, undefined, {
    avsender: f.avsender,
    etterAnkomst,
    statuser,
  });
  let ider = db.selectFrom(u.as("u")).select("u.id");
  ider = etterAnkomst
    ? ider.orderBy(sql`u.forventet_ankomst asc nulls last`).orderBy("u.id")
    : ider.orderBy("u.status_endret", "desc").orderBy("u.id", "desc");
  let q = db
    .selectFrom(ider.limit(k).as("side"))
    .innerJoin("importmelding as m", "m.id", "side.id")
    .select([
      "m.id",
      "m.nummer",
      "m.egen_referanse",
      "m.kun_dokumentkontroll",
      "m.faktisk_ankommet",
      "m.innmelder",
      "m.status",
      "m.status_endret",
      "m.avsender_navn",
      "m.eksportland",
      "m.forventet_ankomst as ankomsttid",
      ...ANKOMST_KOPI,
    ]);
  q = etterAnkomst
    ? q.orderBy(sql`m.forventet_ankomst asc nulls last`).orderBy("m.id")
    : q.orderBy("m.status_endret", "desc").orderBy("m.id", "desc");
  const rader = await q.execute();
  const side = rader.slice(0, OVERSIKT_MAKS);
  const fortsett = await fortsettUrler(
    db,
    side.filter((r) => r.status === "UNDER_REGISTRERING"),
  );
  return {
    flere: rader.length > OVERSIKT_MAKS,
    liste: side.map((r) => {
      const status = r.status as ImportmeldingStatus;
      const tid = status === "REGISTRERT" && r.ankomsttid ? fraAnkomsttid(r.ankomsttid) : undefined;
      return {
        ...listeElement(r, fortsett),
        forventetAnkomst:
          tid && r.ankomsttid
            ? {
                dato: tid.dato,
                klokkeslett: tid.klokkeslett,
                forventetAnkomstHarPassert: new Date(r.ankomsttid).getTime() < valg.naa.getTime(),
              }
            : null,
      };
    }),
  };
}

/**
 * New certificates: the ones the importer sees (synlighet.ts), not replaced, issued in the last 14 days (so
 * they can still be notified) and without a live notification; newest issue date first. Whether a certificate
 * has a live notification is kept on it (migration 038), so each walk is of a partial index over the
 * certificates without one and stops after the list (ADR 063).
 */
async function hentNyeSertifikater(
  db: Db,
  m: ImportoerMatch,
  f: OversiktFilter,
  naa: Date,
): Promise<{ liste: OversiktSertifikat[]; flere: boolean }> {
  const fra = leggTilDager(osloDato(naa), -NYTT_SERTIFIKAT_DAGER);
  const filtrer = (q: SertifikatUtvalg): SertifikatUtvalg => {
    let u = q
      .where("s.erstattet_av_id", "is", null)
      .where("s.utstedt_dato", ">=", fra)
      .where(sql<SqlBool>`not s.har_aktiv_melding`);
    if (f.avsenderland.length) u = u.where("s.eksportland", "in", f.avsenderland);
    if (f.avsender) u = u.where("s.avsender_navn", "ilike", likeMoenster(f.avsender));
    return u;
  };
  // The importer's finds by their copies of the certificate (migration 042), walked in list order by a partial
  // index over its new ones: as the finds' array, the walk was of every importer's new certificates (ADR 081).
  let funnet = db
    .selectFrom("sertifikat_tilgang as t")
    .select(["t.sertifikat_id as id", "t.utstedt_dato"])
    .where("t.importoer_id", "=", m.id)
    .where("t.erstattet_av_id", "is", null)
    .where(sql<SqlBool>`not t.har_aktiv_melding`)
    .where("t.utstedt_dato", ">=", fra);
  if (f.avsenderland.length) funnet = funnet.where("t.eksportland", "in", f.avsenderland);
  if (f.avsender) {
    funnet = funnet.where(sql<SqlBool>`exists (select from sertifikat s where s.id = t.sertifikat_id
      and s.avsender_navn ilike ${likeMoenster(f.avsender)})`);
  }
  const k = OVERSIKT_MAKS + 1;
  const funnetSide = funnet.orderBy("t.utstedt_dato", "desc").orderBy("t.sertifikat_id", "desc").limit(k);
  // the first ids in list order, then their rows (as hentMeldinger, ADR 076)
  const ider = db
    .selectFrom(synligeSertifikater(db, m, k, filtrer, sql`${funnetSide}`).as("u"))
    .select("u.id")
    .orderBy("u.utstedt_dato", "desc")
    .orderBy("u.id", "desc")
    .limit(OVERSIKT_MAKS + 1);
  const rader = await db
    .selectFrom(ider.as("side"))
    .innerJoin("sertifikat as s", "s.id", "side.id")
    .select([
      "s.id",
      "s.nummer",
      "s.utstedt_dato",
      "s.eksportland",
      "s.avsender_navn",
      "s.meldepliktig_vurdering",
      "s.alvorlighetsgrad",
    ])
    .orderBy("s.utstedt_dato", "desc")
    .orderBy("s.id", "desc")
    .limit(OVERSIKT_MAKS + 1)
    .execute();
  return {
    flere: rader.length > OVERSIKT_MAKS,
    liste: rader.slice(0, OVERSIKT_MAKS).map((r) => ({
      id: r.id,
      nummer: r.nummer,
      utstedtDato: String(r.utstedt_dato),
      eksportLand: { kode: r.eksportland, navn: landNavn(r.eksportland) },
      avsender: r.avsender_navn,
      meldepliktigVurdering: {
        kode: r.meldepliktig_vurdering as MeldepliktigVurdering,
        visningstekst: MELDEPLIKTIG_TEKST[r.meldepliktig_vurdering as MeldepliktigVurdering],
      },
      alvorlighetsgrad: r.alvorlighetsgrad as Alvorlighetsgrad,
    })),
  };
}

export async function hentOversikt(
  db: Db,
  importoer: ImportoerMatch,
  f: OversiktFilter,
  naa: Date = new Date(),
): Promise<Oversikt> {
  const importoerId = importoer.id;
  const [paabegynte, nye, forventet, tilVurdering, vurderte] = await Promise.all([
    hentMeldinger(db, importoerId, f, ["UNDER_REGISTRERING"], { naa }),
    hentNyeSertifikater(db, importoer, f, naa),
    hentMeldinger(db, importoerId, f, ["REGISTRERT"], { naa, etterAnkomst: true }),
    hentMeldinger(db, importoerId, f, ["ANKOMMET"], { naa }),
    hentMeldinger(db, importoerId, f, VURDERT, {
      naa,
      endretEtter: new Date(naa.getTime() - VURDERT_DAGER * 24 * 60 * 60 * 1000),
    }),
  ]);
  return {
    paabegynteImportMeldinger: paabegynte.liste,
    nyeSertifikater: nye.liste,
    forventetAnkomstImportMeldinger: forventet.liste,
    tilVurderingImportMeldinger: tilVurdering.liste,
    vurderteImportMeldinger: vurderte.liste,
    flere: {
      paabegynteImportMeldinger: paabegynte.flere,
      nyeSertifikater: nye.flere,
      forventetAnkomstImportMeldinger: forventet.flere,
      tilVurderingImportMeldinger: tilVurdering.flere,
      vurderteImportMeldinger: vurderte.flere,
    },
  };
}
