// The statements that write a new certificate's rows (api/sertifikat/ingest.ts): the prepared certificate the
// worker thread hands over, its delivered XML and attachments as binary parameters (bytea, ADR 075; they were
// base64 for PostgreSQL to decode, ADR 018), and a certificate new to the service with its XML and small
// attachments in one statement (ADR 051).
import { createHash } from "node:crypto";
import { sql } from "kysely";
import { FORBEREDT } from "../../db/forberedt";
import type { vurderSertifikat } from "../../domain/risiko/vurder";
import { type Kandidat, kandidaterSql, type UtboksSertifikat } from "../epost/utboks";
import type { Trx } from "../importmelding/tilstand";

/**
 * The pure, CPU-heavy part of an ingest: parsed, assessed, hashed and serialised; no database. Only strings
 * and flat values, so that it crosses from the worker thread as a few large copies: the parsed certificate
 * (an object per goods line) took a quarter of a second to rebuild on the request thread for 13,000 lines.
 */
export interface ForberedtSertifikat {
  eksportland: string;
  nummer: string;
  hash: string;
  erstatterNummer: string | null;
  statusKode: string | null;
  /** The issue time as written (ADR 017 compares it with the stored one's). */
  utstedtDato: string | undefined;
  /**
   * The attachments, each file's bytes (its own buffer, so the copy from the worker thread is only the file),
   * sent to PostgreSQL as a binary parameter: no base64 or hex text of every byte (ADR 018, ADR 075).
   */
  vedlegg: {
    filnavn: string | null;
    mimetype: string;
    identifikator: string | null;
    informasjon: string | null;
    stoerrelse: number;
    data: Uint8Array;
  }[];
  kolonner: {
    utstedt_dato: string;
    type: string;
    status_kode: string | null;
    avsender_navn: string | null;
    mottaker_navn: string | null;
    mottaker_navn_norm: string | null;
    mottaker_orgnr: string | null;
    meldepliktig_vurdering: ReturnType<typeof vurderSertifikat>["meldepliktigVurdering"];
    alvorlighetsgrad: ReturnType<typeof vurderSertifikat>["alvorlighetsgrad"];
    data: string;
    vurdering: string;
    innhold_hash: string;
    erstatter_nummer: string | null;
    /** The approved ruleset the assessment was made under; null: the bundled tables, none approved. */
    regelsett_versjon: number | null;
    /** The fields longer than pages show (a JSON array), or null (domain/fritekst.ts). */
    for_lange_felt: string | null;
  };
}

/** The delivered XML as stored: its bytes (a string as UTF-8), a binary parameter (ADR 075), and their sum. */
export interface LevertXml {
  bytes: Buffer;
  sha256: string;
}

/** The delivered bytes (a string as UTF-8) and their SHA-256. */
export function levertXml(xml: string | Uint8Array): LevertXml {
  const bytes =
    typeof xml === "string"
      ? Buffer.from(xml, "utf8")
      : Buffer.from(xml.buffer, xml.byteOffset, xml.byteLength);
  return { bytes, sha256: createHash("sha256").update(bytes).digest("hex") };
}

/** Bytes as pg's binary parameter (a Buffer over the same memory, no copy). */
const somBuffer = (b: Uint8Array) =>
  Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength);

/** A stored certificate that says it replaces another (its id and number). */
export type Erstatning = { id: number; nummer: string };

type Vedlegg = ForberedtSertifikat["vedlegg"][number];

/**
 * Attachments whose bytes together are at most this go in one statement (with the certificate, when it is
 * new); a larger one gets a statement of its own, so that no statement carries every large file at once.
 * (512 KB of base64 when they were sent as base64.)
 */
const SMAA_VEDLEGG_BYTES = 384 * 1024;

/** The attachments as rows of a VALUES list (typed: an INSERT … SELECT does not type parameters by column). */
function vedleggRader(vedlegg: readonly (Vedlegg & { rekkefoelge: number })[]) {
  return sql.join(
    vedlegg.map(
      (v) =>
        sql`(${v.rekkefoelge}::integer, ${v.filnavn}::text, ${v.mimetype}::text, ${v.identifikator}::text,
          ${v.informasjon}::text, ${v.stoerrelse}::integer, ${somBuffer(v.data)}::bytea)`,
    ),
  );
}

const VEDLEGG_KOLONNER = sql`rekkefoelge, filnavn, mimetype, identifikator, informasjon, stoerrelse, data`;

/** Splits the attachments (numbered from 1) into those that go together and those that go alone. */
export function delVedlegg(vedlegg: readonly Vedlegg[]) {
  const nummerert = vedlegg.map((v, i) => ({ ...v, rekkefoelge: i + 1 }));
  let plass = SMAA_VEDLEGG_BYTES;
  const sammen: typeof nummerert = [];
  const alene: typeof nummerert = [];
  for (const v of nummerert) {
    if (v.data.byteLength <= plass) {
      sammen.push(v);
      plass -= v.data.byteLength;
    } else alene.push(v);
  }
  return { sammen, alene };
}

/** Stores attachments of certificate `id`: the small ones in one statement, each large one alone. */
export async function lagreVedlegg(
  trx: Trx,
  id: number,
  vedlegg: ReturnType<typeof delVedlegg>,
): Promise<void> {
  for (const gruppe of [vedlegg.sammen, ...vedlegg.alene.map((v) => [v])]) {
    if (gruppe.length === 0) continue;
    await sql`insert into vedlegg (sertifikat_id, ${VEDLEGG_KOLONNER})
      select ${id}::integer, v.* from (values ${vedleggRader(gruppe)}) as v`.execute(trx);
  }
}

/**
 * A certificate new to the service, in one statement: its row, its delivered XML and its small attachments
 * (data-modifying CTEs), the certificate that says it replaces this one, if it arrived first, and with
 * `mottakere` the candidates among the importers for the alerts and events (the loose pre-filter of
 * api/epost/utboks.ts, one round trip less, ADR 075). Undefined when (export country, number) is stored already
 * (or by a concurrent ingest): the caller takes the general path.
 */
export async function settInnNy(
  trx: Trx,
  f: ForberedtSertifikat,
  levert: LevertXml | undefined,
  smaa: readonly (Vedlegg & { rekkefoelge: number })[],
  mottakere?: Pick<UtboksSertifikat, "mottaker_orgnr" | "mottaker_navn_norm">,
): Promise<{ id: number; erstatning: Erstatning | null; kandidater?: Kandidat[] } | undefined> {
  const k = f.kolonner;
  const kandidater = mottakere && kandidaterSql(mottakere);
  const { rows } = await sql<{
    id: number;
    erstatning_id: number | null;
    erstatning_nummer: string | null;
    kandidater?: Kandidat[];
  }>`${sql.raw(FORBEREDT)}
    with ny as (
      insert into sertifikat (nummer, eksportland, utstedt_dato, type, status_kode, avsender_navn, mottaker_navn,
        mottaker_navn_norm, mottaker_orgnr, meldepliktig_vurdering, alvorlighetsgrad, data, vurdering,
        innhold_hash, erstatter_nummer, regelsett_versjon, for_lange_felt)
      values (${f.nummer}, ${f.eksportland}, ${k.utstedt_dato}::date, ${k.type}, ${k.status_kode},
        ${k.avsender_navn}, ${k.mottaker_navn}, ${k.mottaker_navn_norm}, ${k.mottaker_orgnr},
        ${k.meldepliktig_vurdering}, ${k.alvorlighetsgrad}, ${k.data}::jsonb, ${k.vurdering}::jsonb,
        ${k.innhold_hash}, ${k.erstatter_nummer}, ${k.regelsett_versjon}::integer, ${k.for_lange_felt}::jsonb)
      on conflict (eksportland, nummer) do nothing
      returning id
    )${
      levert
        ? sql`, x as (insert into sertifikat_xml (sertifikat_id, xml, sha256)
            select id, ${levert.bytes}::bytea, ${levert.sha256}::text from ny)`
        : sql``
    }${
      smaa.length
        ? sql`, v as (insert into vedlegg (sertifikat_id, ${VEDLEGG_KOLONNER})
            select ny.id, v.* from ny, (values ${vedleggRader(smaa)}) as v)`
        : sql``
    }
    select ny.id, e.id as erstatning_id, e.nummer as erstatning_nummer${
      kandidater
        ? sql`, (select coalesce(json_agg(k), '[]'::json) from (${kandidater}) k) as kandidater`
        : sql``
    } from ny
    left join lateral (select id, nummer from sertifikat
      where eksportland = ${f.eksportland} and erstatter_nummer = ${f.nummer} and id <> ny.id
      order by utstedt_dato desc, id desc limit 1) e on true`.execute(trx);
  const rad = rows[0];
  if (!rad) return undefined;
  return {
    id: Number(rad.id),
    ...(mottakere ? { kandidater: rad.kandidater ?? [] } : {}),
    erstatning:
      rad.erstatning_id === null
        ? null
        : { id: Number(rad.erstatning_id), nummer: String(rad.erstatning_nummer) },
  };
}
