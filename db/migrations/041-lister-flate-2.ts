import { type Kysely, sql } from "kysely";

// Two list lines that grew more than 1.5× from 1,000 to 100,000 (issue 35 item 1, ADR 078):
// - The notification list's drafts ("Fortsett", api/importmelding/arkiv.ts fortsettUrler) read their arrival
//   info from ankomstinfo: one index probe per draft on the page, deeper the more notifications have one
//   (3 → 31 buffers for 15 drafts). The first arrival row's columns that the resume step needs (time, address,
//   controller) are copied onto the notification, by the trigger of migration 013 that already copies the
//   earliest arrival time (forventet_ankomst): exact whatever code path writes ankomstinfo.
// - The certificate list filtered on country and notification requirement walked the importer's certificates
//   by issue date and kept 1 in 21 (1,033 rows at 100,000), or read every match and sorted it. The (consignee,
//   country, requirement, id) indexes of migration 010 get the list order (issue date desc, id desc) in place
//   of id, so the filter is an index range walked in list order that stops at the page: as many indexes as
//   before, so intake writes no more. Counts no longer use them (counter rows, ADR 051).

const KOPIER = [
  ["ankomst_tid", "ankomsttid", "timestamptz"],
  ["ankomst_adresse_linje1", "adresse_linje1", "text"],
  ["ankomst_postnummer", "postnummer", "text"],
  ["ankomst_poststed", "poststed", "text"],
  ["ankomst_mottakskontrolloer_id", "mottakskontrolloer_id", "bigint"],
] as const;
const SERTIFIKAT = [
  ["orgnr", "mottaker_orgnr"],
  ["navn", "mottaker_navn_norm"],
] as const;

/** `update importmelding set … where id = <melding>` from its ankomstinfo, as the trigger does it. */
const oppdater = (melding: string) => `update importmelding m set
    forventet_ankomst = (select min(ankomsttid) from ankomstinfo where importmelding_id = ${melding}),
    (${KOPIER.map(([k]) => k).join(", ")}) = (select ${KOPIER.map(([, a]) => `f.${a}`).join(", ")}
      from (select 1) x left join lateral (select * from ankomstinfo where importmelding_id = ${melding}
        order by id limit 1) f on true)
    where m.id = ${melding}`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table importmelding ${sql.raw(KOPIER.map(([k, , t]) => `add column ${k} ${t}`).join(", "))}`.execute(
    db,
  );
  await sql`update importmelding m set ${sql.raw(KOPIER.map(([k, a]) => `${k} = f.${a}`).join(", "))}
    from (select distinct on (importmelding_id) * from ankomstinfo order by importmelding_id, id) f
    where f.importmelding_id = m.id`.execute(db);
  await sql`create or replace function importmelding_forventet_ankomst() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then ${sql.raw(oppdater("old.importmelding_id"))}; end if;
      -- an update within one notification is done by the line above (after the change: it reads the new state)
      if tg_op = 'INSERT' or (tg_op = 'UPDATE' and old.importmelding_id is distinct from new.importmelding_id) then
        ${sql.raw(oppdater("new.importmelding_id"))};
      end if;
      return null;
    end $$`.execute(db);
  await sql`drop trigger ankomstinfo_forventet_ankomst on ankomstinfo`.execute(db);
  await sql`create trigger ankomstinfo_forventet_ankomst
    after insert or delete or update of importmelding_id, ${sql.raw(KOPIER.map(([, a]) => a).join(", "))}
    on ankomstinfo for each row execute function importmelding_forventet_ankomst()`.execute(db);

  for (const [navn, kolonne] of SERTIFIKAT) {
    await sql`create index ${sql.raw(`sertifikat_${navn}_land_krav_utstedt_idx`)} on sertifikat
      (${sql.ref(kolonne)}, eksportland, meldepliktig_vurdering, utstedt_dato desc, id desc)`.execute(db);
    await db.schema.dropIndex(`sertifikat_${navn}_land_krav_idx`).execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const [navn, kolonne] of SERTIFIKAT) {
    await sql`create index ${sql.raw(`sertifikat_${navn}_land_krav_idx`)} on sertifikat
      (${sql.ref(kolonne)}, eksportland, meldepliktig_vurdering, id)`.execute(db);
    await db.schema.dropIndex(`sertifikat_${navn}_land_krav_utstedt_idx`).execute();
  }
  await sql`drop trigger ankomstinfo_forventet_ankomst on ankomstinfo`.execute(db);
  await sql`create or replace function importmelding_forventet_ankomst() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        update importmelding set forventet_ankomst =
          (select min(ankomsttid) from ankomstinfo where importmelding_id = old.importmelding_id)
        where id = old.importmelding_id;
      end if;
      if tg_op <> 'DELETE' then
        update importmelding set forventet_ankomst =
          (select min(ankomsttid) from ankomstinfo where importmelding_id = new.importmelding_id)
        where id = new.importmelding_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger ankomstinfo_forventet_ankomst
    after insert or delete or update of ankomsttid, importmelding_id on ankomstinfo
    for each row execute function importmelding_forventet_ankomst()`.execute(db);
  for (const [k] of KOPIER) await db.schema.alterTable("importmelding").dropColumn(k).execute();
}
