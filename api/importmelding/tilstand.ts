// The notification's state machine (SPEC §4; docs/decisions/007-importmelding-rules.md): the transition
// table, the statuses in which each part may be edited, and the two atomic operations every change goes
// through — a status change (row lock, preconditions, `UPDATE … WHERE status = <expected>`, audit row,
// automatic release) and a content change (`UPDATE … SET versjon = versjon + 1 WHERE status IN (…)
// [AND versjon = ?]` before the edit, in the same transaction). Nothing else writes `importmelding.status`.
// Both write the notification's history (ADR 033) in the same transaction: one event per status change
// with the actor that asked for it, and one per content change that changed something, naming the fields.

import { type Selectable, sql, type Transaction } from "kysely";
import type { Database, Db } from "../../db";
import type { AutomatiskVurdering, ImportmeldingTable } from "../../db/schema";
import type { Endring, HendelseDetaljer, HendelseType } from "../../domain/historikk";
import { erInnsendt, erVurdertFoerAnkomst, type ImportmeldingStatus } from "../../domain/status";
import { melding } from "../../sprak/melding";
import { type Aktoer, aktoerKolonner, HUB, revisjon, SYSTEM } from "../aktoer";
import { leggUtfallIUtboks } from "../epost/utboks";
import { skrivMyndighetHendelse, skrivStatusHendelser } from "../hendelser/skriv";
import { type ApiError, badRequest, conflict, notFound } from "../http/feil";

export type Trx = Transaction<Database>;
export type ImportmeldingRad = Selectable<ImportmeldingTable>;

/** Who may ask for a transition: the importer's client (a person or its system), the authority, the server. */
export type Rolle = "KLIENT" | "MYNDIGHET" | "SYSTEM";

export interface Overgang {
  fra: ImportmeldingStatus;
  til: ImportmeldingStatus;
  av: Rolle;
}

/** The role an actor has in the transition table; the ePhyto hub changes no status. */
export function rolle(a: Aktoer): Rolle | undefined {
  switch (a.type) {
    case "PERSON":
    case "MASKIN":
      return "KLIENT";
    case "MYNDIGHET":
      return "MYNDIGHET";
    case "SYSTEM":
      return "SYSTEM";
    case "HUB":
      return undefined;
  }
}

const VURDERINGER = ["FRIGITT", "AVVIST", "DELVIS_AVVIST"] as const;

/** Every allowed transition. Anything not listed is refused. */
export const OVERGANGER: readonly Overgang[] = [
  { fra: "UNDER_REGISTRERING", til: "REGISTRERT", av: "KLIENT" },
  { fra: "UNDER_REGISTRERING", til: "SLETTET", av: "KLIENT" },
  { fra: "REGISTRERT", til: "TILBAKETRUKKET", av: "KLIENT" },
  { fra: "REGISTRERT", til: "ANKOMMET", av: "KLIENT" },
  ...VURDERINGER.flatMap((til) => [
    { fra: "REGISTRERT" as const, til, av: "MYNDIGHET" as const },
    { fra: "ANKOMMET" as const, til, av: "MYNDIGHET" as const },
  ]),
  { fra: "REGISTRERT", til: "AUTOMATISK_FRIGITT", av: "SYSTEM" },
  { fra: "ANKOMMET", til: "AUTOMATISK_FRIGITT", av: "SYSTEM" },
  // Another organisation's notification gives way when the importer named on the certificate creates its
  // own (ADR 027, mottaker.ts VIKER): a draft is deleted, a submitted one is withdrawn until the authority has
  // assessed it.
  { fra: "UNDER_REGISTRERING", til: "SLETTET", av: "SYSTEM" },
  { fra: "REGISTRERT", til: "TILBAKETRUKKET", av: "SYSTEM" },
  { fra: "ANKOMMET", til: "TILBAKETRUKKET", av: "SYSTEM" },
  { fra: "AUTOMATISK_FRIGITT", til: "TILBAKETRUKKET", av: "SYSTEM" },
];

export function erLovligOvergang(fra: ImportmeldingStatus, til: ImportmeldingStatus, av: Rolle): boolean {
  return OVERGANGER.some((o) => o.fra === fra && o.til === til && o.av === av);
}

/** The parts of a notification and the statuses in which they may be changed. */
export const REDIGERBAR_I = {
  innmelder: ["UNDER_REGISTRERING"],
  egenReferanse: ["UNDER_REGISTRERING", "REGISTRERT", "ANKOMMET"],
  dokumentkontroll: ["UNDER_REGISTRERING"],
  mottakskontroll: ["REGISTRERT"],
  ankomstinfo: ["UNDER_REGISTRERING", "REGISTRERT"],
  faktiskMengde: ["REGISTRERT"],
  /** Answers copied from an earlier notification (ADR 061): a draft's, in one SVAR_KOPIERT event. */
  kopi: ["UNDER_REGISTRERING"],
} as const satisfies Record<string, readonly ImportmeldingStatus[]>;
export type Del = keyof typeof REDIGERBAR_I;

/**
 * Not 'last inn siden på nytt': without JavaScript that posts the stale form again. Opening the
 * notification from the menu (a plain link) shows what is saved, with JavaScript and without.
 */
export const ENDRET_AV_ANDRE = melding("api.tilstand.endretAvAndre");
export const ALLEREDE_SENDT_INN = melding("api.tilstand.alleredeSendtInn");
export const FANT_IKKE_MELDING = melding("api.fantIkkeMeldingen");

export function kanIkkeEndres(status: ImportmeldingStatus): ApiError {
  return badRequest(melding("api.tilstand.kanIkkeEndres", { status }));
}

/** Arrival or reception control asked of a notification the authority assessed before arrival (ADR 041). */
export const VURDERT_FOER_ANKOMST = melding("api.tilstand.vurdertFoerAnkomst");

/** The row's facts erVurdertFoerAnkomst reads. */
function radVisning(rad: { status: string; kun_dokumentkontroll: boolean; faktisk_ankommet: Date | null }) {
  return {
    status: rad.status as ImportmeldingStatus,
    kunDokumentkontroll: rad.kun_dokumentkontroll,
    faktiskAnkommet: rad.faktisk_ankommet,
  };
}

const ALLEREDE: Partial<Record<ImportmeldingStatus, string>> = {
  REGISTRERT: ALLEREDE_SENDT_INN,
  ANKOMMET: melding("api.tilstand.alleredeAnkommet"),
  TILBAKETRUKKET: melding("api.tilstand.alleredeTrukketTilbake"),
  SLETTET: melding("api.tilstand.alleredeSlettet"),
};

function status(rad: { status: string }): ImportmeldingStatus {
  return rad.status as ImportmeldingStatus;
}

export interface NyHendelse {
  importmeldingId: number;
  type: HendelseType;
  aktoer: Aktoer;
  fra?: ImportmeldingStatus | null;
  til?: ImportmeldingStatus | null;
  merknad?: string | null;
  detaljer?: HendelseDetaljer;
}

/** Writes one event of the notification's history (ADR 033), inside the transaction of the change. */
export async function skrivHendelse(trx: Trx, h: NyHendelse): Promise<number> {
  const rad = await trx
    .insertInto("importmelding_hendelse")
    .values({
      importmelding_id: h.importmeldingId,
      type: h.type,
      utfoert_av: revisjon(h.aktoer),
      ...aktoerKolonner(h.aktoer),
      fra_status: h.fra ?? null,
      til_status: h.til ?? null,
      merknad: h.merknad ?? null,
      detaljer: h.detaljer ? JSON.stringify(h.detaljer) : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return rad.id;
}

/**
 * A certificate event (a changed re-delivery, a replacement) on every notification of the certificate that is
 * not a deleted draft, by the ePhyto hub, in the ingest's transaction. Returns how many were written.
 */
export async function skrivSertifikatHendelse(
  trx: Trx,
  sertifikatId: number,
  detaljer: HendelseDetaljer,
): Promise<number> {
  const meldinger = await trx
    .selectFrom("importmelding")
    .select("id")
    .where("sertifikat_id", "=", sertifikatId)
    .where("status", "<>", "SLETTET")
    .execute();
  for (const m of meldinger) {
    await skrivHendelse(trx, { importmeldingId: m.id, type: "SERTIFIKAT", aktoer: HUB, detaljer });
  }
  return meldinger.length;
}

export interface StatusEndring {
  id: number;
  til: ImportmeldingStatus;
  /** Who asks for it (its role in the transition table follows from it, `rolle`); recorded on the event. */
  aktoer: Aktoer;
  /** The client's version; a stale one gives 409 and changes nothing. */
  versjon?: number;
  merknad?: string;
  /** The event's details, read after the change in the same transaction (e.g. the deviations reported). */
  detaljer?: (trx: Trx, rad: ImportmeldingRad) => Promise<HendelseDetaljer | undefined>;
  /** Other columns set in the same UPDATE (e.g. faktisk_ankommet, vurdering_begrunnelse). */
  sett?: Partial<{
    faktisk_ankommet: Date;
    vurdering_begrunnelse: string | null;
    vedtaksbrev_referanse: string | null;
  }>;
  /** Checks run under the row lock before the change; throw an ApiError to refuse. */
  forutsetninger?: (trx: Trx, rad: ImportmeldingRad) => Promise<void>;
  /** Runs after the change in the same transaction (e.g. marking the shipment arrived). */
  etter?: (trx: Trx, rad: ImportmeldingRad) => Promise<void>;
  /**
   * false: no outcome e-mail for this change (the demo data, which is history, not news; as the certificate
   * alerts' `varsle: false`). Default true (ADR 034).
   */
  varsle?: boolean;
  /**
   * The automatic decision after this change (ADR 007, ADR 046): recorded on the notification, and when it
   * releases, AUTOMATISK_FRIGITT in the same transaction.
   */
  automatiskFrigivelse?: (trx: Trx, rad: ImportmeldingRad) => Promise<AutomatiskBeslutning>;
}

/** What the service decided by itself after a submission or an arrival (handlinger.ts `automatiskVurdering`). */
export interface AutomatiskBeslutning {
  frigis: boolean;
  /** The approved ruleset it was decided under; null when none was approved (then nothing is released). */
  regelsettVersjon: number | null;
}

/** The decision as the notification records it (`automatisk_vurdering`). */
export function automatiskVurdering(b: AutomatiskBeslutning): AutomatiskVurdering {
  return b.frigis ? "FRIGITT" : b.regelsettVersjon === null ? "UTEN_REGELSETT" : "VENTER";
}

/** One guarded UPDATE: only from `fra` (and `versjon`), bumping the version; undefined when 0 rows. */
async function oppdaterStatus(
  trx: Trx,
  rad: ImportmeldingRad,
  til: ImportmeldingStatus,
  versjon: number | undefined,
  sett: StatusEndring["sett"],
): Promise<ImportmeldingRad | undefined> {
  let q = trx
    .updateTable("importmelding")
    .set({
      ...sett,
      status: til,
      status_endret: sql<Date>`now()`,
      versjon: sql<number>`versjon + 1`,
    })
    .where("id", "=", rad.id)
    .where("status", "=", rad.status);
  if (versjon !== undefined) q = q.where("versjon", "=", versjon);
  return q.returningAll().executeTakeFirst();
}

/** Why the service released a notification by itself (ADR 007), as the history says it. */
export const AUTOMATISK_FRIGITT_MERKNAD = {
  REGISTRERT: "Bare dokumentkontroll, ingen avvik og ingen risiko i sertifikatet",
  ANKOMMET: "Ingen avvik i kontrollene og ingen risiko i sertifikatet",
} as const;

/**
 * Changes the status atomically. Under a row lock (`SELECT … FOR UPDATE`): the same status again → 409
 * (a second REGISTRERT: 'Forhåndsmeldingen er allerede sendt inn'); a transition not in the table → 400;
 * a stale version → 409; then the preconditions, the guarded UPDATE (0 rows → 409), the audit row and the
 * automatic release. All or nothing.
 */
export async function endreStatus(db: Db, e: StatusEndring): Promise<ImportmeldingRad> {
  return db.transaction().execute((trx) => endreStatusI(trx, e));
}

/** endreStatus inside a transaction the caller has (one write with other changes). */
export async function endreStatusI(trx: Trx, e: StatusEndring): Promise<ImportmeldingRad> {
  const rad = await trx
    .selectFrom("importmelding")
    .selectAll()
    .where("id", "=", e.id)
    .forUpdate()
    .executeTakeFirst();
  if (!rad) throw notFound(FANT_IKKE_MELDING);
  const fra = status(rad);
  if (fra === e.til)
    throw conflict(ALLEREDE[e.til] ?? melding("api.tilstand.alleredeStatus", { status: fra }));
  if (e.til === "REGISTRERT" && erInnsendt(fra)) throw conflict(ALLEREDE_SENDT_INN);
  const av = rolle(e.aktoer);
  if (!av || !erLovligOvergang(fra, e.til, av)) {
    throw e.til === "ANKOMMET" && erVurdertFoerAnkomst(radVisning(rad))
      ? badRequest(VURDERT_FOER_ANKOMST)
      : kanIkkeEndres(fra);
  }
  if (e.versjon !== undefined && e.versjon !== rad.versjon) throw conflict(ENDRET_AV_ANDRE);
  await e.forutsetninger?.(trx, rad);

  const ny = await oppdaterStatus(trx, rad, e.til, e.versjon, e.sett);
  if (!ny) {
    const naa = await trx
      .selectFrom("importmelding")
      .select(["status"])
      .where("id", "=", e.id)
      .executeTakeFirst();
    throw conflict(naa && status(naa) === e.til ? (ALLEREDE[e.til] ?? ENDRET_AV_ANDRE) : ENDRET_AV_ANDRE);
  }
  await e.etter?.(trx, ny);
  const detaljer = await e.detaljer?.(trx, ny);
  // An assessment before arrival (ADR 041) is recorded as such, whichever endpoint made it.
  const foerAnkomst = erVurdertFoerAnkomst({
    status: e.til,
    kunDokumentkontroll: ny.kun_dokumentkontroll,
    faktiskAnkommet: ny.faktisk_ankommet,
  });
  const hendelseId = await skrivHendelse(trx, {
    importmeldingId: ny.id,
    type: "STATUS",
    aktoer: e.aktoer,
    fra,
    til: e.til,
    merknad: e.merknad,
    detaljer: foerAnkomst ? { ...detaljer, vurdertFoerAnkomst: true } : detaljer,
  });
  // The automatic decision (ADR 007, ADR 046), recorded on the notification; made before any event number is
  // taken, since the streams' counters stay locked until commit (ADR 036).
  const beslutning = e.automatiskFrigivelse ? await e.automatiskFrigivelse(trx, ny) : undefined;
  if (beslutning) {
    const registrert = {
      regelsett_versjon: beslutning.regelsettVersjon,
      automatisk_vurdering: automatiskVurdering(beslutning),
    };
    await trx.updateTable("importmelding").set(registrert).where("id", "=", ny.id).execute();
    Object.assign(ny, registrert);
  }
  // The authority's outcome by e-mail (ADR 034), in this transaction: written exactly when the change is.
  if (e.varsle !== false) {
    await leggUtfallIUtboks(trx, {
      importmeldingId: ny.id,
      hendelseId,
      utfall: e.til,
      avSystemet: e.aktoer.type === "SYSTEM",
    });
    // The owners' events and their webhooks (ADR 036), likewise.
    await skrivStatusHendelser(trx, ny, fra, e.til);
  }
  // The authority's case system's event (ADR 045): after the importers' counters (the lock order).
  await skrivMyndighetHendelse(trx, ny, { fra, til: e.til });

  if (beslutning?.frigis) {
    const frigitt = await oppdaterStatus(trx, ny, "AUTOMATISK_FRIGITT", undefined, undefined);
    if (!frigitt) throw conflict(ENDRET_AV_ANDRE);
    const frigittId = await skrivHendelse(trx, {
      importmeldingId: ny.id,
      type: "STATUS",
      aktoer: SYSTEM,
      fra: e.til,
      til: "AUTOMATISK_FRIGITT",
      merknad: AUTOMATISK_FRIGITT_MERKNAD[e.til === "REGISTRERT" ? "REGISTRERT" : "ANKOMMET"],
      detaljer:
        beslutning.regelsettVersjon === null
          ? undefined
          : { regelsett: { versjon: beslutning.regelsettVersjon } },
    });
    if (e.varsle !== false) {
      await leggUtfallIUtboks(trx, {
        importmeldingId: ny.id,
        hendelseId: frigittId,
        utfall: "AUTOMATISK_FRIGITT",
        avSystemet: true,
      });
      await skrivStatusHendelser(trx, frigitt, e.til, "AUTOMATISK_FRIGITT");
    }
    await skrivMyndighetHendelse(trx, frigitt, { fra: e.til, til: "AUTOMATISK_FRIGITT" });
    return frigitt;
  }
  return ny;
}

/**
 * A content change: claims the row with `UPDATE … SET versjon = versjon + 1 WHERE id = ? AND status IN
 * (allowed) [AND versjon = ?]` (which also locks it), then runs `endre` in the same transaction. 0 rows →
 * 404 (no such notification), 400 (not editable in its status) or 409 (stale version); nothing changes.
 * `endre` returns what it changed (field, from, to); when that is anything, one ENDRET event with the actor
 * is written in the same transaction, and when it is nothing, none. `hendelse`: another event type and more
 * details for it (the copied answers, ADR 061).
 */
export async function endreInnhold(
  db: Db,
  args: {
    id: number;
    del: Del;
    versjon?: number;
    aktoer: Aktoer;
    hendelse?: { type: HendelseType; detaljer: HendelseDetaljer };
  },
  endre: (trx: Trx, rad: ImportmeldingRad) => Promise<Endring[]>,
): Promise<Endring[]> {
  const tillatt: readonly ImportmeldingStatus[] = REDIGERBAR_I[args.del];
  return db.transaction().execute(async (trx) => {
    let q = trx
      .updateTable("importmelding")
      .set({ versjon: sql<number>`versjon + 1` })
      .where("id", "=", args.id)
      .where("status", "in", tillatt);
    if (args.versjon !== undefined) q = q.where("versjon", "=", args.versjon);
    const rad = await q.returningAll().executeTakeFirst();
    if (!rad) {
      const naa = await trx
        .selectFrom("importmelding")
        .select(["status", "kun_dokumentkontroll", "faktisk_ankommet"])
        .where("id", "=", args.id)
        .executeTakeFirst();
      if (!naa) throw notFound(FANT_IKKE_MELDING);
      if (!tillatt.includes(status(naa))) {
        const mottak = args.del === "mottakskontroll" || args.del === "faktiskMengde";
        throw mottak && erVurdertFoerAnkomst(radVisning(naa))
          ? badRequest(VURDERT_FOER_ANKOMST)
          : kanIkkeEndres(status(naa));
      }
      throw conflict(ENDRET_AV_ANDRE);
    }
    const endringer = await endre(trx, rad);
    if (endringer.length > 0) {
      await skrivHendelse(trx, {
        importmeldingId: rad.id,
        type: args.hendelse?.type ?? "ENDRET",
        aktoer: args.aktoer,
        detaljer: { del: args.del, endringer, ...args.hendelse?.detaljer },
      });
      // A submitted notification's arrival changed: the authority plans its inspection by it (ADR 045).
      if (args.del === "ankomstinfo" && rad.status === "REGISTRERT") {
        await skrivMyndighetHendelse(trx, rad, {
          fra: null,
          til: "REGISTRERT",
          type: "importmelding.ankomst_endret",
        });
      }
    }
    return endringer;
  });
}

/** The changes between two values of the same fields (null and "" are both "not given"). */
export function endringerMellom(
  felter: readonly string[],
  foer: Record<string, string | null | undefined>,
  etter: Record<string, string | null | undefined>,
): Endring[] {
  const norm = (v: string | null | undefined) => (v === undefined || v === null || v === "" ? null : v);
  return felter.flatMap((felt) => {
    const fra = norm(foer[felt]);
    const til = norm(etter[felt]);
    return fra === til ? [] : [{ felt, fra, til }];
  });
}
