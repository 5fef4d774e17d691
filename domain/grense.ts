// Rate limits as rules (issue 22, docs/decisions/026-grenser.md): what a limit is, how an override (GRENSE_<NAVN>,
// read by server/config.ts) is applied, whose key a client address is, and the message of a 429 (a message reference, resolved in the
// reader's language where it is shown: felles.grense.forMange). The counters themselves are in db/grense.ts.
import { isIPv6 } from "node:net";
import { melding } from "../sprak/melding";

/** What a limit counts, as the message "For mange <hva> på kort tid" names it (catalogue felles.grense.forMange). */
export type GrenseHva =
  | "innlogginger"
  | "mislykkedeInnlogginger"
  | "sertifikatsoek"
  | "sertifikatsoekUtenTreff"
  | "nedlastinger"
  | "feilApiNoekkel"
  | "ugyldigToken";

/** A limit: at most `antall` counted events per key in a window of `sekunder` (0: no limit). */
export interface Grense {
  /** Also the counters' key prefix and, upper-cased, the variable GRENSE_<NAVN> that overrides it. */
  navn: string;
  antall: number;
  sekunder: number;
  /** What is counted, for the message: "For mange <hva> på kort tid." */
  hva: GrenseHva;
}

/** The environment variable that overrides a limit: GRENSE_SOEK_BOM_PERSON for "soek-bom-person". */
export const grenseVariabel = (navn: string) => `GRENSE_${navn.toUpperCase().replace(/-/g, "_")}`;

/** An override as written: "antall" (same window) or "antall/sekunder"; undefined when it cannot be read. */
export function lesGrenseverdi(verdi: string): { antall: number; sekunder?: number } | undefined {
  const m = /^(\d{1,9})(?:\/(\d{1,9}))?$/.exec(verdi.trim());
  if (!m || (m[2] !== undefined && Number(m[2]) <= 0)) return undefined;
  return { antall: Number(m[1]), sekunder: m[2] === undefined ? undefined : Number(m[2]) };
}

/**
 * A limit with its default, unless the configuration's overrides (`GRENSE_<NAVN>`, server/config.ts) set it;
 * "0" turns the limit off. A value that cannot be read keeps the default (the configuration warns at start).
 */
export function grense(
  navn: string,
  hva: GrenseHva,
  antall: number,
  sekunder: number,
  overstyring: Readonly<Record<string, string | undefined>> = {},
): Grense {
  const verdi = overstyring[grenseVariabel(navn)];
  const lest = verdi === undefined ? undefined : lesGrenseverdi(verdi);
  return lest
    ? { navn, hva, antall: lest.antall, sekunder: lest.sekunder ?? sekunder }
    : { navn, hva, antall, sekunder };
}

/** Within the limit (`brukt`: the events counted for the key in this window, when counted), or over it. */
export type Utfall = { ok: true; brukt?: number } | { ok: false; ventMs: number };

/**
 * The key of a client address: an IPv4 address as it is (also when IPv6-mapped), an IPv6 address by its /64
 * network, which one subscriber usually has whole (counting per address would let it change address per try).
 */
export function ipNoekkel(ip: string | undefined): string {
  const a = (ip ?? "").trim();
  if (a.startsWith("::ffff:") && a.includes(".")) return a.slice(7);
  if (!isIPv6(a)) return a || "ukjent";
  const [hode = "", hale = ""] = a.split("::");
  const foran = hode ? hode.split(":") : [];
  const bak = hale ? hale.split(":") : [];
  const grupper = a.includes("::")
    ? [...foran, ...Array(Math.max(0, 8 - foran.length - bak.length)).fill("0"), ...bak]
    : foran;
  return `${grupper
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}

/** How long to wait, in the unit the message uses: 40 sekund, 9 minutt (under two hours), 2 time. */
export function ventetid(ventMs: number): { enhet: "sekund" | "minutt" | "time"; antall: number } {
  const sek = Math.max(1, Math.ceil(ventMs / 1000));
  if (sek < 60) return { enhet: "sekund", antall: sek };
  const min = Math.ceil(sek / 60);
  if (min < 120) return { enhet: "minutt", antall: min };
  return { enhet: "time", antall: Math.ceil(min / 60) };
}

/** The message of a 429, "For mange <hva> på kort tid. Prøv igjen om 9 minutter.", as a message reference. */
export function grenseMelding(g: Grense, ventMs: number): string {
  return melding("felles.grense.forMange", { hva: g.hva, ...ventetid(ventMs) });
}

/** The Retry-After value (whole seconds, at least 1). */
export const ventSekunder = (ventMs: number) => String(Math.max(1, Math.ceil(ventMs / 1000)));
