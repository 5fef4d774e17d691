// The transactional outbox of e-mail alerts (issue 10, docs/decisions/012-epostvarsler.md): written by the
// certificate ingest inside its own transaction, so an alert exists exactly when the certificate does; and
// the authority's outcome of a notification (issue 24 §2, ADR 034), written by the status change itself.
import { sql, type Transaction } from "kysely";
import type { Database } from "../../db";
import { FORBEREDT } from "../../db/forberedt";
import { normaliserMottakerNavn } from "../../domain/sertifikat";

export interface UtboksSertifikat {
  id: number;
  mottaker_orgnr: string | null;
  mottaker_navn_norm: string | null;
  erstatter_nummer: string | null;
}

/** An importer named on a certificate, and whether it is to be told by e-mail (its preference and an address). */
export interface Mottaker {
  id: number;
  medEpost: boolean;
}

/** An importer the loose pre-filter found (kandidaterSql), before the exact rule of ADR 010. */
export interface Kandidat {
  id: number;
  organisasjonsnummer: string | null;
  navn: string;
  enhet_navn: string | null;
  med_epost: boolean | null;
}

type Navngitt = Pick<UtboksSertifikat, "mottaker_orgnr" | "mottaker_navn_norm">;

/**
 * The importers a certificate may name, by a loose pre-filter in SQL (organisation number, or the name in
 * lower case with single spaces): a query of its own, or a subquery of the new certificate's statement
 * (api/sertifikat/ny-rad.ts, ADR 075). Undefined when the certificate names no one.
 *
 * Index-driven (migration 039): the organisation number by its unique index, the name by the indexes on the
 * same expression over the importer's own name and over the register's name of its organisation; the three
 * finds are a superset of the importers whose shown name (the register's, else its own) matches, and
 * mottakereAv keeps only those. The expression must stay the indexes' (NAVN_NORM of migration 039).
 */
export function kandidaterSql(s: Navngitt) {
  if (s.mottaker_orgnr === null && s.mottaker_navn_norm === null) return undefined;
  const navn = s.mottaker_navn_norm ?? "";
  return sql<Kandidat>`select i.id, i.organisasjonsnummer, i.navn, e.navn as enhet_navn,
      i.skal_ha_epost and exists (select from importoer_epost ie where ie.importoer_id = i.id) as med_epost
    from importoer i left join enhet e on e.organisasjonsnummer = i.organisasjonsnummer
    where i.id in (
      select id from importoer where organisasjonsnummer = ${s.mottaker_orgnr ?? ""}
      union all
      select id from importoer where lower(regexp_replace(btrim(navn), '\\s+', ' ', 'g')) = lower(${navn})
      union all
      select ei.id from enhet en join importoer ei on ei.organisasjonsnummer = en.organisasjonsnummer
        where lower(regexp_replace(btrim(en.navn), '\\s+', ' ', 'g')) = lower(${navn}))`;
}

/**
 * The importers named on the certificate (organisation number or exact name, ADR 010) among the candidates,
 * each once, with whether its e-mail preference is on and it has at least one address.
 */
export function mottakereAv(s: Navngitt, kandidater: readonly Kandidat[]): Mottaker[] {
  const mottakere = new Map<number, Mottaker>();
  for (const k of kandidater) {
    const paa =
      (s.mottaker_orgnr !== null && k.organisasjonsnummer === s.mottaker_orgnr) ||
      (s.mottaker_navn_norm !== null &&
        normaliserMottakerNavn(k.enhet_navn ?? k.navn) === s.mottaker_navn_norm);
    if (paa) mottakere.set(k.id, { id: k.id, medEpost: k.med_epost === true });
  }
  return [...mottakere.values()];
}

/**
 * The importers named on the certificate (organisation number or exact name, ADR 010), each with whether its
 * e-mail preference is on and it has at least one address: one query for both the alerts and the events.
 */
export async function importoererPaaSertifikatet(
  trx: Transaction<Database>,
  s: Navngitt,
): Promise<Mottaker[]> {
  const kandidater = kandidaterSql(s);
  if (!kandidater) return [];
  // A template, not the query builder: run for every certificate (issue 35 item 4, ADR 064).
  const { rows } = await sql<Kandidat>`${sql.raw(FORBEREDT)} ${kandidater}`.execute(trx);
  return mottakereAv(s, rows);
}

/**
 * One alert per importer named on the certificate (organisation number or exact name, ADR 010) whose e-mail
 * preference is on and who has at least one address (`mottakere`, importoererPaaSertifikatet). An importer
 * already alerted about this certificate is not alerted again (a re-delivery or a changed version of the same
 * certificate). Importers who only find the certificate later by search are never alerted.
 *
 * Written as a data-modifying CTE that goes first in the certificate's first event statement (skrivHendelser,
 * api/hendelser/skriv.ts), in the same transaction: one round trip less per certificate (ADR 070; it was a
 * statement of its own, leggVarslerIUtboks). Undefined when no importer named on it is to be told by e-mail.
 */
export function varslerSomCte(s: UtboksSertifikat, mottakere: readonly Mottaker[]) {
  const ider = mottakere.filter((m) => m.medEpost).map((m) => m.id);
  if (ider.length === 0) return undefined;
  return sql`varsler as (insert into epost_varsel (importoer_id, sertifikat_id, erstatter_nummer)
    select unnest(${ider}::integer[]), ${s.id}::integer, ${s.erstatter_nummer}::text
    on conflict (importoer_id, sertifikat_id) where type = 'SERTIFIKAT' do nothing)`;
}

/**
 * The statuses whose arrival the importer is told of by e-mail (ADR 034): the decided statuses of SPEC §9, and
 * a withdrawal the service made (ADR 027: another organisation's notification gives way to the consignee's).
 * The importer's own withdrawal is no news to it.
 */
export const UTFALL_PAA_EPOST: readonly string[] = [
  "FRIGITT",
  "AVVIST",
  "DELVIS_AVVIST",
  "AUTOMATISK_FRIGITT",
  "TILBAKETRUKKET",
];

function erUtfallPaaEpost(utfall: string, avSystemet: boolean): boolean {
  return UTFALL_PAA_EPOST.includes(utfall) && (utfall !== "TILBAKETRUKKET" || avSystemet);
}

/**
 * Writes the outcome e-mail of an assessment (or an automatic release) into the outbox, in the transaction of
 * the status change: one row for the notification's responsible importer when its preference "Varsle meg om
 * vurderinger" is on and it has at least one address. So a refused or rolled-back assessment writes nothing.
 * Returns whether a row was written.
 */
export async function leggUtfallIUtboks(
  trx: Transaction<Database>,
  u: { importmeldingId: number; hendelseId: number; utfall: string; avSystemet: boolean },
): Promise<boolean> {
  if (!erUtfallPaaEpost(u.utfall, u.avSystemet)) return false;
  const rad = await trx
    .insertInto("epost_varsel")
    .columns(["type", "importoer_id", "sertifikat_id", "importmelding_id", "hendelse_id", "utfall"])
    .expression((eb) =>
      eb
        .selectFrom("importmelding as m")
        .innerJoin("importoer as i", "i.id", "m.ansvarlig_importoer_id")
        .select([
          sql.lit("UTFALL").as("type"),
          "i.id",
          "m.sertifikat_id",
          "m.id as importmelding_id",
          sql.val(u.hendelseId).as("hendelse_id"),
          sql.val(u.utfall).as("utfall"),
        ])
        .where("m.id", "=", u.importmeldingId)
        .where("i.varsle_vurderinger", "=", true)
        .where((w) =>
          w.exists(
            w.selectFrom("importoer_epost as ie").select("ie.id").whereRef("ie.importoer_id", "=", "i.id"),
          ),
        ),
    )
    .onConflict((oc) => oc.columns(["importoer_id", "hendelse_id"]).where("type", "=", "UTFALL").doNothing())
    .returning("id")
    .executeTakeFirst();
  return rad !== undefined;
}
