// The consignee is never locked out of a certificate addressed to it (docs/decisions/027-mottakeren.md). Any
// importer may find a certificate by its exact keys and notify it (SPEC §1), and one live notification per
// certificate is allowed; so a notification made by an organisation that is not on the certificate gives
// way when an importer that is on it (organisation number or exact name, ADR 010) creates its own — itself,
// or through a reception controller it appointed: a draft is deleted, a submitted one not yet arrived is
// withdrawn. From arrival on, the shipment has been received and assessed under that notification: it stays.
import type { Db } from "../../db";
import type { AnnenForhaandsmelding } from "../../domain/sertifikat-visning";
import type { ImportmeldingStatus } from "../../domain/status";
import type { Aktoer } from "../aktoer";
import { erPaaSertifikatet, hentImportoerMatch } from "../sertifikat/synlighet";
import { endreStatusI, type Trx } from "./tilstand";

/** What becomes of another organisation's notification, by its status; absent: it stays. */
export const VIKER: Partial<Record<ImportmeldingStatus, "SLETTET" | "TILBAKETRUKKET">> = {
  UNDER_REGISTRERING: "SLETTET",
  REGISTRERT: "TILBAKETRUKKET",
};

type Sertifikat = { mottaker_orgnr: string | null; mottaker_navn_norm: string | null };

/** Whether an importer is named on the certificate (organisation number or exact consignee name). */
export async function erMottaker(db: Db, importoerId: number, sert: Sertifikat): Promise<boolean> {
  return erPaaSertifikatet(await hentImportoerMatch(db, importoerId), sert);
}

/**
 * What becomes of the live notification `melding` when an importer named on the certificate creates its
 * own: SLETTET or TILBAKETRUKKET, or undefined when it stays (its responsible importer is named too, or it
 * has arrived).
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
