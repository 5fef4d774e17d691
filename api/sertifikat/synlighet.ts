// Which certificates an importer sees (SPEC §1): the consignee's organisation number is the importer's, or
// the consignee's name is exactly the importer's name in the business register, or the importer has found
// the certificate by its exact keys (sertifikat_tilgang). Decided at query time, so an importer registered
// after the certificate arrived sees it too.
import { type RawBuilder, sql } from "kysely";
import type { Db } from "../../db";
import { normaliserMottakerNavn } from "../../domain/sertifikat";
import { fersk, type Tilgang } from "../registre/tilgang";

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

export function tilMatch(r: MatchRad): ImportoerMatch {
  return {
    id: r.id,
    organisasjonsnummer: r.organisasjonsnummer,
    navn: r.navn,
    erMottakskontrolloer: r.er_mottakskontrolloer,
    navnNorm: normaliserMottakerNavn(r.enhet_navn ?? r.navn),
  };
}

export function importoerMedEnhet(db: Db) {
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

/**
 * The importers a caller may act for: a person's by Altinn's answer (cached, api/registre/tilgang.ts) for the
 * importer's organisation number, a system's its own organisation's. `hvem` is the caller as the token check
 * gives it (auth.ts, Innlogget).
 */
export async function importoererForPerson(
  db: Db,
  hvem: { pid: string; maskin?: { orgnr: string }; tilgang: Tilgang },
): Promise<ImportoerMatch[]> {
  if (hvem.maskin) {
    return (await importoerMedEnhet(db).where("i.organisasjonsnummer", "=", hvem.maskin.orgnr).execute()).map(
      tilMatch,
    );
  }
  const les = () =>
    db
      .selectFrom("altinn_oppslag as o")
      .leftJoin("altinn_avgiver as a", "a.pid", "o.pid")
      .leftJoin("importoer as i", "i.organisasjonsnummer", "a.organisasjonsnummer")
      .leftJoin("enhet as e", "e.organisasjonsnummer", "i.organisasjonsnummer")
      .select([
        fersk(hvem.tilgang.levetidSekunder).as("fersk"),
        "i.id",
        "i.organisasjonsnummer",
        "i.navn",
        "i.er_mottakskontrolloer",
        "e.navn as enhet_navn",
      ])
      .where("o.pid", "=", hvem.pid)
      .execute();
  let rader = await les();
  if (!rader[0]?.fersk) {
    await hvem.tilgang.last(hvem.pid);
    rader = await les();
  }
  return rader.flatMap((r) =>
    r.id === null || r.organisasjonsnummer === null || r.navn === null || r.er_mottakskontrolloer === null
      ? []
      : [
          tilMatch({
            ...r,
            id: r.id,
            organisasjonsnummer: r.organisasjonsnummer,
            navn: r.navn,
            er_mottakskontrolloer: r.er_mottakskontrolloer,
          }),
        ],
  );
}

/** Certificates (s), for the list filters. */
export const sertifikatUtvalg = (db: Db) => db.selectFrom("sertifikat as s");
export type SertifikatUtvalg = ReturnType<typeof sertifikatUtvalg>;

/** The ways an importer is named on a certificate, as list queries (the file's header). */
function navngittGrener(db: Db, m: ImportoerMatch): SertifikatUtvalg[] {
  const grener: SertifikatUtvalg[] = [
    sertifikatUtvalg(db).where("s.mottaker_orgnr", "=", m.organisasjonsnummer),
  ];
  if (m.navnNorm !== undefined)
    grener.push(sertifikatUtvalg(db).where("s.mottaker_navn_norm", "=", m.navnNorm));
  return grener;
}

/** The three ways an importer sees a certificate, as list queries (the file's header). */
function synligeGrener(db: Db, m: ImportoerMatch): SertifikatUtvalg[] {
  const grener = navngittGrener(db, m);
  // The found ones by their ids, as an array the primary key is probed with: as `in (subquery)` the planner
  // could instead walk a window of every importer's certificates and test each against the finds (7,021 rows
  // for home's new certificates of an importer with no finds at 100,000, ADR 076). The finds are few (ADR 026).
  grener.push(
    sertifikatUtvalg(db).where(
      sql<boolean>`s.id = any(array(select sertifikat_id from sertifikat_tilgang where importoer_id = ${m.id}))`,
    ),
  );
  return grener;
}

/**
 * Whether the importer sees the certificate `alias` (the three ways of synligeGrener), as one condition: for
 * the number filter's candidates (api/nummersoek.ts), which it narrows to the importer's own.
 */
export function synligFor(m: ImportoerMatch): (alias: string) => RawBuilder<boolean> {
  return (alias) =>
    sql<boolean>`(${sql.ref(`${alias}.mottaker_orgnr`)} = ${m.organisasjonsnummer}
      ${m.navnNorm !== undefined ? sql`or ${sql.ref(`${alias}.mottaker_navn_norm`)} = ${m.navnNorm}` : sql``}
      or ${sql.ref(`${alias}.id`)} = any(array(select sertifikat_id from sertifikat_tilgang where importoer_id = ${m.id})))`;
}

/**
 * The first `k` certificates (id and issue date, newest first) that `filtrer` keeps among those the importer
 * sees (the file's header), as a subquery. One ordered walk of the (consignee organisation number, issue date) and
 * (consignee name, issue date) indexes and of the granted certificates, each stopping after k rows, merged by
 * UNION (which also drops a certificate found twice): the cost follows k, not how many certificates the
 * importer has (ADR 021).
 */
export function synligeSertifikater(
  db: Db,
  m: ImportoerMatch,
  k: number,
  filtrer: (q: SertifikatUtvalg) => SertifikatUtvalg,
  /**
   * The found ones' walk in place of synligeGrener's third branch (home's new certificates walk the finds'
   * copies, migration 042): the first k ids and issue dates in the same order.
   */
  funnet?: RawBuilder<{ id: number; utstedt_dato: string }>,
): RawBuilder<{ id: number; utstedt_dato: string }> {
  const deler = (funnet ? navngittGrener(db, m) : synligeGrener(db, m)).map(
    (g) =>
      sql`(${filtrer(g).select(["s.id", "s.utstedt_dato"]).orderBy("s.utstedt_dato", "desc").orderBy("s.id", "desc").limit(k)})`,
  );
  if (funnet) deler.push(sql`(${funnet})`);
  return sql<{ id: number; utstedt_dato: string }>`(${sql.join(deler, sql` union `)})`;
}

/** Filters on the columns the counter rows are kept by (migration 032). */
export interface TelleFilter {
  land?: readonly string[];
  meldeplikt?: readonly string[];
}

/**
 * How many certificates `importoerer` see together (the file's header; a certificate seen by several of them,
 * or named both by number and by name, once), per export country, exactly (ADR 051). Those named on the
 * certificate are summed from the counter rows kept by the certificate's consignee number, name, country and
 * requirement (migration 032): one index probe per number and name and a row per spelling of them. Those the
 * importers found by search and are not named on are counted from sertifikat_tilgang, which holds what the
 * importers' people have searched out by exact keys (a few a week; at most soekNyVirksomhet a day, ADR 026),
 * by the certificate's columns copied onto those rows (migration 040): no certificate is read, so the cost
 * follows the importers' found rows, not the certificate table (ADR 076). Countries with none are left out.
 */
export async function tellSynligePerLand(
  db: Db,
  importoerer: readonly ImportoerMatch[],
  filter: TelleFilter = {},
): Promise<Map<string, number>> {
  if (importoerer.length === 0) return new Map();
  const orgnr = [...new Set(importoerer.map((m) => m.organisasjonsnummer))];
  const navn = [...new Set(importoerer.flatMap((m) => (m.navnNorm ? [m.navnNorm] : [])))];
  const ider = [...new Set(importoerer.map((m) => m.id))];
  // '' stands for no number or name in the counter rows; no importer has that number or name
  const navngitt = (o: RawBuilder<unknown>, n: RawBuilder<unknown>) =>
    navn.length === 0
      ? sql<boolean>`${o} in (${sql.join(orgnr)})`
      : sql<boolean>`(${o} in (${sql.join(orgnr)}) or ${n} in (${sql.join(navn)}))`;
  const filtre = (land: RawBuilder<unknown>, meldeplikt: RawBuilder<unknown>) =>
    sql.join(
      [
        sql`true`,
        ...(filter.land?.length ? [sql`${land} in (${sql.join(filter.land)})`] : []),
        ...(filter.meldeplikt?.length ? [sql`${meldeplikt} in (${sql.join(filter.meldeplikt)})`] : []),
      ],
      sql` and `,
    );
  const { rows } = await sql<{ land: string; antall: number }>`
    select land, sum(antall)::int as antall from (
      select a.eksportland as land, a.antall from sertifikat_antall a
      where ${navngitt(sql.ref("a.mottaker_orgnr"), sql.ref("a.mottaker_navn_norm"))}
        and ${filtre(sql.ref("a.eksportland"), sql.ref("a.meldepliktig_vurdering"))}
      union all
      select t.eksportland, count(distinct t.sertifikat_id)::int from sertifikat_tilgang t
      where t.importoer_id in (${sql.join(ider)})
        and not ${navngitt(sql`coalesce(t.mottaker_orgnr, '')`, sql`coalesce(t.mottaker_navn_norm, '')`)}
        and ${filtre(sql.ref("t.eksportland"), sql.ref("t.meldepliktig_vurdering"))}
      group by t.eksportland) x
    group by land having sum(antall) > 0`.execute(db);
  return new Map(rows.map((r) => [r.land, Number(r.antall)]));
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
