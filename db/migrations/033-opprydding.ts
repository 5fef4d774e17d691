import { type Kysely, sql } from "kysely";

// Retention of transient rows (issue 34 item 8, docs/decisions/053-lagringstid.md). The `sender` role deletes by
// age in bounded batches (api/opprydding.ts); each rule walks an index in age order, so a batch costs the same at
// 1,000 and 10,000,000 rows:
// - `opprydding`: the one row the processes share, who runs the rounds now (`eier` until `leie_til`), as hub_henter.
// - `hendelse_teller.slettet_til`: the highest event number deleted for the importer, so the feed can answer a
//   consumer whose cursor is behind it with 410 instead of a silent gap (api/hendelser/router.ts).
// - indexes on the age of each transient table (sessions already have sesjon_utloeper_idx, but an idle session
//   expires by sist_aktiv, which is never later than utloeper).

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("opprydding")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("eier", "text")
    .addColumn("leie_til", "timestamptz")
    .addColumn("siste_runde", "timestamptz")
    .execute();
  await db.insertInto("opprydding").values({ id: 1 }).execute();
  await db.schema
    .alterTable("hendelse_teller")
    .addColumn("slettet_til", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create index hendelse_tidspunkt_idx on hendelse (tidspunkt)`.execute(db);
  // The feed rule skips an event whose delivery still waits, and deleting an event cascades to its deliveries:
  // both look deliveries up by event (the unique index leads with the subscription).
  await sql`create index webhook_levering_hendelse_idx on webhook_levering (hendelse_id)`.execute(db);
  await sql`create index webhook_forsoek_tidspunkt_idx on webhook_forsoek (tidspunkt)`.execute(db);
  await sql`create index webhook_levering_ferdig_idx on webhook_levering (opprettet) where status <> 'VENTER'`.execute(
    db,
  );
  await sql`create index epost_varsel_ferdig_idx on epost_varsel (type, opprettet) where status <> 'VENTER'`.execute(
    db,
  );
  await sql`create index sesjon_sist_aktiv_idx on sesjon (sist_aktiv)`.execute(db);
  await sql`create index grense_teller_expire_idx on grense_teller (expire)`.execute(db);
  await sql`create index hub_konvolutt_ferdig_idx on hub_konvolutt ((coalesce(kvittert, forsvunnet)))`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const i of [
    "hub_konvolutt_ferdig_idx",
    "grense_teller_expire_idx",
    "sesjon_sist_aktiv_idx",
    "epost_varsel_ferdig_idx",
    "webhook_levering_ferdig_idx",
    "webhook_forsoek_tidspunkt_idx",
    "webhook_levering_hendelse_idx",
    "hendelse_tidspunkt_idx",
  ]) {
    await sql`drop index if exists ${sql.raw(i)}`.execute(db);
  }
  await db.schema.alterTable("hendelse_teller").dropColumn("slettet_til").execute();
  await db.schema.dropTable("opprydding").execute();
}
