// Writes the events (issue 25 §3, docs/decisions/036-hendelser-og-webhooker.md) inside the transaction of what
// happened: the certificate's ingest, the notification's status change. An event is written without its number;
// at commit a deferred trigger (migration 043) gives each event the next number of its stream's counter row,
// whose row lock is held until the commit has ended, so one stream's numbers become visible in order and without
// gaps: a reader of the feed after N never misses a lower number committed later. The lock is taken inside the
// COMMIT only, not across the round trip to this process that sends it (ADR 084). A stream is an importer's (with
// the webhook outbox rows, one per active subscription to the type, in the same transaction) or the authority's
// case system's (ADR 045), the same mechanism. Lock order: the trigger takes the transaction's importers'
// counters (ascending) before the authority's, and before the country counters (migration 032).
import { randomUUID } from "node:crypto";
import { type RawBuilder, sql, type Transaction } from "kysely";
import type { Database } from "../../db";
import { FORBEREDT } from "../../db/forberedt";
import {
  type Hendelsestype,
  MYNDIGHET_HENDELSE_FOR_STATUS,
  type MyndighetHendelseData,
  type MyndighetHendelsestype,
  type StatusEndretData,
  VURDERT_STATUSER,
} from "../../domain/hendelser";
import { erVurdertFoerAnkomst, type ImportmeldingStatus } from "../../domain/status";

type Trx = Transaction<Database>;

/** The authority's case system's stream (ADR 045). */
export const MYNDIGHET_STROEM = "myndighet";
/** An importer's stream. */
export const importoerStroem = (importoerId: number) => `importoer:${importoerId}`;

/** Writes the event in the stream; it gets its number at commit (migration 043). */
async function skrivIStroem(
  trx: Trx,
  stroem: string,
  importoerId: number | null,
  type: Hendelsestype | MyndighetHendelsestype,
  data: Record<string, unknown>,
): Promise<number> {
  const { id } = await trx
    .insertInto("hendelse")
    .values({
      stroem,
      importoer_id: importoerId,
      uuid: randomUUID(),
      type,
      data: JSON.stringify(data),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export interface NyHendelse {
  importoerId: number;
  type: Hendelsestype;
  data: Record<string, unknown>;
}

/**
 * Writes the events, in ascending importer order; the order of one importer's events is kept (their numbers at
 * commit follow it). Each event is one statement (the event and its webhook outbox rows, as data-modifying
 * CTEs): a certificate's ingest writes one per importer named on it, and each round trip to the database costs
 * both sides more than the writing.
 */
export async function skrivHendelser(
  trx: Trx,
  hendelser: readonly NyHendelse[],
  /** A data-modifying CTE (`navn as (…)`) run in the first event's statement: a certificate's alerts (ADR 070). */
  foerst?: RawBuilder<unknown>,
): Promise<void> {
  const ordnet = hendelser
    .map((h, i) => ({ h, i }))
    .sort((a, b) => a.h.importoerId - b.h.importoerId || a.i - b.i)
    .map((x) => x.h);
  if (ordnet.length === 0 && foerst) await sql`with ${foerst} select 1`.execute(trx);
  for (const [i, h] of ordnet.entries()) {
    const stroem = importoerStroem(h.importoerId);
    const med = i === 0 && foerst ? sql`${foerst},` : sql``;
    // A template, not the query builder: built for every certificate, and the builder's tree of three
    // data-modifying CTEs cost the request thread more than sending it (issue 35 item 4, ADR 064).
    await sql`${sql.raw(FORBEREDT)} with ${med} h as (
        insert into hendelse (stroem, importoer_id, uuid, type, data)
        values (${stroem}::text, ${h.importoerId}::integer, ${randomUUID()}::uuid, ${h.type}::text,
          ${JSON.stringify(h.data)}::jsonb)
        returning id
      )
      -- the outbox: every active subscription of the importer to this type (a paused one catches up from the feed)
      insert into webhook_levering (webhook_id, hendelse_id)
      select w.id, h.id from webhook w, h
      where w.importoer_id = ${h.importoerId} and w.aktiv and w.typer @> ${JSON.stringify([h.type])}::jsonb`.execute(
      trx,
    );
  }
}

/** The notification's owners (ADR 007: responsible, creator, responsible for document control), each once. */
function eiere(m: {
  ansvarlig_importoer_id: number;
  opprettet_av_importoer_id: number;
  ansvarlig_dokumentkontroll_id: number | null;
}): number[] {
  return [
    ...new Set(
      [m.ansvarlig_importoer_id, m.opprettet_av_importoer_id, m.ansvarlig_dokumentkontroll_id].filter(
        (id): id is number => id !== null,
      ),
    ),
  ];
}

/**
 * A notification's status change: `importmelding.status_endret` for each owner, and `importmelding.vurdert`
 * too when the new status is an outcome (the authority's assessment or the automatic release).
 */
export async function skrivStatusHendelser(
  trx: Trx,
  m: {
    id: number;
    nummer: string;
    sertifikat_id: number;
    ansvarlig_importoer_id: number;
    opprettet_av_importoer_id: number;
    ansvarlig_dokumentkontroll_id: number | null;
    kun_dokumentkontroll: boolean;
    faktisk_ankommet: Date | null;
  },
  fra: ImportmeldingStatus,
  til: ImportmeldingStatus,
): Promise<void> {
  const sertifikat = await trx
    .selectFrom("sertifikat")
    .select(["nummer", "eksportland"])
    .where("id", "=", m.sertifikat_id)
    .executeTakeFirstOrThrow();
  const data: StatusEndretData = {
    importmelding: { id: m.id, nummer: m.nummer },
    sertifikat: { nummer: sertifikat.nummer, eksportland: sertifikat.eksportland },
    fraStatus: fra,
    status: til,
    ...(erVurdertFoerAnkomst({
      status: til,
      kunDokumentkontroll: m.kun_dokumentkontroll,
      faktiskAnkommet: m.faktisk_ankommet,
    })
      ? { vurdertFoerAnkomst: true as const }
      : {}),
  };
  await skrivHendelser(
    trx,
    eiere(m).flatMap((importoerId) => [
      { importoerId, type: "importmelding.status_endret" as const, data },
      ...(VURDERT_STATUSER.includes(til)
        ? [{ importoerId, type: "importmelding.vurdert" as const, data }]
        : []),
    ]),
  );
}

/**
 * The authority's event for a notification (ADR 045): `type` given (a changed arrival), or the one that follows
 * the new status (MYNDIGHET_HENDELSE_FOR_STATUS; none for SLETTET and a draft's changes). Numbered at commit
 * after the importers' events (the lock order, migration 043).
 */
export async function skrivMyndighetHendelse(
  trx: Trx,
  m: { id: number; nummer: string; sertifikat_id: number; ansvarlig_importoer_id: number },
  endring: { fra: ImportmeldingStatus | null; til: ImportmeldingStatus; type?: MyndighetHendelsestype },
): Promise<void> {
  const type = endring.type ?? MYNDIGHET_HENDELSE_FOR_STATUS[endring.til];
  if (!type) return;
  const rad = await trx
    .selectFrom("importmelding as m")
    .innerJoin("sertifikat as s", "s.id", "m.sertifikat_id")
    .innerJoin("importoer as i", "i.id", "m.ansvarlig_importoer_id")
    .select(["s.nummer", "s.eksportland", "i.organisasjonsnummer", "i.navn", "m.forventet_ankomst"])
    .where("m.id", "=", m.id)
    .executeTakeFirstOrThrow();
  const data: MyndighetHendelseData = {
    importmelding: { nummer: m.nummer, fraStatus: endring.fra, status: endring.til },
    sertifikat: { nummer: rad.nummer, eksportland: rad.eksportland },
    ansvarligImportoer: { organisasjonsnummer: rad.organisasjonsnummer, navn: rad.navn },
    forventetAnkomst: rad.forventet_ankomst ? new Date(rad.forventet_ankomst).toISOString() : null,
  };
  await skrivIStroem(trx, MYNDIGHET_STROEM, null, type, data);
}
