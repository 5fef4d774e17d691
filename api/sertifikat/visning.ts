// Reading certificates for the certificate API (SPEC §7 "Certificates and data"): the list, the page
// (SertifikatVisning, also the source of the PDF/Excel documents); the export-country list is in eksportland.ts,
// the rows of one certificate and those beside it in oppslag.ts.
import { sql } from "kysely";
import type { Db } from "../../db";
import { erIsoDato, osloDato } from "../../domain/format";
import { erPapirloestLand, finnLand, landNavn, sertifikatstatusTekst } from "../../domain/kodeverk";
import { antallSider, MAKS_TREFF } from "../../domain/pagination";
import type { ListeParametre } from "../../domain/schemas/listefilter";
import { erSertifikatForGammelt, type SertifikatType } from "../../domain/sertifikat";
import type {
  KandidatImportoer,
  SertifikatListe,
  SertifikatListeElement,
  SertifikatNoekler,
  SertifikatVisning,
} from "../../domain/sertifikat-visning";
import {
  type Alvorlighetsgrad,
  type ImportmeldingStatus,
  MELDEPLIKTIG_TEKST,
  type MeldepliktigVurdering,
} from "../../domain/status";
import type { Sorteringsretning } from "../../domain/text";
import { filtype, kanAapneVedlegg } from "../../domain/vedlegg";
import { oversetter } from "../../sprak/katalog.server";
import { melding } from "../../sprak/melding";
import { type Sprak, STANDARD_SPRAK } from "../../sprak/sprak";
import { settSammenIArbeider } from "../arbeid/i-arbeider";
import { badRequest, notFound } from "../http/feil";
import { annenForhaandsmelding } from "../importmelding/mottaker";
import { likeMoenster } from "../importmelding/tilgang";
import { medPapirloeseLand, summer } from "../land-antall";
import { nummerInneholder } from "../nummersoek";
import { finnSertifikat, hentTilknyttet } from "./oppslag";
import { settSammen } from "./sammensetning";
import {
  erPaaSertifikatet,
  hentImportoerMatcher,
  type ImportoerMatch,
  type SertifikatUtvalg,
  synligeSertifikater,
  synligFor,
  tellSynligePerLand,
} from "./synlighet";
import type { SertifikatTekst } from "./tekst";

export const SOEK_MANGLER_FELT = melding("api.soek.manglerFelt");
export const SOEK_INGEN_TREFF = melding("api.soek.ingenTreff");

const KAN_ENDRES: ImportmeldingStatus[] = ["UNDER_REGISTRERING", "REGISTRERT"];
/** UN/CEFACT 1373 "withdrawn". */
const TRUKKET_TILBAKE = "40";

const kollator = new Intl.Collator("nb");

function somTekst(verdi: unknown, navn: string): string | undefined {
  if (verdi === undefined) return undefined;
  if (typeof verdi !== "string") throw badRequest(`Ugyldig ${navn}`);
  const t = verdi.trim();
  return t === "" ? undefined : t;
}

/** Alpha-2 code for a country code (alpha-2/-3/numeric); an unknown code upper-cased as it is. */
function landkode(kode: string): string {
  return finnLand(kode)?.alpha2 ?? kode.toUpperCase();
}

function iso(d: Date | string): string {
  return d instanceof Date ? d.toISOString() : new Date(d).toISOString();
}

// ---------------------------------------------------------------------------------------------------------
// The list
// ---------------------------------------------------------------------------------------------------------

/** The live notification of certificate `s` this importer may see, as a lateral subquery `im`. */
function synligImportmelding(importoerId: number) {
  return sql`lateral (
    select m.id, m.status from importmelding m
    where m.sertifikat_id = s.id and m.status not in ('SLETTET', 'TILBAKETRUKKET')
      and (m.ansvarlig_importoer_id = ${importoerId} or m.opprettet_av_importoer_id = ${importoerId}
        or m.ansvarlig_dokumentkontroll_id = ${importoerId})
    limit 1)`;
}

/** The certificates this importer sees, newest issue date first, one page. */
/** Longest display field in a list answer (ADR 018): a list page must not carry a huge name in full. */
export const MAKS_LISTEFELT = 200;

function kortVisning(tekst: string | null): string | null {
  if (tekst === null || tekst.length <= MAKS_LISTEFELT) return tekst;
  return `${Array.from(tekst)
    .slice(0, MAKS_LISTEFELT - 1)
    .join("")}…`;
}

export async function hentSertifikatListe(
  db: Db,
  m: ImportoerMatch,
  p: ListeParametre,
): Promise<SertifikatListe> {
  const nummerFilter = p.sertifikatnummer
    ? await nummerInneholder(db, "sertifikat", "s", p.sertifikatnummer, synligFor(m))
    : undefined;
  const filtrer = (q: SertifikatUtvalg): SertifikatUtvalg => {
    let f = q;
    if (p.avsender) f = f.where("s.avsender_navn", "ilike", likeMoenster(p.avsender));
    if (nummerFilter) f = f.where(nummerFilter);
    if (p.avsenderland.length > 0) f = f.where("s.eksportland", "in", p.avsenderland);
    if (p.meldepliktigVurdering.length > 0)
      f = f.where("s.meldepliktig_vurdering", "in", p.meldepliktigVurdering);
    return f;
  };
  // A bounded count and a page at most MAKS_TREFF deep (ADR 021): both stop after a fixed number of rows.
  const fra = p.sidenummer * p.antall;
  // at most MAKS_TREFF deep: the union below may hold more rows than that
  const paaSiden = Math.min(p.antall, MAKS_TREFF - fra);
  const sortert = (k: number) =>
    db
      .selectFrom(synligeSertifikater(db, m, k, filtrer).as("u"))
      .select(["u.id"])
      .orderBy("u.utstedt_dato", "desc")
      .orderBy("u.id", "desc");
  // Part of a number or a sender's name: the trigram index answers it, so the hits (at most MAKS_TREFF + 1,
  // each walk stopping there) are read once and counted and paged here, instead of the trigram scan running
  // once per way of seeing a certificate for the count and again for the page (ADR 021).
  const treff =
    p.sertifikatnummer || p.avsender
      ? (
          await sortert(MAKS_TREFF + 1)
            .limit(MAKS_TREFF + 1)
            .execute()
        ).map((r) => r.id)
      : undefined;
  // Without a free-text filter, the hits are counted exactly from the counter rows (ADR 051), and told as
  // bounded as before.
  // With the facets asked for, their counts (every country, no filter) are read once and, when the list is
  // filtered on countries at most, its count is summed from them: one counting statement, not two (ADR 077).
  const perLand = p.fasetter ? await tellSynligePerLand(db, [m]) : undefined;
  const antall = treff
    ? treff.length
    : perLand && p.meldepliktigVurdering.length === 0
      ? summer(
          p.avsenderland.length === 0
            ? perLand
            : new Map(p.avsenderland.map((l) => [l, perLand.get(l) ?? 0])),
        )
      : summer(
          await tellSynligePerLand(db, [m], { land: p.avsenderland, meldeplikt: p.meldepliktigVurdering }),
        );
  // The page's ids first (index-driven walk, sort and limit), then the columns that need the JSON data or a
  // join for those rows only.
  const sideAvTreff = treff?.slice(fra, fra + Math.max(0, paaSiden));
  const side = sideAvTreff
    ? db
        .selectFrom("sertifikat as t")
        .select("t.id")
        .where("t.id", "in", sideAvTreff.length ? sideAvTreff : [0])
        .as("side")
    : sortert(Math.max(0, Math.min(fra + p.antall, MAKS_TREFF)))
        .limit(Math.max(1, paaSiden))
        .offset(fra)
        .as("side");
  const rader =
    paaSiden <= 0 || sideAvTreff?.length === 0
      ? []
      : await db
          .selectFrom(side)
          .innerJoin("sertifikat as s", "s.id", "side.id")
          .leftJoin(synligImportmelding(m.id).as("im"), (join) => join.onTrue())
          .select([
            "s.id",
            "s.nummer",
            "s.utstedt_dato",
            "s.type",
            "s.eksportland",
            "s.avsender_navn",
            "s.mottaker_navn",
            "s.meldepliktig_vurdering",
            "s.alvorlighetsgrad",
            "s.erstattet_av_id",
            "s.mottatt",
            sql<number>`coalesce(jsonb_array_length(s.data -> 'varelinjer'), 0)`.as("antall_varelinjer"),
            sql<number | null>`im.id`.as("importmelding_id"),
            sql<string | null>`im.status`.as("importmelding_status"),
          ])
          .orderBy("s.utstedt_dato", "desc")
          .orderBy("s.id", "desc")
          .execute();

  const antallElementer = Number(antall);
  return {
    sertifikatListe: rader.map(
      (r): SertifikatListeElement => ({
        id: r.id,
        nummer: r.nummer,
        utstedtDato: r.utstedt_dato,
        type: r.type === "Eksport" || r.type === "Reeksport" ? (r.type as SertifikatType) : null,
        eksportLand: { kode: r.eksportland, navn: landNavn(r.eksportland) },
        avsender: kortVisning(r.avsender_navn),
        mottaker: kortVisning(r.mottaker_navn),
        meldepliktigVurdering: {
          kode: r.meldepliktig_vurdering as MeldepliktigVurdering,
          visningstekst: MELDEPLIKTIG_TEKST[r.meldepliktig_vurdering as MeldepliktigVurdering],
        },
        alvorlighetsgrad: r.alvorlighetsgrad as Alvorlighetsgrad,
        antallVarelinjer: Number(r.antall_varelinjer),
        erstattet: r.erstattet_av_id !== null,
        importMeldingId: r.importmelding_id === null ? null : Number(r.importmelding_id),
        importMeldingStatus: r.importmelding_status as ImportmeldingStatus | null,
        mottatt: iso(r.mottatt),
      }),
    ),
    paginering: {
      sidenummer: p.sidenummer,
      antallSider: antallSider(antallElementer, p.antall),
      antallElementer: Math.min(antallElementer, MAKS_TREFF),
      antallElementerPerSide: p.antall,
      flereEnnMaks: antallElementer > MAKS_TREFF,
    },
    ...(perLand ? { eksportland: medPapirloeseLand(perLand) } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------------
// One certificate
// ---------------------------------------------------------------------------------------------------------

/** The search keys from the query; all three are required (SPEC §2 "Certificate search"). */
export function lesSertifikatNoekler(query: Record<string, unknown>): SertifikatNoekler {
  const sertifikatnummer = somTekst(query.sertifikatnummer, "sertifikatnummer");
  const dato = somTekst(query.dato, "dato");
  const avsenderland = somTekst(query.avsenderland, "avsenderland");
  if (!sertifikatnummer || !dato || !avsenderland) throw badRequest(SOEK_MANGLER_FELT);
  if (!erIsoDato(dato)) throw badRequest(melding("api.ugyldigDato"));
  return { sertifikatnummer, dato, avsenderland: landkode(avsenderland) };
}

export interface SertifikatOppslagValg {
  /** Now, for the 14-day rule (tests and benchmarks set it). */
  naa?: Date;
  /** Grant the importer access when it does not see the certificate yet (default true). */
  giTilgang?: boolean;
  /**
   * Told before the answer when the keys find nothing ("bom") or find a certificate the importer did not see
   * (not on it for the importer or one it is reception controller for, not found before: "ny"); it may
   * throw instead (the search limits, api/grenser.ts). Nothing is granted before it has returned.
   */
  foerSvar?: (utfall: "bom" | "ny") => Promise<void>;
  /** The reader's language: the mark after cut free text is in it (bokmål when absent). */
  sprak?: Sprak;
}

/**
 * The certificate for the importer, found by its exact keys: the number trimmed and case-insensitive, the
 * issue date exact (±2 days for NL). Any importer may read a certificate it has the keys of; it is then
 * added to that importer's list. 404 'Ingen treff basert på dine søkekriterier' when there is none.
 */
export async function hentSertifikatTekst(
  db: Db,
  m: ImportoerMatch,
  noekler: SertifikatNoekler,
  valg: SertifikatOppslagValg = {},
): Promise<SertifikatTekst> {
  const rad = await finnSertifikat(db, noekler);
  if (!rad) {
    await valg.foerSvar?.("bom");
    throw notFound(SOEK_INGEN_TREFF);
  }

  const importoerId = m.id;
  const kandidater = await hentKandidater(db, m);
  const fantFoer =
    !erPaaSertifikatet(m, rad) &&
    !!(await db
      .selectFrom("sertifikat_tilgang")
      .select("sertifikat_id")
      .where("sertifikat_id", "=", rad.id)
      .where("importoer_id", "=", importoerId)
      .executeTakeFirst());
  if (!fantFoer && !kandidater.some((k) => erPaaSertifikatet(k, rad))) await valg.foerSvar?.("ny");
  if (valg.giTilgang !== false && !erPaaSertifikatet(m, rad) && !fantFoer) {
    await db
      .insertInto("sertifikat_tilgang")
      .values({ sertifikat_id: rad.id, importoer_id: importoerId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  const { vedlegg, erstattet, erstatter, melding, bekreftet } = await hentTilknyttet(db, rad, kandidater);

  const meldepliktig = rad.meldepliktig_vurdering as MeldepliktigVurdering;
  const minMelding =
    melding &&
    [
      melding.ansvarlig_importoer_id,
      melding.opprettet_av_importoer_id,
      melding.ansvarlig_dokumentkontroll_id,
    ].includes(importoerId)
      ? melding
      : undefined;
  // Another organisation's notification is told only to the importers on the certificate (ADR 027).
  const mottakere = kandidater.filter((k) => erPaaSertifikatet(k, rad));
  const annen =
    melding && !minMelding && mottakere.length > 0 ? await annenForhaandsmelding(db, rad, melding) : null;
  const viker = annen?.vedNyMelding != null;
  const erPapirloest = erPapirloestLand(rad.eksportland);
  const idag = osloDato(valg.naa ?? new Date());

  const erstatterData = rad.erstatter_data ?? undefined;
  const harErstatter = erstatterData !== undefined || rad.erstatter_nummer !== null;

  return {
    nummer: rad.nummer,
    data: rad.data_tekst,
    vurdering: rad.vurdering_tekst,
    forkortMerke: oversetter(valg.sprak ?? STANDARD_SPRAK)("sertifikat.forkortet.merke"),
    sprak: valg.sprak ?? STANDARD_SPRAK,
    ramme: {
      id: rad.id,
      statusTekst: sertifikatstatusTekst(rad.status_kode ?? undefined),
      meldepliktigVurdering: { kode: meldepliktig, visningstekst: MELDEPLIKTIG_TEKST[meldepliktig] },
      alvorlighetsgrad: rad.alvorlighetsgrad as Alvorlighetsgrad,
      mottatt: iso(rad.mottatt),
      statusSistEndret: iso(rad.status_sist_endret),
      erstatterSertifikat: harErstatter
        ? {
            nummer: erstatterData?.nummer ?? rad.erstatter_nummer ?? undefined,
            grunn: erstatterData?.aarsak,
            dato: erstatterData?.dato,
            lenke: erstatter
              ? {
                  sertifikatnummer: erstatter.nummer,
                  dato: erstatter.utstedt_dato,
                  avsenderland: erstatter.eksportland,
                }
              : undefined,
          }
        : undefined,
      erstattetAvSertifikat: erstattet
        ? { nummer: erstattet.nummer, dato: erstattet.utstedt_dato, avsenderland: erstattet.eksportland }
        : undefined,
      vedlegg: vedlegg.map((v) => ({
        id: v.id,
        filnavn: v.filnavn,
        mimetype: v.mimetype,
        filtype: filtype(v.filnavn, v.mimetype),
        kanAapneVedlegg: kanAapneVedlegg(v.mimetype),
        identifikator: v.identifikator,
        informasjon: v.informasjon,
        stoerrelse: v.stoerrelse,
      })),
      erPapirloest,
      erForGammel: erSertifikatForGammelt(rad.utstedt_dato, idag),
      importMeldingId: minMelding ? minMelding.id : null,
      importMeldingStatus: minMelding ? (minMelding.status as ImportmeldingStatus) : null,
      kanEndreImportmelding:
        minMelding !== undefined && KAN_ENDRES.includes(minMelding.status as ImportmeldingStatus),
      // (and the certificate has goods lines: sammensetning.ts, which reads them)
      kanOppretteImportmelding:
        (melding === undefined || viker) &&
        rad.status_kode !== TRUKKET_TILBAKE &&
        rad.erstattet_av_id === null &&
        erPapirloest,
      annenForhaandsmelding: annen,
      // the caller's own (it is always a candidate): the page needs no second call for it
      harLestRegelverk: bekreftet.has(importoerId),
      kandidatImportoerer: (viker ? mottakere : kandidater)
        .map((k) => ({
          id: k.id,
          navn: k.navn,
          organisasjonsnummer: k.organisasjonsnummer,
          paaSertifikatet: erPaaSertifikatet(k, rad),
          harLestRegelverk: bekreftet.has(k.id),
        }))
        .sort(
          (a: KandidatImportoer, b: KandidatImportoer) =>
            Number(b.paaSertifikatet) - Number(a.paaSertifikatet) ||
            Number(b.id === importoerId) - Number(a.id === importoerId) ||
            kollator.compare(a.navn, b.navn),
        ),
    },
  };
}

/** Certificate JSON from this size on is parsed in a worker thread (about 2,000 goods lines). */
export const STOR_SERTIFIKAT_TEGN = 1_000_000;

/**
 * The certificate page's answer: one page of goods lines (domain/varelinjeside.ts) and the rest in full. A
 * large certificate is put together in a worker thread: parsing 13,000 goods lines held the requests for
 * 0.1–0.2 s (ADR 018).
 */
export async function hentSertifikatVisning(
  db: Db,
  m: ImportoerMatch,
  noekler: SertifikatNoekler,
  valg: SertifikatOppslagValg & { side?: number; sortering?: Sorteringsretning | null } = {},
): Promise<SertifikatVisning> {
  const tekst = await hentSertifikatTekst(db, m, noekler, valg);
  const side = { side: valg.side ?? 0, sortering: valg.sortering ?? null };
  return tekst.data.length >= STOR_SERTIFIKAT_TEGN
    ? settSammenIArbeider(tekst, side)
    : settSammen(tekst, side);
}

/** This importer, and the importers it is reception controller for (when it is a reception controller). */
async function hentKandidater(db: Db, m: ImportoerMatch): Promise<ImportoerMatch[]> {
  if (!m.erMottakskontrolloer) return [m];
  const avtaler = await db
    .selectFrom("mottakskontrolloer_avtale")
    .select("importoer_id")
    .where("mottakskontrolloer_id", "=", m.id)
    .execute();
  const andre = await hentImportoerMatcher(
    db,
    avtaler.map((a) => a.importoer_id).filter((id) => id !== m.id),
  );
  return [m, ...andre];
}
