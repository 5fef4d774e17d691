// Who may reach a notification through {importoerId} (ADR 007): the owner side — the responsible importer,
// the importer that created it, the importer responsible for document control — for everything; the
// appointed reception controller (ankomstinfo.mottakskontrolloer_id) of a submitted notification for
// reception control only. An id that does not exist is 404; anyone else gets 403.
import { type Expression, type SqlBool, sql } from "kysely";
import type { Db } from "../../db";
import { erInnsendt, IMPORTMELDING_STATUSER, type ImportmeldingStatus } from "../../domain/status";
import { ApiError, forbidden, notFound } from "../http";
import { FANT_IKKE_MELDING, type ImportmeldingRad } from "./tilstand";

export const INGEN_TILGANG = "Du har ikke tilgang til denne forhåndsmeldingen";

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

/**
 * The same owner rule as erEier, for lists (the archive, the home overview): `m.id in (...)` over the
 * notifications an importer owns in these statuses (default: all but deleted). One index lookup per
 * importer column (importmelding_*_status_idx), not an OR the planner would scan.
 */
export function eidAv(
  importoerId: number,
  statuser: readonly ImportmeldingStatus[] = IMPORTMELDING_STATUSER.filter((s) => s !== "SLETTET"),
): Expression<SqlBool> {
  const s = sql.join(statuser.map((x) => sql`${x}`));
  return sql<SqlBool>`m.id in (
    select id from importmelding where ansvarlig_importoer_id = ${importoerId} and status in (${s})
    union select id from importmelding where opprettet_av_importoer_id = ${importoerId} and status in (${s})
    union select id from importmelding where ansvarlig_dokumentkontroll_id = ${importoerId} and status in (${s}))`;
}

/** The notification with the caller's roles; 404 when it does not exist, 403 without the required role. */
export async function hentMedTilgang(
  db: Db,
  id: number,
  importoerId: number,
  krav: Tilgangskrav,
): Promise<MeldingTilgang> {
  const rad = await db.selectFrom("importmelding").selectAll().where("id", "=", id).executeTakeFirst();
  if (!rad) throw notFound(FANT_IKKE_MELDING);
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

export const REGELVERK_IKKE_BEKREFTET_OPPRETT = "Bedrift har ikke bekreftet kjennskap til regelverket";
export const REGELVERK_IKKE_BEKREFTET_REGISTRER = "Bedrift har ikke bekreftet kjenskap til regelverket";

export function regelverkFeil(melding: string): ApiError {
  return new ApiError(400, melding);
}
