// The notification's history as the API gives it (issue 24 §1, docs/decisions/033-historikk.md): GET
// .../{id}/historikk?foer=<event id>&antall=<n>, newest first, a page at a time by the event id (an index walk
// of (importmelding_id, id): the cost follows the page, not the history). The texts come from
// domain/historikk.ts, so the page, the PDF and the CSV read alike. Who did it is the snapshot on the row;
// the audit string with the national identity number is never read here.
import { z } from "zod";
import type { Db } from "../../db";
import {
  aktoerTekst,
  type HendelseVisning,
  HISTORIKK_SIDE,
  type HistorikkSide,
  hendelseLinjer,
  hendelseTittel,
} from "../../domain/historikk";
import type { ImportmeldingStatus } from "../../domain/status";
import { oversetter } from "../../sprak/katalog.server";
import type { Sprak } from "../../sprak/sprak";
import { lesSoek } from "../http/soek";

const MAKS_SIDE = 100;

const historikkSoekSkjema = z.object({
  foer: z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number)
    .optional(),
  antall: z
    .string()
    .regex(/^\d{1,3}$/)
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAKS_SIDE)
    .optional(),
});

export type HistorikkSoek = z.output<typeof historikkSoekSkjema>;

/** ?foer and ?antall; anything else is 400 "Ugyldig foer" / "Ugyldig antall". */
export function historikkSoek(query: unknown): HistorikkSoek {
  return lesSoek(historikkSoekSkjema, query);
}

const KOLONNER = [
  "id",
  "tidspunkt",
  "type",
  "fra_status",
  "til_status",
  "merknad",
  "detaljer",
  "aktoer_type",
  "aktoer_navn",
  "aktoer_virksomhet",
  "aktoer_orgnr",
] as const;

function hendelserFor(db: Db, id: number) {
  return db.selectFrom("importmelding_hendelse").select(KOLONNER).where("importmelding_id", "=", id);
}

type Rad = Awaited<ReturnType<ReturnType<typeof hendelserFor>["execute"]>>[number];

/** An event with its texts in `sprak` (the caller's language, api/http/kall.ts sprakForKall). */
export function hendelseVisning(r: Rad, sprak: Sprak): HendelseVisning {
  const t = oversetter(sprak);
  const aktoer = {
    type: r.aktoer_type,
    navn: r.aktoer_navn,
    virksomhet: r.aktoer_virksomhet,
    organisasjonsnummer: r.aktoer_orgnr,
  };
  const h = {
    type: r.type,
    tilStatus: r.til_status as ImportmeldingStatus | null,
    detaljer: r.detaljer ?? {},
    merknad: r.merknad,
  };
  return {
    id: Number(r.id),
    tidspunkt: new Date(r.tidspunkt).toISOString(),
    type: r.type,
    fraStatus: r.fra_status as ImportmeldingStatus | null,
    tilStatus: h.tilStatus,
    aktoer,
    detaljer: h.detaljer,
    utfoertAv: aktoerTekst(aktoer, t),
    tittel: hendelseTittel(h, t),
    linjer: hendelseLinjer(h, t),
  };
}

/**
 * One page of the history, newest first, before the event `foer` (the first page without it), its texts in
 * `sprak` (bokmål unless the caller asks for another).
 */
export async function hentHistorikk(
  db: Db,
  id: number,
  soek: HistorikkSoek = {},
  sprak: Sprak = "nb",
): Promise<HistorikkSide> {
  const antall = soek.antall ?? HISTORIKK_SIDE;
  let q = hendelserFor(db, id);
  if (soek.foer !== undefined) q = q.where("id", "<", soek.foer);
  const rader = await q
    .orderBy("id", "desc")
    .limit(antall + 1)
    .execute();
  const side = rader.slice(0, antall).map((r) => hendelseVisning(r, sprak));
  return { hendelser: side, eldre: rader.length > antall ? (side.at(-1)?.id ?? null) : null };
}

/**
 * The whole history, oldest first (the evidence pack's PDF and CSV), its texts in `sprak` (bokmål: the rest
 * of the evidence pack is bokmål until the documents are converted, issue 33).
 */
export async function helHistorikk(db: Db, id: number, sprak: Sprak = "nb"): Promise<HendelseVisning[]> {
  return (await hendelserFor(db, id).orderBy("id").execute()).map((r) => hendelseVisning(r, sprak));
}

/** The status changes, oldest first: the receipt's timeline (kvittering-pdf.ts). */
export function statusHendelser(db: Db, id: number) {
  return db
    .selectFrom("importmelding_hendelse")
    .select(["tidspunkt", "til_status as tilStatus"])
    .where("importmelding_id", "=", id)
    .where("type", "=", "STATUS")
    .orderBy("id")
    .execute();
}
