// Keeps our copy of the units current from Enhetsregisteret's update feeds (ADR 042), in the `sender` role. Each
// round reads each feed (`oppdateringer/enheter`, `oppdateringer/underenheter`) from the stored cursor: at most
// `maksSider` pages of `perSide` updates, fetches anew the units we have a copy of (the others are fetched on
// first use), and moves the cursor after each page. Resumable: a unit fetched twice is harmless, so a round cut
// short (SIGTERM, a crash) goes on from the last page it finished. One runner at a time across processes: a lease
// on the feed's cursor row (who and until when), taken with one UPDATE and renewed with every page, rather than a
// session advisory lock, which would hold a pooled connection (and PGlite's only one) through the HTTP calls.
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../../db";
import { lagreEnhet } from "./enheter";
import type { EnhetsregisterKlient, Feed, Oppdatering } from "./enhetsregisteret";

export interface EnhetsoppdateringMaaler {
  lest(feed: Feed, antall: number, oppdatert: number, sisteId: number): void;
}

export interface EnhetsoppdateringOptions {
  db: Db;
  klient: EnhetsregisterKlient;
  /** Between rounds. */
  intervallMs: number;
  perSide?: number;
  maksSider?: number;
  /** How long a lease holds without a renewal (a stopped runner's feed is free again after this). */
  leieMs?: number;
  maaler?: EnhetsoppdateringMaaler;
  logg?: { warn(obj: object, msg: string): void };
}

export interface Enhetsoppdatering {
  start(): void;
  /** Stops after the step in progress (the HTTP call in flight is cut) and gives up the lease. */
  stopp(): Promise<void>;
  /** One round of both feeds now (tests, and the timer). */
  kjoerRunde(): Promise<{ lest: number; oppdatert: number }>;
}

const FEEDS: Feed[] = ["enheter", "underenheter"];

export function lagEnhetsoppdatering(opts: EnhetsoppdateringOptions): Enhetsoppdatering {
  const { db, klient } = opts;
  const perSide = opts.perSide ?? 500;
  const maksSider = opts.maksSider ?? 10;
  const leieSek = Math.max(5, Math.round((opts.leieMs ?? 120_000) / 1000));
  const meg = randomUUID();
  const stopp = new AbortController();
  let tidsur: NodeJS.Timeout | undefined;
  let runde: Promise<unknown> | undefined;

  /** The feed's cursor with a lease for this process, or undefined when another holds it. */
  async function taLeie(feed: Feed) {
    await db
      .insertInto("enhetsregister_markoer")
      // Read from when our oldest copy was fetched (a unit fetched before this first round misses no change).
      .values({
        kilde: feed,
        fra: sql`coalesce((select min(hentet) from enhet), now()) - interval '1 minute'`,
        oppdateringsid: null,
      })
      .onConflict((oc) => oc.column("kilde").doNothing())
      .execute();
    return db
      .updateTable("enhetsregister_markoer")
      .set({ leie_av: meg, leie_til: sql`now() + make_interval(secs => ${leieSek})` })
      .where("kilde", "=", feed)
      .where((eb) =>
        eb.or([eb("leie_til", "is", null), eb("leie_til", "<", sql<Date>`now()`), eb("leie_av", "=", meg)]),
      )
      .returning(["oppdateringsid", "fra"])
      .executeTakeFirst();
  }

  /** The units of a page we keep a copy of, fetched anew (or dropped when the register removed them). */
  async function anvend(feed: Feed, side: Oppdatering[]): Promise<number> {
    const siste = new Map<string, string>();
    for (const o of side) siste.set(o.organisasjonsnummer, o.endringstype);
    const har = (
      await db
        .selectFrom("enhet")
        .select("organisasjonsnummer")
        .where("organisasjonsnummer", "in", [...siste.keys()])
        .execute()
    ).map((r) => r.organisasjonsnummer);
    for (const orgnr of har) {
      if (stopp.signal.aborted) throw stopp.signal.reason;
      if (siste.get(orgnr) === "Fjernet") {
        await db.deleteFrom("enhet").where("organisasjonsnummer", "=", orgnr).execute();
        continue;
      }
      const e = await klient.hentEnhet(orgnr, feed === "underenheter" ? "underenhet" : "enhet", stopp.signal);
      if (e) await lagreEnhet(db, e);
    }
    return har.length;
  }

  async function lesFeed(feed: Feed): Promise<{ lest: number; oppdatert: number }> {
    const markoer = await taLeie(feed);
    if (!markoer) return { lest: 0, oppdatert: 0 };
    let cursor = markoer.oppdateringsid;
    let lest = 0;
    let oppdatert = 0;
    try {
      for (let s = 0; s < maksSider && !stopp.signal.aborted; s++) {
        const side = await klient.oppdateringer(
          feed,
          cursor === null ? { fraDato: markoer.fra } : { fraId: cursor + 1 },
          perSide,
          stopp.signal,
        );
        if (side.length === 0) break;
        oppdatert += await anvend(feed, side);
        lest += side.length;
        const nyCursor = Math.max(...side.map((o) => o.oppdateringsid));
        const flyttet = await db
          .updateTable("enhetsregister_markoer")
          .set({
            oppdateringsid: nyCursor,
            sist_lest: sql`now()`,
            leie_til: sql`now() + make_interval(secs => ${leieSek})`,
          })
          .where("kilde", "=", feed)
          .where("leie_av", "=", meg)
          .executeTakeFirst();
        // The lease ran out and another process took the feed: it goes on from the cursor it finds.
        if (Number(flyttet.numUpdatedRows) === 0) break;
        cursor = nyCursor;
        opts.maaler?.lest(feed, side.length, oppdatert, nyCursor);
        if (side.length < perSide) break;
      }
    } finally {
      await db
        .updateTable("enhetsregister_markoer")
        .set({ leie_av: null, leie_til: null })
        .where("kilde", "=", feed)
        .where("leie_av", "=", meg)
        .execute();
    }
    return { lest, oppdatert };
  }

  async function kjoerRunde() {
    const sum = { lest: 0, oppdatert: 0 };
    for (const feed of FEEDS) {
      if (stopp.signal.aborted) break;
      const r = await lesFeed(feed);
      sum.lest += r.lest;
      sum.oppdatert += r.oppdatert;
    }
    return sum;
  }

  const planlegg = (ms: number) => {
    if (stopp.signal.aborted) return;
    tidsur = setTimeout(() => {
      runde = kjoerRunde()
        .catch((e) => {
          if (!stopp.signal.aborted) {
            opts.logg?.warn(
              { err: e instanceof Error ? e.message : String(e) },
              "Oppdateringene fra Enhetsregisteret feilet; prøver igjen neste runde",
            );
          }
        })
        .finally(() => planlegg(opts.intervallMs));
    }, ms);
    tidsur.unref();
  };

  return {
    start: () => planlegg(Math.min(opts.intervallMs, 2_000)),
    async stopp() {
      stopp.abort(new Error("Stopper"));
      clearTimeout(tidsur);
      await runde?.catch(() => undefined);
    },
    kjoerRunde,
  };
}
