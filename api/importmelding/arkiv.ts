// The notification list's queries (GET /import/importmelding/v2/{orgnr}/{importoerId}/arkiv, routed in
// liste-router.ts): the list with its filters and paging (SPEC §2 "Notification list", §7). Only notifications the importer is responsible for, created, or does
// the document control of; never deleted ones.
import { sql } from "kysely";
import type { z } from "zod";
import type { Db } from "../../db";
import { type ImportmeldingListe, STATUS_GRUPPER } from "../../domain/importmelding-liste";
import { landingsside, type WizardMelding, wizardSteg } from "../../domain/importmelding-ruting";
import { landNavn } from "../../domain/kodeverk";
import { SPOERSMAAL, type SpoersmaalKode } from "../../domain/kontrollspoersmaal";
import { antallSider, MAKS_TREFF } from "../../domain/pagination";
import type { ImportmeldingListeSoek } from "../../domain/schemas/listefilter";
import {
  erVurdertFoerAnkomst,
  type ImportmeldingStatus,
  kategori,
  statusFarge,
  statusTekst,
} from "../../domain/status";
import { fraAnkomsttid } from "../../domain/tidsrom";
import { melding } from "../../sprak/melding";
import { badRequest, forbidden } from "../http/feil";
import { kontrolloerFor } from "../importoer/mottakskontrolloerer";
import { medPapirloeseLand, summer } from "../land-antall";
import { filterForNummer, nummerKandidater } from "../nummersoek";
import {
  EIER_KOLONNER,
  type EierKolonne,
  eideMeldinger,
  eideMeldingerGjennomTreff,
  likeMoenster,
  type MeldingUtvalg,
  tellEideMeldinger,
  tellEideMeldingerPerLand,
} from "./tilgang";

const tekst = (v: unknown): string | undefined => {
  const s = typeof v === "string" ? v.trim() : "";
  return s ? s : undefined;
};

/** The first arrival row's columns the resume step needs, as copied onto the notification (migration 041). */
export const ANKOMST_KOPI = [
  "m.ankomst_tid",
  "m.ankomst_adresse_linje1",
  "m.ankomst_postnummer",
  "m.ankomst_poststed",
  "m.ankomst_mottakskontrolloer_id",
] as const;

interface Utkast {
  id: number;
  innmelder: unknown;
  kun_dokumentkontroll: boolean;
  ankomst_tid: Date | null;
  ankomst_adresse_linje1: string | null;
  ankomst_postnummer: string | null;
  ankomst_poststed: string | null;
  ankomst_mottakskontrolloer_id: number | null;
}

/**
 * Where 'Fortsett' resumes each draft: its first unfinished wizard step (ADR 007 "Resuming a draft"),
 * from the saved innmelder, document answers and arrival info. The arrival info is the first ankomstinfo
 * row's, copied onto the notification by a trigger (migration 041, ADR 078): read with the page's rows, not by
 * a probe of ankomstinfo per draft. A row with none of them set reads as no row (wizardSteg sees neither as
 * registered nor as something saved).
 */
export async function fortsettUrler(db: Db, utkast: readonly Utkast[]): Promise<Map<number, string>> {
  const urler = new Map<number, string>();
  if (utkast.length === 0) return urler;
  const ider = utkast.map((u) => u.id);
  const spoersmaal = await db
    .selectFrom("kontrollspoersmaal")
    .select(["importmelding_id", "kode", "rekkefoelge", "svar"])
    .where("importmelding_id", "in", ider)
    .where("kategori", "=", "DOKUMENT")
    .execute();
  for (const u of utkast) {
    const tid = u.ankomst_tid ? fraAnkomsttid(u.ankomst_tid) : undefined;
    const melding: WizardMelding = {
      id: u.id,
      innmelder: u.innmelder ?? null,
      kunDokumentkontroll: u.kun_dokumentkontroll,
      dokumentkontrollSpoersmaal: spoersmaal
        .filter((q) => q.importmelding_id === u.id)
        .map((q) => ({
          path: SPOERSMAAL[q.kode as SpoersmaalKode]?.path ?? q.kode,
          rekkefoelge: q.rekkefoelge,
          kontrollSvar: q.svar,
        })),
      ankomstInfo: [
        {
          ankomstTid: tid ? { dato: tid.dato, klokkeslett: tid.klokkeslett } : null,
          kontrollAdresse: {
            linje1: u.ankomst_adresse_linje1,
            postnummer: u.ankomst_postnummer,
            poststed: u.ankomst_poststed,
          },
          mottakskontrolloer: u.ankomst_mottakskontrolloer_id,
        },
      ],
    };
    const steg = wizardSteg(melding);
    urler.set(u.id, steg.url(steg.fortsett));
  }
  return urler;
}

/** A notification row as a list element (SPEC §3 "List element"); shared by the archive and the dashboard. */
export function listeElement(
  r: {
    id: number;
    nummer: string;
    egen_referanse: string | null;
    avsender_navn: string | null;
    eksportland: string;
    kun_dokumentkontroll: boolean;
    status: string;
    status_endret: Date;
    faktisk_ankommet: Date | null;
  },
  fortsett: Map<number, string>,
) {
  const status = r.status as ImportmeldingStatus;
  const vurdertFoerAnkomst = erVurdertFoerAnkomst({
    status,
    kunDokumentkontroll: r.kun_dokumentkontroll,
    faktiskAnkommet: r.faktisk_ankommet,
  });
  return {
    id: r.id,
    nummer: r.nummer,
    egenReferanse: r.egen_referanse,
    avsender: r.avsender_navn,
    eksportLand: { kode: r.eksportland, navn: landNavn(r.eksportland) },
    kunDokumentkontroll: r.kun_dokumentkontroll,
    status,
    statusTekst: statusTekst(status, vurdertFoerAnkomst),
    statusFarge: statusFarge(status),
    statusEndret: r.status_endret.toISOString(),
    kategori: kategori(status),
    vurdertFoerAnkomst,
    // a draft resumes where it was left; the others open on their landing page
    url: fortsett.get(r.id) ?? landingsside(r.id, status),
  };
}

/**
 * The importer filter (SPEC §2): the own company's notifications by the owner rule, or (?importoer=) those of
 * an importer the caller is reception controller for, where it is the responsible importer. 400 for a value
 * that is not an id, 403 without an agreement.
 */
export async function valgtImportoer(
  db: Db,
  importoerId: number,
  verdi: unknown,
): Promise<{ importoer: number; kolonner: readonly EierKolonne[] }> {
  const valgt = tekst(verdi);
  if (valgt === undefined) return { importoer: importoerId, kolonner: EIER_KOLONNER };
  if (!/^[1-9]\d{0,9}$/.test(valgt)) throw badRequest(melding("api.ugyldigImportoer"));
  const importoer = Number(valgt);
  if (importoer === importoerId) return { importoer, kolonner: EIER_KOLONNER };
  const avtale = await db
    .selectFrom("mottakskontrolloer_avtale as a")
    .innerJoin("importoer as k", "k.id", "a.mottakskontrolloer_id")
    .select("a.importoer_id")
    .where("a.importoer_id", "=", importoer)
    .where("a.mottakskontrolloer_id", "=", importoerId)
    .where("k.er_mottakskontrolloer", "=", true)
    .executeTakeFirst();
  if (!avtale) throw forbidden(melding("api.ingenTilgangImportoer"));
  return { importoer, kolonner: ["ansvarlig_importoer_id"] };
}

/**
 * One page of the notification list (SPEC §2 "Notification list"), read with the list's filters
 * (domain/schemas/listefilter.ts) for the importer the caller acts as.
 */
export async function hentArkiv(
  db: Db,
  importoerId: number,
  q: z.output<typeof ImportmeldingListeSoek>,
  erMottakskontrolloer = true,
): Promise<ImportmeldingListe> {
  const statuser = q.status.flatMap((g) => [...STATUS_GRUPPER[g]]);
  const land = q.avsenderland;
  const { sidenummer, antall } = q;
  const nummer = q.nummer;
  const referanse = q.internReferanse;
  const avsender = q.avsender;
  const { importoer, kolonner } = await valgtImportoer(db, importoerId, q.importoer);
  // the number's candidates narrowed to the importer's by the owner columns the list walks (ADR 078)
  const egne = (a: string) =>
    sql<boolean>`(${sql.join(
      kolonner.map((k) => sql`${sql.ref(`${a}.${k}`)} = ${importoer}`),
      sql` or `,
    )})`;
  const kandidater = nummer ? await nummerKandidater(db, "importmelding", nummer, egne) : undefined;
  const nummerFilter = nummer ? filterForNummer("m", nummer, kandidater) : undefined;
  const filtrer = (q: MeldingUtvalg): MeldingUtvalg => {
    let f = q;
    if (land.length) f = f.where("m.eksportland", "in", land);
    if (nummerFilter) f = f.where(nummerFilter);
    if (referanse) f = f.where(sql<boolean>`m.egen_referanse ilike ${likeMoenster(referanse)}`);
    return f;
  };
  const utvalg = (k: number) => eideMeldinger(db, importoer, k, filtrer, kolonner, { avsender, statuser });
  // A bounded count and a page at most MAKS_TREFF deep (ADR 021): both stop after a fixed number of rows.
  const fra = sidenummer * antall;
  const paaSiden = Math.min(antall, MAKS_TREFF - fra); // the union may hold more
  // Part of a number or a reference: the trigram index answers it for every owner column at once, so the
  // hits (at most MAKS_TREFF + 1) are read once and counted and paged here, instead of one trigram scan per
  // owner column for the count and again for the page (ADR 021).
  const treff =
    (nummer || referanse) && !avsender
      ? await eideMeldingerGjennomTreff(db, importoer, MAKS_TREFF + 1, filtrer, kolonner, {
          statuser,
          kunIder: kandidater !== undefined,
        })
      : undefined;
  // With the facets asked for (ADR 077): the counts per country (every country and status) and whom the
  // importer controls for, in this call; a controller's list only when it is registered as one.
  const [perLand, mottakskontrolloerFor] = q.fasetter
    ? await Promise.all([
        tellEideMeldingerPerLand(db, importoer, kolonner),
        erMottakskontrolloer ? kontrolloerFor(db, importoerId) : [],
      ])
    : [];
  // The total: the hits when they were read; for a sender, a count bounded at MAKS_TREFF + 1; filtered on
  // status and country only, counted exactly from the counter rows (ADR 051), or on countries only summed from
  // the facets' counts when they were read.
  const tellAlle = async (): Promise<number> => {
    if (treff) return treff.length;
    if (avsender)
      return tellEideMeldinger(db, importoer, MAKS_TREFF + 1, filtrer, kolonner, { avsender, statuser });
    if (perLand && statuser.length === 0) {
      return summer(land.length === 0 ? perLand : new Map(land.map((l) => [l, perLand.get(l) ?? 0])));
    }
    return summer(await tellEideMeldingerPerLand(db, importoer, kolonner, { statuser, land }));
  };
  const n = await tellAlle();
  const kolonnerForListe = [
    "m.id",
    "m.nummer",
    "m.egen_referanse",
    "m.kun_dokumentkontroll",
    "m.faktisk_ankommet",
    "m.innmelder",
    "m.status",
    "m.status_endret",
    // the certificate's sender and country as copied onto the notification (migrations 007, 008): the page
    // reads no certificate rows (ADR 076)
    "m.avsender_navn",
    "m.eksportland",
    ...ANKOMST_KOPI,
  ] as const;
  const sideAvTreff = treff?.slice(fra, fra + Math.max(0, paaSiden)) ?? [];
  const rader =
    paaSiden <= 0 || (treff && sideAvTreff.length === 0)
      ? []
      : treff
        ? await db
            .selectFrom("importmelding as m")
            .where("m.id", "in", sideAvTreff)
            .select(kolonnerForListe)
            .orderBy("m.status_endret", "desc")
            .orderBy("m.id", "desc")
            .execute()
        : await db
            // the page's ids first, in the walk's order; then the rows for those ids only
            .selectFrom(
              db
                .selectFrom(utvalg(Math.min(fra + antall, MAKS_TREFF)).as("u"))
                .select(["u.id"])
                .orderBy("u.status_endret", "desc")
                .orderBy("u.id", "desc")
                .limit(paaSiden)
                .offset(fra)
                .as("side"),
            )
            .innerJoin("importmelding as m", "m.id", "side.id")
            .select(kolonnerForListe)
            .orderBy("m.status_endret", "desc")
            .orderBy("m.id", "desc")
            .execute();
  const fortsett = await fortsettUrler(
    db,
    rader.filter((r) => r.status === "UNDER_REGISTRERING"),
  );
  const svar: ImportmeldingListe = {
    importmeldingListevisningElementer: rader.map((r) => listeElement(r, fortsett)),
    paginering: {
      sidenummer,
      antallSider: antallSider(n, antall),
      antallElementer: Math.min(n, MAKS_TREFF),
      antallElementerPerSide: antall,
      flereEnnMaks: n > MAKS_TREFF,
    },
    ...(perLand ? { eksportland: medPapirloeseLand(perLand), mottakskontrolloerFor } : {}),
  };
  return svar;
}

/**
 * The notification list's country facets: its notifications per export country (not certificates), for the
 * same importer filter, counted exactly from the counter rows (ADR 051), plus the paperless countries.
 */
export async function hentListeEksportland(db: Db, importoerId: number, verdi: unknown) {
  const { importoer, kolonner } = await valgtImportoer(db, importoerId, verdi);
  return medPapirloeseLand(await tellEideMeldingerPerLand(db, importoer, kolonner));
}
