// The history as the page shows it (issue 36 item 13, docs/decisions/059-historikk-milepaeler.md): the
// milestones (created, each status change, a replaced certificate) as entries of their own with their details,
// and every other event (answers, arrival, own reference, newer deliveries of the certificate) in a group one
// step away, one group per run of the same kind between two milestones («Egen referanse endret 22 ganger»).
// Pure: the app's loader reads the events from the import API and groups them here; the evidence pack's PDF and
// CSV keep every event as it is (they are the record). Which text an event has stays in historikk.ts.
import { type HendelseVisning, HISTORIKK_SIDE } from "./historikk";

/** One entry of the page: a milestone, or a run of changes of one kind (newest first, at least one). */
export type Oppfoering =
  | { type: "MILEPAEL"; hendelse: HendelseVisning }
  | { type: "ENDRINGER"; tittel: string; hendelser: HendelseVisning[] };

/** One page of entries, newest first; `eldre` is the cursor (?foer=) of the next page, null at the end. */
export interface HistorikkOversikt {
  oppfoeringer: Oppfoering[];
  eldre: number | null;
}

/** At most this many events are read for one page (the page's cost stays bounded whatever the history). */
export const HISTORIKK_MAKS_LEST = 500;

/** A milestone: the notification made, a status change, or its certificate replaced by another. */
export function erMilepael(h: Pick<HendelseVisning, "type" | "detaljer">): boolean {
  return (
    h.type === "OPPRETTET" || h.type === "STATUS" || (h.type === "SERTIFIKAT" && !!h.detaljer.erstattetAv)
  );
}

/**
 * The events (newest first, as the API pages them) as entries: a milestone alone, consecutive other events of
 * one kind (the same type and title) together. A run stays in the order it happened, so the list reads as a
 * timeline.
 */
export function grupperHistorikk(hendelser: readonly HendelseVisning[]): Oppfoering[] {
  const ut: Oppfoering[] = [];
  for (const h of hendelser) {
    const forrige = ut.at(-1);
    if (erMilepael(h)) ut.push({ type: "MILEPAEL", hendelse: h });
    else if (
      forrige?.type === "ENDRINGER" &&
      forrige.hendelser[0]?.type === h.type &&
      forrige.tittel === h.tittel
    )
      forrige.hendelser.push(h);
    else ut.push({ type: "ENDRINGER", tittel: h.tittel, hendelser: [h] });
  }
  return ut;
}

const eldste = (o: Oppfoering) => (o.type === "MILEPAEL" ? o.hendelse.id : (o.hendelser.at(-1)?.id ?? 0));

/**
 * One page of entries from the events read (newest first) and the API's cursor after them (null: none older):
 * at most HISTORIKK_SIDE entries. An entry is complete when the one after it has begun, so a page that ends
 * before the last entry read is cut there and the next page starts after it; otherwise (every event read, or the
 * read stopped at HISTORIKK_MAKS_LEST) the next page starts where the read stopped.
 */
export function historikkSide(
  hendelser: readonly HendelseVisning[],
  eldre: number | null,
): HistorikkOversikt {
  const oppfoeringer = grupperHistorikk(hendelser);
  if (oppfoeringer.length <= HISTORIKK_SIDE) return { oppfoeringer, eldre };
  const side = oppfoeringer.slice(0, HISTORIKK_SIDE);
  return { oppfoeringer: side, eldre: eldste(side.at(-1)!) };
}

/** Whether the events read so far fill a page (one entry more has begun than the page shows). */
export function sidenErFull(hendelser: readonly HendelseVisning[]): boolean {
  return hendelser.length >= HISTORIKK_MAKS_LEST || grupperHistorikk(hendelser).length > HISTORIKK_SIDE;
}
