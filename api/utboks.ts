// The outbox machinery the e-mail sender (api/epost/sender.ts, ADR 012) and the webhook sender
// (api/hendelser/sender.ts, ADR 036) share (issue 37 item 2): the claim of due rows (`FOR UPDATE SKIP LOCKED`,
// then a lease: a claim token and a later `neste_forsoek`, committed before anything is sent, so no
// connection or lock is held while a receiver is slow), the release of what was claimed but not begun, the
// exponential backoff of a failed attempt, and the poll loop with its stop. Each sender keeps only what it
// sends and how it records the outcome. Both outbox tables have the columns this needs: `id`, `status`,
// `krav`, `forsoek` and `neste_forsoek`. (The retention job's lease, api/opprydding.ts, is another kind: one
// process at a time on a singleton row, not rows shared out among workers.)
import { randomUUID } from "node:crypto";
import { type SelectQueryBuilder, sql, type Transaction } from "kysely";
import type { Database, Db } from "../db";

/** A retry waits at most this long, however many attempts failed before it. */
export const MAKS_VENTETID_MS = 60 * 60 * 1000;

/** A duration in milliseconds as a PostgreSQL interval. */
export const varighet = (ms: number) =>
  sql`(${Math.max(0, Math.round(ms))}::float8 * interval '1 millisecond')`;

type Utbokstabell = "epost_varsel" | "webhook_levering";

/** What a claim sets on each row it takes: the token, one more attempt and the lease. */
export function leie(krav: string, leieMs: number) {
  return { krav, forsoek: sql<number>`forsoek + 1`, neste_forsoek: sql<Date>`now() + ${varighet(leieMs)}` };
}

/**
 * A failed attempt: due again after `ventetidMs · 2^(forsoek-1)` (at most MAKS_VENTETID_MS), or given up
 * (FEILET) after the last attempt; the claim is given back.
 */
export function tilbakeslag(opts: { maksForsoek: number; ventetidMs: number }) {
  return {
    status: sql<
      "FEILET" | "VENTER"
    >`case when forsoek >= ${opts.maksForsoek} then 'FEILET' else 'VENTER' end`,
    neste_forsoek: sql<Date>`now() + least(${opts.ventetidMs}::float8 * power(2, greatest(forsoek - 1, 0)), ${MAKS_VENTETID_MS}::float8) * interval '1 millisecond'`,
    krav: null,
  };
}

/** What a release sets: due at once, as if never tried. */
export function frigitt() {
  return { krav: null, neste_forsoek: sql<Date>`now()`, forsoek: sql<number>`greatest(forsoek - 1, 0)` };
}

/**
 * Gives back this claim's rows that are still claimed (those sent or failed meanwhile were unclaimed), all of
 * them or only `ider`.
 */
export async function frigi(db: Db, tabell: Utbokstabell, krav: string, ider?: number[]): Promise<void> {
  if (ider?.length === 0) return;
  let q = db.updateTable(tabell).set(frigitt()).where("krav", "=", krav);
  if (ider) q = q.where("id", "in", ider);
  await q.execute();
}

/**
 * One claim, in one transaction: `klare` selects the due rows (locked here with FOR UPDATE SKIP LOCKED, of
 * `laas` when it joins), `merk` sets the lease (leie()) on those it takes and returns them. Committed before
 * the caller sends anything. Returns the claim token and the claimed rows.
 */
export async function krevMedLeie<O, R>(
  db: Db,
  steg: {
    // biome-ignore lint/suspicious/noExplicitAny: any table expression; the rows' type is what matters here
    klare: (trx: Transaction<Database>) => SelectQueryBuilder<Database, any, O>;
    laas?: string;
    merk: (trx: Transaction<Database>, klare: O[], krav: string) => Promise<R[]>;
  },
): Promise<{ krav: string; rader: R[] }> {
  const krav = randomUUID();
  const rader = await db.transaction().execute(async (trx) => {
    const q = steg.klare(trx);
    // biome-ignore lint/suspicious/noExplicitAny: the alias to lock is checked by the caller's query
    const klare = await (steg.laas ? q.forUpdate(steg.laas as any) : q.forUpdate()).skipLocked().execute();
    return klare.length === 0 ? [] : steg.merk(trx, klare as O[], krav);
  });
  return { krav, rader };
}

/** The logger a worker reports its failed rounds to (pino's signature; server/logg.ts). */
export interface Utbokslogg {
  error(obj: object, msg: string): void;
}

/**
 * How the running loop goes on after a round that did something, before it waits pollMs again:
 * - `TIL_TOM`: round after round until one finds nothing. The webhook sender: its rounds are small (20
 *   deliveries, side by side) and a backlog after a receiver's outage should go out as fast as it can.
 * - `EN_RUNDE_TIL`: one more round at once, then the poll pause. The e-mail sender: its rounds are large (200
 *   alerts, one SMTP message at a time) through one relay, and the pause between bursts lets the relay
 *   breathe and late alerts of the same importers join the next batch (the batching window) rather than
 *   going out one by one.
 */
export type Toemming = "TIL_TOM" | "EN_RUNDE_TIL";

export interface Arbeider {
  start(): void;
  /** Stops: the round under way is told (avslutter()) and awaited; no new round starts. */
  stop(): Promise<void>;
  /** True from stop() until the next start(): a round releases what it has claimed but not begun. */
  avslutter(): boolean;
}

/**
 * The poll loop of an outbox worker. `runde` runs one round and says how many rows it handled (0: nothing was
 * due); it checks avslutter() between the rows it sends. A round that throws is logged, and the loop goes on.
 */
export function lagArbeider(opts: {
  navn: string;
  runde: () => Promise<number>;
  toemming: Toemming;
  pollMs: number;
  logg?: Utbokslogg;
}): Arbeider {
  let avslutter = false;
  let stoppet = true;
  let tidtaker: NodeJS.Timeout | undefined;
  let paagaar: Promise<unknown> | undefined;

  async function toem(): Promise<void> {
    let gjort = await opts.runde();
    if (opts.toemming === "EN_RUNDE_TIL") {
      if (gjort > 0 && !stoppet) await opts.runde();
      return;
    }
    while (gjort > 0 && !stoppet) gjort = await opts.runde();
  }

  const planlegg = () => {
    if (stoppet) return;
    tidtaker = setTimeout(() => {
      paagaar = toem()
        .catch((feil) => opts.logg?.error({ err: feil }, `${opts.navn} feilet`))
        .finally(() => {
          paagaar = undefined;
          planlegg();
        });
    }, opts.pollMs);
  };

  return {
    start() {
      if (!stoppet) return;
      stoppet = false;
      avslutter = false;
      planlegg();
    },
    async stop() {
      stoppet = true;
      avslutter = true;
      clearTimeout(tidtaker);
      await paagaar;
    },
    avslutter: () => avslutter,
  };
}
