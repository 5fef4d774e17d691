import { type Kysely, sql } from "kysely";

// Risk rules the authority has approved (issue 32 item 3, docs/decisions/046-godkjente-risikoregler.md) and the
// authority's case-system API (item 2, docs/decisions/045-myndighetens-api.md).
//
// `regelsett` holds every version of the rule tables (the rules, each with its source, the EPPO table and the
// country groups) as one validated document, numbered 1, 2, 3 … and never changed or deleted once loaded: a
// draft (UTKAST) until the authority approves it (GODKJENT, by whom and when). The current ruleset is the
// approved one with the highest number; `utviklingssett` marks the development set (today's bundled tables,
// loaded by `npm start`, the seed and the tests), which production ignores.
//
// A certificate records the ruleset its risk assessment was made under (null: the bundled tables, no approved
// ruleset); a notification the approved ruleset its automatic decision was made under and what that decision
// was (`automatisk_vurdering`: FRIGITT, VENTER for the authority by the rules, or UTEN_REGELSETT when no
// approved ruleset existed), and the authority's decision letter reference with a rejection. The authority's
// list of submitted notifications by status and time is an index range per status.
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("regelsett")
    .addColumn("versjon", "integer", (c) => c.primaryKey().check(sql`versjon > 0`))
    .addColumn("beskrivelse", "text", (c) => c.notNull())
    .addColumn("innhold", "jsonb", (c) => c.notNull())
    .addColumn("innhold_sha256", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('UTKAST', 'GODKJENT')`))
    .addColumn("lastet_opp", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("lastet_opp_av", "text", (c) => c.notNull())
    .addColumn("godkjent", "timestamptz")
    .addColumn("godkjent_av", "text")
    .addColumn("godkjent_av_klient", "text")
    .addColumn("utviklingssett", "boolean", (c) => c.notNull().defaultTo(false))
    .addCheckConstraint(
      "regelsett_godkjent_av",
      sql`(status = 'GODKJENT') = (godkjent is not null and godkjent_av is not null)`,
    )
    .execute();
  await sql`create index regelsett_godkjent on regelsett (versjon desc) where status = 'GODKJENT'`.execute(
    db,
  );

  await db.schema
    .alterTable("sertifikat")
    .addColumn("regelsett_versjon", "integer", (c) => c.references("regelsett.versjon"))
    .execute();
  await db.schema
    .alterTable("importmelding")
    .addColumn("regelsett_versjon", "integer", (c) => c.references("regelsett.versjon"))
    .addColumn("automatisk_vurdering", "text", (c) =>
      c.check(sql`automatisk_vurdering in ('FRIGITT', 'VENTER', 'UTEN_REGELSETT')`),
    )
    .addColumn("vedtaksbrev_referanse", "text")
    .execute();
  await sql`create index importmelding_myndighet on importmelding (status, status_endret, id)
    where status not in ('UNDER_REGISTRERING', 'SLETTET')`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index importmelding_myndighet`.execute(db);
  await db.schema
    .alterTable("importmelding")
    .dropColumn("regelsett_versjon")
    .dropColumn("automatisk_vurdering")
    .dropColumn("vedtaksbrev_referanse")
    .execute();
  await db.schema.alterTable("sertifikat").dropColumn("regelsett_versjon").execute();
  await db.schema.dropTable("regelsett").execute();
}
