// Date, time and organisation-number display (SPEC §9): Europe/Oslo, locale nb-NO.

export const TIDSSONE = "Europe/Oslo";
export const LOKALE = "nb-NO";

const datoFormat = new Intl.DateTimeFormat(LOKALE, { dateStyle: "short", timeZone: TIDSSONE });
const datoTidFormat = new Intl.DateTimeFormat(LOKALE, {
  dateStyle: "short",
  timeStyle: "medium",
  timeZone: TIDSSONE,
});
const klokkeslettFormat = new Intl.DateTimeFormat(LOKALE, {
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: TIDSSONE,
});
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
 * Short nb-NO date in Oslo, e.g. "21.11.2026". A plain `YYYY-MM-DD` string is a calendar date and is
 * shown as it is. Missing or invalid input gives "".
 */
export function formaterDato(d: Date | string | null | undefined): string {
  if (typeof d === "string" && erIsoDato(d)) {
    const [y, m, dag] = d.split("-");
    return `${dag}.${m}.${y}`;
  }
  const dato = tilDate(d);
  return dato ? datoFormat.format(dato) : "";
}

/** Short date with medium time in Oslo, e.g. "21.11.2026, 14:05:00". Missing or invalid input gives "". */
export function formaterDatoTid(d: Date | string | null | undefined): string {
  const dato = tilDate(d);
  return dato ? datoTidFormat.format(dato) : "";
}

/** Oslo wall-clock time "HH:MM", e.g. "14:05". Missing or invalid input gives "". */
export function formaterKlokkeslett(d: Date | string | null | undefined): string {
  const dato = tilDate(d);
  return dato ? klokkeslettFormat.format(dato) : "";
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
