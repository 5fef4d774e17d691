// Date, time, number and organisation-number display (SPEC §9): Europe/Oslo, in the reader's language (issue 33):
// nb-NO for bokmål (SPEC's formats, the default), nn-NO for nynorsk, en-GB for English.
import { LOKALE, type Sprak, STANDARD_SPRAK } from "../sprak/sprak";

export const TIDSSONE = "Europe/Oslo";

/** One Intl formatter per locale and kind, made on first use. */
function perSprak<F>(lag: (lokale: string) => F): (sprak: Sprak) => F {
  const cache = new Map<Sprak, F>();
  return (sprak) => {
    let f = cache.get(sprak);
    if (!f) {
      f = lag(LOKALE[sprak]);
      cache.set(sprak, f);
    }
    return f;
  };
}

const datoFormat = perSprak((l) => new Intl.DateTimeFormat(l, { dateStyle: "short", timeZone: TIDSSONE }));
/** A calendar date (YYYY-MM-DD) is no instant: formatted as the same day in UTC. */
const kalenderdatoFormat = perSprak(
  (l) => new Intl.DateTimeFormat(l, { dateStyle: "short", timeZone: "UTC" }),
);
const langDatoFormat = perSprak((l) => new Intl.DateTimeFormat(l, { dateStyle: "long", timeZone: "UTC" }));
const datoTidFormat = perSprak(
  (l) => new Intl.DateTimeFormat(l, { dateStyle: "short", timeStyle: "medium", timeZone: TIDSSONE }),
);
const klokkeslettFormat = perSprak(
  (l) =>
    new Intl.DateTimeFormat(l, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: TIDSSONE }),
);
const tallFormat = perSprak((l) => new Intl.NumberFormat(l, { maximumFractionDigits: 6 }));
const osloDelerFormat = new Intl.DateTimeFormat("en-GB", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: TIDSSONE,
});

const ISO_DATO = /^(\d{4})-(\d{2})-(\d{2})$/;
const KLOKKESLETT = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** True for a `YYYY-MM-DD` string that is a real calendar date. */
export function erIsoDato(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const m = ISO_DATO.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dato = new Date(Date.UTC(y, mo - 1, d));
  return dato.getUTCFullYear() === y && dato.getUTCMonth() === mo - 1 && dato.getUTCDate() === d;
}

/** True for an `HH:MM` string (00:00–23:59). */
export function erKlokkeslett(value: unknown): value is string {
  return typeof value === "string" && KLOKKESLETT.test(value);
}

/** "123456789" → "123 456 789"; anything else is returned trimmed as it is. */
export function formaterOrganisasjonsnummer(nr: string | null | undefined): string {
  const trimmet = (nr ?? "").trim();
  return /^\d{9}$/.test(trimmet)
    ? `${trimmet.slice(0, 3)} ${trimmet.slice(3, 6)} ${trimmet.slice(6)}`
    : trimmet;
}

function tilDate(d: Date | string | null | undefined): Date | undefined {
  if (d === null || d === undefined || d === "") return undefined;
  const dato = d instanceof Date ? d : new Date(d);
  return Number.isNaN(dato.getTime()) ? undefined : dato;
}

/**
 * Short date in Oslo, e.g. "21.11.2026" (nb, nn) or "21/11/2026" (en). A plain `YYYY-MM-DD` string is a
 * calendar date and is shown as that day. Missing or invalid input gives "".
 */
export function formaterDato(d: Date | string | null | undefined, sprak: Sprak = STANDARD_SPRAK): string {
  if (typeof d === "string" && erIsoDato(d)) {
    if (sprak === "nb") {
      const [y, m, dag] = d.split("-");
      return `${dag}.${m}.${y}`;
    }
    return kalenderdatoFormat(sprak).format(new Date(`${d}T00:00:00Z`));
  }
  const dato = tilDate(d);
  return dato ? datoFormat(sprak).format(dato) : "";
}

/** A calendar date (YYYY-MM-DD) written out: "23. november 2026" (nb, nn), "23 November 2026" (en). */
export function formaterLangDato(d: string, sprak: Sprak = STANDARD_SPRAK): string {
  return erIsoDato(d) ? langDatoFormat(sprak).format(new Date(`${d}T00:00:00Z`)) : "";
}

/**
 * Short date with medium time in Oslo, e.g. "21.11.2026, 14:05:00" (en: "21/11/2026, 14:05:00"). Missing or
 * invalid input gives "".
 */
export function formaterDatoTid(d: Date | string | null | undefined, sprak: Sprak = STANDARD_SPRAK): string {
  const dato = tilDate(d);
  return dato ? datoTidFormat(sprak).format(dato) : "";
}

/** Oslo wall-clock time "HH:MM", e.g. "14:05". Missing or invalid input gives "". */
export function formaterKlokkeslett(
  d: Date | string | null | undefined,
  sprak: Sprak = STANDARD_SPRAK,
): string {
  const dato = tilDate(d);
  return dato ? klokkeslettFormat(sprak).format(dato) : "";
}

/**
 * A number in the reader's language: "12 345,5" (nb, nn; the group separator is a no-break space, U+00A0),
 * "12,345.5" (en); at most six decimals.
 */
export function formaterTall(n: number, sprak: Sprak = STANDARD_SPRAK): string {
  return tallFormat(sprak).format(n);
}

/** The Oslo calendar date and wall-clock time of an instant. */
export function osloDeler(d: Date): { dato: string; klokkeslett: string; time: number; minutt: number } {
  const deler = Object.fromEntries(osloDelerFormat.formatToParts(d).map((p) => [p.type, p.value]));
  const time = Number(deler.hour);
  const minutt = Number(deler.minute);
  return {
    dato: `${String(deler.year).padStart(4, "0")}-${deler.month}-${deler.day}`,
    klokkeslett: `${deler.hour}:${deler.minute}`,
    time,
    minutt,
  };
}

/** `YYYY-MM-DD` of the instant in Europe/Oslo. */
export function osloDato(d: Date): string {
  return osloDeler(d).dato;
}

/** The calendar date `dager` days after `dato` (YYYY-MM-DD; negative goes back), free of time zones. */
export function leggTilDager(dato: string, dager: number): string {
  const [aar, maaned, dag] = dato.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(aar, maaned - 1, dag + dager)).toISOString().slice(0, 10);
}
