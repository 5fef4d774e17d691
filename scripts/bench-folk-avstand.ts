// Why a request costs the web process more under the people bench (scripts/bench-folk.ts: many sessions, think
// time, a low rate) than under bench-last (one session, 20 in flight, no think time): the same production shape
// and the same walk, four kinds of load in alternating windows of the same minutes (issue 35 item 3, ADR 083):
// - `én økt`: one person's session, 20 requests in flight, no think time (bench-last's load); `én økt, gzip`:
//   the same offering only gzip (as Node's fetch in bench-last does: `gzip, deflate`), not brotli; `én økt, 200
//   samtidige`: the same with 200 requests in flight (what a saturated web process holds under 600 people);
// - `mange økter`: 20 in flight, no think time, each request from another of the logged-in people;
// - `folk`: every logged-in person with 3–7 s of think time (the people bench's load);
// - `i ro`: nobody (the processes' CPU at rest, per second).
// With BENCH_AVSTAND_B (and BENCH_AVSTAND_A) set, two more web processes with those settings, A and B, each kind
// against each in turn. Prints the web's and the api's CPU ms per request of each kind (medians of the rounds), the
// ratios, PostgreSQL's CPU per request (the whole server's: windows alternate, so each window's is its own) and
// the answers' percentiles (ms, all rounds).
// `DATABASE_URL=… npx tsx scripts/bench-folk-avstand.ts`; BENCH_FOLK_PORT, BENCH_AVSTAND_FOLK (default 300),
// BENCH_AVSTAND_SEKUNDER (per window, default 10), BENCH_AVSTAND_RUNDER (default 4), BENCH_AVSTAND_LASTER (the
// kinds, separated by ";").
import { Person, sider, startProduksjonsform } from "./bench-folk";
import {
  type BenchProsess,
  benchPostgres,
  maskinLast,
  persentil,
  prosessCpuMs,
  tabell,
} from "./bench-prosesser";

const PORT = Number(process.env.BENCH_FOLK_PORT ?? 3200);
const FOLK = Number(process.env.BENCH_AVSTAND_FOLK ?? 300);
const SEKUNDER = Number(process.env.BENCH_AVSTAND_SEKUNDER ?? 10);
const RUNDER = Number(process.env.BENCH_AVSTAND_RUNDER ?? 4);

const sov = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (x: number[]) => [...x].sort((a, b) => a - b)[Math.floor(x.length / 2)] ?? 0;

type Last = "én økt" | "én økt, gzip" | "én økt, 200 samtidige" | "mange økter" | "folk" | "i ro";

/** Requests of one kind of load until `slutt`; the number answered (their times, ms, into `tider`). */
async function kjoer(
  last: Last,
  personer: Person[],
  stier: string[][],
  slutt: number,
  tider: number[],
): Promise<number> {
  let antall = 0;
  const side = (i: number) => {
    const valg = stier[i % stier.length]!;
    return valg[Math.floor(Math.random() * valg.length)]!;
  };
  const en = async (p: Person, i: number) => {
    const t = performance.now();
    const svar = await p.hent(`${p.web}${side(i)}`);
    tider.push(performance.now() - t);
    if (svar.status !== 200) throw new Error(`${last}: ${svar.status}`);
    antall += 1;
  };
  if (last === "i ro") await sov(slutt - performance.now());
  else if (last === "folk") {
    await Promise.all(
      personer.map(async (p, n) => {
        await sov(Math.random() * 7000);
        for (let i = n; performance.now() < slutt; i++) {
          await en(p, i);
          await sov(3000 + Math.random() * 4000);
        }
      }),
    );
  } else {
    await Promise.all(
      Array.from({ length: last === "én økt, 200 samtidige" ? 200 : 20 }, async (_, n) => {
        for (let i = n; performance.now() < slutt; i++) {
          await en(
            last === "én økt" ? personer[0]! : personer[Math.floor(Math.random() * personer.length)]!,
            i,
          );
        }
      }),
    );
  }
  return antall;
}

async function hoved(): Promise<void> {
  const server = await benchPostgres();
  const form = await startProduksjonsform(server, PORT);
  try {
    const personer = Array.from({ length: FOLK }, (_, i) => new Person(form.web.url, form.offentlig, i));
    let neste = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let i = neste++; i < personer.length; i = neste++) await personer[i]!.loggInn();
      }),
    );
    const stier = await sider(personer[0]!);
    const laster: Last[] = (process.env.BENCH_AVSTAND_LASTER?.split(";") ?? [
      "én økt",
      "én økt, 200 samtidige",
      "mange økter",
      "folk",
      "i ro",
    ]) as Last[];
    // BENCH_AVSTAND_B: two more web processes of the shape, A (BENCH_AVSTAND_A's settings) and B, every kind of load
    // against each in turn (settings as `NAVN=verdi,NAVN=verdi`)
    const innstillinger = (v: string | undefined) =>
      Object.fromEntries(
        (v ?? "")
          .split(",")
          .filter(Boolean)
          .map((x) => x.split("=") as [string, string]),
      );
    const maal: { navn: string; web: BenchProsess; personer: Person[] }[] = process.env.BENCH_AVSTAND_B
      ? await Promise.all(
          (["A", "B"] as const).map(async (navn, i) => {
            const web = await form.startWeb(
              PORT + 8 + i,
              innstillinger(process.env[`BENCH_AVSTAND_${navn}`]),
            );
            return { navn: ` @${navn}`, web, personer: personer.map((p) => p.hos(web.url)) };
          }),
        )
      : [{ navn: "", web: form.web, personer }];
    const noekler = laster.flatMap((l) => maal.map((m) => `${l}${m.navn}`));
    const maalt = new Map(
      noekler.map((k) => [
        k,
        {
          web: [] as number[],
          api: [] as number[],
          pg: [] as number[],
          perSekund: [] as number[],
          tider: [] as number[],
        },
      ]),
    );
    // a warm-up window of each, not counted
    for (let runde = -1; runde < RUNDER; runde++) {
      for (const last of laster) {
        for (const mål of maal) {
          const foer = {
            web: prosessCpuMs(mål.web.pid),
            api: prosessCpuMs(form.api.pid),
            pg: server.cpuMs() ?? 0,
            t: performance.now(),
          };
          const tider: number[] = [];
          const n = await kjoer(last, mål.personer, stier, performance.now() + SEKUNDER * 1000, tider);
          const sek = (performance.now() - foer.t) / 1000;
          // the folk windows end with the last person's think time: CPU per request over the whole window
          const per = last === "i ro" ? sek : n || 1;
          if (runde < 0) continue;
          const m = maalt.get(`${last}${mål.navn}`)!;
          m.web.push((prosessCpuMs(mål.web.pid) - foer.web) / per);
          m.api.push((prosessCpuMs(form.api.pid) - foer.api) / per);
          m.pg.push(((server.cpuMs() ?? 0) - foer.pg) / per);
          m.perSekund.push(n / sek);
          m.tider.push(...tider);
        }
      }
    }
    const en = median(maalt.get(noekler[0]!)!.web);
    console.log(
      [
        `Web-prosessens CPU per forespørsel etter slags last (${FOLK} innloggede, vinduer på ${SEKUNDER} s, median av ${RUNDER} runder; i ro: ms per sekund); ${maskinLast()}`,
        tabell([
          [
            "last",
            "per sekund",
            "web CPU ms",
            `av ${noekler[0]}`,
            "api CPU ms",
            "PostgreSQL CPU ms",
            "p50",
            "p95",
            "p99",
            "web-rundene",
          ],
          ...noekler.map((l) => {
            const m = maalt.get(l)!;
            return [
              l,
              median(m.perSekund).toFixed(1),
              median(m.web).toFixed(2),
              l.startsWith("i ro") ? "–" : (median(m.web) / en).toFixed(2),
              median(m.api).toFixed(2),
              median(m.pg).toFixed(2),
              ...[50, 95, 99].map((q) =>
                persentil(
                  [...m.tider].sort((a, b) => a - b),
                  q,
                ).toFixed(0),
              ),
              m.web.map((x) => x.toFixed(1)).join(" "),
            ];
          }),
        ]),
      ].join("\n"),
    );
  } finally {
    await form.stopp();
    await server.stopp();
  }
}

await hoved();
process.exit(0);
