// The consignee is never locked out of a certificate addressed to it (docs/decisions/027-mottakeren.md). Any
// importer may find a certificate by its exact keys and notify it (SPEC §1), and one live notification per
// certificate is allowed; so a notification whose responsible importer is not on the certificate
// (organisation number or exact name, ADR 010) is never released automatically (it waits for the authority,
// handlinger.ts) and gives way when an importer that is on it creates its own — itself, or through a
// reception controller it appointed: a draft is deleted, a submitted one is withdrawn, until the authority
// has assessed it. An assessment stays: the authority looked at it knowing whose it was.
import type { Db } from "../../db";
import type { AnnenForhaandsmelding } from "../../domain/sertifikat-visning";
import type { ImportmeldingStatus } from "../../domain/status";
import type { Aktoer } from "../aktoer";
import { erPaaSertifikatet, hentImportoerMatch } from "../sertifikat/synlighet";
import { endreStatusI, type Trx } from "./tilstand";

/**
 * What becomes of another organisation's notification, by its status; absent (the authority's assessments):
 * it stays. AUTOMATISK_FRIGITT gives way too: the authority never looked at it, and a notification whose
 * responsible importer is not on the certificate is no longer released automatically (issue 34 item 1), so
 * only one released before that rule (or before the certificate's consignee changed) can be met here.
 */
export const VIKER: Partial<Record<ImportmeldingStatus, "SLETTET" | "TILBAKETRUKKET">> = {
  UNDER_REGISTRERING: "SLETTET",
  REGISTRERT: "TILBAKETRUKKET",
  ANKOMMET: "TILBAKETRUKKET",
  AUTOMATISK_FRIGITT: "TILBAKETRUKKET",
};

type Sertifikat = { mottaker_orgnr: string | null; mottaker_navn_norm: string | null };

/** Whether an importer is named on the certificate (organisation number or exact consignee name). */
export async function erMottaker(db: Db, importoerId: number, sert: Sertifikat): Promise<boolean> {
  return erPaaSertifikatet(await hentImportoerMatch(db, importoerId), sert);
}

/** Whether the notification's responsible importer is named on its certificate (read now, as vikerFor does). */
export async function ansvarligErMottaker(
  db: Db,
  rad: { sertifikat_id: number; ansvarlig_importoer_id: number },
): Promise<boolean> {
  const sert = await db
    .selectFrom("sertifikat")
    .select(["mottaker_orgnr", "mottaker_navn_norm"])
    .where("id", "=", rad.sertifikat_id)
    .executeTakeFirstOrThrow();
  return erMottaker(db, rad.ansvarlig_importoer_id, sert);
}

/**
 * What becomes of the live notification `melding` when an importer named on the certificate creates its
 * own: SLETTET or TILBAKETRUKKET, or undefined when it stays (its responsible importer is named too, or the
 * authority has assessed it).
 */
export async function vikerFor(
  db: Db,
  sert: Sertifikat,
  melding: { status: string; ansvarlig_importoer_id: number },
): Promise<"SLETTET" | "TILBAKETRUKKET" | undefined> {
  const til = VIKER[melding.status as ImportmeldingStatus];
  if (!til || (await erMottaker(db, melding.ansvarlig_importoer_id, sert))) return undefined;
  return til;
}

/** The other organisation's notification as the named importer is told of it. */
export async function annenForhaandsmelding(
  db: Db,
  sert: Sertifikat,
  melding: { status: string; ansvarlig_importoer_id: number; opprettet_av_importoer_id: number },
): Promise<AnnenForhaandsmelding> {
  const oppretter = await db
    .selectFrom("importoer")
    .select(["navn", "organisasjonsnummer"])
    .where("id", "=", melding.opprettet_av_importoer_id)
    .executeTakeFirstOrThrow();
  return {
    opprettetAv: oppretter,
    status: melding.status as ImportmeldingStatus,
    vedNyMelding: (await vikerFor(db, sert, melding)) ?? null,
  };
}

/**
 * Ends another organisation's notification in the transaction that creates the named importer's own, under
 * its row lock; false when it has changed since it was read so that it no longer gives way (the caller
 * answers 409 as before).
 */
export async function vikForMottaker(
  trx: Trx,
  args: { id: number; til: "SLETTET" | "TILBAKETRUKKET"; aktoer: Aktoer; mottaker: string },
): Promise<boolean> {
  const rad = await trx
    .selectFrom("importmelding")
    .select("status")
    .where("id", "=", args.id)
    .forUpdate()
    .executeTakeFirst();
  if (!rad || VIKER[rad.status as ImportmeldingStatus] !== args.til) return false;
  // The service's rule, not the other organisation's act: the history shows Mattilsynet and the reason; the
  // audit string keeps who caused it.
  await endreStatusI(trx, {
    id: args.id,
    til: args.til,
    aktoer: { type: "SYSTEM", utloestAv: args.aktoer },
    merknad: `${args.mottaker} står på sertifikatet og har opprettet sin egen forhåndsmelding`,
  });
  return true;
}
