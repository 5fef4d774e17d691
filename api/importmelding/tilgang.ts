// Who may reach a notification through {importoerId} (ADR 007): the owner side — the responsible importer,
// the importer that created it, the importer responsible for document control — for everything; the
// appointed reception controller (ankomstinfo.mottakskontrolloer_id) of a submitted notification for
// reception control only. An id that does not exist, a deleted draft, and a notification the importer has
// no part in are all 404 with the same body, so an id tells nobody whether it exists (issue 22); an importer
// with a part but not the one asked for (the controller on an owner's action) gets 403.

import { type RawBuilder, type SqlBool, sql } from "kysely";
import type { Db } from "../../db";
import { erInnsendt, type ImportmeldingStatus } from "../../domain/status";
import { melding } from "../../sprak/melding";
import { forbidden, notFound } from "../http/feil";
import { tellBegrenset } from "../telling";
import { FANT_IKKE_MELDING, type ImportmeldingRad } from "./tilstand";

export const INGEN_TILGANG = melding("api.ingenTilgangMeldingen");

export type Tilgangskrav = "eier" | "mottak";

export interface MeldingTilgang {
  rad: ImportmeldingRad;
  eier: boolean;
  mottakskontrolloer: boolean;
}

export function erEier(
  rad: Pick<
    ImportmeldingRad,
    "ansvarlig_importoer_id" | "opprettet_av_importoer_id" | "ansvarlig_dokumentkontroll_id"
  >,
  importoerId: number,
): boolean {
  return (
    rad.ansvarlig_importoer_id === importoerId ||
    rad.opprettet_av_importoer_id === importoerId ||
    rad.ansvarlig_dokumentkontroll_id === importoerId
  );
}

/** The importer columns that make an importer an owner of a notification (erEier). */
export const EIER_KOLONNER = [
  "ansvarlig_importoer_id",
  "opprettet_av_importoer_id",
  "ansvarlig_dokumentkontroll_id",
] as const;
export type EierKolonne = (typeof EIER_KOLONNER)[number];

/** Notifications (m), for the list filters (the certificate's columns through a subquery when needed). */
export const meldingUtvalg = (db: Db) => db.selectFrom("importmelding as m");
export type MeldingUtvalg = ReturnType<typeof meldingUtvalg>;

/** `%tekst%` for ilike, with the pattern characters escaped. */
export const likeMoenster = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The notification's certificate has a sender name containing `tekst` (case-insensitive), by the name copied
 * onto the notification (migration 008). The importer's distinct sender names through this owner column are
 * listed by a loose index scan of the (owner column, sender name, …) index (migrations 009, 010: one probe per name,
 * however many notifications each has), the names that contain `tekst` are kept, and the notifications are
 * found by equality on them: the cost follows the importer's number of senders and the hits, not the table
 * (ADR 021).
 */
function avsenderSom(tekst: string, kolonne: EierKolonne, importoerId: number): RawBuilder<boolean> {
  const eier = sql`${sql.ref(kolonne)} = ${importoerId} and status <> 'SLETTET'`;
  return sql<boolean>`m.avsender_navn = any(array(
    with recursive navn(n) as (
      (select avsender_navn from importmelding where ${eier} and avsender_navn is not null
        order by avsender_navn limit 1)
      union all
      select (select avsender_navn from importmelding where ${eier} and avsender_navn > navn.n
        order by avsender_navn limit 1)
      from navn where navn.n is not null
    )
    select n from navn where n ilike ${likeMoenster(tekst)}))`;
}

/**
 * The first `k` notifications (id and status_endret, newest change first) that `filtrer` keeps among those
 * where one of `kolonner` is the importer — for the owner rule all three columns (as erEier), for a
 * reception controller looking at an importer only ansvarlig_importoer_id. One ordered walk of an
 * (owner column, status_endret) index per column, each stopping after k rows, merged by UNION (which also
 * drops a notification found through two columns): the cost follows k, not how many notifications the
 * importer has (ADR 021). Without k, every match (for short lists such as upcoming arrivals).
 *
 * `statuser` (the status filter) makes one walk per owner column and status, of the (owner column, status,
 * status_endret, id) indexes (migration 038), by a lateral join over the statuses: a walk filtered on status
 * would read past the importer's other statuses until k match, many when the status is rare among its newest
 * (ADR 063). `perStatus: false` filters each owner column's walk on the statuses instead (one trigram scan per
 * owner column).
 *
 * `avsender` (part of a sender name) picks its rows through the sender names of each branch (avsenderSom),
 * so that branch finds all its matches first and sorts them (behind `offset 0`, which the planner does not
 * see through): an ordered walk would read the importer's rows until k of them match, many when few do.
 */
export function eideMeldinger(
  db: Db,
  importoerId: number,
  k: number | undefined,
  filtrer: (q: MeldingUtvalg) => MeldingUtvalg,
  kolonner: readonly EierKolonne[] = EIER_KOLONNER,
  {
    avsender,
    etterAnkomst,
    statuser,
    perStatus = true,
  }: Utvalgsvalg & { etterAnkomst?: boolean; perStatus?: boolean } = {},
): RawBuilder<{ id: number; status_endret: Date }> {
  const statusvis = perStatus && !avsender && statuser !== undefined && statuser.length > 0;
  const grener = eideGrener(db, importoerId, filtrer, kolonner, { avsender, statuser, statusvis });
  const deler = grener.map((treff) => {
    // Submitted ones by expected arrival (home): the partial (owner column, forventet_ankomst, id) indexes of
    // migration 011 are over status 'REGISTRERT', written out so the planner can see it covers this walk.
    const utvalg = etterAnkomst
      ? treff.where(sql<boolean>`m.status = 'REGISTRERT'`).select("m.forventet_ankomst")
      : treff;
    let q = avsender ? db.selectFrom(utvalg.modifyEnd(sql`offset 0`).as("m")).selectAll("m") : utvalg;
    q = etterAnkomst
      ? q.orderBy(sql`m.forventet_ankomst asc nulls last`).orderBy("m.id")
      : q.orderBy("m.status_endret", "desc").orderBy("m.id", "desc");
    if (k !== undefined) q = q.limit(k);
    // One walk per status: the status comes from the array, so the planner does not know which and cannot
    // count on a common one (FRIGITT) being near the top of the (owner column, status_endret) index.
    return statusvis
      ? sql`(select w.* from unnest(array[${sql.join(statuser)}]::text[]) as st(status)
          cross join lateral (${q}) w)`
      : sql`(${q})`;
  });
  return sql<{ id: number; status_endret: Date }>`(${sql.join(deler, sql` union `)})`;
}

/**
 * The ids of the first `k` of the importer's notifications that `filtrer` keeps, in list order (newest change
 * first): eideMeldinger's walks, read once. For a filter a trigram index answers (part of a number or a
 * reference), the caller counts and pages these instead of counting and then paging, each of which ran the
 * trigram index scan once per owner column; a filter that finds many still stops each walk at k (ADR 021).
 */
export async function eideMeldingerGjennomTreff(
  db: Db,
  importoerId: number,
  k: number,
  filtrer: (q: MeldingUtvalg) => MeldingUtvalg,
  kolonner: readonly EierKolonne[] = EIER_KOLONNER,
  {
    statuser,
    kunIder = false,
  }: Pick<Utvalgsvalg, "statuser"> & {
    /** `filtrer` keeps a few ids only (the number filter's candidates, nummerKandidater) */
    kunIder?: boolean;
  } = {},
): Promise<number[]> {
  if (kunIder) {
    // Each candidate probed once, the owner columns as a filter: as walks, every owner column's branch
    // probed the primary key for every candidate (30 probes for 10 hits at 100,000, ADR 081).
    const eier = sql.join(
      kolonner.map((kolonne) => sql`${sql.ref(`m.${kolonne}`)} = ${importoerId}`),
      sql` or `,
    );
    let q = filtrer(meldingUtvalg(db).where(sql<SqlBool>`(${eier})`).where("m.status", "<>", "SLETTET"));
    if (statuser?.length) q = q.where("m.status", "in", statuser);
    const rader = await q
      .select("m.id")
      .orderBy("m.status_endret", "desc")
      .orderBy("m.id", "desc")
      .limit(k)
      .execute();
    return rader.map((r) => Number(r.id));
  }
  // one trigram scan per owner column, not one per status too
  const rader = await db
    .selectFrom(eideMeldinger(db, importoerId, k, filtrer, kolonner, { statuser, perStatus: false }).as("u"))
    .select("u.id")
    .orderBy("u.status_endret", "desc")
    .orderBy("u.id", "desc")
    .limit(k)
    .execute();
  return rader.map((r) => Number(r.id));
}

/**
 * How many of the notifications eideMeldinger gives, counted up to `maks` (more is told as `maks`,
 * begrensetAntall). No branch is ordered, so a filter that an (owner column, country) index answers reads
 * only matching index entries (ADR 021).
 */
export async function tellEideMeldinger(
  db: Db,
  importoerId: number,
  maks: number,
  filtrer: (q: MeldingUtvalg) => MeldingUtvalg,
  kolonner: readonly EierKolonne[] = EIER_KOLONNER,
  valg: Utvalgsvalg = {},
): Promise<number> {
  const grener = eideGrener(db, importoerId, filtrer, kolonner, valg).map(
    (q) => sql`${q.clearSelect().select("m.id")}`,
  );
  return tellBegrenset(db, grener, maks);
}

/**
 * How many of the importer's notifications through `kolonner` (eideMeldinger's owner rule; never deleted ones)
 * have one of `statuser` and `land` (all when empty), per export country, exactly (ADR 051): summed from the
 * counter rows kept by owner columns, country and status (migration 032). A notification is in one row, so
 * one the importer both created and is responsible for counts once. Countries with none are left out.
 */
export async function tellEideMeldingerPerLand(
  db: Db,
  importoerId: number,
  kolonner: readonly EierKolonne[] = EIER_KOLONNER,
  filter: { statuser?: readonly string[]; land?: readonly string[] } = {},
): Promise<Map<string, number>> {
  const eier = sql.join(
    kolonner.map((k) => sql`${sql.ref(k)} = ${importoerId}`),
    sql` or `,
  );
  const { rows } = await sql<{ land: string; antall: number }>`
    select eksportland as land, sum(antall)::int as antall from importmelding_antall
    where (${eier}) and status <> 'SLETTET'
      ${filter.statuser?.length ? sql`and status in (${sql.join(filter.statuser)})` : sql``}
      ${filter.land?.length ? sql`and eksportland in (${sql.join(filter.land)})` : sql``}
    group by eksportland having sum(antall) > 0`.execute(db);
  return new Map(rows.map((r) => [r.land, Number(r.antall)]));
}

/** The filters eideMeldinger applies itself: part of a sender name, and the statuses (any when empty). */
export interface Utvalgsvalg {
  avsender?: string;
  statuser?: readonly string[];
}

/**
 * Per owner column, the importer's notifications that `filtrer`, the statuses and the sender filter keep
 * (eideMeldinger); with `statusvis`, of the status `st.status` of a lateral join around each branch.
 */
function eideGrener(
  db: Db,
  importoerId: number,
  filtrer: (q: MeldingUtvalg) => MeldingUtvalg,
  kolonner: readonly EierKolonne[],
  { avsender, statuser = [], statusvis = false }: Utvalgsvalg & { statusvis?: boolean },
) {
  return kolonner.map((kolonne) => {
    // deleted drafts are in no list (and not in the partial indexes the walks use)
    let utvalg = meldingUtvalg(db).where(`m.${kolonne}`, "=", importoerId).where("m.status", "<>", "SLETTET");
    if (statusvis) utvalg = utvalg.where(sql<SqlBool>`m.status = st.status`);
    else if (statuser.length > 0) utvalg = utvalg.where("m.status", "in", statuser);
    const treff = filtrer(utvalg).select(["m.id", "m.status_endret"]);
    return avsender ? treff.where(avsenderSom(avsender, kolonne, importoerId)) : treff;
  });
}

/**
 * The notification with the caller's roles; 404 when it does not exist, is a deleted draft or the caller has
 * no part in it, 403 when the caller's part is not the required one.
 */
export async function hentMedTilgang(
  db: Db,
  id: number,
  importoerId: number,
  krav: Tilgangskrav,
): Promise<MeldingTilgang> {
  const rad = await db.selectFrom("importmelding").selectAll().where("id", "=", id).executeTakeFirst();
  // a deleted draft is gone (SPEC §4 "Deleting a draft removes it")
  if (!rad || rad.status === "SLETTET") throw notFound(FANT_IKKE_MELDING);
  const eier = erEier(rad, importoerId);
  let mottakskontrolloer = false;
  if (erInnsendt(rad.status as ImportmeldingStatus)) {
    const kontroll = await db
      .selectFrom("ankomstinfo")
      .select("id")
      .where("importmelding_id", "=", id)
      .where("mottakskontrolloer_id", "=", importoerId)
      .executeTakeFirst();
    mottakskontrolloer = !!kontroll;
  }
  if (!eier && !mottakskontrolloer) throw notFound(FANT_IKKE_MELDING);
  if (!eier && !(krav === "mottak" && mottakskontrolloer)) throw forbidden(INGEN_TILGANG);
  return { rad, eier, mottakskontrolloer };
}

/** Whether an importer has confirmed knowledge of the regulations. */
export async function harLestRegelverk(db: Db, importoerId: number): Promise<boolean> {
  const rad = await db
    .selectFrom("importoer")
    .select("har_lest_regelverk")
    .where("id", "=", importoerId)
    .executeTakeFirst();
  return rad?.har_lest_regelverk === true;
}

// SPEC's two texts word for word (the second with its spelling) in bokmål
export const REGELVERK_IKKE_BEKREFTET_OPPRETT = melding("api.regelverk.ikkeBekreftetOpprett");
export const REGELVERK_IKKE_BEKREFTET_REGISTRER = melding("api.regelverk.ikkeBekreftetRegistrer");
