// Creating a notification from a certificate (SPEC §7 POST on the base path; §5 "Certificates", §9):
// the refusals, then the notification, its control questions and one empty arrival entry, in one
// transaction with an audit row. The partial unique index allows one live notification per certificate.
import { sql } from "kysely";
import type { Db } from "../../db";
import { formaterOrganisasjonsnummer, osloDato } from "../../domain/format";
import { erPapirloestLand, landNavn } from "../../domain/kodeverk";
import {
  type UtledeteKontrollspoersmaal,
  utledKontrollspoersmaal,
} from "../../domain/kontrollspoersmaal-utledning";
import type { SertifikatVurdering } from "../../domain/risiko/vurder";
import type { OpprettImportmeldingVerdier } from "../../domain/schemas/importmelding";
import {
  datoStemmer,
  erSertifikatForGammelt,
  FOR_GAMMELT_SERTIFIKAT_MELDING,
  INGEN_VARELINJER_MELDING,
  type LagretSertifikat,
} from "../../domain/sertifikat";
import type { AnnenForhaandsmelding } from "../../domain/sertifikat-visning";
import { melding } from "../../sprak/melding";
import type { KlientAktoer } from "../aktoer";
import { landNavnFor } from "../dokumenter/tekst";
import { ApiError, badRequest, forbidden, notFound, SprakFeil } from "../http/feil";
import { hentImportoerMatch, kanSe } from "../sertifikat/synlighet";
import { annenForhaandsmelding, erMottaker, vikForMottaker } from "./mottaker";
import { erEier, REGELVERK_IKKE_BEKREFTET_OPPRETT } from "./tilgang";
import { skrivHendelse, type Trx } from "./tilstand";

export const FANT_IKKE_SERTIFIKAT = melding("api.fantIkkeSertifikatet");
export const FINNES_ALLEREDE = melding("api.finnesAllerede");
export const IKKE_ANSVARLIG = melding("api.ikkeAnsvarlig");
export const UGYLDIG_DOKUMENTKONTROLL = melding("api.ugyldigDokumentkontroll");
export const TRUKKET_TILBAKE = melding("api.trukketTilbake");
export const ERSTATTET = melding("api.erstattet");
/** The 400 for a country without paperless certificates, naming the country in the reader's language. */
export const ikkePapirloest = (kode: string) =>
  new SprakFeil(400, (t) =>
    t("api.ikkePapirloest", { land: landNavnFor(t, { kode, navn: landNavn(kode) }) }),
  );

/** Certificate status code 40: withdrawn by the export country. */
export const TRUKKET_TILBAKE_KODE = "40";

/**
 * A 409 for a certificate that has a live notification; it names that notification only to an importer on
 * its owner side (another organisation's id is none of the caller's business).
 */
export class FinnesAlleredeFeil extends ApiError {
  readonly importMeldingId: number | undefined;
  constructor(
    melding: Parameters<typeof erEier>[0] & { id: number },
    importoerId: number,
    tekst: string = FINNES_ALLEREDE,
  ) {
    super(409, tekst);
    this.importMeldingId = erEier(melding, importoerId) ? melding.id : undefined;
  }
}

/**
 * The 409 an importer on the certificate gets when another organisation's notification stays (ADR 027: the
 * authority has assessed it, or its responsible importer is on the certificate too): who has it and its
 * status, as the certificate page tells the same importer, and whom to contact.
 */
export function finnesAlleredeHos(annen: AnnenForhaandsmelding): string {
  return melding("api.finnesAlleredeHos", {
    navn: annen.opprettetAv.navn,
    orgnr: formaterOrganisasjonsnummer(annen.opprettetAv.organisasjonsnummer),
    status: annen.status,
  });
}

const LEVENDE_UNNTATT = ["SLETTET", "TILBAKETRUKKET"];

/**
 * The certificate may still be notified: from a paperless country, with goods lines to notify (SPEC §8: a
 * certificate without them cannot be processed), not withdrawn, not replaced.
 */
export function sjekkSertifikatGyldig(s: {
  status_kode: string | null;
  erstattet_av_id: number | null;
  eksportland: string;
  antall_varelinjer: number;
}) {
  if (!erPapirloestLand(s.eksportland)) throw ikkePapirloest(s.eksportland);
  if (s.antall_varelinjer === 0) throw badRequest(INGEN_VARELINJER_MELDING);
  if ((s.status_kode ?? "").trim().replace(/^0+(?=\d)/, "") === TRUKKET_TILBAKE_KODE)
    throw badRequest(TRUKKET_TILBAKE);
  if (s.erstattet_av_id !== null) throw badRequest(ERSTATTET);
}

/** The importers `importoerId` may make responsible: itself, and those it is an active controller for. */
export async function tillatteAnsvarlige(db: Db, importoerId: number): Promise<number[]> {
  const rader = await db
    .selectFrom("mottakskontrolloer_avtale as a")
    .innerJoin("importoer as k", "k.id", "a.mottakskontrolloer_id")
    .select("a.importoer_id")
    .where("a.mottakskontrolloer_id", "=", importoerId)
    .where("k.er_mottakskontrolloer", "=", true)
    .execute();
  return [importoerId, ...rader.map((r) => r.importoer_id)];
}

/** The new notification's control questions, documentary and reception, as the certificate gave them. */
async function leggInnKontrollspoersmaal(
  trx: Trx,
  importmeldingId: number,
  spoersmaal: UtledeteKontrollspoersmaal,
): Promise<void> {
  const rader = [
    ...spoersmaal.dokument.map((s) => ({ ...s, kategori: "DOKUMENT" as const })),
    ...spoersmaal.mottak.map((s) => ({ ...s, kategori: "MOTTAK" as const })),
  ];
  if (rader.length === 0) return;
  await trx
    .insertInto("kontrollspoersmaal")
    .values(
      rader.map((s) => ({
        importmelding_id: importmeldingId,
        kategori: s.kategori,
        kode: s.kode,
        rekkefoelge: s.rekkefoelge,
      })),
    )
    .execute();
}

type Levende = Parameters<typeof annenForhaandsmelding>[2] & Parameters<typeof erEier>[0] & { id: number };

/**
 * What becomes of the certificate's live notification when `importoerId` creates one with `ansvarligId`
 * responsible (ADR 027): it gives way (SLETTET or TILBAKETRUKKET), or a 409 is thrown — naming who holds it
 * to an importer on the certificate, the plain message to anyone else.
 */
async function somViker(
  db: Db,
  a: {
    sert: { mottaker_orgnr: string | null; mottaker_navn_norm: string | null };
    eksisterende: Levende;
    importoerId: number;
    ansvarligId: number;
  },
): Promise<{
  id: number;
  til: "SLETTET" | "TILBAKETRUKKET";
  mottaker: string;
  annen: AnnenForhaandsmelding;
}> {
  const annen =
    (await erMottaker(db, a.ansvarligId, a.sert)) && !erEier(a.eksisterende, a.importoerId)
      ? await annenForhaandsmelding(db, a.sert, a.eksisterende)
      : undefined;
  const til = annen?.vedNyMelding;
  if (!annen || !til) {
    throw new FinnesAlleredeFeil(
      a.eksisterende,
      a.importoerId,
      annen ? finnesAlleredeHos(annen) : FINNES_ALLEREDE,
    );
  }
  const ansvarlig = await hentImportoerMatch(db, a.ansvarligId);
  return {
    id: a.eksisterende.id,
    til,
    mottaker: `${ansvarlig.navn} (${ansvarlig.organisasjonsnummer})`,
    annen,
  };
}

export async function opprettImportmelding(
  db: Db,
  args: {
    importoerId: number;
    aktoer: KlientAktoer;
    body: OpprettImportmeldingVerdier;
    naa?: Date;
  },
): Promise<{ id: number }> {
  const { importoerId, body } = args;
  const naa = args.naa ?? new Date();

  // (export country, number) is unique; the date must match the certificate's within the slack the
  // certificate search allows (NL certificates may be dated ±2 days, SPEC §2).
  const sert = await db
    .selectFrom("sertifikat")
    .selectAll()
    .where("eksportland", "=", body.eksportLand)
    .where(sql<boolean>`upper(nummer) = upper(${body.nummer})`)
    .executeTakeFirst();
  if (
    !sert ||
    !datoStemmer(sert.eksportland, sert.utstedt_dato, body.utstedtDato) ||
    !(await kanSe(db, await hentImportoerMatch(db, importoerId), sert))
  ) {
    throw notFound(FANT_IKKE_SERTIFIKAT);
  }

  const ansvarligId = body.ansvarligImportoerId;
  if (!(await tillatteAnsvarlige(db, importoerId)).includes(ansvarligId)) throw forbidden(IKKE_ANSVARLIG);
  const dokumentkontrollId = body.ansvarligDokumentkontrollId;
  if (
    dokumentkontrollId !== undefined &&
    dokumentkontrollId !== importoerId &&
    dokumentkontrollId !== ansvarligId
  ) {
    throw badRequest(UGYLDIG_DOKUMENTKONTROLL);
  }

  // The acting importer must have confirmed the regulations. A reception controller may prepare a
  // notification for an importer that has not yet; that importer confirms when it submits (ADR 007).
  const oppretter = await db
    .selectFrom("importoer")
    .select("har_lest_regelverk")
    .where("id", "=", importoerId)
    .executeTakeFirst();
  if (!oppretter?.har_lest_regelverk) throw badRequest(REGELVERK_IKKE_BEKREFTET_OPPRETT);

  const data = sert.data as LagretSertifikat;
  sjekkSertifikatGyldig({ ...sert, antall_varelinjer: data.varelinjer.length });
  if (erSertifikatForGammelt(sert.utstedt_dato, osloDato(naa)))
    throw badRequest(FOR_GAMMELT_SERTIFIKAT_MELDING);

  const finnLevende = (q: Db) =>
    q
      .selectFrom("importmelding")
      .select([
        "id",
        "status",
        "ansvarlig_importoer_id",
        "opprettet_av_importoer_id",
        "ansvarlig_dokumentkontroll_id",
      ])
      .where("sertifikat_id", "=", sert.id)
      .where("status", "not in", LEVENDE_UNNTATT)
      .executeTakeFirst();
  // Another organisation's notification gives way when the new one's responsible importer is named on the
  // certificate (ADR 027); otherwise one live notification per certificate.
  const eksisterende = await finnLevende(db);
  const vike = eksisterende
    ? await somViker(db, { sert, eksisterende, importoerId, ansvarligId })
    : undefined;

  const spoersmaal = utledKontrollspoersmaal(data, sert.vurdering as SertifikatVurdering);
  const aar = osloDato(naa).slice(0, 4);

  try {
    return await db.transaction().execute(async (trx) => {
      if (vike && !(await vikForMottaker(trx, { ...vike, aktoer: args.aktoer }))) {
        throw new FinnesAlleredeFeil(eksisterende!, importoerId);
      }
      const { nr } = await sql<{ nr: number }>`select nextval('importmelding_nummer_seq')::int as nr`
        .execute(trx)
        .then((r) => r.rows[0] ?? { nr: 0 });
      const melding = await trx
        .insertInto("importmelding")
        .values({
          nummer: `IM-${aar}-${nr}`,
          sertifikat_id: sert.id,
          ansvarlig_importoer_id: ansvarligId,
          ansvarlig_dokumentkontroll_id: dokumentkontrollId ?? null,
          opprettet_av_importoer_id: importoerId,
          status: "UNDER_REGISTRERING",
          innmelder: sql<string>`null`,
          kun_dokumentkontroll: spoersmaal.kunDokumentkontroll,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await leggInnKontrollspoersmaal(trx, melding.id, spoersmaal);
      await trx.insertInto("ankomstinfo").values({ importmelding_id: melding.id }).execute();
      const parter = await trx
        .selectFrom("importoer")
        .select(["id", "navn", "organisasjonsnummer"])
        .where("id", "in", [ansvarligId, dokumentkontrollId ?? ansvarligId])
        .execute();
      const part = (pid: number | undefined) => {
        const p = parter.find((x) => x.id === pid);
        return p ? { navn: p.navn, organisasjonsnummer: p.organisasjonsnummer } : null;
      };
      await skrivHendelse(trx, {
        importmeldingId: melding.id,
        type: "OPPRETTET",
        aktoer: args.aktoer,
        til: "UNDER_REGISTRERING",
        merknad: `Opprettet for sertifikat ${sert.nummer}`,
        detaljer: {
          sertifikat: { nummer: sert.nummer, eksportland: landNavn(sert.eksportland) },
          ansvarligImportoer: part(ansvarligId) ?? undefined,
          ansvarligDokumentkontroll: part(dokumentkontrollId),
          ...(vike ? { vek: { opprettetAv: vike.annen.opprettetAv, til: vike.til } } : {}),
        },
      });
      return { id: melding.id };
    });
  } catch (feil) {
    // Created by a concurrent request since we looked (the partial unique index).
    if ((feil as { code?: string }).code === "23505") {
      const naa = await finnLevende(db);
      if (naa) throw new FinnesAlleredeFeil(naa, importoerId);
    }
    throw feil;
  }
}
