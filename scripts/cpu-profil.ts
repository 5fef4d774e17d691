// Where a process's CPU went, from a V8 CPU profile (`node --cpu-prof`; the bench's BENCH_PROFIL, issue 35 item
// 2): `npx tsx scripts/cpu-profil.ts FIL.cpuprofile [ANTALL] [FORESPØRSLER]
// [SISTE_SEKUNDER]` (PROFIL_PROEVER=1: each sample weighs the same, see `summer`). Prints the sampled time by module
// (npm package, or our own file) and by function, both self (the function itself) and total (the function
// and what it called, each sample counted once per function however deep the recursion), in ms and, given the
// number of requests the profile covers, ms per request; and the shares of a request's parts (KATEGORIER). The
// profiler samples wall time, so on a busy machine its ms are more than the CPU /proc counts: read the shares.
import { readFileSync } from "node:fs";

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profil {
  startTime: number;
  endTime: number;
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

/** The npm package, node's own code, or our file (relative to the build), of a script address. */
export function modulAv(url: string): string {
  if (!url) return "(V8: GC, program, idle)";
  if (url.startsWith("node:")) return url;
  const pakke = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pakke) return pakke[1]!;
  const bygg = /\/build\/[^/]+\/(.+)$/.exec(url);
  return bygg ? bygg[1]! : url.replace(/^file:\/\//, "");
}

const funksjonAv = (n: Node) =>
  `${n.callFrame.functionName || "(anonym)"} ${modulAv(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;

/** `sisteSekunder`: only the samples of the profile's last seconds (the load, not the start-up and login). */
/**
 * Where a request's CPU goes, by the innermost frame on a sample's stack that one of these names (node's own
 * stream and timer code belongs to whoever called it). First match from the leaf wins.
 */
const KATEGORIER: [string, (f: Node["callFrame"], modul: string) => boolean][] = [
  ["søppelinnsamling (GC)", (f) => f.functionName === "(garbage collector)"],
  ["komprimering av HTML (gzip)", (_f, m) => m === "node:zlib" || m === "compression"],
  [
    "statiske filer (stat av stien)",
    (f, m) => m === "send" || m === "serve-static" || f.functionName === "ferdigKomprimert",
  ],
  [
    "ruteoppslag (matchRoutes, remixRutefinner)",
    (f) => /^(matchRoutes|matchRoutesImpl|flattenRoutes|rankRouteBranches)$/.test(f.functionName),
  ],
  ["loader-data til HTML (turbo-stream)", (_f, m) => m === "turbo-stream"],
  [
    "sesjon og database (kysely, pg)",
    (_f, m) => /^(kysely|pg|pg-pool|pg-protocol|pg-types|postgres-\w+)$/.test(m),
  ],
  ["kall til API-et (fetch, undici)", (_f, m) => m === "node:internal/deps/undici/undici"],
  ["logg (pino, pino-http)", (_f, m) => /^(pino|pino-http|sonic-boom|pino-std-serializers)$/.test(m)],
  ["metrikker (prom-client)", (_f, m) => m === "prom-client"],
  [
    "sikkerhetshoder og CSP-nonce",
    (f) => f.functionName === "securityHeaders" || f.functionName === "contentSecurityPolicy",
  ],
  ["informasjonskapsler (cookie, signatur)", (_f, m) => m === "cookie" || m === "cookie-signature"],
  ["oversettelser (lingui, katalogen)", (f, m) => m === "@lingui/core" || f.functionName === "oversetterFra"],
  [
    "React-gjengivelse (react-dom, komponentene)",
    (_f, m) =>
      /^(react|react-dom|react-router|react-router-dom|@remix-run\/react)$/.test(m) ||
      m.startsWith("assets/"),
  ],
  [
    "Remix (server-runtime, router)",
    (f, m) =>
      /^@remix-run\/(server-runtime|router|node|express)$/.test(m) &&
      !/^(compilePath|matchPath|matchRouteBranch|computeScore|flattenRoute|joinPaths|removeDoubleSlashes)$/.test(
        f.functionName,
      ),
  ],
  [
    "Express (ruter, mellomvare)",
    (_f, m) => m === "express" || m === "on-headers" || m === "on-finished" || m === "parseurl",
  ],
  ["HTTP og sokler (node)", (_f, m) => /^node:(_http|net|internal\/(stream_base|http))/.test(m)],
];

/**
 * `proever`: each sample weighs the same (the median interval) instead of its time delta. On a busy machine a
 * sample taken after the process was descheduled carries the whole wait (hundreds of ms on one frame, e.g. the
 * syscall that woke PostgreSQL); counting samples is closer to the CPU the process spent (ADR 080).
 */
export function summer(profil: Profil, sisteSekunder = Number.POSITIVE_INFINITY, proever = false) {
  const fra = profil.endTime - sisteSekunder * 1e6;
  const sortert = [...profil.timeDeltas].sort((a, b) => a - b);
  const fast = sortert[Math.floor(sortert.length / 2)] ?? 0;
  let tid = profil.startTime;
  const forelder = new Map<number, number>();
  const noder = new Map(profil.nodes.map((n) => [n.id, n]));
  for (const n of profil.nodes) for (const b of n.children ?? []) forelder.set(b, n.id);
  const selv = { funksjon: new Map<string, number>(), modul: new Map<string, number>() };
  const kategori = new Map<string, number>();
  const totalt = { funksjon: new Map<string, number>(), modul: new Map<string, number>() };
  const legg = (m: Map<string, number>, k: string, us: number) => m.set(k, (m.get(k) ?? 0) + us);
  let sum = 0;
  let tomgang = 0;
  profil.samples.forEach((id, i) => {
    const delta = profil.timeDeltas[i] ?? 0;
    tid += delta;
    const us = proever ? fast : delta;
    const n = noder.get(id);
    if (!n || tid < fra) return;
    if (n.callFrame.functionName === "(idle)") {
      tomgang += us;
      return;
    }
    sum += us;
    legg(selv.funksjon, funksjonAv(n), us);
    legg(selv.modul, modulAv(n.callFrame.url), us);
    let k0: Node | undefined = n;
    let funnet = "annet (server.js, node)";
    for (; k0; k0 = noder.get(forelder.get(k0.id) ?? -1)) {
      const treff = KATEGORIER.find(([, f]) => f(k0!.callFrame, modulAv(k0!.callFrame.url)));
      if (treff) {
        funnet = treff[0];
        break;
      }
    }
    legg(kategori, funnet, us);
    const sett = { funksjon: new Set<string>(), modul: new Set<string>() };
    for (let k: Node | undefined = n; k; k = noder.get(forelder.get(k.id) ?? -1)) {
      sett.funksjon.add(funksjonAv(k));
      sett.modul.add(modulAv(k.callFrame.url));
    }
    for (const f of sett.funksjon) legg(totalt.funksjon, f, us);
    for (const m of sett.modul) legg(totalt.modul, m, us);
  });
  return { selv, totalt, kategori, sumMs: sum / 1000, tomgangMs: tomgang / 1000 };
}

function tabell(tittel: string, m: Map<string, number>, antall: number, forespoersler: number): string {
  const rader = [...m].sort((a, b) => b[1] - a[1]).slice(0, antall);
  return [
    tittel,
    ...rader.map(([k, us]) => {
      const ms = us / 1000;
      return `${ms.toFixed(0).padStart(8)} ms ${forespoersler ? `${(ms / forespoersler).toFixed(3).padStart(7)} ms/f` : ""}  ${k}`;
    }),
  ].join("\n");
}

const erHoved =
  process.argv[1] && import.meta.filename === (await import("node:path")).resolve(process.argv[1]);
if (erHoved) {
  const [fil, antallTekst, forespoerslerTekst, sisteTekst] = process.argv.slice(2);
  if (!fil) throw new Error("bruk: tsx scripts/cpu-profil.ts FIL.cpuprofile [ANTALL] [FORESPØRSLER]");
  const antall = Number(antallTekst ?? 30);
  const f = Number(forespoerslerTekst ?? 0);
  const siste = sisteTekst ? Number(sisteTekst) : undefined;
  // PROFIL_PROEVER=1: weigh samples equally (see summer)
  const s = summer(JSON.parse(readFileSync(fil, "utf8")) as Profil, siste, !!process.env.PROFIL_PROEVER);
  console.log(`Prøvetatt CPU ${s.sumMs.toFixed(0)} ms (tomgang ${s.tomgangMs.toFixed(0)} ms utenom)\n`);
  console.log("Kategori (andel av prøvene):");
  for (const [k, us] of [...s.kategori].sort((a, b) => b[1] - a[1])) {
    const andel = us / 1000 / s.sumMs;
    console.log(`${(andel * 100).toFixed(1).padStart(6)} %  ${k}`);
  }
  console.log(tabell("\nModul, selv:", s.selv.modul, antall, f));
  console.log(tabell("\nModul, totalt (med det den kaller):", s.totalt.modul, antall, f));
  console.log(tabell("\nFunksjon, selv:", s.selv.funksjon, antall, f));
  console.log(tabell("\nFunksjon, totalt:", s.totalt.funksjon, antall, f));
}
