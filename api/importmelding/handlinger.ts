// The status changes of SPEC §4 with their preconditions and the automatic-release rule (ADR 007), on top
// of tilstand.ts. Used by the notification router, the authority's endpoint and scripts/myndighet-vurder.ts.

import { sql } from "kysely";
import type { Db } from "../../db";
import type { Ventegrunn } from "../../domain/historikk";
import { alleBesvart, ankomstErRegistrert, MENGDE_FELTER } from "../../domain/importmelding";
import { kreverFaktiskMengde, type SvarKode } from "../../domain/kontrollspoersmaal";
import {
  ANKOMST_MELDINGER,
  type KlientStatus,
  type MyndighetStatus,
} from "../../domain/schemas/importmelding";
import type { LagretSertifikat } from "../../domain/sertifikat";
import type { ImportmeldingStatus } from "../../domain/status";
import { fraAnkomsttid } from "../../domain/tidsrom";
import { melding } from "../../sprak/melding";
import { type Aktoer, type KlientAktoer, MYNDIGHET } from "../aktoer";
import { badRequest } from "../http/feil";
import { type GjeldendeRegelsett, gjeldendeRegelsettI } from "../regelsett/gjeldende";
import { vurder } from "../sertifikat/ingest";
import { mottakskontrolloerValg } from "./kontrolloervalg";
import { ansvarligErMottaker } from "./mottaker";
import { sjekkSertifikatGyldig } from "./opprett";
import { harLestRegelverk, REGELVERK_IKKE_BEKREFTET_REGISTRER } from "./tilgang";
import { type AutomatiskBeslutning, endreStatus, type ImportmeldingRad, type Trx } from "./tilstand";

// message references, resolved in the caller's language by sendError (docs/sprak.md «En API-melding»)
export const MANGLER_INNMELDER = melding("api.innsending.manglerInnmelder");
export const DOKUMENTKONTROLL_IKKE_FERDIG = melding("api.innsending.dokumentkontrollIkkeFerdig");
export const ANKOMST_IKKE_REGISTRERT = melding("api.innsending.ankomstIkkeRegistrert");
export const MOTTAKSKONTROLLOER_IKKE_VALGT = melding("api.innsending.kontrolloerIkkeValgt");
export const MOTTAKSKONTROLL_IKKE_FERDIG = melding("api.innsending.mottakskontrollIkkeFerdig");
export const FAKTISK_MENGDE_IKKE_LAGRET = melding("api.innsending.faktiskMengdeIkkeLagret");
export const KUN_DOKUMENTKONTROLL = melding("api.innsending.kunDokumentkontroll");

async function spoersmaal(trx: Trx, id: number) {
  return trx
    .selectFrom("kontrollspoersmaal")
    .select(["kategori", "svar", "avvik"])
    .where("importmelding_id", "=", id)
    .execute();
}

async function sertifikatFor(trx: Trx, rad: ImportmeldingRad) {
  return trx
    .selectFrom("sertifikat")
    .select([
      "status_kode",
      "erstattet_av_id",
      "eksportland",
      "alvorlighetsgrad",
      "regelsett_versjon",
      sql<number>`jsonb_array_length(data -> 'varelinjer')`.as("antall_varelinjer"),
    ])
    .where("id", "=", rad.sertifikat_id)
    .executeTakeFirstOrThrow();
}

/** Checks for REGISTRERT (SPEC §4, §5): regulations, certificate still valid, innmelder, answers, arrival. */
async function kanRegistreres(trx: Trx, rad: ImportmeldingRad, importoerId: number): Promise<void> {
  for (const iid of new Set([rad.ansvarlig_importoer_id, importoerId])) {
    if (!(await harLestRegelverk(trx, iid))) throw badRequest(REGELVERK_IKKE_BEKREFTET_REGISTRER);
  }
  sjekkSertifikatGyldig(await sertifikatFor(trx, rad));
  if (!rad.innmelder) throw badRequest(MANGLER_INNMELDER);
  const dokument = (await spoersmaal(trx, rad.id)).filter((s) => s.kategori === "DOKUMENT");
  if (!alleBesvart(dokument.map((s) => ({ kontrollSvar: s.svar }))))
    throw badRequest(DOKUMENTKONTROLL_IKKE_FERDIG);
  const ankomst = await trx
    .selectFrom("ankomstinfo")
    .selectAll()
    .where("importmelding_id", "=", rad.id)
    .orderBy("id")
    .executeTakeFirst();
  const tid = ankomst?.ankomsttid ? fraAnkomsttid(ankomst.ankomsttid) : null;
  const registrert =
    ankomst !== undefined &&
    ankomstErRegistrert({
      ankomstTid: tid,
      kontrollAdresse: {
        linje1: ankomst.adresse_linje1,
        postnummer: ankomst.postnummer,
        poststed: ankomst.poststed,
      },
    });
  if (!registrert) throw badRequest(ANKOMST_IKKE_REGISTRERT);
  if (!rad.kun_dokumentkontroll && ankomst.mottakskontrolloer_id === null) {
    throw badRequest(MOTTAKSKONTROLLOER_IKKE_VALGT);
  }
  // A controller removed from the importer's list since it was chosen (ADR 011, issue 23 item 5).
  if (!rad.kun_dokumentkontroll && ankomst.mottakskontrolloer_id !== null) {
    const valg = await mottakskontrolloerValg(trx, rad.ansvarlig_importoer_id);
    if (!valg.some((v) => v.importoerId === ankomst.mottakskontrolloer_id))
      throw badRequest(ANKOMST_MELDINGER.mottakskontrolloerIkkeFunnet);
  }
}

/**
 * The lower-quantity answer says what is missing through the actual quantities (PUT mottakskontroll, saved
 * on 'Bekreft' of the content page): ANKOMMET needs them saved, unless no goods line states a quantity.
 */
async function kreverLagretFaktiskMengde(trx: Trx, rad: ImportmeldingRad): Promise<void> {
  const sert = await trx
    .selectFrom("sertifikat")
    .select("data")
    .where("id", "=", rad.sertifikat_id)
    .executeTakeFirstOrThrow();
  const harMengder = (sert.data as LagretSertifikat).varelinjer.some((l) =>
    MENGDE_FELTER.some((f) => l.mengde[f]),
  );
  if (!harMengder) return;
  const lagret = await trx
    .selectFrom("faktisk_mengde")
    .select("importmelding_id")
    .where("importmelding_id", "=", rad.id)
    .executeTakeFirst();
  if (!lagret) throw badRequest(FAKTISK_MENGDE_IKKE_LAGRET);
}

/**
 * The certificate's severity under `regelsett`: as stored when it was assessed under that version, otherwise
 * assessed again from the stored certificate (a certificate that came before the version was approved, or in
 * the moments before this process saw it, api/regelsett/gjeldende.ts).
 */
async function alvorlighetsgradEtter(
  trx: Trx,
  rad: ImportmeldingRad,
  sert: { alvorlighetsgrad: string; regelsett_versjon: number | null },
  regelsett: GjeldendeRegelsett,
): Promise<string> {
  if (sert.regelsett_versjon === regelsett.versjon) return sert.alvorlighetsgrad;
  const { data } = await trx
    .selectFrom("sertifikat")
    .select("data")
    .where("id", "=", rad.sertifikat_id)
    .executeTakeFirstOrThrow();
  return vurder(data as LagretSertifikat, regelsett.regelsett).alvorlighetsgrad;
}

/**
 * May this notification be released automatically? The one place that decides it (ADR 007, ADR 046):
 * - only under risk rules the authority has approved (`regelsett`; null: none, and every notification waits
 *   for the authority);
 * - the certificate's severity under those rules is ALT_OK;
 * - after REGISTRERT: document control only, and no document answer is a deviation;
 * - after ANKOMMET: no answer at all is a deviation;
 * - never when the responsible importer is not on the certificate (ADR 027, issue 34 item 1): anyone may find a
 *   certificate by its keys, so such a notification waits for the authority, whatever its answers.
 */
export async function skalFrigisAutomatisk(
  trx: Trx,
  rad: ImportmeldingRad,
  etter: "REGISTRERT" | "ANKOMMET",
  regelsett: GjeldendeRegelsett | null,
): Promise<boolean> {
  if (!regelsett) return false;
  if (await venterPaaMyndighet(trx, rad)) return false;
  const sert = await sertifikatFor(trx, rad);
  if ((await alvorlighetsgradEtter(trx, rad, sert, regelsett)) !== "ALT_OK") return false;
  const svar = await spoersmaal(trx, rad.id);
  if (etter === "REGISTRERT") {
    return rad.kun_dokumentkontroll && !svar.some((s) => s.kategori === "DOKUMENT" && s.avvik);
  }
  return !svar.some((s) => s.avvik);
}

/** The automatic decision after REGISTRERT or ANKOMMET, under the ruleset current now (read in this transaction). */
async function automatiskBeslutning(
  trx: Trx,
  rad: ImportmeldingRad,
  etter: "REGISTRERT" | "ANKOMMET",
  utviklingssett: boolean,
): Promise<AutomatiskBeslutning> {
  const regelsett = await gjeldendeRegelsettI(trx, utviklingssett);
  return {
    frigis: await skalFrigisAutomatisk(trx, rad, etter, regelsett),
    regelsettVersjon: regelsett?.versjon ?? null,
  };
}

/**
 * Why the notification waits for the authority whatever its answers (recorded on the REGISTRERT and ANKOMMET
 * events, domain/historikk.ts): its responsible importer is not on the certificate; undefined otherwise.
 */
async function venterPaaMyndighet(trx: Trx, rad: ImportmeldingRad): Promise<Ventegrunn | undefined> {
  return (await ansvarligErMottaker(trx, rad)) ? undefined : "ANSVARLIG_IKKE_PAA_SERTIFIKATET";
}

/** The deviations among the reception control's answers, as the ANKOMMET event reports them. */
async function rapporterteAvvik(trx: Trx, id: number) {
  const rader = await trx
    .selectFrom("kontrollspoersmaal")
    .select(["kode", "svar", "kommentar"])
    .where("importmelding_id", "=", id)
    .where("kategori", "=", "MOTTAK")
    .where("avvik", "=", true)
    .orderBy("rekkefoelge")
    .execute();
  return rader.map((r) => ({ spoersmaal: r.kode, svar: r.svar ?? "", kommentar: r.kommentar }));
}

/** A status change requested by the importer's client (PUT .../status), a person or its system. */
export async function endreKlientStatus(
  db: Db,
  args: {
    id: number;
    til: KlientStatus;
    aktoer: KlientAktoer;
    versjon?: number;
    varsle?: boolean;
    /** Whether the development ruleset counts as approved (config.utviklingssettTillatt; default true). */
    utviklingssett?: boolean;
  },
): Promise<ImportmeldingRad> {
  const utviklingssett = args.utviklingssett ?? true;
  const importoerId = args.aktoer.virksomhet.importoerId;
  const felles = { id: args.id, aktoer: args.aktoer, versjon: args.versjon, varsle: args.varsle };
  switch (args.til) {
    case "REGISTRERT":
      return endreStatus(db, {
        ...felles,
        til: "REGISTRERT",
        forutsetninger: (trx, rad) => kanRegistreres(trx, rad, importoerId),
        detaljer: async (trx, rad) => {
          const grunn = await venterPaaMyndighet(trx, rad);
          return grunn ? { venterPaaMyndighet: grunn } : undefined;
        },
        automatiskFrigivelse: (trx, rad) => automatiskBeslutning(trx, rad, "REGISTRERT", utviklingssett),
      });
    case "ANKOMMET":
      return endreStatus(db, {
        ...felles,
        til: "ANKOMMET",
        sett: { faktisk_ankommet: new Date() },
        forutsetninger: async (trx, rad) => {
          if (rad.kun_dokumentkontroll) throw badRequest(KUN_DOKUMENTKONTROLL);
          if (!(await harLestRegelverk(trx, importoerId)))
            throw badRequest(REGELVERK_IKKE_BEKREFTET_REGISTRER);
          const mottak = (await spoersmaal(trx, rad.id)).filter((s) => s.kategori === "MOTTAK");
          if (mottak.length === 0 || !alleBesvart(mottak.map((s) => ({ kontrollSvar: s.svar })))) {
            throw badRequest(MOTTAKSKONTROLL_IKKE_FERDIG);
          }
          if (mottak.some((s) => kreverFaktiskMengde(s.svar as SvarKode | null))) {
            await kreverLagretFaktiskMengde(trx, rad);
          }
        },
        etter: async (trx, rad) => {
          await trx
            .updateTable("ankomstinfo")
            .set({ sending_ankommet: true })
            .where("importmelding_id", "=", rad.id)
            .execute();
        },
        detaljer: async (trx, rad) => {
          const grunn = await venterPaaMyndighet(trx, rad);
          return {
            avvik: await rapporterteAvvik(trx, rad.id),
            ...(grunn ? { venterPaaMyndighet: grunn } : {}),
          };
        },
        automatiskFrigivelse: (trx, rad) => automatiskBeslutning(trx, rad, "ANKOMMET", utviklingssett),
      });
    case "TILBAKETRUKKET":
      return endreStatus(db, { ...felles, til: "TILBAKETRUKKET" });
  }
}

export const BARE_UTKAST_KAN_SLETTES = melding("api.bareUtkastKanSlettes");

/** DELETE: a draft becomes SLETTET (kept for the audit trail, gone from every list). */
export async function slettUtkast(db: Db, args: { id: number; aktoer: KlientAktoer }): Promise<void> {
  await endreStatus(db, {
    id: args.id,
    til: "SLETTET",
    aktoer: args.aktoer,
    forutsetninger: async (_trx, rad) => {
      if (rad.status !== "UNDER_REGISTRERING") throw badRequest(BARE_UTKAST_KAN_SLETTES);
    },
  });
}

/**
 * The authority's assessment (POST /myndighet/v2/importmeldinger/{nummer}/vurdering, ADR 045): the outcome, the
 * reason the importer is shown and the decision letter's reference, on the notification and in its history.
 */
export async function vurderImportmelding(
  db: Db,
  args: {
    id: number;
    status: MyndighetStatus;
    begrunnelse?: string;
    vedtaksbrevReferanse?: string;
    aktoer?: Aktoer;
    varsle?: boolean;
  },
): Promise<ImportmeldingRad> {
  return endreStatus(db, {
    id: args.id,
    til: args.status,
    aktoer: args.aktoer ?? MYNDIGHET,
    varsle: args.varsle,
    merknad: args.begrunnelse,
    sett: {
      vurdering_begrunnelse: args.begrunnelse ?? null,
      vedtaksbrev_referanse: args.vedtaksbrevReferanse ?? null,
    },
    detaljer: args.vedtaksbrevReferanse
      ? async () => ({ vedtaksbrev: args.vedtaksbrevReferanse })
      : undefined,
  });
}

export function statusSvar(rad: ImportmeldingRad): { status: ImportmeldingStatus; statusEndret: string } {
  return {
    status: rad.status as ImportmeldingStatus,
    statusEndret: new Date(rad.status_endret).toISOString(),
  };
}
