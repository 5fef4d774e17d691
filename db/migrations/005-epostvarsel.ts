import { type Kysely, sql } from "kysely";

// E-mail alerts about new certificates (SPEC §1, issue 10): the transactional outbox written in the same
// transaction as the certificate, the health of the SMTP connection for the home-page banner, and the
// development mail catcher's received messages (docs/decisions/012-epostvarsler.md).
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("epost_varsel")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("importoer_id", "bigint", (c) => c.notNull().references("importoer.id").onDelete("cascade"))
    .addColumn("sertifikat_id", "bigint", (c) => c.notNull().references("sertifikat.id").onDelete("cascade"))
    /** the number of the certificate this one replaces, as it was when the alert was written */
    .addColumn("erstatter_nummer", "text")
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("VENTER").check(sql`status in ('VENTER', 'SENDT', 'FEILET', 'AVBRUTT')`),
    )
    .addColumn("forsoek", "integer", (c) => c.notNull().defaultTo(0))
    /** when the row may be taken next: after a backoff, or when a sender's claim (lease) has run out */
    .addColumn("neste_forsoek", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    /** the claim token of the sender that has taken the row; only it may mark the row */
    .addColumn("krav", "text")
    .addColumn("sist_forsoek", "timestamptz")
    .addColumn("sist_feil", "text")
    /** TILKOBLING (SMTP unreachable or temporarily refusing) or AVVIST (the message was refused) */
    .addColumn("feil_type", "text")
    .addColumn("opprettet", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("sendt", "timestamptz")
    .addColumn("melding_id", "text")
    // One alert per certificate and importer: a re-delivery or a later change never alerts twice.
    .addUniqueConstraint("epost_varsel_unik", ["importoer_id", "sertifikat_id"])
    .execute();
  await sql`create index epost_varsel_klar_idx on epost_varsel (neste_forsoek, id) where status = 'VENTER'`.execute(
    db,
  );
  await db.schema
    .createIndex("epost_varsel_importoer_idx")
    .on("epost_varsel")
    .columns(["importoer_id", "status"])
    .execute();

  await db.schema
    .createTable("epost_helse")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    /** first failed connection since the last success; null while SMTP works */
    .addColumn("feilet_siden", "timestamptz")
    .addColumn("sist_feil", "text")
    .addColumn("sist_ok", "timestamptz")
    .execute();
  await db.insertInto("epost_helse").values({ id: 1 }).execute();

  await db.schema
    .createTable("epost_fanget")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("mottatt", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("avsender", "text")
    /** the SMTP envelope's recipients (RCPT TO) */
    .addColumn("mottakere", "jsonb", (c) => c.notNull())
    .addColumn("emne", "text")
    .addColumn("tekst", "text")
    .addColumn("html", "text")
    .addColumn("melding_id", "text")
    .addColumn("idempotens", "text")
    .execute();
}
