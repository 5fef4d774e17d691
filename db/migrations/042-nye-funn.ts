import { type Kysely, sql } from "kysely";

// Home's new certificates bounded by what home shows (issue 35 item 1, ADR 081). The list's third way of seeing
// a certificate, found by search (sertifikat_tilgang, ADR 026), took the finds as an array and walked the
// window of every importer's new certificates without a live notification (the partial indexes of migration
// 038), testing each against the array: 136 entries and as many heap fetches at 100,000 in the scale bench,
// however few the importer's finds. The certificate's issue date, replacement and live-notification flag are
// copied onto the finds, like its country and consignee (migration 040), and a partial index over the finds
// that are new by those copies lets home walk the importer's own in list order and stop after the list.
// Kept by the triggers of 040: the insert trigger on sertifikat_tilgang fills them, and the certificate's
// update trigger carries a change of them (a newer delivery, a replacement, a notification made or withdrawn,
// migration 038's trigger) to the finds, so the copies are exact whatever code path writes.

/** Migration 040's copies, then this one's. */
const FOER = ["eksportland", "meldepliktig_vurdering", "mottaker_orgnr", "mottaker_navn_norm"];
const NYE = ["utstedt_dato", "erstattet_av_id", "har_aktiv_melding"];

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
async function kopierTil(db: Kysely<any>, kolonner: readonly string[]): Promise<void> {
  const liste = kolonner.join(", ");
  const gamle = kolonner.map((k) => `old.${k}`).join(", ");
  const nye = kolonner.map((k) => `new.${k}`).join(", ");
  await sql`create or replace function sertifikat_tilgang_fra_sertifikat() returns trigger language plpgsql as $$
    begin
      select ${sql.raw(liste)} into ${sql.raw(nye)} from sertifikat where id = new.sertifikat_id;
      return new;
    end $$`.execute(db);
  await sql`create or replace function sertifikat_til_kopiene() returns trigger language plpgsql as $$
    begin
      if old.nummer is distinct from new.nummer then
        update importmelding set sertifikat_nummer = new.nummer where sertifikat_id = new.id;
      end if;
      if (${sql.raw(gamle)}) is distinct from (${sql.raw(nye)}) then
        update sertifikat_tilgang set ${sql.raw(kolonner.map((k) => `${k} = new.${k}`).join(", "))}
        where sertifikat_id = new.id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`drop trigger sertifikat_til_kopiene on sertifikat`.execute(db);
  await sql`create trigger sertifikat_til_kopiene after update of nummer, ${sql.raw(liste)} on sertifikat
    for each row when (old.nummer is distinct from new.nummer or (${sql.raw(gamle)}) is distinct from (${sql.raw(nye)}))
    execute function sertifikat_til_kopiene()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see kopierTil()
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table sertifikat_tilgang add column utstedt_dato date, add column erstattet_av_id bigint,
    add column har_aktiv_melding boolean`.execute(db);
  await sql`update sertifikat_tilgang t set utstedt_dato = s.utstedt_dato, erstattet_av_id = s.erstattet_av_id,
      har_aktiv_melding = s.har_aktiv_melding
    from sertifikat s where s.id = t.sertifikat_id`.execute(db);
  await sql`alter table sertifikat_tilgang alter column utstedt_dato set not null,
    alter column har_aktiv_melding set not null`.execute(db);
  await kopierTil(db, [...FOER, ...NYE]);
  // the importer's finds that home's new certificates may show, in its order (api/importmelding/oversikt.ts)
  await sql`create index sertifikat_tilgang_nye_idx on sertifikat_tilgang
    (importoer_id, utstedt_dato desc, sertifikat_id desc)
    where erstattet_av_id is null and not har_aktiv_melding`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see kopierTil()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index sertifikat_tilgang_nye_idx`.execute(db);
  await kopierTil(db, FOER);
  for (const k of NYE) await db.schema.alterTable("sertifikat_tilgang").dropColumn(k).execute();
}
