import { type Kysely, sql } from "kysely";

// Import notifications (SPEC §3 Import notification, Arrival info, Control question; §4 states).
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create sequence importmelding_nummer_seq start with 1001`.execute(db);
  await db.schema
    .createTable("importmelding")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("nummer", "text", (c) => c.notNull().unique())
    .addColumn("sertifikat_id", "bigint", (c) => c.notNull().references("sertifikat.id"))
    .addColumn("ansvarlig_importoer_id", "bigint", (c) => c.notNull().references("importoer.id"))
    .addColumn("ansvarlig_dokumentkontroll_id", "bigint", (c) => c.references("importoer.id"))
    .addColumn("opprettet_av_importoer_id", "bigint", (c) => c.notNull().references("importoer.id"))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .check(
          sql`status in ('UNDER_REGISTRERING','REGISTRERT','ANKOMMET','FRIGITT','AUTOMATISK_FRIGITT','AVVIST','DELVIS_AVVIST','TILBAKETRUKKET','SLETTET')`,
        ),
    )
    .addColumn("status_endret", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("opprettet", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("egen_referanse", "text")
    .addColumn("innmelder", "jsonb")
    .addColumn("kun_dokumentkontroll", "boolean", (c) => c.notNull().defaultTo(false))
    /** optimistic concurrency: every change increments it; a stale version is refused */
    .addColumn("versjon", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("vurdering_begrunnelse", "text")
    .addColumn("faktisk_ankommet", "timestamptz")
    .execute();
  // One live notification per certificate: nothing is created twice.
  await sql`create unique index importmelding_aktiv_per_sertifikat on importmelding (sertifikat_id)
    where status not in ('SLETTET', 'TILBAKETRUKKET')`.execute(db);
  await db.schema
    .createIndex("importmelding_importoer_status_idx")
    .on("importmelding")
    .columns(["ansvarlig_importoer_id", "status"])
    .execute();

  await db.schema
    .createTable("kontrollspoersmaal")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("importmelding_id", "bigint", (c) =>
      c.notNull().references("importmelding.id").onDelete("cascade"),
    )
    .addColumn("kategori", "text", (c) => c.notNull().check(sql`kategori in ('DOKUMENT', 'MOTTAK')`))
    /** question code, e.g. DOKUMENT_REEKSPORT, MOTTAK_INNHOLD_SAMSVARER */
    .addColumn("kode", "text", (c) => c.notNull())
    .addColumn("rekkefoelge", "integer", (c) => c.notNull())
    .addColumn("svar", "text")
    .addColumn("kommentar", "text")
    .addColumn("avvik", "boolean", (c) => c.notNull().defaultTo(false))
    .addUniqueConstraint("kontrollspoersmaal_unik", ["importmelding_id", "kode"])
    .execute();

  await db.schema
    .createTable("ankomstinfo")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("importmelding_id", "bigint", (c) =>
      c.notNull().references("importmelding.id").onDelete("cascade"),
    )
    .addColumn("ankomsttid", "timestamptz")
    .addColumn("adresse_linje1", "text")
    .addColumn("adresse_linje2", "text")
    .addColumn("postnummer", "text")
    .addColumn("poststed", "text")
    .addColumn("mottakskontrolloer_id", "bigint", (c) => c.references("importoer.id"))
    .addColumn("mottakskontrolloer_navn", "text")
    .addColumn("mottakskontrolloer_telefon", "text")
    .addColumn("sending_ankommet", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createIndex("ankomstinfo_melding_idx")
    .on("ankomstinfo")
    .column("importmelding_id")
    .execute();

  /** Actual quantities registered at reception control (SPEC §7 PUT mottakskontroll). */
  await db.schema
    .createTable("faktisk_mengde")
    .addColumn("importmelding_id", "bigint", (c) =>
      c.notNull().references("importmelding.id").onDelete("cascade"),
    )
    /** the goods line's sorteringsnummer on the certificate */
    .addColumn("varelinje", "integer", (c) => c.notNull())
    /** antall | nettoVekt | bruttoVekt | nettoVolum | bruttoVolum */
    .addColumn("felt", "text", (c) => c.notNull())
    .addColumn("faktisk_verdi", "double precision", (c) => c.notNull())
    .addPrimaryKeyConstraint("faktisk_mengde_pk", ["importmelding_id", "varelinje", "felt"])
    .execute();

  /** Audit trail of status changes. */
  await db.schema
    .createTable("importmelding_hendelse")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("importmelding_id", "bigint", (c) =>
      c.notNull().references("importmelding.id").onDelete("cascade"),
    )
    .addColumn("tidspunkt", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("utfoert_av", "text", (c) => c.notNull())
    .addColumn("fra_status", "text")
    .addColumn("til_status", "text", (c) => c.notNull())
    .addColumn("merknad", "text")
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    "importmelding_hendelse",
    "faktisk_mengde",
    "ankomstinfo",
    "kontrollspoersmaal",
    "importmelding",
  ]) {
    await db.schema.dropTable(t).execute();
  }
  await sql`drop sequence importmelding_nummer_seq`.execute(db);
}
