// Test support: the API's route list, and a digest of every table's rows. Equal before and after a refused call means the call wrote
// nothing (the authorisation matrix and the fuzz suites). Not a test file itself.
import type { IRouter } from "express";
import { createLocalJWKSet } from "jose";
import { sql } from "kysely";
import { createApi } from "../../api/index";
import type { Db } from "../../db";
import { GRENSE_TABELL } from "../../db/grense";

/**
 * What a refused call may still write, because it is not the service's own state but a copy of the registers'
 * (ADR 042): asking who the caller may act for fills Altinn's cached answer and the caller's name from it, and
 * our copy of the units it names. Of `person` only the phone number is the service's own.
 */
const REGISTERKOPIER = ["altinn_oppslag", "altinn_avgiver", "enhet"];

/**
 * Every table's rows but the rate limits' counters (grense_teller, ADR 026): a refused call may count against
 * its caller (a wrong key, a forged token), and on PostgreSQL that count is a row; nor the registers' copies
 * (REGISTERKOPIER, and the name in `person`), which the authorisation check itself keeps current.
 */
export async function databaseavtrykk(db: Db): Promise<Record<string, string>> {
  const { rows } = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> ${GRENSE_TABELL}
    ORDER BY table_name`.execute(db);
  const ut: Record<string, string> = {};
  for (const { table_name } of rows) {
    if (REGISTERKOPIER.includes(table_name)) continue;
    // A person's row is the service's own only for the phone number; the rest is Altinn's name.
    const person = table_name === "person";
    const rad = person ? sql`(t.pid, t.telefonnummer)::text` : sql`t::text`;
    const { rows: r } = await sql<{ h: string | null }>`
      SELECT md5(string_agg(${rad}, '|' ORDER BY ${rad})) AS h FROM ${sql.table(table_name)} t
      ${person ? sql`WHERE t.telefonnummer IS NOT NULL` : sql``}`.execute(db);
    ut[table_name] = r[0]?.h ?? "";
  }
  return ut;
}

/** Every "METHOD path" the router answers, walked from the Express stacks (sub-routers included). */
export function ruteliste(router: IRouter): string[] {
  interface Lag {
    route?: { path: string; methods: Record<string, boolean> };
    name?: string;
    handle?: { stack?: Lag[] };
  }
  const ut: string[] = [];
  const gaa = (stack: Lag[]) => {
    for (const lag of stack) {
      if (lag.route) {
        for (const [metode, paa] of Object.entries(lag.route.methods)) {
          if (paa && metode !== "_all") ut.push(`${metode.toUpperCase()} ${lag.route.path}`);
        }
      } else if (lag.handle?.stack) gaa(lag.handle.stack);
    }
  };
  gaa((router as unknown as { stack: Lag[] }).stack);
  return ut;
}

/** The routes of the API as createApi mounts them. */
export function apiRuter(db: Db): string[] {
  return ruteliste(
    createApi({ db, auth: { issuer: "x", audience: "x", jwks: createLocalJWKSet({ keys: [] }) } }),
  );
}
