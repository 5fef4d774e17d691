// Ingestion of ePhyto certificates (ARCHITECTURE "Data that flows through"): parse, assess the risk per goods
// line, and store keyed by (export country, number) in one transaction. Re-sending the same certificate
// changes nothing; a changed one replaces the stored data and attachments. Used by the Hub endpoint, the
// command-line import and the demo seed alike. Replacement and version rules: ADR 017.
import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../../db";
import { erIsoDato } from "../../domain/format";
import { forLangeFelt, navnKolonne } from "../../domain/fritekst";
import type { SertifikatMottattData } from "../../domain/hendelser";
import { finnLand } from "../../domain/kodeverk";
import { lagRegelsett, type Regelsett, STANDARD_REGELSETT } from "../../domain/risiko/regelsett";
import { vurderSertifikat } from "../../domain/risiko/vurder";
import { normaliserMottakerNavn, type ParsedCertificate } from "../../domain/sertifikat";
import { kjoerJobb } from "../arbeid/basseng";
import { EphytoParseError, type ParseEphytoOptions, parseEphyto, utenVedleggsdata } from "../ephyto/parse";
import { importoererPaaSertifikatet, type Kandidat, mottakereAv, varslerSomCte } from "../epost/utboks";
import { skrivHendelser } from "../hendelser/skriv";
import { endringerMellom, skrivSertifikatHendelse, type Trx } from "../importmelding/tilstand";
import { gjeldendeRegelsett } from "../regelsett/gjeldende";
import { lenkErstatninger, sjekkErstatning } from "./erstatning";
import {
  delVedlegg,
  type Erstatning,
  type ForberedtSertifikat,
  lagreVedlegg,
  levertXml,
  settInnNy,
} from "./ny-rad";

/** "eldre": a re-delivery issued before the stored version; nothing is changed (ADR 017). */
export type IngestResultatType = "ny" | "uendret" | "oppdatert" | "eldre";

export interface IngestResultat {
  resultat: IngestResultatType;
  id: number;
  nummer: string;
}

export interface IngestOptions extends ParseEphytoOptions {
  /**
   * Write e-mail alerts to the outbox (default true). The demo seed turns it off: its certificates are
   * history, not news (docs/decisions/012-epostvarsler.md).
   */
  varsle?: boolean;
  /**
   * Whether the development ruleset counts as approved (config.utviklingssettTillatt; default true, as in
   * development, the seeds and the tests). The server's intake passes the configuration's.
   */
  utviklingssett?: boolean;
}

/** A value with object keys sorted and undefined dropped; bytes as base64. */
function kanonisk(verdi: unknown): unknown {
  if (verdi instanceof Uint8Array)
    return Buffer.from(verdi.buffer, verdi.byteOffset, verdi.byteLength).toString("base64");
  if (Array.isArray(verdi)) return verdi.map(kanonisk);
  if (verdi !== null && typeof verdi === "object") {
    const ut: Record<string, unknown> = {};
    for (const noekkel of Object.keys(verdi).sort()) {
      const v = (verdi as Record<string, unknown>)[noekkel];
      if (v !== undefined) ut[noekkel] = kanonisk(v);
    }
    return ut;
  }
  return verdi;
}

/**
 * sha256 of the canonical parsed content, attachments included. The Hub envelope (delivery number and the
 * like) is left out: the same certificate delivered twice is the same certificate.
 */
export function innholdHash(sertifikat: ParsedCertificate): string {
  const { konvolutt: _konvolutt, ...innhold } = sertifikat;
  return createHash("sha256")
    .update(JSON.stringify(kanonisk(innhold)))
    .digest("hex");
}

/** The parsed certificate's keys, or an EphytoParseError in Norwegian when one is missing. */
function noekler(sertifikat: ParsedCertificate): { eksportland: string; utstedtDag: string } {
  const kode = sertifikat.eksportLand?.kode;
  if (kode === undefined) {
    throw new EphytoParseError("MANGLER_EKSPORTLAND", "Sertifikatet mangler eksportland og kan ikke lagres");
  }
  const land = finnLand(kode);
  if (!land) {
    throw new EphytoParseError(
      "MANGLER_EKSPORTLAND",
      `Sertifikatet har et ukjent eksportland (${kode}) og kan ikke lagres`,
    );
  }
  const utstedtDag = sertifikat.utstedtDag;
  if (utstedtDag === undefined || !erIsoDato(utstedtDag)) {
    throw new EphytoParseError(
      "MANGLER_UTSTEDT_DATO",
      "Sertifikatet mangler utstedelsesdato og kan ikke lagres",
    );
  }
  return { eksportland: land.alpha2, utstedtDag };
}

/** Risk assessment of the parsed certificate (domain/risiko): each line by its sorteringsnummer. */
export function vurder(
  sertifikat: Pick<ParsedCertificate, "varelinjer">,
  regelsett: Regelsett = STANDARD_REGELSETT,
) {
  return vurderSertifikat(
    {
      varelinjer: sertifikat.varelinjer.map((v) => ({
        id: v.sorteringsnummer,
        botaniskNavn: v.botaniskNavn,
        opprinnelsesland: v.opprinnelsesland.flatMap((o) => {
          const alpha2 = finnLand(o.kode)?.alpha2 ?? o.kode;
          return alpha2 ? [alpha2] : [];
        }),
        tilsiktetBruk: v.klassifisering.tilsiktetBruk,
        plantedel: v.klassifisering.plantedel,
      })),
    },
    regelsett,
  );
}

/**
 * The ruleset a certificate is assessed under (ADR 046): the current approved one by number and sum, with its
 * content as JSON text the first time a thread gets it (api/arbeid/basseng.ts sends it once per worker and
 * version); null: none approved, the bundled tables.
 */
export type RegelsettForJobb = { versjon: number; sha256: string; json?: string } | null;

const regelsettIDenneTraaden = new Map<string, Regelsett>();

/** The rules of a job: built once per version in each thread (a version's content never changes). */
export function regelsettForJobb(r: RegelsettForJobb): { versjon: number | null; regelsett: Regelsett } {
  if (!r) return { versjon: null, regelsett: STANDARD_REGELSETT };
  let regelsett = regelsettIDenneTraaden.get(r.sha256);
  if (!regelsett) {
    if (r.json === undefined) throw new Error(`Regelsett ${r.versjon} mangler i arbeidstråden`);
    regelsett = lagRegelsett(JSON.parse(r.json));
    if (regelsettIDenneTraaden.size >= 4) regelsettIDenneTraaden.clear();
    regelsettIDenneTraaden.set(r.sha256, regelsett);
  }
  return { versjon: r.versjon, regelsett };
}

/** The current approved ruleset for a job (from this process's memory, api/regelsett/gjeldende.ts). */
export async function regelsettNaa(db: Db, utviklingssett: boolean): Promise<RegelsettForJobb> {
  const g = await gjeldendeRegelsett(db, utviklingssett);
  return g && { versjon: g.versjon, sha256: g.sha256, json: g.json };
}

function langeFelt(data: unknown): string | null {
  const felt = forLangeFelt(data);
  return felt.length > 0 ? JSON.stringify(felt) : null;
}

/**
 * Parses, assesses, hashes and serialises one certificate without touching the database, so it can run in a
 * worker thread (api/arbeid, ADR 018). Throws EphytoParseError (Norwegian message) for unreadable input.
 */
export function forberedSertifikat(
  xml: string | Uint8Array,
  opts: ParseEphytoOptions = {},
  regelsett: RegelsettForJobb = null,
): ForberedtSertifikat {
  // The ruleset first: the pool counts it as this thread's once sent (api/arbeid/basseng.ts), so it is kept even
  // when the certificate then proves unreadable; otherwise the next job, sent without it, finds it missing.
  const regler = regelsettForJobb(regelsett);
  const parsed = parseEphyto(xml, opts);
  const { eksportland, utstedtDag } = noekler(parsed);
  const vurdering = vurder(parsed, regler.regelsett);
  const hash = innholdHash(parsed);
  const erstatterNummer = parsed.erstatter?.nummer ?? null;
  const statusKode = parsed.statusKode ?? null;
  return {
    eksportland,
    nummer: parsed.nummer,
    hash,
    erstatterNummer,
    statusKode,
    utstedtDato: parsed.utstedtDato,
    vedlegg: parsed.vedlegg.map((v) => ({
      filnavn: v.filnavn ?? null,
      mimetype: v.mimetype,
      identifikator: v.identifikator ?? null,
      informasjon: v.informasjon ?? null,
      stoerrelse: v.stoerrelse,
      // a copy with a buffer of its own: a view's whole buffer would cross to the request thread
      data: v.data.slice(),
    })),
    kolonner: {
      utstedt_dato: utstedtDag,
      type: parsed.type ?? parsed.typeKode ?? "Ukjent",
      status_kode: statusKode,
      // the columns are indexed: a name past any real length is cut there (domain/fritekst.ts), whole in `data`
      avsender_navn: navnKolonne(parsed.avsender?.navn),
      mottaker_navn: navnKolonne(parsed.mottaker?.navn),
      mottaker_navn_norm: normaliserMottakerNavn(navnKolonne(parsed.mottaker?.navn)) ?? null,
      mottaker_orgnr: parsed.mottaker?.organisasjonsnummer ?? null,
      meldepliktig_vurdering: vurdering.meldepliktigVurdering,
      alvorlighetsgrad: vurdering.alvorlighetsgrad,
      data: JSON.stringify(utenVedleggsdata(parsed)),
      // Fields longer than pages and documents show (issue 34 item 5); the full text is in the XML.
      for_lange_felt: langeFelt(utenVedleggsdata(parsed)),
      vurdering: JSON.stringify(vurdering),
      innhold_hash: hash,
      erstatter_nummer: erstatterNummer,
      regelsett_versjon: regler.versjon,
    },
  };
}

/**
 * Parses, assesses and stores one certificate on the calling thread. Throws EphytoParseError (Norwegian
 * message) for input that cannot be read or lacks export country or issue date; nothing is stored then.
 * The Hub endpoint and the import command use {@link ingestSertifikatIArbeider} instead.
 */
export async function ingestSertifikat(
  db: Db,
  xml: string | Uint8Array,
  opts: IngestOptions = {},
): Promise<IngestResultat> {
  const { utviklingssett = true, ...parseOpts } = opts;
  const regelsett = await regelsettNaa(db, utviklingssett);
  return lagreSertifikat(db, forberedSertifikat(xml, parseOpts, regelsett), { ...parseOpts, xml });
}

/** {@link forberedSertifikat} in a worker thread, in the intake lane (the registry's `ingest`, api/arbeid/jobber.ts). */
export async function forberedSertifikatIArbeider(
  xml: string | Uint8Array,
  opts: ParseEphytoOptions = {},
  regelsett: RegelsettForJobb = null,
): Promise<ForberedtSertifikat> {
  // the ruleset's content only to a worker that has not built this version yet (regelsettForJobb keeps it)
  const kjent = regelsett && {
    noekkel: regelsett.sha256,
    input: { xml, opts, regelsett: { versjon: regelsett.versjon, sha256: regelsett.sha256 } },
  };
  return (await kjoerJobb(
    "ingest",
    { xml, opts, regelsett },
    { bane: "innlesing", kjent: kjent ?? undefined },
  )) as ForberedtSertifikat;
}

/**
 * As {@link ingestSertifikat}, but parsing, assessment and hashing run in a worker thread (ADR 018), so a
 * large certificate does not block the request loop; only the storing runs here.
 */
export async function ingestSertifikatIArbeider(
  db: Db,
  xml: string | Uint8Array,
  opts: IngestOptions = {},
): Promise<IngestResultat> {
  const { varsle, utviklingssett = true, ...parseOpts } = opts;
  const forberedt = await forberedSertifikatIArbeider(xml, parseOpts, await regelsettNaa(db, utviklingssett));
  return lagreSertifikat(db, forberedt, { varsle, xml });
}

/** The certificate's columns whose change a notification's history names. */
const SPORET = [
  "status_kode",
  "avsender_navn",
  "mottaker_navn",
  "mottaker_orgnr",
  "alvorlighetsgrad",
  "meldepliktig_vurdering",
] as const;

type SporetSertifikat = Record<(typeof SPORET)[number], string | null> & { varelinjer: number };

function sertifikatEndringer(foer: SporetSertifikat, etter: SporetSertifikat) {
  const verdier = (s: SporetSertifikat) => ({
    "sertifikat.status": s.status_kode,
    "sertifikat.avsender": s.avsender_navn,
    "sertifikat.mottaker": [s.mottaker_navn, s.mottaker_orgnr].filter(Boolean).join(", "),
    "sertifikat.varelinjer": String(s.varelinjer),
    "sertifikat.risiko": s.alvorlighetsgrad,
    "sertifikat.meldeplikt": s.meldepliktig_vurdering,
  });
  const a = verdier(foer);
  return endringerMellom(Object.keys(a), a, verdier(etter));
}

/**
 * Stores a prepared certificate in one transaction (with its e-mail alerts in the outbox). `xml` is the
 * delivery as received: kept byte for byte with the content it gave (ADR 038), so a new or changed delivery
 * replaces it and an unchanged one only fills it in for a certificate stored before migration 016.
 *
 * A certificate new to the service that replaces none (nearly every delivery) is stored by one statement
 * (settInnNy), then its recipients are read once for both the alerts and the events: six round trips to the
 * database where there were eighteen (issue 35 item 4). Everything else takes the general path.
 */
export async function lagreSertifikat(
  db: Db,
  forberedt: ForberedtSertifikat,
  opts: LagreOptions = {},
): Promise<IngestResultat> {
  return db.transaction().execute(async (trx) => {
    const resultat = await lagreITransaksjon(trx, forberedt, opts);
    // The caller's own record of the delivery, in the same transaction (the Hub puller's journal, ADR 044).
    await opts.foerCommit?.(trx, resultat);
    return resultat;
  });
}

export type LagreOptions = Pick<IngestOptions, "varsle"> & {
  xml?: string | Uint8Array;
  /** Runs in the storing transaction after the certificate is written; a throw rolls it all back. */
  foerCommit?: (trx: Trx, resultat: IngestResultat) => Promise<void>;
};

async function lagreITransaksjon(
  trx: Trx,
  forberedt: ForberedtSertifikat,
  opts: LagreOptions,
): Promise<IngestResultat> {
  const { eksportland, nummer, hash, erstatterNummer, statusKode, utstedtDato, kolonner } = forberedt;
  const levert = opts.xml === undefined ? undefined : levertXml(opts.xml);
  const vedlegg = delVedlegg(forberedt.vedlegg);

  /** The delivered XML of certificate `id`: replaced (new or changed content) or only filled in. */
  const lagreXml = async (id: number, erstatt: boolean) => {
    if (!levert) return;
    const xml = sql<Buffer>`${levert.bytes}::bytea`;
    await trx
      .insertInto("sertifikat_xml")
      .values({ sertifikat_id: id, xml, sha256: levert.sha256 })
      .onConflict((oc) =>
        erstatt
          ? oc.column("sertifikat_id").doUpdateSet({ xml, sha256: levert.sha256, mottatt: sql<Date>`now()` })
          : oc.column("sertifikat_id").doNothing(),
      )
      .execute();
  };

  const finn = () =>
    trx
      .selectFrom("sertifikat")
      .select(["id", "innhold_hash", "status_kode", "erstatter_nummer"])
      .select(sql<string | null>`data->>'utstedtDato'`.as("utstedt_tid"))
      .where("eksportland", "=", eksportland)
      .where("nummer", "=", nummer)
      .forUpdate()
      .executeTakeFirst();

  /**
   * Replacement links, alerts and events of the stored row; its XML and attachments unless `ny` says
   * settInnNy stored them (with what it found of a replacement).
   */
  const lagreResten = async (
    id: number,
    resultat: IngestResultatType,
    ny?: { erstatning: Erstatning | null; kandidater?: Kandidat[] },
  ): Promise<IngestResultat> => {
    if (!ny) {
      await lagreXml(id, true);
      await lagreVedlegg(trx, id, vedlegg);
    } else {
      // the large attachments, which settInnNy left out
      await lagreVedlegg(trx, id, { sammen: [], alene: vedlegg.alene });
    }
    await lenkErstatninger(trx, id, forberedt, ny?.erstatning);
    // E-mail alerts in the same transaction (the outbox): none without the certificate, none lost.
    if (opts.varsle !== false) {
      const s = {
        id,
        mottaker_orgnr: kolonner.mottaker_orgnr,
        mottaker_navn_norm: kolonner.mottaker_navn_norm,
        erstatter_nummer: erstatterNummer,
      };
      // read with the new certificate's statement (ADR 075), or now
      const mottakere = ny?.kandidater
        ? mottakereAv(s, ny.kandidater)
        : await importoererPaaSertifikatet(trx, s);
      // The importers' events and their webhooks (ADR 036): a new certificate or a changed version of one;
      // the alerts go in the first event's statement (ADR 070).
      const data: SertifikatMottattData = {
        sertifikat: { id, nummer, eksportland, utstedtDato, erstatterNummer },
        resultat,
      };
      await skrivHendelser(
        trx,
        mottakere.map((m) => ({ importoerId: m.id, type: "sertifikat.mottatt" as const, data })),
        varslerSomCte(s, mottakere),
      );
    }
    return { resultat, id, nummer };
  };

  if (erstatterNummer === null || erstatterNummer === nummer) {
    const mottakere = opts.varsle === false ? undefined : kolonner;
    const ny = await settInnNy(trx, forberedt, levert, vedlegg.sammen, mottakere);
    if (ny) return lagreResten(ny.id, "ny", ny);
  }

  let rad = await finn();
  if (rad) {
    if (rad.innhold_hash === hash) {
      await lagreXml(rad.id, false);
      return { resultat: "uendret", id: rad.id, nummer };
    }
    // An older re-delivery never overwrites newer content (ADR 017).
    const lagretTid = rad.utstedt_tid;
    if (utstedtDato !== undefined && lagretTid !== null && utstedtDato < lagretTid) {
      return { resultat: "eldre", id: rad.id, nummer };
    }
  }
  await sjekkErstatning(trx, forberedt);
  if (!rad) {
    const ny = await trx
      .insertInto("sertifikat")
      .values({ nummer, eksportland, ...kolonner })
      .onConflict((oc) => oc.columns(["eksportland", "nummer"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (ny) return lagreResten(ny.id, "ny");
    // Inserted by a concurrent ingest of the same certificate since we looked.
    rad = await finn();
    if (!rad) throw new Error(`Fant ikke sertifikat ${eksportland}/${nummer} etter konflikt`);
    if (rad.innhold_hash === hash) return { resultat: "uendret", id: rad.id, nummer };
    const lagretTid = rad.utstedt_tid;
    if (utstedtDato !== undefined && lagretTid !== null && utstedtDato < lagretTid) {
      return { resultat: "eldre", id: rad.id, nummer };
    }
  }

  const sporet = (id: number) =>
    trx
      .selectFrom("sertifikat")
      .select(SPORET)
      .select(sql<number>`coalesce(jsonb_array_length(data -> 'varelinjer'), 0)::int`.as("varelinjer"))
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const foer = await sporet(rad.id);
  await trx
    .updateTable("sertifikat")
    .set({
      ...kolonner,
      ...(rad.status_kode !== statusKode ? { status_sist_endret: sql<Date>`now()` } : {}),
    })
    .where("id", "=", rad.id)
    .execute();
  // The notifications of the certificate learn what the new version changed (their history, ADR 033).
  await skrivSertifikatHendelse(trx, rad.id, {
    endringer: sertifikatEndringer(foer, await sporet(rad.id)),
  });
  await trx.deleteFrom("vedlegg").where("sertifikat_id", "=", rad.id).execute();
  // A changed replacement note: the certificate it named before is no longer replaced by this one.
  if (rad.erstatter_nummer !== null && rad.erstatter_nummer !== erstatterNummer) {
    await trx
      .updateTable("sertifikat")
      .set({ erstattet_av_id: null })
      .where("eksportland", "=", eksportland)
      .where("nummer", "=", rad.erstatter_nummer)
      .where("erstattet_av_id", "=", rad.id)
      .execute();
  }
  return lagreResten(rad.id, "oppdatert");
}
