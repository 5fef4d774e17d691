// The webhook sender (issue 25 §3, docs/decisions/036-hendelser-og-webhooker.md), run by the `sender` role
// beside the e-mail outbox and on its pattern (api/epost/sender.ts): due deliveries are taken with
// `FOR UPDATE SKIP LOCKED` and claimed with a lease (a claim token and a later `neste_forsoek`), the claim is
// committed, and only then are the receivers called, so no connection or lock is held while one is slow.
// Each POST is signed as Standard Webhooks says (webhook-id = the event's id, webhook-timestamp,
// webhook-signature), checked against the address policy and pinned to the checked address (post.ts). A 2xx
// delivers; anything else is retried with exponential backoff up to maksForsoek; `pauseEtter` failed attempts
// in a row pause the subscription (the importer resumes it on the settings page). Every attempt is logged for
// the importer. At least once: a sender that dies mid-POST leaves its claim to run out, and the next one
// sends again with the same webhook-id.

import { sql } from "kysely";
import { Webhook } from "standardwebhooks";
import type { Db } from "../../db";
import type { Hendelsestype } from "../../domain/hendelser";
import { melding } from "../../sprak/melding";
import { frigi, krevMedLeie, lagArbeider, leie, tilbakeslag, type Utbokslogg } from "../utboks";
import type { Adressepolicy } from "./adresse";
import { dekrypterHemmelighet } from "./hemmelighet";
import { hendelseJson } from "./kontrakt";
import { postWebhook, systemtekst } from "./post";

export interface WebhookSenderOptions {
  db: Db;
  /** WEBHOOK_NOEKKEL: decrypts the subscriptions' secrets. */
  noekkel: string;
  policy: Adressepolicy;
  /** The whole POST within this. Default 5 s. */
  tidsavbruddMs?: number;
  /** Attempts before a delivery is given up (FEILET). */
  maksForsoek: number;
  /** The first retry waits this long; each further one twice as long (at most an hour). */
  ventetidMs: number;
  /** Failed attempts in a row that pause the subscription. */
  pauseEtter: number;
  /** How often the running sender looks for due deliveries. Default 1 s. */
  pollMs?: number;
  /** How long a claim holds before another sender may take the delivery. Default 60 s (≥ 3 timeouts). */
  leieMs?: number;
  /** Deliveries taken (and sent side by side) per round. Default 20. */
  maksPerRunde?: number;
  /** Told of a round that failed as a whole. */
  logg?: Utbokslogg;
}

export interface WebhookRunde {
  levert: number;
  feilet: number;
}

export interface WebhookSender {
  kjoer(): Promise<WebhookRunde>;
  start(): void;
  /** Stops: the POSTs under way finish, and what is claimed but not begun is released at once. */
  stop(): Promise<void>;
}

interface Krav {
  id: number;
  webhook_id: number;
  hendelse_id: number;
  forsoek: number;
}

/** Claims due deliveries of active subscriptions (FOR UPDATE SKIP LOCKED, then a lease). */
async function krevLeveringer(db: Db, leieMs: number, maks: number) {
  return krevMedLeie(db, {
    klare: (trx) =>
      trx
        .selectFrom("webhook_levering as l")
        .innerJoin("webhook as w", "w.id", "l.webhook_id")
        .select("l.id")
        .where("l.status", "=", "VENTER")
        .where("l.neste_forsoek", "<=", sql<Date>`now()`)
        .where("w.aktiv", "=", true)
        .orderBy("l.neste_forsoek")
        .orderBy("l.id")
        .limit(maks),
    laas: "l",
    merk: (trx, klare, krav): Promise<Krav[]> =>
      trx
        .updateTable("webhook_levering")
        .set(leie(krav, leieMs))
        .where(
          "id",
          "in",
          klare.map((r) => r.id),
        )
        .returning(["id", "webhook_id", "hendelse_id", "forsoek"])
        .execute(),
  });
}

type Svar = Awaited<ReturnType<typeof postWebhook>>;

/** Signs the body as Standard Webhooks says and POSTs it (address policy, timeout, no redirects). */
async function signerOgSend(
  rad: { url: string; hemmelighet: string; uuid: string },
  kropp: string,
  opts: WebhookSenderOptions,
  tidsavbrudd: number,
): Promise<Svar> {
  const naa = new Date();
  try {
    const signatur = new Webhook(dekrypterHemmelighet(rad.hemmelighet, opts.noekkel)).sign(
      rad.uuid,
      naa,
      kropp,
    );
    return await postWebhook({
      url: rad.url,
      kropp,
      headers: {
        "webhook-id": rad.uuid,
        "webhook-timestamp": String(Math.floor(naa.getTime() / 1000)),
        "webhook-signature": signatur,
      },
      policy: opts.policy,
      tidsavbruddMs: tidsavbrudd,
    });
  } catch (e) {
    return {
      ok: false,
      httpStatus: null,
      feil: melding("api.webhook.levering.signering", { feil: systemtekst(e) }),
    };
  }
}

/**
 * The attempt's outcome, in one transaction: the delivery delivered, or due again with backoff (failed for
 * good after the last attempt); the attempt in the log; the subscription's failures in a row (paused at the
 * limit). Nothing when our lease ran out and another sender took the delivery.
 */
async function registrerUtfall(db: Db, krav: string, k: Krav, svar: Svar, opts: WebhookSenderOptions) {
  await db.transaction().execute(async (trx) => {
    const oppdatert = await trx
      .updateTable("webhook_levering")
      .set(svar.ok ? { status: "LEVERT", levert: sql`now()`, krav: null } : tilbakeslag(opts))
      .where("id", "=", k.id)
      .where("krav", "=", krav)
      .returning("forsoek")
      .executeTakeFirst();
    // Our lease ran out and another sender took it: its attempt is the one that counts.
    if (!oppdatert) return;
    await trx
      .insertInto("webhook_forsoek")
      .values({
        webhook_id: k.webhook_id,
        levering_id: k.id,
        forsoek: oppdatert.forsoek,
        ok: svar.ok,
        http_status: svar.httpStatus,
        feil: svar.feil?.slice(0, 500) ?? null,
      })
      .execute();
    await trx
      .updateTable("webhook")
      .set(
        svar.ok
          ? { feil_paa_rad: 0 }
          : {
              feil_paa_rad: sql`feil_paa_rad + 1`,
              aktiv: sql`feil_paa_rad + 1 < ${opts.pauseEtter}`,
              pauset: sql`case when feil_paa_rad + 1 >= ${opts.pauseEtter} then now() else pauset end`,
            },
      )
      .where("id", "=", k.webhook_id)
      .where("aktiv", "=", true)
      .execute();
  });
}

export function lagWebhookSender(opts: WebhookSenderOptions): WebhookSender {
  const { db } = opts;
  const tidsavbrudd = opts.tidsavbruddMs ?? 5000;
  const leieMs = Math.max(opts.leieMs ?? 60_000, 3 * tidsavbrudd);

  async function lever(krav: string, k: Krav): Promise<boolean> {
    const rad = await db
      .selectFrom("webhook_levering as l")
      .innerJoin("webhook as w", "w.id", "l.webhook_id")
      .innerJoin("hendelse as h", "h.id", "l.hendelse_id")
      .innerJoin("importoer as i", "i.id", "h.importoer_id")
      .select([
        "w.url",
        "w.hemmelighet",
        "w.aktiv",
        "h.uuid",
        "h.nummer",
        "h.type",
        "h.tidspunkt",
        "h.data",
        "i.id as importoer_id",
        "i.organisasjonsnummer",
      ])
      .where("l.id", "=", k.id)
      .executeTakeFirst();
    // The subscription was deleted (its deliveries with it) or paused since the claim.
    if (!rad?.aktiv) {
      await frigi(db, "webhook_levering", krav, [k.id]);
      return false;
    }
    const kropp = JSON.stringify(
      // A delivery is of an importer's event (the authority's stream has no webhooks, ADR 045).
      hendelseJson(
        { ...rad, type: rad.type as Hendelsestype },
        { id: rad.importoer_id, organisasjonsnummer: rad.organisasjonsnummer },
      ),
    );
    const svar = await signerOgSend(rad, kropp, opts, tidsavbrudd);
    await registrerUtfall(db, krav, k, svar, opts);
    return svar.ok;
  }

  async function kjoer(): Promise<WebhookRunde> {
    const { krav, rader } = await krevLeveringer(db, leieMs, opts.maksPerRunde ?? 20);
    if (arbeider.avslutter()) {
      await frigi(db, "webhook_levering", krav);
      return { levert: 0, feilet: 0 };
    }
    const utfall = await Promise.all(rader.map((k) => lever(krav, k)));
    return { levert: utfall.filter(Boolean).length, feilet: utfall.filter((u) => !u).length };
  }

  const arbeider = lagArbeider({
    navn: "Webhooksenderen",
    runde: async () => {
      const r = await kjoer();
      return r.levert + r.feilet;
    },
    toemming: "TIL_TOM",
    pollMs: opts.pollMs ?? 1000,
    logg: opts.logg,
  });

  return { kjoer, start: arbeider.start, stop: arbeider.stop };
}
