// The intake bench's rounds (issue 35 item 4, ADR 084): one run's load window is a few seconds, so one run of a
// configuration is noise on a shared machine. Each configuration (one and two api processes) runs several
// rounds, alternated, and this prints per configuration the median and the spread (lowest–highest) of the rate
// and of the CPU per certificate of the api processes and of PostgreSQL, and the medians by thread.

import type { Venting } from "./bench-innlesing-venting";
import { tabell } from "./bench-prosesser";
import type { Traadtype } from "./bench-traader";

/** What a round of one configuration gives (bench-innlesing.ts's InnlesingKjoering). */
interface Runde {
  prosesser: number;
  perSekund: number;
  apiCpuMs: number;
  pgCpuMs: number | undefined;
  traader: Record<Traadtype, { bruker: number; system: number }>;
  venting: Venting;
}

function median(x: readonly number[]): number {
  const s = [...x].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length === 0 ? Number.NaN : s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** "median (lowest–highest)" with `desimaler` decimals; a dash without values. */
function medianOgSpredning(x: readonly (number | undefined)[], desimaler: number): string {
  const tall = x.filter((v): v is number => v !== undefined && Number.isFinite(v));
  if (tall.length === 0) return "–";
  const f = (v: number) => v.toFixed(desimaler);
  return tall.length === 1
    ? f(tall[0]!)
    : `${f(median(tall))} (${f(Math.min(...tall))}–${f(Math.max(...tall))})`;
}

/** The rounds grouped by configuration (number of api processes), in ascending order. */
function perOppsett<R extends Runde>(runder: readonly R[]): [number, R[]][] {
  const grupper = new Map<number, R[]>();
  for (const r of runder) grupper.set(r.prosesser, [...(grupper.get(r.prosesser) ?? []), r]);
  return [...grupper].sort((a, b) => a[0] - b[0]);
}

/** Median and spread per configuration: the rate, how many rounds reached the goal, CPU per certificate. */
export function formaterRunder(runder: readonly Runde[], maal: number): string {
  const oppsett = perOppsett(runder);
  const typer = Object.keys(runder[0]?.traader ?? {}) as Traadtype[];
  return [
    tabell([
      [
        "api-prosesser",
        "runder",
        "per sekund: median (laveste–høyeste)",
        `runder ≥ ${maal}`,
        "CPU ms/sert.: api",
        "PostgreSQL",
        "api + PostgreSQL",
        "PostgreSQL-tilkoblinger: i arbeid / venter på lås / inaktive i transaksjon",
      ],
      ...oppsett.map(([prosesser, r]) => [
        String(prosesser),
        String(r.length),
        medianOgSpredning(
          r.map((x) => x.perSekund),
          0,
        ),
        `${r.filter((x) => x.perSekund >= maal).length} av ${r.length}`,
        medianOgSpredning(
          r.map((x) => x.apiCpuMs),
          2,
        ),
        medianOgSpredning(
          r.map((x) => x.pgCpuMs),
          2,
        ),
        medianOgSpredning(
          r.map((x) => (x.pgCpuMs === undefined ? undefined : x.apiCpuMs + x.pgCpuMs)),
          2,
        ),
        (["aktive", "laas", "iTransaksjon"] as const)
          .map((k) => median(r.map((x) => x.venting[k])).toFixed(1))
          .join(" / "),
      ]),
    ]),
    "(tilkoblingene: snitt over lastvinduet, prøvd hvert 100. ms fra pg_stat_activity; median over rundene)",
    "",
    "api-prosessenes CPU per sertifikat etter tråd, median over rundene (ms, bruker + system):",
    tabell([
      ["api-prosesser", ...typer],
      ...oppsett.map(([prosesser, r]) => [
        String(prosesser),
        ...typer.map(
          (t) =>
            `${median(r.map((x) => x.traader[t].bruker)).toFixed(2)} + ${median(r.map((x) => x.traader[t].system)).toFixed(2)}`,
        ),
      ]),
    ]),
  ].join("\n");
}
