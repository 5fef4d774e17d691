// Who did something (docs/decisions/033-historikk.md). Every write path of a notification takes ONE Aktoer
// from its handler and hands it down to tilstand.ts, which writes it on the event row in the same
// transaction as the change: as a snapshot for the history (aktoer_type, aktoer_navn, aktoer_virksomhet,
// aktoer_orgnr; shown, never a national identity number) and as the audit string `utfoert_av` (never shown).
//
// To record a new kind of caller, add a variant here and to AKTOER_TYPER (domain/historikk.ts), and give it
// its columns in `aktoerKolonner` and its audit string in `revisjon`. An importer's own system with a machine
// token is already a variant: the machine-token middleware (issue 25) builds
// `{ type: "MASKIN", klientId, klientNavn, virksomhet }` and `aktoerFor` returns it for such a request
// (see `MaskinRequest`); the history then shows "System: <klientNavn>".
import type { Request } from "express";
import type { Db } from "../db";
import type { AktoerType } from "../domain/historikk";

/** The importer a person or a system acted for, as it was named then. */
export interface AktoerVirksomhet {
  importoerId: number;
  navn: string;
  organisasjonsnummer: string;
}

export type Aktoer =
  /** A logged-in person acting for an importer (ID-porten token). */
  | { type: "PERSON"; pid: string; navn: string | null; virksomhet: AktoerVirksomhet }
  /** An importer's own system with a machine token, shown as "System: <klientNavn>". */
  | { type: "MASKIN"; klientId: string; klientNavn: string; virksomhet: AktoerVirksomhet }
  /** The authority's case handling (its endpoint, or `kilde` such as the command line). */
  | { type: "MYNDIGHET"; kilde?: string }
  /** The ePhyto hub delivering a certificate. */
  | { type: "HUB" }
  /** The service itself (automatic release; the consignee's take-over, `utloestAv` whoever caused it). */
  | { type: "SYSTEM"; utloestAv?: Aktoer };

/** A caller on the importer's side: a person or the importer's own system. */
export type KlientAktoer = Extract<Aktoer, { type: "PERSON" | "MASKIN" }>;

export const MYNDIGHET: Aktoer = { type: "MYNDIGHET" };
export const HUB: Aktoer = { type: "HUB" };
export const SYSTEM: Aktoer = { type: "SYSTEM" };

/** A request the machine-token middleware has recognised (issue 25 sets `maskinAktoer`). */
export type MaskinRequest = Request & { maskinAktoer?: Extract<Aktoer, { type: "MASKIN" }> };

/** The person's name in the authorisation register (null when it has none: then only the organisation shows). */
async function personNavn(db: Db, pid: string): Promise<string | null> {
  const rad = await db.selectFrom("person").select("navn").where("pid", "=", pid).executeTakeFirst();
  return rad?.navn?.trim() || null;
}

/** What aktoerFor reads of a request the importer guard (auth.ts, requireImportoer) has let through. */
interface ImportoerForespoersel {
  innlogget: { pid: string };
  importoerId: number;
  importoer: { navn: string; organisasjonsnummer: string };
  maskinAktoer?: MaskinRequest["maskinAktoer"];
}

/** The actor of a request on /{orgnr}/{importoerId}: the machine client when there is one, else the person. */
export async function aktoerFor(db: Db, req: ImportoerForespoersel): Promise<KlientAktoer> {
  const maskin = req.maskinAktoer;
  if (maskin) return maskin;
  return personAktoer(db, req.innlogget.pid, {
    importoerId: req.importoerId,
    navn: req.importoer.navn,
    organisasjonsnummer: req.importoer.organisasjonsnummer,
  });
}

export async function personAktoer(db: Db, pid: string, virksomhet: AktoerVirksomhet): Promise<KlientAktoer> {
  return { type: "PERSON", pid, navn: await personNavn(db, pid), virksomhet };
}

/** The columns of the event row that say who did it (what the history shows). */
export function aktoerKolonner(a: Aktoer): {
  aktoer_type: AktoerType;
  aktoer_navn: string | null;
  aktoer_virksomhet: string | null;
  aktoer_orgnr: string | null;
} {
  switch (a.type) {
    case "PERSON":
    case "MASKIN":
      return {
        aktoer_type: a.type,
        aktoer_navn: a.type === "PERSON" ? a.navn : a.klientNavn,
        aktoer_virksomhet: a.virksomhet.navn,
        aktoer_orgnr: a.virksomhet.organisasjonsnummer,
      };
    default:
      return { aktoer_type: a.type, aktoer_navn: null, aktoer_virksomhet: null, aktoer_orgnr: null };
  }
}

/**
 * The audit string (`utfoert_av`): "importoer:12 person:<pid>", "importoer:12 klient:<id>", "myndighet",
 * "myndighet:kommandolinje", "ephyto-hub", "system", "system utløst av importoer:12 person:<pid>". Kept for
 * the audit trail and never shown (it holds a national identity number).
 */
export function revisjon(a: Aktoer): string {
  switch (a.type) {
    case "PERSON":
      return `importoer:${a.virksomhet.importoerId} person:${a.pid}`;
    case "MASKIN":
      return `importoer:${a.virksomhet.importoerId} klient:${a.klientId}`;
    case "MYNDIGHET":
      return a.kilde ? `myndighet:${a.kilde}` : "myndighet";
    case "HUB":
      return "ephyto-hub";
    case "SYSTEM":
      return a.utloestAv ? `system utløst av ${revisjon(a.utloestAv)}` : "system";
  }
}
