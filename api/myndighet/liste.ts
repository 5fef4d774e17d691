// The authority's list of submitted notifications by status and time (issue 32 item 2, ADR 045): GET
// /myndighet/v2/importmeldinger?status=REGISTRERT,ANKOMMET&endretFra=…&endretTil=…&rekkefoelge=eldste&etter=…
// &antall=…, ordered by the time of the last status change and the number. Keyset paging: the cursor is the last
// row's (time, id), opaque to the client; each status is one range of the index importmelding_myndighet
// (status, status_endret, id), walked only as far as the page needs, and the statuses' ranges are merged, so a
// page costs the same at 100,000 notifications as at 1,000. The certificate's number and country are read from
// the notification (copied by migrations 007 and 040), so the page probes no certificate (ADR 076).
import { sql } from "kysely";
import { z } from "zod";
import type { Db } from "../../db";
import type { AutomatiskVurdering } from "../../db/schema";
import { type ImportmeldingStatus, STATUS_TEKST } from "../../domain/status";
import { melding } from "../../sprak/melding";
import { badRequest } from "../http/feil";

export const INNSENDTE_STATUSER = [
  "REGISTRERT",
  "ANKOMMET",
  "FRIGITT",
  "AVVIST",
  "DELVIS_AVVIST",
  "AUTOMATISK_FRIGITT",
  "TILBAKETRUKKET",
] as const satisfies readonly ImportmeldingStatus[];

export const MAKS_ANTALL = 500;
const UGYLDIG_ANTALL = melding("api.myndighet.ugyldigAntall", { maks: MAKS_ANTALL });
const UGYLDIG_ETTER = melding("api.myndighet.ugyldigEtter");

const tidspunkt = (hva: string) =>
  z
    .string({ error: melding("api.ugyldigParameter", { parameter: hva }) })
    .refine((s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(s), {
      message: melding("api.myndighet.ugyldigTidspunkt", { parameter: hva }),
    })
    .transform((s) => new Date(s))
    .refine((d) => !Number.isNaN(d.getTime()), {
      message: melding("api.ugyldigParameter", { parameter: hva }),
    });

export const listeSoek = z.object({
  status: z
    .string({ error: melding("api.myndighet.statusKomma") })
    .transform((s) => [...new Set(s.split(",").map((x) => x.trim()))])
    .refine((l) => l.every((s) => (INNSENDTE_STATUSER as readonly string[]).includes(s)), {
      message: melding("api.myndighet.ugyldigStatus", { statuser: INNSENDTE_STATUSER.join(", ") }),
    })
    .optional()
    .meta({
      description: `Én eller flere statuser skilt med komma. Uten: alle innsendte (${INNSENDTE_STATUSER.join(", ")}).`,
      example: "REGISTRERT,ANKOMMET",
    }),
  endretFra: tidspunkt("endretFra").optional().meta({
    description: "Bare de med siste statusendring fra og med dette tidspunktet",
    example: "2026-05-01T00:00:00Z",
  }),
  endretTil: tidspunkt("endretTil").optional().meta({
    description: "Bare de med siste statusendring før dette tidspunktet",
    example: "2026-06-01T00:00:00Z",
  }),
  rekkefoelge: z
    .enum(["eldste", "nyeste"], { error: melding("api.myndighet.ugyldigRekkefoelge") })
    .optional()
    .meta({ description: "Etter siste statusendring: `eldste` først (standard, køen) eller `nyeste` først" }),
  etter: z
    .string({ error: UGYLDIG_ETTER })
    .max(200, UGYLDIG_ETTER)
    .optional()
    .meta({ description: "Markøren: `neste` fra forrige side. Uten: første side." }),
  antall: z
    .string({ error: UGYLDIG_ANTALL })
    .regex(/^\d{1,3}$/, { message: UGYLDIG_ANTALL })
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAKS_ANTALL, { message: UGYLDIG_ANTALL })
    .optional()
    .meta({ description: `Høyst så mange på siden, 1–${MAKS_ANTALL}; standard 100`, example: "100" }),
});

/** One notification in the list. */
export interface MyndighetListeElement {
  nummer: string;
  status: ImportmeldingStatus;
  statusTekst: string;
  statusEndret: string;
  opprettet: string;
  kunDokumentkontroll: boolean;
  forventetAnkomst: string | null;
  automatiskVurdering: AutomatiskVurdering | null;
  sertifikat: { nummer: string; eksportland: string };
  ansvarligImportoer: { organisasjonsnummer: string; navn: string };
}

export interface MyndighetListe {
  importmeldinger: MyndighetListeElement[];
  /** The cursor of the next page (`etter=`); null on the last. */
  neste: string | null;
}

/** The cursor: the last row's status time (microseconds, UTC) and id, base64url. */
export function markoer(tid: string, id: number): string {
  return Buffer.from(`${tid}|${id}`).toString("base64url");
}

function lesMarkoer(etter: string): { tid: string; id: number } {
  const [tid, id] = Buffer.from(etter, "base64url").toString().split("|");
  if (!tid || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(tid) || !/^\d{1,15}$/.test(id ?? "")) {
    throw badRequest(UGYLDIG_ETTER);
  }
  return { tid, id: Number(id) };
}

interface Rad {
  id: number;
  nummer: string;
  status: ImportmeldingStatus;
  status_endret: Date | string;
  noekkel: string;
  opprettet: Date | string;
  kun_dokumentkontroll: boolean;
  forventet_ankomst: Date | string | null;
  automatisk_vurdering: AutomatiskVurdering | null;
  sertifikat_nummer: string;
  eksportland: string;
  organisasjonsnummer: string;
  navn: string;
}

const iso = (d: Date | string) => new Date(d).toISOString();

export async function myndighetListe(db: Db, soek: z.output<typeof listeSoek>): Promise<MyndighetListe> {
  const statuser = soek.status ?? [...INNSENDTE_STATUSER];
  const antall = soek.antall ?? 100;
  const nyeste = soek.rekkefoelge === "nyeste";
  const fra = soek.etter === undefined ? undefined : lesMarkoer(soek.etter);
  const retning = sql.raw(nyeste ? "desc" : "asc");
  const forbi = fra
    ? sql`and (x.status_endret, x.id) ${sql.raw(nyeste ? "<" : ">")} (${fra.tid}::timestamptz, ${fra.id})`
    : sql``;
  const fraTid = soek.endretFra
    ? sql`and x.status_endret >= ${soek.endretFra.toISOString()}::timestamptz`
    : sql``;
  const tilTid = soek.endretTil
    ? sql`and x.status_endret < ${soek.endretTil.toISOString()}::timestamptz`
    : sql``;
  const { rows } = await sql<Rad>`
    select m.id, m.nummer, m.status, m.status_endret, m.opprettet, m.kun_dokumentkontroll, m.forventet_ankomst,
      m.automatisk_vurdering, m.eksportland, m.sertifikat_nummer, i.organisasjonsnummer, i.navn,
      to_char(m.status_endret at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as noekkel
    from unnest(string_to_array(${statuser.join(",")}, ',')) as st(status)
    cross join lateral (
      select x.* from importmelding x
      where x.status = st.status and x.status not in ('UNDER_REGISTRERING', 'SLETTET')
        ${forbi} ${fraTid} ${tilTid}
      order by x.status_endret ${retning}, x.id ${retning}
      limit ${antall + 1}
    ) m
    join importoer i on i.id = m.ansvarlig_importoer_id
    order by m.status_endret ${retning}, m.id ${retning}
    limit ${antall + 1}`.execute(db);
  const side = rows.slice(0, antall);
  const siste = side.at(-1);
  return {
    importmeldinger: side.map((r) => ({
      nummer: r.nummer,
      status: r.status,
      statusTekst: STATUS_TEKST[r.status],
      statusEndret: iso(r.status_endret),
      opprettet: iso(r.opprettet),
      kunDokumentkontroll: r.kun_dokumentkontroll,
      forventetAnkomst: r.forventet_ankomst ? iso(r.forventet_ankomst) : null,
      automatiskVurdering: r.automatisk_vurdering,
      sertifikat: { nummer: r.sertifikat_nummer, eksportland: r.eksportland },
      ansvarligImportoer: { organisasjonsnummer: r.organisasjonsnummer, navn: r.navn },
    })),
    neste: rows.length > antall && siste ? markoer(siste.noekkel, Number(siste.id)) : null,
  };
}
