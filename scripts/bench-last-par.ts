// Two builds side by side (issue 35 item 2, docs/decisions/074): the production shape of each (web alone in its own
// process, the API in another, one PostgreSQL: bench-last.ts's medProduksjonsform) runs at once, and each page is
// measured in short windows alternating between the two, so both see the same load on a shared machine. Prints
// per page the median web CPU per request of each build over the rounds, and their ratio.
// `DATABASE_URL=… BENCH_PAR_A=/tmp/main/build BENCH_PAR_B=build BENCH_LAST_PORT=3400 npx tsx scripts/bench-last-par.ts`
// BENCH_PAR_RUNDER (rounds, 6), BENCH_PAR_SEKUNDER (window per page and build, 5), BENCH_LAST_SIDER as in
// bench-last.ts. Build A's ports are BENCH_LAST_PORT + 1 and + 2, build B's + 11 and + 12.
import { cpuMs, medProduksjonsform } from "./bench-last";
import type { Nettleser } from "./bench-side";

const RUNDER = Number(process.env.BENCH_PAR_RUNDER ?? 6);
const SEKUNDER = Number(process.env.BENCH_PAR_SEKUNDER ?? 5);
const BRUKERE = Number(process.env.BENCH_LAST_BRUKERE ?? 20);
const PORT = Number(process.env.BENCH_LAST_PORT ?? 3192);

interface Form {
  appPid: number;
  nettlesere: Nettleser[];
  sider: string[];
}

/** Answers other than 200 (an overloaded machine's API timeouts, 503), per build: printed, not hidden. */
const feil = new Map<Form, number>();

/** One window of `sekunder`: every session fetches `sti` in a loop; the web process's CPU ms per request. */
async function vindu(form: Form, sti: string): Promise<number> {
  let antall = 0;
  const cpu = cpuMs(form.appPid);
  const slutt = performance.now() + SEKUNDER * 1000;
  await Promise.all(
    form.nettlesere.map(async (b) => {
      while (performance.now() < slutt) {
        const res = await b.hent(sti);
        await res.arrayBuffer();
        if (res.status !== 200) feil.set(form, (feil.get(form) ?? 0) + 1);
        antall += 1;
      }
    }),
  );
  return (cpuMs(form.appPid) - cpu) / antall;
}

const median = (x: readonly number[]) => {
  const s = [...x].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Starts build `dir`'s production shape at `port` (bench-last's env names) and runs `maal` in it. */
function med<R>(dir: string, port: number, maal: (f: Form) => Promise<R>): Promise<R> {
  process.env.BUILD_DIR = dir;
  process.env.BENCH_LAST_PORT = String(port);
  return medProduksjonsform(BRUKERE, (f) => maal(f));
}

const a = process.env.BENCH_PAR_A ?? "build";
const b = process.env.BENCH_PAR_B ?? "build";
await med(a, PORT, (formA) =>
  med(b, PORT + 10, async (formB) => {
    const rader: string[] = [`side\tA ms (${a})\tB ms (${b})\tB/A\tA-runder\tB-runder`];
    for (const [k, sti] of formA.sider.entries()) {
      const stiB = formB.sider[k] ?? sti;
      const [ra, rb]: [number[], number[]] = [[], []];
      for (let i = 0; i < RUNDER; i++) {
        // alternate which build goes first, so neither always follows the other's window
        if (i % 2 === 0) {
          ra.push(await vindu(formA, sti));
          rb.push(await vindu(formB, stiB));
        } else {
          rb.push(await vindu(formB, stiB));
          ra.push(await vindu(formA, sti));
        }
      }
      const [ma, mb] = [median(ra), median(rb)];
      const fmt = (x: number[]) => x.map((v) => v.toFixed(1)).join(" ");
      rader.push(
        `${sti}\t${ma.toFixed(2)}\t${mb.toFixed(2)}\t${(mb / ma).toFixed(2)}\t${fmt(ra)}\t${fmt(rb)}`,
      );
      console.error(rader.at(-1));
    }
    rader.push(`svar som ikke var 200: A ${feil.get(formA) ?? 0}, B ${feil.get(formB) ?? 0}`);
    console.log(rader.join("\n"));
  }),
);
process.exit(0);
