// Issue 33 «How it is shown»: the language's cost per page in `npm run bench` (or `npm run bench -- --sprak`
// alone). In the production shape (bench-last.ts medProduksjonsform: the app alone in its process, the API in
// another) the pages goal 2 times are each fetched in bokmål, nynorsk and English — the language cookie the
// language control sets (POST /sprak, app/routes/sprak.tsx) — in short alternating slots, the order rotating
// each round, so drift in a busy machine hits all three alike. Few requests in flight (BENCH_SPRAK_SAMTIDIGE,
// 1: one after the other), so the app's CPU is its work for these requests and not queueing or contention
// with the load generator; the CPU is the app process's from /proc/<pid>/task/*/schedstat (nanoseconds, every
// thread), not the 10 ms ticks of /proc/<pid>/stat, so a one-second slot is measured to far better than 1 %.
// Printed per page: the app's CPU per request and the time per request in nn and en as ratios of nb's, goal
// ≤ 1.05: the median over the rounds of each round's ratio (its nn or en slot against its nb slot, side by
// side), and the interquartile range of those ratios, so a reader sees whether a cell over 1.05 is the
// language or a noisy machine; and nb's own spread (its slots against their median) for scale. The goal is
// judged on the median. The queries are not counted here (the app's database is another process's):
// tests/sprak/kostnad.test.ts shows a page in nn and en makes exactly the queries it makes in nb.
import { readdirSync, readFileSync } from "node:fs";
import type { Sprak } from "../sprak/sprak";
import { medProduksjonsform, TRIVIELL_SIDE } from "./bench-last";
import { type Nettleser, skjema } from "./bench-side";

const SPRAKENE = ["nb", "nn", "en"] as const satisfies readonly Sprak[];
type Maalt = (typeof SPRAKENE)[number];
const SPRAK_RUNDER = Number(process.env.BENCH_SPRAK_RUNDER ?? 15);
const SPRAK_SEKUNDER = Number(process.env.BENCH_SPRAK_SEKUNDER ?? 1);
const SPRAK_SAMTIDIGE = Number(process.env.BENCH_SPRAK_SAMTIDIGE ?? 1);
const MAAL = 1.05;
const MAAL_TEKST = "≤ 1,05";

/** A process's CPU time so far, every thread (ms, from nanoseconds): the first field of each thread's schedstat. */
function cpuNsMs(pid: number): number {
  let ns = 0;
  for (const traad of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${traad}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return ns / 1e6;
}

interface Sum {
  antall: number;
  ms: number;
  cpuMs: number;
}

interface SprakSide {
  sti: string;
  /** Every round's slot per language, in round order. */
  perSprak: Record<Maalt, Sum[]>;
}

/** The language cookie the language control sets for each language (chosen last: bokmål, as before). */
async function sprakCookies(b: Nettleser, app: string): Promise<Record<Maalt, string>> {
  const verdier = {} as Record<Maalt, string>;
  for (const sprak of [...SPRAKENE.slice(1), "nb" as const]) {
    const side = await (await b.foelg("/")).text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(side)?.[1] ?? "";
    const res = await b.hent("/sprak", {
      ...skjema({ csrf, sprak, returnTo: "/" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app },
    });
    await res.arrayBuffer();
    const verdi = b.cookie("sprak");
    if (res.status !== 302 || !verdi) throw new Error(`Språkvalget ${sprak} svarte ${res.status}`);
    verdier[sprak] = verdi;
  }
  return verdier;
}

/** Every session fetching `sti` in `sprak` for `sekunder`, added to `sum`. */
async function maalSlot(
  pid: number,
  nettlesere: readonly Nettleser[],
  sti: string,
  sekunder: number,
  sum: Sum,
): Promise<void> {
  const cpu = cpuNsMs(pid);
  const start = performance.now();
  const slutt = start + sekunder * 1000;
  let antall = 0;
  await Promise.all(
    nettlesere.map(async (b) => {
      // at least once each (the untimed warm-up passes 0 s)
      do {
        const res = await b.hent(sti);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${sti} → ${res.status}`);
        antall += 1;
      } while (performance.now() < slutt);
    }),
  );
  sum.antall += antall;
  sum.ms += performance.now() - start;
  sum.cpuMs += cpuNsMs(pid) - cpu;
}

export async function maalSprak(
  brukere = SPRAK_SAMTIDIGE,
  runder = SPRAK_RUNDER,
  sekunder = SPRAK_SEKUNDER,
): Promise<{ sider: SprakSide[]; brukere: number; runder: number; sekunder: number }> {
  return medProduksjonsform(brukere, async ({ app, appPid, nettlesere, sider: stier }) => {
    const cookies = await sprakCookies(nettlesere[0]!, app);
    const velg = (sprak: Maalt) => {
      for (const b of nettlesere) b.settCookie("sprak", cookies[sprak]);
    };
    // The cookie must give the page in its language (else the ratios would compare bokmål with itself).
    for (const sprak of SPRAKENE) {
      velg(sprak);
      const html = await (await nettlesere[0]!.hent("/")).text();
      const lang = /<html[^>]* lang="([^"]+)"/.exec(html)?.[1];
      if (lang !== sprak) throw new Error(`Språkkaken for ${sprak} ga lang="${lang}"`);
    }
    const sider: SprakSide[] = [];
    for (const sti of stier) {
      const perSprak = Object.fromEntries(SPRAKENE.map((s) => [s, [] as Sum[]])) as Record<Maalt, Sum[]>;
      // Untimed: each page half a second per language first, so no language's slot pays for the warm-up.
      for (const sprak of SPRAKENE) {
        velg(sprak);
        await maalSlot(appPid, nettlesere, sti, 0.5, { antall: 0, ms: 0, cpuMs: 0 });
      }
      for (let r = 0; r < runder; r++) {
        for (let k = 0; k < SPRAKENE.length; k++) {
          const sprak = SPRAKENE[(r + k) % SPRAKENE.length]!;
          velg(sprak);
          const slot = { antall: 0, ms: 0, cpuMs: 0 };
          await maalSlot(appPid, nettlesere, sti, sekunder, slot);
          perSprak[sprak].push(slot);
        }
      }
      sider.push({ sti, perSprak });
    }
    velg("nb");
    return { sider, brukere, runder, sekunder };
  });
}

/** The p-quantile of `tall` (0 ≤ p ≤ 1), linear between the nearest ranks. */
function kvantil(tall: readonly number[], p: number): number {
  const s = [...tall].sort((a, b) => a - b);
  const i = (s.length - 1) * p;
  const lav = Math.floor(i);
  return s[lav]! + (s[Math.min(lav + 1, s.length - 1)]! - s[lav]!) * (i - lav);
}

/** The median and the interquartile range of a set of ratios. */
interface Spredning {
  median: number;
  q1: number;
  q3: number;
}

const spredning = (tall: readonly number[]): Spredning => ({
  median: kvantil(tall, 0.5),
  q1: kvantil(tall, 0.25),
  q3: kvantil(tall, 0.75),
});

/**
 * The app's CPU per request and the time per request (at the same concurrency) in `sprak` over nb's: each
 * round's ratio against the nb slot of the same round; the median and quartiles over the rounds.
 */
function sprakForhold(side: SprakSide, sprak: Maalt): { cpu: Spredning; tid: Spredning } {
  const runder = side.perSprak.nb.map((nb, r) => {
    const s = side.perSprak[sprak][r]!;
    return { cpu: s.cpuMs / s.antall / (nb.cpuMs / nb.antall), tid: s.ms / s.antall / (nb.ms / nb.antall) };
  });
  return { cpu: spredning(runder.map((r) => r.cpu)), tid: spredning(runder.map((r) => r.tid)) };
}

/** nb's own spread: its slots' CPU per request against their median (what noise alone looks like). */
function nbStoey(side: SprakSide): Spredning {
  const perForesporsel = side.perSprak.nb.map((s) => s.cpuMs / s.antall);
  const m = kvantil(perForesporsel, 0.5);
  return spredning(perForesporsel.map((x) => x / m));
}

/** nb's requests per second over the whole run. */
function nbPerSekund(side: SprakSide): number {
  const antall = side.perSprak.nb.reduce((sum, s) => sum + s.antall, 0);
  const ms = side.perSprak.nb.reduce((sum, s) => sum + s.ms, 0);
  return (antall * 1000) / ms;
}

const celle = (x: Spredning) => `${x.median.toFixed(3)} (${x.q1.toFixed(2)}–${x.q3.toFixed(2)})`;

export function formaterSprak(r: Awaited<ReturnType<typeof maalSprak>>): string {
  const rader = [
    [
      "Side",
      "nb per s",
      "nb CPU ms",
      "nb-støy",
      "nn/nb CPU",
      "en/nb CPU",
      "nn/nb tid",
      "en/nb tid",
      `Mål ${MAAL_TEKST}`,
    ],
    ...r.sider.map((side) => {
      const nn = sprakForhold(side, "nn");
      const en = sprakForhold(side, "en");
      const ok = [nn.cpu, en.cpu, nn.tid, en.tid].every((x) => x.median <= MAAL);
      const stoey = nbStoey(side);
      const nbCpu = side.perSprak.nb.reduce((sum, s) => sum + s.cpuMs, 0);
      const nbAntall = side.perSprak.nb.reduce((sum, s) => sum + s.antall, 0);
      return [
        side.sti.length > 40 ? `${side.sti.slice(0, 37)}…` : side.sti,
        nbPerSekund(side).toFixed(1),
        (nbCpu / nbAntall).toFixed(2),
        `${stoey.q1.toFixed(2)}–${stoey.q3.toFixed(2)}`,
        celle(nn.cpu),
        celle(en.cpu),
        celle(nn.tid),
        celle(en.tid),
        ok ? "✓" : "✗",
      ];
    }),
  ];
  const bredder = rader[0]!.map((_, k) => Math.max(...rader.map((x) => x[k]?.length ?? 0)));
  return [
    `Språkets kostnad (sak 33) i produksjonsformen, ${r.brukere} forespørsel${r.brukere === 1 ? "" : "er"} om gangen: hver side på bokmål, nynorsk og engelsk (språkkaken fra språkvelgeren), ${r.runder} runder à ${r.sekunder} s per språk, rekkefølgen roterer hver runde.`,
    `CPU er appprosessens CPU per forespørsel (alle tråder, /proc/<pid>/task/*/schedstat), tid er tiden per forespørsel; begge som forhold til bokmål i samme runde: medianen over rundene og i parentes kvartilene (25–75 %). nb-støy: nb-bolkenes CPU per forespørsel mot sin egen median (kvartilene), det støyen alene gir. Målet gjelder medianen (${TRIVIELL_SIDE} er den trivielle ruten).`,
    ...rader.map((x) =>
      x.map((c, k) => (k === 0 ? c.padEnd(bredder[k]!) : c.padStart(bredder[k]!))).join("  "),
    ),
    "Spørringer: tests/sprak/kostnad.test.ts viser at en side på nynorsk og engelsk gjør like mange databasespørringer som på bokmål (innlogget og anonym).",
  ].join("\n");
}
