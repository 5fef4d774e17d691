import { type Kysely, sql } from "kysely";

// Certificates pulled from the IPPC ePhyto Hub (issue 32 §1, docs/decisions/044-sertifikater-fra-huben.md).
// `hub_henter` is the one row the pullers share: who runs the rounds now (`eier` until `leie_til`, so one
// puller at a time across processes) and how the last round went. `hub_konvolutt` is the journal: one row per
// envelope the Hub has listed for us, by its hub delivery number. Its outcome (stored, or refused with the
// reason) is written in the same transaction as the certificate, and `kvittert` after the Hub has taken the
// acknowledgement; a row with an outcome but no `kvittert` is acknowledged again, never stored again. `krav`
// is the claim of the puller working on it (a fence: a store whose claim was taken over rolls back).

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("hub_henter")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("eier", "text")
    .addColumn("leie_til", "timestamptz")
    .addColumn("siste_runde", "timestamptz")
    .addColumn("siste_ok", "timestamptz")
    .addColumn("siste_feil", "text")
    .execute();
  await db.insertInto("hub_henter").values({ id: 1 }).execute();

  await db.schema
    .createTable("hub_konvolutt")
    .addColumn("hub_leveringsnummer", "text", (c) => c.primaryKey())
    .addColumn("fra", "text")
    .addColumn("nppo_sertifikatnummer", "text")
    .addColumn("sertifikattype", "text")
    .addColumn("sertifikatstatus", "text")
    .addColumn("foerst_sett", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("utfall", "text", (c) => c.check(sql`utfall in ('LAGRET', 'AVVIST')`))
    /** the ingest's result for a stored one: ny, oppdatert, uendret or eldre */
    .addColumn("resultat", "text")
    .addColumn("sertifikat_id", "integer", (c) => c.references("sertifikat.id").onDelete("set null"))
    /** why a refused one was refused: the reason sent to the Hub (English) and ours (Norwegian) */
    .addColumn("aarsak", "text")
    .addColumn("melding", "text")
    .addColumn("behandlet", "timestamptz")
    .addColumn("kvittert", "timestamptz")
    /** no longer listed by the Hub before it was handled (acknowledged elsewhere, or withdrawn) */
    .addColumn("forsvunnet", "timestamptz")
    .addColumn("krav", "text")
    .addColumn("krav_til", "timestamptz")
    .addColumn("forsoek", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("siste_feil", "text")
    .execute();
  // The envelopes still to be acknowledged, oldest first: the work list and the age metric.
  await sql`create index hub_konvolutt_ukvittert on hub_konvolutt (foerst_sett)
    where kvittert is null and forsvunnet is null`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("hub_konvolutt").execute();
  await db.schema.dropTable("hub_henter").execute();
}
