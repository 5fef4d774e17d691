// Finding one certificate by its search keys, and the rows the certificate page shows beside it: its
// attachments, the certificates it replaces or is replaced by, its live notification, and which of the
// candidate importers have confirmed the regulations. The page itself is put together in visning.ts.
import { sql } from "kysely";
import type { Db } from "../../db";
import { datoSlingringDager, type LagretSertifikat } from "../../domain/sertifikat";
import type { SertifikatNoekler } from "../../domain/sertifikat-visning";
import type { ImportmeldingStatus } from "../../domain/status";
import type { ImportoerMatch } from "./synlighet";

/** Notification statuses that are no longer live (a new notification may be created). */
const IKKE_LEVENDE: ImportmeldingStatus[] = ["SLETTET", "TILBAKETRUKKET"];

function pluss(dato: string, dager: number): string {
  const [y, m, d] = dato.split("-").map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) + dager)).toISOString().slice(0, 10);
}

/** The certificate the keys find: the number case-insensitive, the issue date exact (±2 days for NL), or none. */
export function finnSertifikat(db: Db, noekler: SertifikatNoekler) {
  const slingring = datoSlingringDager(noekler.avsenderland);
  return db
    .selectFrom("sertifikat as s")
    .select([
      "s.id",
      "s.nummer",
      "s.eksportland",
      "s.utstedt_dato",
      "s.status_kode",
      "s.mottaker_orgnr",
      "s.mottaker_navn_norm",
      "s.meldepliktig_vurdering",
      "s.alvorlighetsgrad",
      "s.mottatt",
      "s.status_sist_endret",
      "s.erstattet_av_id",
      "s.erstatter_nummer",
      sql<string>`s.data::text`.as("data_tekst"),
      sql<string>`s.vurdering::text`.as("vurdering_tekst"),
      sql<LagretSertifikat["erstatter"] | null>`s.data -> 'erstatter'`.as("erstatter_data"),
    ])
    .where("s.eksportland", "=", noekler.avsenderland)
    .where("s.utstedt_dato", ">=", pluss(noekler.dato, -slingring))
    .where("s.utstedt_dato", "<=", pluss(noekler.dato, slingring))
    .where(sql<boolean>`upper(s.nummer) = upper(${noekler.sertifikatnummer})`)
    .orderBy(sql`abs(s.utstedt_dato - ${noekler.dato}::date)`)
    .orderBy("s.id", "desc")
    .limit(1)
    .executeTakeFirst();
}

type SertifikatRad = NonNullable<Awaited<ReturnType<typeof finnSertifikat>>>;

/** The rows the certificate page shows beside certificate `rad` (see the top of this file). */
export async function hentTilknyttet(
  db: Db,
  rad: Pick<SertifikatRad, "id" | "eksportland" | "erstattet_av_id" | "erstatter_nummer">,
  kandidater: ImportoerMatch[],
) {
  const [vedlegg, erstattet, erstatter, melding] = await Promise.all([
    db
      .selectFrom("vedlegg")
      .select(["id", "filnavn", "mimetype", "identifikator", "informasjon", "stoerrelse"])
      .where("sertifikat_id", "=", rad.id)
      .orderBy("rekkefoelge")
      .execute(),
    rad.erstattet_av_id === null
      ? undefined
      : db
          .selectFrom("sertifikat")
          .select(["nummer", "utstedt_dato", "eksportland"])
          .where("id", "=", rad.erstattet_av_id)
          .executeTakeFirst(),
    rad.erstatter_nummer === null
      ? undefined
      : db
          .selectFrom("sertifikat")
          .select(["nummer", "utstedt_dato", "eksportland"])
          .where("eksportland", "=", rad.eksportland)
          .where("nummer", "=", rad.erstatter_nummer)
          .executeTakeFirst(),
    db
      .selectFrom("importmelding")
      .select([
        "id",
        "status",
        "ansvarlig_importoer_id",
        "opprettet_av_importoer_id",
        "ansvarlig_dokumentkontroll_id",
      ])
      .where("sertifikat_id", "=", rad.id)
      .where("status", "not in", IKKE_LEVENDE)
      .executeTakeFirst(),
  ]);
  // Who among the candidates has confirmed the regulations: a controller is told before it creates (ADR 011).
  const bekreftet = new Set(
    (
      await db
        .selectFrom("importoer")
        .select("id")
        .where(
          "id",
          "in",
          kandidater.map((k) => k.id),
        )
        .where("har_lest_regelverk", "=", true)
        .execute()
    ).map((r) => r.id),
  );
  return { vedlegg, erstattet, erstatter, melding, bekreftet };
}

/** The certificate's ePhyto XML as received, and when it came; none for a certificate stored without it. */
export function hentSertifikatXml(db: Db, sertifikatId: number) {
  return db
    .selectFrom("sertifikat_xml")
    .select(["xml", "mottatt"])
    .where("sertifikat_id", "=", sertifikatId)
    .executeTakeFirst();
}
