import { type Kysely, sql } from "kysely";

// The numbering at commit (migration 043) finds the transaction's unnumbered events through the partial index
// `hendelse_unummerert`, whatever the statistics say (issue 35 item 4, ADR 089). PL/pgSQL plans its query once
// per connection and keeps the plan: planned while `hendelse` was small or not yet analysed (a new database, the
// first minutes after a bulk load) it is a sequential scan of the whole table, twice per transaction (the
// country counters call the numbering first), kept on a pooled connection while the table grows. The index holds
// only the events of transactions in flight, so a scan of it costs a few buffers at any size.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against no fixed schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter function hendelse_nummerer() set enable_seqscan = off`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter function hendelse_nummerer() reset enable_seqscan`.execute(db);
}
