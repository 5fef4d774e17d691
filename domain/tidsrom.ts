// Arrival time slots (SPEC §9 table, §4 "Time-of-day labels") and the UTC arrival timestamp (SPEC §5).

import { erIsoDato, erKlokkeslett, osloDeler } from "./format";

export const TIDSROM = [
  { klokkeslett: "06:00", navn: "Morgen", spenn: "Før 08" },
  { klokkeslett: "10:00", navn: "Formiddag", spenn: "08-12" },
  { klokkeslett: "14:00", navn: "Ettermiddag", spenn: "12-16" },
  { klokkeslett: "18:00", navn: "Kveld", spenn: "Etter 16" },
] as const;

export type Tidsrom = (typeof TIDSROM)[number];
export type TidsromKlokkeslett = Tidsrom["klokkeslett"];

export const STANDARD_KLOKKESLETT: TidsromKlokkeslett = "06:00";

export function erTidsromKlokkeslett(value: unknown): value is TidsromKlokkeslett {
  return TIDSROM.some((t) => t.klokkeslett === value);
}

/** Before 8 Morgen, before 12 Formiddag, before 16 Ettermiddag, otherwise Kveld. */
export function tidsromForTime(hour: number): Tidsrom {
  if (hour < 8) return TIDSROM[0];
  if (hour < 12) return TIDSROM[1];
  if (hour < 16) return TIDSROM[2];
  return TIDSROM[3];
}

/** The slot of an "HH:MM" wall-clock time, or undefined when the text is not a valid time. */
export function tidsromForKlokkeslett(klokkeslett: string | null | undefined): Tidsrom | undefined {
  return erKlokkeslett(klokkeslett) ? tidsromForTime(Number(klokkeslett.slice(0, 2))) : undefined;
}

/**
 * The UTC ISO timestamp (e.g. "2026-03-29T04:00:00.000Z") of a wall-clock time in Europe/Oslo.
 * An ambiguous autumn time gives the later instant; a skipped spring time moves forward (as date-fns-tz
 * did). Throws a RangeError for an invalid date or time. Only Intl: no time-zone library.
 */
export function ankomsttidUtc(dato: string, klokkeslett: string): string {
  if (!erIsoDato(dato)) throw new RangeError(`Ugyldig dato: ${dato}`);
  if (!erKlokkeslett(klokkeslett)) throw new RangeError(`Ugyldig klokkeslett: ${klokkeslett}`);
  const [aar, maaned, dag] = dato.split("-").map(Number) as [number, number, number];
  const [time, minutt] = klokkeslett.split(":").map(Number) as [number, number];
  // The wall-clock time read as if it were UTC; the instant is that minus Oslo's offset at the instant.
  const vegg = Date.UTC(aar, maaned - 1, dag, time, minutt);
  // Oslo's offset before and after any change near that time (changes are an hour, at night).
  const foer = osloForskyvning(vegg - 3 * TIME_MS);
  const etter = osloForskyvning(vegg + 3 * TIME_MS);
  const gyldige = [vegg - foer, vegg - etter].filter((t) => osloForskyvning(t) === vegg - t);
  // Two: the autumn hour that happens twice, the later one. None: the spring hour that is skipped,
  // read with the offset before the change, which lands an hour later on the clock.
  return new Date(gyldige.length ? Math.max(...gyldige) : vegg - foer).toISOString();
}

const TIME_MS = 60 * 60 * 1000;

/** Oslo's offset from UTC at an instant, in milliseconds (+1 h in winter, +2 h in summer). */
function osloForskyvning(t: number): number {
  const d = new Date(t);
  const { dato, time, minutt } = osloDeler(d);
  const [aar, maaned, dag] = dato.split("-").map(Number) as [number, number, number];
  return Date.UTC(aar, maaned - 1, dag, time % 24, minutt) - (t - (t % 60_000));
}

/**
 * Back from a stored arrival timestamp to the Oslo date, the Oslo wall-clock time and its slot.
 * Throws a RangeError for a timestamp that cannot be parsed.
 */
export function fraAnkomsttid(iso: string | Date): { dato: string; klokkeslett: string; tidsrom: Tidsrom } {
  const tid = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(tid.getTime())) throw new RangeError(`Ugyldig ankomsttid: ${String(iso)}`);
  const { dato, klokkeslett, time } = osloDeler(tid);
  return { dato, klokkeslett, tidsrom: tidsromForTime(time) };
}

/**
 * Whether a timestamp is one of the four arrival slots (06:00, 10:00, 14:00 or 18:00 in Europe/Oslo on its
 * Oslo date, SPEC §9), to the millisecond. DST-correct: the slot is rebuilt from the Oslo date with
 * `ankomsttidUtc` and compared as an instant, so 06:00 is 05:00Z in winter and 04:00Z in summer, also on
 * the change days. False for a text that is not a timestamp.
 */
export function erTidsromTidspunkt(iso: string | Date): boolean {
  const tid = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(tid.getTime())) return false;
  const { dato, klokkeslett } = fraAnkomsttid(tid);
  return erTidsromKlokkeslett(klokkeslett) && ankomsttidUtc(dato, klokkeslett) === tid.toISOString();
}
