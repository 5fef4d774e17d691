import { type Kysely, sql } from "kysely";

// Events and webhooks (issue 25 §3, docs/decisions/036-hendelser-og-webhooker.md). `hendelse` is each
// importer's event feed: `nummer` is gap-free and commit-ordered per importer because every writer takes the
// importer's counter row (`hendelse_teller`, `update … set siste = siste + 1`) in its own transaction and
// holds it until commit. `webhook` is an importer's subscription (its Standard Webhooks secret encrypted);
// `webhook_levering` is the outbox, one row per (event, subscription), written in the event's transaction and
// delivered by the `sender` role; `webhook_forsoek` is the delivery log the importer reads.
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("hendelse_teller")
    .addColumn("importoer_id", "integer", (c) =>
      c.primaryKey().references("importoer.id").onDelete("cascade"),
    )
    .addColumn("siste", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("hendelse")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("importoer_id", "integer", (c) => c.notNull().references("importoer.id").onDelete("cascade"))
    .addColumn("nummer", "bigint", (c) => c.notNull())
    /** the event's id for receivers (webhook-id): stable across retries */
    .addColumn("uuid", "uuid", (c) => c.notNull().unique())
    .addColumn("type", "text", (c) =>
      c
        .notNull()
        .check(sql`type in ('sertifikat.mottatt', 'importmelding.status_endret', 'importmelding.vurdert')`),
    )
    .addColumn("tidspunkt", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("data", "jsonb", (c) => c.notNull())
    .addUniqueConstraint("hendelse_nummer_unik", ["importoer_id", "nummer"])
    .execute();

  await db.schema
    .createTable("webhook")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("importoer_id", "integer", (c) => c.notNull().references("importoer.id").onDelete("cascade"))
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("typer", "jsonb", (c) => c.notNull())
    /** the whsec_ secret, AES-256-GCM encrypted with WEBHOOK_NOEKKEL */
    .addColumn("hemmelighet", "text", (c) => c.notNull())
    .addColumn("aktiv", "boolean", (c) => c.notNull().defaultTo(true))
    /** failed deliveries in a row; reset by a success or a resume */
    .addColumn("feil_paa_rad", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("pauset", "timestamptz")
    .addColumn("opprettet", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("webhook_importoer").on("webhook").column("importoer_id").execute();

  await db.schema
    .createTable("webhook_levering")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("webhook_id", "integer", (c) => c.notNull().references("webhook.id").onDelete("cascade"))
    .addColumn("hendelse_id", "bigint", (c) => c.notNull().references("hendelse.id").onDelete("cascade"))
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("VENTER").check(sql`status in ('VENTER', 'LEVERT', 'FEILET', 'AVBRUTT')`),
    )
    .addColumn("forsoek", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("neste_forsoek", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("krav", "text")
    .addColumn("opprettet", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("levert", "timestamptz")
    .addUniqueConstraint("webhook_levering_unik", ["webhook_id", "hendelse_id"])
    .execute();
  await sql`create index webhook_levering_klar on webhook_levering (neste_forsoek) where status = 'VENTER'`.execute(
    db,
  );

  await db.schema
    .createTable("webhook_forsoek")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("webhook_id", "integer", (c) => c.notNull().references("webhook.id").onDelete("cascade"))
    .addColumn("levering_id", "bigint", (c) =>
      c.notNull().references("webhook_levering.id").onDelete("cascade"),
    )
    .addColumn("tidspunkt", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("forsoek", "integer", (c) => c.notNull())
    .addColumn("ok", "boolean", (c) => c.notNull())
    .addColumn("http_status", "integer")
    .addColumn("feil", "text")
    .execute();
  await db.schema
    .createIndex("webhook_forsoek_logg")
    .on("webhook_forsoek")
    .columns(["webhook_id", "id"])
    .execute();
  await db.schema
    .createIndex("webhook_forsoek_levering")
    .on("webhook_forsoek")
    .column("levering_id")
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("webhook_forsoek").execute();
  await db.schema.dropTable("webhook_levering").execute();
  await db.schema.dropTable("webhook").execute();
  await db.schema.dropTable("hendelse").execute();
  await db.schema.dropTable("hendelse_teller").execute();
}
