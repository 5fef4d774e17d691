// «Bruk svarene fra IM-…» (issue 36 item 14, docs/decisions/061-bruk-svarene-fra-forrige.md): a draft may take
// the answers that belong to the importer and the consignor rather than to the certificate — the notifier, the
// arrival place, the reception controller and the «not required» answers of the documentary check — from the
// importer's most recent submitted notification of a certificate from the same consignor. The app offers it;
// the person chooses it; this copies it in one transaction with one SVAR_KOPIERT event naming the source.
import type { Db } from "../../db";
import { formaterOrganisasjonsnummer } from "../../domain/format";
import type { Endring } from "../../domain/historikk";
import type { KopiResultat, SvarKilde } from "../../domain/importmelding";
import { type ImportmeldingStatus, INNSENDTE_STATUSER } from "../../domain/status";
import { melding } from "../../sprak/melding";
import type { Aktoer } from "../aktoer";
import { badRequest } from "../http/feil";
import { type AnkomstRad, ankomstEndringer } from "./endringer";
import { mottakskontrolloerValg } from "./kontrolloervalg";
import { erEier, hentMedTilgang } from "./tilgang";
import { endreInnhold, endringerMellom, type ImportmeldingRad, type Trx } from "./tilstand";

export const KOPI_SAMME_MELDING = melding("api.kopi.sammeMelding");
export const KOPI_ANNEN_IMPORTOER = melding("api.kopi.annenImportoer");
export const KOPI_IKKE_INNSENDT = melding("api.kopi.ikkeInnsendt");

/** A source is submitted and not withdrawn (its answers may be why it was withdrawn). */
export const KILDE_STATUSER: readonly ImportmeldingStatus[] = INNSENDTE_STATUSER.filter(
  (s) => s !== "TILBAKETRUKKET",
);

/**
 * The documentary check answers that say something about the goods' import rules, not about what this
 * certificate states («no additional declaration is required for these goods»). «Correct» and «deviation»
 * are a reading of the certificate at hand: those the person always gives anew.
 */
export const KOPIERBARE_SVAR: readonly string[] = [
  "DOKUMENT_TILLEGGSERKLAERING_IKKE_KRAV",
  "DOKUMENT_OPPRINNELSESSTED_IKKE_KRAV",
];

/**
 * The importer's most recent (last status change) notification, other than the draft, of a certificate from
 * the draft's consignor, submitted and not withdrawn, that the caller may read; null when there is none. One
 * probe of the (ansvarlig_importoer_id, avsender_navn, status_endret desc, id desc) index of migration 010,
 * whatever the importer's number of notifications.
 */
export async function finnSvarKilde(
  db: Db,
  utkast: Pick<ImportmeldingRad, "id" | "ansvarlig_importoer_id" | "avsender_navn">,
  importoerId: number,
): Promise<SvarKilde | null> {
  if (!utkast.avsender_navn) return null;
  const kilde = await db
    .selectFrom("importmelding")
    .select([
      "id",
      "nummer",
      "status_endret",
      "ansvarlig_importoer_id",
      "opprettet_av_importoer_id",
      "ansvarlig_dokumentkontroll_id",
    ])
    .where("ansvarlig_importoer_id", "=", utkast.ansvarlig_importoer_id)
    .where("avsender_navn", "=", utkast.avsender_navn)
    .where("status", "<>", "SLETTET")
    .where("status", "in", KILDE_STATUSER)
    .where("id", "<>", utkast.id)
    .orderBy("status_endret", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  // a reception controller preparing a draft for its importer sees only the importer's own (ADR 007)
  if (!kilde || !erEier(kilde, importoerId)) return null;
  const innsendt = await db
    .selectFrom("importmelding_hendelse")
    .select("tidspunkt")
    .where("importmelding_id", "=", kilde.id)
    .where("type", "=", "STATUS")
    .where("til_status", "=", "REGISTRERT")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  return {
    id: kilde.id,
    nummer: kilde.nummer,
    sendtInn: new Date(innsendt?.tidspunkt ?? kilde.status_endret).toISOString(),
  };
}

/** The source's arrival entry and its controller, if the draft's importer may still choose that controller. */
async function kildensAnkomst(db: Db, kildeId: number, ansvarligId: number, kunDokumentkontroll: boolean) {
  const ankomst = await db
    .selectFrom("ankomstinfo as a")
    .leftJoin("importoer as k", "k.id", "a.mottakskontrolloer_id")
    .select([
      "a.adresse_linje1",
      "a.adresse_linje2",
      "a.postnummer",
      "a.poststed",
      "a.mottakskontrolloer_id",
      "k.navn as kontrolloer_navn",
      "k.organisasjonsnummer as kontrolloer_orgnr",
    ])
    .where("a.importmelding_id", "=", kildeId)
    .orderBy("a.id")
    .executeTakeFirst();
  const kontrolloerId = ankomst?.mottakskontrolloer_id ?? null;
  // a draft with document control only asks for no controller: nothing to copy, nothing to say
  if (kontrolloerId === null || kunDokumentkontroll) return { ankomst, kontrolloer: null, ikkeKopiert: null };
  const valgbar = (await mottakskontrolloerValg(db, ansvarligId)).some(
    (v) => v.importoerId === kontrolloerId,
  );
  const navn = ankomst?.kontrolloer_navn
    ? `${ankomst.kontrolloer_navn} (org.nr. ${formaterOrganisasjonsnummer(ankomst.kontrolloer_orgnr ?? "")})`
    : String(kontrolloerId);
  return valgbar
    ? { ankomst, kontrolloer: kontrolloerId, ikkeKopiert: null }
    : { ankomst, kontrolloer: null, ikkeKopiert: navn };
}

/**
 * Copies the answers of `kildeId` into the draft `utkast` for `importoerId` (on the draft's owner side, checked by
 * the route; on the source's too, hentMedTilgang: another organisation's notification is 404 as everywhere). The source belongs to the
 * draft's responsible importer and is submitted and not withdrawn. One transaction (endreInnhold: the draft
 * still a draft, the version when given); the time of arrival, the own reference and the certificate's
 * answers are never copied. Refused: nothing written.
 */
export async function kopierSvar(
  db: Db,
  a: { utkast: ImportmeldingRad; kildeId: number; importoerId: number; versjon?: number; aktoer: Aktoer },
): Promise<KopiResultat> {
  const { utkast } = a;
  if (a.kildeId === utkast.id) throw badRequest(KOPI_SAMME_MELDING);
  const { rad: kilde } = await hentMedTilgang(db, a.kildeId, a.importoerId, "eier");
  if (kilde.ansvarlig_importoer_id !== utkast.ansvarlig_importoer_id) throw badRequest(KOPI_ANNEN_IMPORTOER);
  if (!KILDE_STATUSER.includes(kilde.status as ImportmeldingStatus)) throw badRequest(KOPI_IKKE_INNSENDT);

  const { ankomst, kontrolloer, ikkeKopiert } = await kildensAnkomst(
    db,
    kilde.id,
    utkast.ansvarlig_importoer_id,
    utkast.kun_dokumentkontroll,
  );
  const svar = await db
    .selectFrom("kontrollspoersmaal")
    .select(["kode", "svar"])
    .where("importmelding_id", "=", kilde.id)
    .where("kategori", "=", "DOKUMENT")
    .where("svar", "in", KOPIERBARE_SVAR)
    .execute();

  const detaljer = {
    kopiertFra: { id: kilde.id, nummer: kilde.nummer },
    ...(ikkeKopiert ? { kontrolloerIkkeKopiert: ikkeKopiert } : {}),
  };
  const endringer = await endreInnhold(
    db,
    {
      id: utkast.id,
      del: "kopi",
      versjon: a.versjon,
      aktoer: a.aktoer,
      hendelse: { type: "SVAR_KOPIERT", detaljer },
    },
    async (trx, rad) => [
      ...(await kopierInnmelder(trx, rad, kilde.innmelder)),
      ...(ankomst ? await kopierAnkomst(trx, rad.id, ankomst, kontrolloer) : []),
      ...(await kopierDokumentsvar(trx, rad.id, svar)),
    ],
  );
  return { kilde: detaljer.kopiertFra, endringer, kontrolloerIkkeKopiert: ikkeKopiert };
}

async function kopierInnmelder(
  trx: Trx,
  rad: ImportmeldingRad,
  innmelder: ImportmeldingRad["innmelder"],
): Promise<Endring[]> {
  if (!innmelder) return [];
  const ny = { navn: innmelder.navn, epost: innmelder.epost, telefonnummer: innmelder.telefonnummer ?? null };
  await trx
    .updateTable("importmelding")
    .set({ innmelder: JSON.stringify(ny) })
    .where("id", "=", rad.id)
    .execute();
  const felter = ["innmelder.navn", "innmelder.epost", "innmelder.telefonnummer"];
  const verdier = (i: ImportmeldingRad["innmelder"]) => ({
    "innmelder.navn": i?.navn,
    "innmelder.epost": i?.epost,
    "innmelder.telefonnummer": i?.telefonnummer,
  });
  return endringerMellom(felter, verdier(rad.innmelder ?? null), verdier(ny));
}

/** The place (and the controller, when still valid) into the draft's first arrival entry; never the time. */
async function kopierAnkomst(
  trx: Trx,
  id: number,
  kilde: Pick<AnkomstRad, "adresse_linje1" | "adresse_linje2" | "postnummer" | "poststed">,
  kontrolloer: number | null,
): Promise<Endring[]> {
  const foer = await trx
    .selectFrom("ankomstinfo")
    .selectAll()
    .where("importmelding_id", "=", id)
    .orderBy("id")
    .executeTakeFirst();
  if (!foer) return [];
  const nyKontrolloer = kontrolloer !== null && kontrolloer !== foer.mottakskontrolloer_id;
  const etter = await trx
    .updateTable("ankomstinfo")
    .set({
      ...(kilde.adresse_linje1
        ? {
            adresse_linje1: kilde.adresse_linje1,
            adresse_linje2: kilde.adresse_linje2,
            postnummer: kilde.postnummer,
            poststed: kilde.poststed,
          }
        : {}),
      ...(nyKontrolloer
        ? {
            mottakskontrolloer_id: kontrolloer,
            mottakskontrolloer_navn: null,
            mottakskontrolloer_telefon: null,
            kontroll_utfoert_av_id: null,
          }
        : {}),
    })
    .where("id", "=", foer.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return ankomstEndringer(trx, foer, etter);
}

/** The copyable answers, to the draft's questions of the same code. */
async function kopierDokumentsvar(
  trx: Trx,
  id: number,
  svar: { kode: string; svar: string | null }[],
): Promise<Endring[]> {
  const endringer: Endring[] = [];
  for (const s of svar) {
    const foer = await trx
      .selectFrom("kontrollspoersmaal")
      .select(["id", "svar", "kommentar"])
      .where("importmelding_id", "=", id)
      .where("kategori", "=", "DOKUMENT")
      .where("kode", "=", s.kode)
      .executeTakeFirst();
    if (!foer) continue;
    await trx
      .updateTable("kontrollspoersmaal")
      .set({ svar: s.svar, kommentar: null, avvik: false })
      .where("id", "=", foer.id)
      .execute();
    const felt = `svar:${s.kode}`;
    const kommentar = `kommentar:${s.kode}`;
    endringer.push(
      ...endringerMellom(
        [felt, kommentar],
        { [felt]: foer.svar, [kommentar]: foer.kommentar },
        { [felt]: s.svar, [kommentar]: null },
      ),
    );
  }
  return endringer;
}
