// The Hub puller's record in the database (migration 025, docs/decisions/044-sertifikater-fra-huben.md): the
// shared lease that lets one puller at a time work across processes, and the journal of envelopes by hub
// delivery number with their claim, outcome and acknowledgement. Every write that decides something is
// conditioned on the writer's own claim, so a puller whose claim ran out and was taken over changes nothing.
import { type ExpressionBuilder, sql } from "kysely";
import type { Database, Db } from "../../db";
import type { HubKonvoluttUtfall } from "../../db/schema";
import type { KonvoluttHode } from "../ephyto/hub-klient";
import type { Trx } from "../importmelding/tilstand";

const ms = (verdi: number) =>
  sql<Date>`now() + ${Math.max(0, Math.round(verdi))}::float8 * interval '1 millisecond'`;

/** Takes or renews the pullers' lease; false when another puller holds it. */
export async function taLeie(db: Db, eier: string, leieMs: number): Promise<boolean> {
  const rad = await db
    .updateTable("hub_henter")
    .set({ eier, leie_til: ms(leieMs), siste_runde: sql<Date>`now()` })
    .where("id", "=", 1)
    .where((eb) =>
      eb.or([eb("eier", "is", null), eb("eier", "=", eier), eb("leie_til", "<", sql<Date>`now()`)]),
    )
    .returning("id")
    .executeTakeFirst();
  return rad !== undefined;
}

/** Renews the lease this puller holds; false when it is no longer ours. */
export async function fornyLeie(db: Db, eier: string, leieMs: number): Promise<boolean> {
  const r = await db
    .updateTable("hub_henter")
    .set({ leie_til: ms(leieMs) })
    .where("id", "=", 1)
    .where("eier", "=", eier)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Gives the lease up (the round is over), with how it went. */
export async function slippLeie(db: Db, eier: string, feil: string | undefined): Promise<void> {
  await db
    .updateTable("hub_henter")
    .set({
      eier: null,
      leie_til: null,
      siste_feil: feil ?? null,
      ...(feil === undefined ? { siste_ok: sql<Date>`now()` } : {}),
    })
    .where("id", "=", 1)
    .where("eier", "=", eier)
    .execute();
}

/**
 * Records the headers the Hub lists (new ones from now), and settles the unacknowledged envelopes it no longer
 * lists: one with an outcome was acknowledged before a stop that left no record of it; one without was taken
 * off the queue by someone else. Returns the delivery numbers to work on, oldest first, at most `maks`.
 */
export async function noterHoder(db: Db, hoder: KonvoluttHode[], maks: number): Promise<string[]> {
  const numre = [...new Set(hoder.flatMap((h) => (h.hubLeveringsnummer ? [h.hubLeveringsnummer] : [])))];
  const etter = new Map(hoder.map((h) => [h.hubLeveringsnummer, h]));
  for (let i = 0; i < numre.length; i += 500) {
    await db
      .insertInto("hub_konvolutt")
      .values(
        numre.slice(i, i + 500).map((nr) => ({
          hub_leveringsnummer: nr,
          fra: etter.get(nr)?.fra || null,
          nppo_sertifikatnummer: etter.get(nr)?.nppoSertifikatnummer || null,
          sertifikattype: etter.get(nr)?.sertifikattype || null,
          sertifikatstatus: etter.get(nr)?.sertifikatstatus || null,
        })),
      )
      .onConflict((oc) => oc.column("hub_leveringsnummer").doNothing())
      .execute();
  }
  const ikkeListet = (eb: ExpressionBuilder<Database, "hub_konvolutt">) =>
    numre.length === 0 ? sql<boolean>`true` : eb.not(eb("hub_leveringsnummer", "in", numre));
  const ledig = sql<boolean>`(krav is null or krav_til < now())`;
  await db
    .updateTable("hub_konvolutt")
    .set({ kvittert: sql<Date>`now()`, krav: null, krav_til: null })
    .where("kvittert", "is", null)
    .where("forsvunnet", "is", null)
    .where("utfall", "is not", null)
    .where(ikkeListet)
    .where(ledig)
    .execute();
  await db
    .updateTable("hub_konvolutt")
    .set({ forsvunnet: sql<Date>`now()`, krav: null, krav_til: null })
    .where("kvittert", "is", null)
    .where("forsvunnet", "is", null)
    .where("utfall", "is", null)
    .where(ikkeListet)
    .where(ledig)
    .execute();
  if (numre.length === 0) return [];
  const rader = await db
    .selectFrom("hub_konvolutt")
    .select(["hub_leveringsnummer", "foerst_sett"])
    .where("kvittert", "is", null)
    .where("forsvunnet", "is", null)
    .where("hub_leveringsnummer", "in", numre)
    .execute();
  // First seen first; those first seen together in the Hub's own order (the order it received them).
  const plass = new Map(numre.map((nr, i) => [nr, i]));
  return rader
    .sort(
      (a, b) =>
        a.foerst_sett.getTime() - b.foerst_sett.getTime() ||
        (plass.get(a.hub_leveringsnummer) ?? 0) - (plass.get(b.hub_leveringsnummer) ?? 0),
    )
    .slice(0, maks)
    .map((r) => r.hub_leveringsnummer);
}

export interface Krav {
  utfall: HubKonvoluttUtfall | null;
  aarsak: string | null;
}

/** Claims one envelope for `krav`; undefined when it is done or another puller's claim still holds. */
export async function krevKonvolutt(
  db: Db,
  nr: string,
  krav: string,
  leieMs: number,
): Promise<Krav | undefined> {
  return db
    .updateTable("hub_konvolutt")
    .set({ krav, krav_til: ms(leieMs), forsoek: sql`forsoek + 1` })
    .where("hub_leveringsnummer", "=", nr)
    .where("kvittert", "is", null)
    .where("forsvunnet", "is", null)
    .where(sql<boolean>`(krav is null or krav_til < now())`)
    .returning(["utfall", "aarsak"])
    .executeTakeFirst();
}

/** Our claim was taken over (it ran out while we worked): what we did is rolled back. */
export class KravTapt extends Error {
  override readonly name = "KravTapt";
}

/** The outcome, under our claim: a stored one inside the certificate's transaction, a refused one alone. */
export async function noterUtfall(
  trx: Trx | Db,
  nr: string,
  krav: string,
  utfall:
    | { utfall: "LAGRET"; resultat: string; sertifikatId: number }
    | { utfall: "AVVIST"; aarsak: string; melding: string },
): Promise<void> {
  const r = await trx
    .updateTable("hub_konvolutt")
    .set(
      utfall.utfall === "LAGRET"
        ? { utfall: "LAGRET", resultat: utfall.resultat, sertifikat_id: utfall.sertifikatId }
        : { utfall: "AVVIST", aarsak: utfall.aarsak, melding: utfall.melding },
    )
    .set({ behandlet: sql<Date>`now()`, siste_feil: null })
    .where("hub_leveringsnummer", "=", nr)
    .where("krav", "=", krav)
    .where("utfall", "is", null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw new KravTapt(`Kravet på konvolutt ${nr} er tatt over`);
}

/**
 * Our claim runs a full lease from now, just before the acknowledgement: the call ends (or is aborted at its
 * timeout, at most a third of the lease) before another puller can take the envelope and acknowledge it again.
 * A claim already taken over throws: the new holder acknowledges it.
 */
export async function fornyKrav(db: Db, nr: string, krav: string, leieMs: number): Promise<void> {
  const r = await db
    .updateTable("hub_konvolutt")
    .set({ krav_til: ms(leieMs) })
    .where("hub_leveringsnummer", "=", nr)
    .where("krav", "=", krav)
    .where(sql<boolean>`krav_til >= now()`)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw new KravTapt(`Kravet på konvolutt ${nr} er tatt over`);
}

/** The Hub took our acknowledgement. */
export async function noterKvittert(db: Db, nr: string, krav: string): Promise<void> {
  await db
    .updateTable("hub_konvolutt")
    .set({ kvittert: sql<Date>`now()`, krav: null, krav_til: null })
    .where("hub_leveringsnummer", "=", nr)
    .where("krav", "=", krav)
    .execute();
}

/** Something failed before the envelope was done: the claim goes, so the next round (ours or another's) tries again. */
export async function slippKrav(db: Db, nr: string, krav: string, feil: string): Promise<void> {
  await db
    .updateTable("hub_konvolutt")
    .set({ krav: null, krav_til: null, siste_feil: feil.slice(0, 1000) })
    .where("hub_leveringsnummer", "=", nr)
    .where("krav", "=", krav)
    .execute();
}

/** The envelopes not yet acknowledged and the age of the oldest (seconds; 0 when there is none). */
export async function ukvitterte(db: Db): Promise<{ antall: number; eldsteSekunder: number }> {
  const { rows } = await sql<{ antall: number; eldste: number | null }>`
    select count(*)::int as antall, extract(epoch from now() - min(foerst_sett))::float8 as eldste
    from hub_konvolutt where kvittert is null and forsvunnet is null`.execute(db);
  return { antall: rows[0]?.antall ?? 0, eldsteSekunder: rows[0]?.eldste ?? 0 };
}
