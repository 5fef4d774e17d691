// The versions of the risk rules in PostgreSQL (issue 32 item 3, docs/decisions/046-godkjente-risikoregler.md):
// load a new version (a draft, numbered after the last), approve it (by whom and when), read one, list them, and
// which one is current. A version's content never changes once loaded; nothing is deleted, so every certificate
// and notification keeps pointing at the rules it was assessed and decided under.
import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../../db";
import type { RegelsettTable } from "../../db/schema";
import { type RegelsettInnhold, UTVIKLINGSSETT } from "../../domain/risiko/regelsett";
import { melding } from "../../sprak/melding";
import { conflict, notFound } from "../http/feil";
import type { Trx } from "../importmelding/tilstand";

/** A version as the authority's API lists it (without its content). */
export interface RegelsettVisning {
  versjon: number;
  beskrivelse: string;
  status: "UTKAST" | "GODKJENT";
  /** sha256 of the content as stored: two versions with the same sum have the same rules. */
  innholdSha256: string;
  antallRegler: number;
  lastetOpp: string;
  lastetOppAv: string;
  godkjent: string | null;
  godkjentAv: string | null;
  /** The development set (today's bundled tables, `npm start` and the tests); production ignores it. */
  utviklingssett: boolean;
}

/** Who the development set is loaded and approved by (never a person). */
export const UTVIKLINGSOPPSETTET = "Utviklingsoppsettet (ikke godkjent av Mattilsynet)";

const FANT_IKKE_REGELSETT = melding("api.regelsett.fantIkke");

const KOLONNER = [
  "versjon",
  "beskrivelse",
  "status",
  "innhold_sha256",
  "lastet_opp",
  "lastet_opp_av",
  "godkjent",
  "godkjent_av",
  "utviklingssett",
  sql<number>`jsonb_array_length(innhold -> 'regler')::int`.as("antall_regler"),
] as const;

type Rad = Pick<
  RegelsettTable,
  "beskrivelse" | "status" | "innhold_sha256" | "lastet_opp_av" | "godkjent_av"
> & {
  versjon: number;
  lastet_opp: Date | string;
  godkjent: Date | string | null;
  utviklingssett: boolean;
  antall_regler: number;
};

function visning(r: Rad): RegelsettVisning {
  return {
    versjon: r.versjon,
    beskrivelse: r.beskrivelse,
    status: r.status,
    innholdSha256: r.innhold_sha256,
    antallRegler: Number(r.antall_regler),
    lastetOpp: new Date(r.lastet_opp).toISOString(),
    lastetOppAv: r.lastet_opp_av,
    godkjent: r.godkjent ? new Date(r.godkjent).toISOString() : null,
    godkjentAv: r.godkjent_av,
    utviklingssett: Boolean(r.utviklingssett),
  };
}

/** Loads and approvals are one at a time (the next number, the approval order). */
const laas = (trx: Trx) => sql`select pg_advisory_xact_lock(hashtext('regelsett'))`.execute(trx);

export const innholdSha256 = (innhold: RegelsettInnhold) =>
  createHash("sha256").update(JSON.stringify(innhold)).digest("hex");

/**
 * The current ruleset: the approved version with the highest number (the development set only where allowed),
 * with the sum of its content. One index read (regelsett_godkjent).
 */
export async function gjeldendeVersjon(
  db: Db | Trx,
  tillatUtviklingssett: boolean,
): Promise<{ versjon: number; sha256: string } | null> {
  let q = db.selectFrom("regelsett").select(["versjon", "innhold_sha256"]).where("status", "=", "GODKJENT");
  if (!tillatUtviklingssett) q = q.where("utviklingssett", "=", false);
  const rad = await q.orderBy("versjon", "desc").limit(1).executeTakeFirst();
  return rad ? { versjon: rad.versjon, sha256: rad.innhold_sha256 } : null;
}

export async function hentInnhold(db: Db | Trx, versjon: number): Promise<RegelsettInnhold> {
  const rad = await db
    .selectFrom("regelsett")
    .select("innhold")
    .where("versjon", "=", versjon)
    .executeTakeFirst();
  if (!rad) throw notFound(FANT_IKKE_REGELSETT);
  return (typeof rad.innhold === "string" ? JSON.parse(rad.innhold) : rad.innhold) as RegelsettInnhold;
}

export async function hentRegelsett(db: Db, versjon: number): Promise<RegelsettVisning> {
  const rad = await db
    .selectFrom("regelsett")
    .select(KOLONNER)
    .where("versjon", "=", versjon)
    .executeTakeFirst();
  if (!rad) throw notFound(FANT_IKKE_REGELSETT);
  return visning(rad);
}

/** The versions, newest first, `antall` at a time before `foer` (the table stays small; the page is bounded). */
export async function listRegelsett(
  db: Db,
  { foer, antall = 50 }: { foer?: number; antall?: number } = {},
): Promise<{ regelsett: RegelsettVisning[]; eldre: number | null }> {
  let q = db.selectFrom("regelsett").select(KOLONNER);
  if (foer !== undefined) q = q.where("versjon", "<", foer);
  const rader = await q
    .orderBy("versjon", "desc")
    .limit(antall + 1)
    .execute();
  const side = rader.slice(0, antall).map(visning);
  return { regelsett: side, eldre: rader.length > antall ? (side.at(-1)?.versjon ?? null) : null };
}

/**
 * Stores a validated ruleset as the next version (a draft, unless `godkjentAv` approves it at once: the
 * development set). The same content as the newest version again (a retried post) stores nothing and answers
 * that version, `ny: false`.
 */
export async function lastOppRegelsett(
  db: Db,
  innhold: RegelsettInnhold,
  av: { lastetOppAv: string; godkjentAv?: string; utviklingssett?: boolean },
): Promise<{ regelsett: RegelsettVisning; ny: boolean }> {
  const sum = innholdSha256(innhold);
  return db.transaction().execute(async (trx) => {
    await laas(trx);
    const siste = await trx
      .selectFrom("regelsett")
      .select(["versjon", "innhold_sha256", "status", "utviklingssett"])
      .orderBy("versjon", "desc")
      .limit(1)
      .executeTakeFirst();
    if (siste && siste.innhold_sha256 === sum && siste.utviklingssett === (av.utviklingssett ?? false)) {
      const godkjennes = av.godkjentAv !== undefined && siste.status !== "GODKJENT";
      if (!godkjennes) {
        const rad = await trx.selectFrom("regelsett").select(KOLONNER).where("versjon", "=", siste.versjon);
        return { regelsett: visning(await rad.executeTakeFirstOrThrow()), ny: false };
      }
    }
    const versjon = (siste?.versjon ?? 0) + 1;
    const rad = await trx
      .insertInto("regelsett")
      .values({
        versjon,
        beskrivelse: innhold.beskrivelse,
        innhold: JSON.stringify(innhold),
        innhold_sha256: sum,
        status: av.godkjentAv ? "GODKJENT" : "UTKAST",
        lastet_opp_av: av.lastetOppAv,
        godkjent: av.godkjentAv ? new Date() : null,
        godkjent_av: av.godkjentAv ?? null,
        utviklingssett: av.utviklingssett ?? false,
      })
      .returning(KOLONNER)
      .executeTakeFirstOrThrow();
    return { regelsett: visning(rad), ny: true };
  });
}

const ELDRE_ENN_GJELDENDE = (versjon: number, gjeldende: number) =>
  melding("api.regelsett.eldreEnnGjeldende", { versjon, gjeldende });

/**
 * Approves a draft: from then on it is the current ruleset (the highest approved number). Approving it again
 * answers it unchanged (idempotent); a version older than the current approved one is refused (409), so the
 * current ruleset only ever moves forward.
 */
export async function godkjennRegelsett(
  db: Db,
  versjon: number,
  av: { godkjentAv: string; klient: string | null },
  tillatUtviklingssett: boolean,
): Promise<RegelsettVisning> {
  return db.transaction().execute(async (trx) => {
    await laas(trx);
    const rad = await trx
      .selectFrom("regelsett")
      .select(["status"])
      .where("versjon", "=", versjon)
      .executeTakeFirst();
    if (!rad) throw notFound(FANT_IKKE_REGELSETT);
    if (rad.status !== "GODKJENT") {
      const gjeldende = (await gjeldendeVersjon(trx, tillatUtviklingssett))?.versjon;
      if (gjeldende !== undefined && gjeldende > versjon)
        throw conflict(ELDRE_ENN_GJELDENDE(versjon, gjeldende));
      await trx
        .updateTable("regelsett")
        .set({
          status: "GODKJENT",
          godkjent: sql<Date>`now()`,
          godkjent_av: av.godkjentAv,
          godkjent_av_klient: av.klient,
        })
        .where("versjon", "=", versjon)
        .where("status", "=", "UTKAST")
        .execute();
    }
    return visning(
      await trx
        .selectFrom("regelsett")
        .select(KOLONNER)
        .where("versjon", "=", versjon)
        .executeTakeFirstOrThrow(),
    );
  });
}

/**
 * Development and demo (and the seed, and the tests): today's bundled tables as an approved ruleset, marked as
 * the development set, so the service behaves as before. Loaded when nothing is approved, or when the current
 * approved version is a development set with other content (the tables were edited); a ruleset the authority
 * loaded is left alone. Returns the version loaded, or undefined when nothing was needed.
 */
export async function sikreUtviklingssett(db: Db): Promise<number | undefined> {
  const gjeldende = await db
    .selectFrom("regelsett")
    .select(["innhold_sha256", "utviklingssett"])
    .where("status", "=", "GODKJENT")
    .orderBy("versjon", "desc")
    .limit(1)
    .executeTakeFirst();
  if (gjeldende && (!gjeldende.utviklingssett || gjeldende.innhold_sha256 === innholdSha256(UTVIKLINGSSETT)))
    return undefined;
  const { regelsett } = await lastOppRegelsett(db, UTVIKLINGSSETT, {
    lastetOppAv: UTVIKLINGSOPPSETTET,
    godkjentAv: UTVIKLINGSOPPSETTET,
    utviklingssett: true,
  });
  return regelsett.versjon;
}
