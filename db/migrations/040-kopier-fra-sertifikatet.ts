import { type Kysely, sql } from "kysely";

// Columns of the certificate copied onto the rows that point at it, so two lists read nothing that grows with
// the certificate table (issue 35 item 1, ADR 076):
// - The certificate's number onto the notification, like its country (007) and sender name (008): the
//   authority's list (api/myndighet/liste.ts) shows each notification's certificate number, and a probe of
//   the certificate table's primary key per row of a 100-row page read 2.4× the buffers at 100,000 of what
//   the page read at 1,000 (a deeper index, a page per row). 008's insert trigger fills it with the other two.
// - What the country counts need of a certificate an importer has found by search (sertifikat_tilgang, ADR
//   026): its country, notification requirement, consignee number and name (tellSynligePerLand counts the
//   found ones not named on them by country). The counts probed the certificate of each found row (1.9× the
//   buffers at 100,000); now they read the found rows alone. An insert trigger fills the columns.
// A number is a certificate's identity (a newer delivery finds its row by country and number, ADR 017), but a
// newer delivery may change the other columns: a trigger on the certificate carries any change of them to the
// rows that copy them, so the copies are exact whatever code path writes (as 008 does for the sender name).

const TILGANG_KOLONNER = ["eksportland", "meldepliktig_vurdering", "mottaker_orgnr", "mottaker_navn_norm"];

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("importmelding").addColumn("sertifikat_nummer", "text").execute();
  await sql`update importmelding m set sertifikat_nummer = s.nummer
    from sertifikat s where s.id = m.sertifikat_id`.execute(db);
  await sql`alter table importmelding alter column sertifikat_nummer set not null`.execute(db);
  await sql`create or replace function importmelding_fra_sertifikat() returns trigger language plpgsql as $$
    begin
      select eksportland, avsender_navn, nummer into new.eksportland, new.avsender_navn, new.sertifikat_nummer
        from sertifikat where id = new.sertifikat_id;
      return new;
    end $$`.execute(db);

  await sql`alter table sertifikat_tilgang add column eksportland text, add column meldepliktig_vurdering text,
    add column mottaker_orgnr text, add column mottaker_navn_norm text`.execute(db);
  await sql`update sertifikat_tilgang t set eksportland = s.eksportland,
      meldepliktig_vurdering = s.meldepliktig_vurdering, mottaker_orgnr = s.mottaker_orgnr,
      mottaker_navn_norm = s.mottaker_navn_norm
    from sertifikat s where s.id = t.sertifikat_id`.execute(db);
  await sql`alter table sertifikat_tilgang alter column eksportland set not null,
    alter column meldepliktig_vurdering set not null`.execute(db);
  await sql`create function sertifikat_tilgang_fra_sertifikat() returns trigger language plpgsql as $$
    begin
      select eksportland, meldepliktig_vurdering, mottaker_orgnr, mottaker_navn_norm
        into new.eksportland, new.meldepliktig_vurdering, new.mottaker_orgnr, new.mottaker_navn_norm
        from sertifikat where id = new.sertifikat_id;
      return new;
    end $$`.execute(db);
  await sql`create trigger sertifikat_tilgang_fra_sertifikat before insert or update of sertifikat_id
    on sertifikat_tilgang for each row execute function sertifikat_tilgang_fra_sertifikat()`.execute(db);
  // the certificate's rows in sertifikat_tilgang (the primary key leads with the importer)
  await sql`create index sertifikat_tilgang_sertifikat_idx on sertifikat_tilgang (sertifikat_id)`.execute(db);

  await sql`create function sertifikat_til_kopiene() returns trigger language plpgsql as $$
    begin
      if old.nummer is distinct from new.nummer then
        update importmelding set sertifikat_nummer = new.nummer where sertifikat_id = new.id;
      end if;
      if (old.eksportland, old.meldepliktig_vurdering, old.mottaker_orgnr, old.mottaker_navn_norm)
          is distinct from (new.eksportland, new.meldepliktig_vurdering, new.mottaker_orgnr, new.mottaker_navn_norm)
      then
        update sertifikat_tilgang set eksportland = new.eksportland,
          meldepliktig_vurdering = new.meldepliktig_vurdering, mottaker_orgnr = new.mottaker_orgnr,
          mottaker_navn_norm = new.mottaker_navn_norm
        where sertifikat_id = new.id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger sertifikat_til_kopiene
    after update of nummer, ${sql.raw(TILGANG_KOLONNER.join(", "))} on sertifikat
    for each row when (old.nummer is distinct from new.nummer
      or (old.eksportland, old.meldepliktig_vurdering, old.mottaker_orgnr, old.mottaker_navn_norm)
        is distinct from (new.eksportland, new.meldepliktig_vurdering, new.mottaker_orgnr, new.mottaker_navn_norm))
    execute function sertifikat_til_kopiene()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger sertifikat_til_kopiene on sertifikat`.execute(db);
  await sql`drop function sertifikat_til_kopiene()`.execute(db);
  await sql`drop trigger sertifikat_tilgang_fra_sertifikat on sertifikat_tilgang`.execute(db);
  await sql`drop function sertifikat_tilgang_fra_sertifikat()`.execute(db);
  await sql`drop index sertifikat_tilgang_sertifikat_idx`.execute(db);
  for (const k of TILGANG_KOLONNER) {
    await db.schema.alterTable("sertifikat_tilgang").dropColumn(k).execute();
  }
  await sql`create or replace function importmelding_fra_sertifikat() returns trigger language plpgsql as $$
    begin
      select eksportland, avsender_navn into new.eksportland, new.avsender_navn
        from sertifikat where id = new.sertifikat_id;
      return new;
    end $$`.execute(db);
  await db.schema.alterTable("importmelding").dropColumn("sertifikat_nummer").execute();
}
