import { type Kysely, sql } from "kysely";

// Who may act for whom from Altinn, entities from Enhetsregisteret (issue 31, docs/decisions/042-altinn-og-enhetsregisteret.md).
// The demo tables `delegering` and `enhet` (filled only by the demo data, ADR 028) go:
//   - `altinn_oppslag` + `altinn_avgiver`: a short-lived cache, per person, of Altinn's answer on which parties
//     the person may represent for the service's resource (every process shares it; the per-request check is
//     one indexed read: the person's row and, by the unique index, the one organisation asked for);
//   - `enhet`: our copy of the register's units and sub-units we have met (name, organisation form, parent,
//     address), fetched on first use and kept current from the register's update feed;
//   - `enhetsregister_markoer`: the update feed's cursor per feed, with a lease so one process reads it at a time.
// `person.navn` may be unknown (the name comes from Altinn's answer, not the login).
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("delegering").execute();
  await db.schema.dropTable("enhet").execute();
  await db.schema
    .alterTable("person")
    .alterColumn("navn", (c) => c.dropNotNull())
    .execute();

  await db.schema
    .createTable("enhet")
    .addColumn("organisasjonsnummer", "text", (c) => c.primaryKey())
    .addColumn("navn", "text", (c) => c.notNull())
    .addColumn("organisasjonsform", "text")
    .addColumn("er_underenhet", "boolean", (c) => c.notNull())
    /** the main unit (overordnetEnhet) of a sub-unit */
    .addColumn("overordnet", "text")
    .addColumn("adresse", "jsonb")
    /** the register's deletion date (Sletting): kept for display, never offered as a new choice */
    .addColumn("slettet", "date")
    .addColumn("hentet", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("altinn_oppslag")
    .addColumn("pid", "text", (c) => c.primaryKey())
    .addColumn("hentet", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("altinn_avgiver")
    .addColumn("pid", "text", (c) => c.notNull().references("altinn_oppslag.pid").onDelete("cascade"))
    .addColumn("nr", "integer", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull().check(sql`type in ('Bedrift', 'Foretak', 'Person')`))
    .addColumn("organisasjonsnummer", "text")
    .addColumn("hovedenhet", "text")
    /** Altinn's name (the register's copy is preferred when we have it) */
    .addColumn("navn", "text", (c) => c.notNull())
    .addColumn("organisasjonsform", "text")
    .addPrimaryKeyConstraint("altinn_avgiver_pk", ["pid", "nr"])
    .execute();
  await db.schema
    .createIndex("altinn_avgiver_org")
    .on("altinn_avgiver")
    .columns(["pid", "organisasjonsnummer"])
    .unique()
    .where(sql.ref("organisasjonsnummer"), "is not", null)
    .execute();

  await db.schema
    .createTable("enhetsregister_markoer")
    .addColumn("kilde", "text", (c) => c.primaryKey().check(sql`kilde in ('enheter', 'underenheter')`))
    /** the last update id applied; null until the first update after `fra` */
    .addColumn("oppdateringsid", "bigint")
    /** where reading began (the first run: updates from then on; units met before are fetched on first use) */
    .addColumn("fra", "timestamptz", (c) => c.notNull())
    .addColumn("leie_av", "text")
    .addColumn("leie_til", "timestamptz")
    .addColumn("sist_lest", "timestamptz")
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["enhetsregister_markoer", "altinn_avgiver", "altinn_oppslag", "enhet"]) {
    await db.schema.dropTable(t).execute();
  }
  await db.schema
    .createTable("enhet")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("organisasjonsnummer", "text", (c) => c.unique())
    .addColumn("personnummer", "text")
    .addColumn("navn", "text", (c) => c.notNull())
    .addColumn("organisasjonsform", "text")
    .addColumn("hovedenhet", "text")
    .addColumn("adresse", "jsonb")
    .execute();
  await db.schema
    .createTable("delegering")
    .addColumn("pid", "text", (c) => c.notNull().references("person.pid").onDelete("cascade"))
    .addColumn("enhet_id", "integer", (c) => c.notNull().references("enhet.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("delegering_pk", ["pid", "enhet_id"])
    .execute();
}
