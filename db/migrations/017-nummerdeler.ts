import { type Kysely, sql } from "kysely";

// Part of a number at any size (issue 26, docs/decisions/039-nummersoek-som-ikke-vokser.md). The trigram
// indexes of migration 007 find a number anywhere, but every trigram of a typed number is shared by a share of
// the table (every number starts `PHYTO.NL.2026.` or `IM-2026-`, and digits repeat), so the index reads
// posting lists that grow with the table even when the number finds one row. `nummer_deler` is every
// six-character piece of the lower-cased number; a GIN index over it has a piece of a typed number that few
// numbers share, and a lookup of that piece reads only the rows that have it (api/nummersoek.ts picks the
// pieces by the index's statistics). The trigram indexes stay for parts shorter than six characters.
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function nummer_deler(nummer text) returns text[] language sql immutable strict parallel safe
    as $$ select array(select distinct substr(lower(nummer), i, 6)
      from generate_series(1, length(nummer) - 5) i) $$`.execute(db);
  await sql`create index importmelding_nummer_deler_idx on importmelding using gin (nummer_deler(nummer))`.execute(
    db,
  );
  await sql`create index sertifikat_nummer_deler_idx on sertifikat using gin (nummer_deler(nummer))`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("sertifikat_nummer_deler_idx").execute();
  await db.schema.dropIndex("importmelding_nummer_deler_idx").execute();
  await sql`drop function nummer_deler(text)`.execute(db);
}
