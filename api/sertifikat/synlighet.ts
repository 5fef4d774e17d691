// Which certificates an importer sees (SPEC §1): the consignee's organisation number is the importer's, or
// the consignee's name is exactly the importer's name in the business register, or the importer has found
// the certificate by its exact keys (sertifikat_tilgang). Decided at query time, so an importer registered
// after the certificate arrived sees it too.
import { type RawBuilder, sql } from "kysely";
import type { Db } from "../../db";
import { normaliserMottakerNavn } from "../../domain/sertifikat";

export interface ImportoerMatch {
  id: number;
  organisasjonsnummer: string;
  navn: string;
  erMottakskontrolloer: boolean;
  /** The normalised business-register name (importoer.navn when the register has no entry). */
  navnNorm: string | undefined;
}

type MatchRad = {
  id: number;
  organisasjonsnummer: string;
  navn: string;
  er_mottakskontrolloer: boolean;
  enhet_navn: string | null;
};

function tilMatch(r: MatchRad): ImportoerMatch {
  return {
    id: r.id,
    organisasjonsnummer: r.organisasjonsnummer,
    navn: r.navn,
    erMottakskontrolloer: r.er_mottakskontrolloer,
    navnNorm: normaliserMottakerNavn(r.enhet_navn ?? r.navn),
  };
}

function importoerMedEnhet(db: Db) {
  return db
    .selectFrom("importoer as i")
    .leftJoin("enhet as e", "e.organisasjonsnummer", "i.organisasjonsnummer")
    .select(["i.id", "i.organisasjonsnummer", "i.navn", "i.er_mottakskontrolloer", "e.navn as enhet_navn"]);
}

export async function hentImportoerMatch(db: Db, importoerId: number): Promise<ImportoerMatch> {
  return tilMatch(await importoerMedEnhet(db).where("i.id", "=", importoerId).executeTakeFirstOrThrow());
}

export async function hentImportoerMatcher(db: Db, ider: readonly number[]): Promise<ImportoerMatch[]> {
  if (ider.length === 0) return [];
  return (await importoerMedEnhet(db).where("i.id", "in", ider).execute()).map(tilMatch);
}

/** The importers a person may act for (a delegation for the importer's organisation number). */
export async function importoererForPerson(db: Db, pid: string): Promise<ImportoerMatch[]> {
  const rader = await db
    .selectFrom("delegering as d")
    .innerJoin("enhet as e", "e.id", "d.enhet_id")
    .innerJoin("importoer as i", "i.organisasjonsnummer", "e.organisasjonsnummer")
    .select(["i.id", "i.organisasjonsnummer", "i.navn", "i.er_mottakskontrolloer", "e.navn as enhet_navn"])
    .where("d.pid", "=", pid)
    .execute();
  return rader.map(tilMatch);
}

/**
 * `s.id in (...)` for the certificates (aliased `s`) the importer sees: three index lookups (consignee
 * organisation number, normalised consignee name, granted access) rather than an OR the planner cannot use.
 */
export function synligFor(m: ImportoerMatch): RawBuilder<boolean> {
  return sql<boolean>`s.id in (
    select id from sertifikat where mottaker_orgnr = ${m.organisasjonsnummer}
    union all select id from sertifikat where mottaker_navn_norm = ${m.navnNorm ?? null}
    union all select sertifikat_id from sertifikat_tilgang where importoer_id = ${m.id})`;
}

/** Named on the certificate: its consignee organisation number or exact consignee name is the importer's. */
export function erPaaSertifikatet(
  m: ImportoerMatch,
  s: { mottaker_orgnr: string | null; mottaker_navn_norm: string | null },
): boolean {
  if (s.mottaker_orgnr !== null && s.mottaker_orgnr === m.organisasjonsnummer) return true;
  return m.navnNorm !== undefined && s.mottaker_navn_norm === m.navnNorm;
}

/** Whether the importer sees the certificate (named on it, or access granted by a search). */
export async function kanSe(
  db: Db,
  m: ImportoerMatch,
  s: { id: number; mottaker_orgnr: string | null; mottaker_navn_norm: string | null },
): Promise<boolean> {
  if (erPaaSertifikatet(m, s)) return true;
  const tilgang = await db
    .selectFrom("sertifikat_tilgang")
    .select("sertifikat_id")
    .where("sertifikat_id", "=", s.id)
    .where("importoer_id", "=", m.id)
    .executeTakeFirst();
  return !!tilgang;
}
