// `npm run bench -- --scale` (issue 13 goal 1): every list at 1k, 10k and 100k notifications and
// certificates for one importer, through the API over HTTP. Each scale gets a fresh database (a new
// database on the PostgreSQL server in DATABASE_URL, else an in-memory PGlite) with the demo seed plus N
// certificates and N notifications written by SQL, then ANALYZE. All scales are open at once; after an
// untimed round, each figure is the median of 21 sequential requests at each scale in turn. The ratio
// 100k/1k is printed next to the goal (≤ 1.5×). Ratios from one run.

import { MYNDIGHET_SCOPES } from "../api/auth";
import { DEMO_PERSONER, ORG } from "../dev/demo-data";
import { planFor, SpoerringOpptak, storeTabeller } from "../dev/planer";
import { SKALA_FIGURER, type SkalaFigur, type SkalaKontekst, seedSkala, skalaKontekst } from "../dev/skala";
import {
  startTestApi,
  TEST_MYNDIGHET_KLIENT,
  TEST_MYNDIGHET_ORGNR,
  type TestApi,
} from "../tests/support/test-server";

export const SKALAER = [1_000, 10_000, 100_000] as const;
export const MAAL_FORHOLD = 1.5;
const GJENTAK = 21;

async function median(api: TestApi, token: string, f: SkalaFigur, ctx: SkalaKontekst): Promise<number> {
  const tider: number[] = [];
  const sti = f.sti(ctx);
  for (let i = 0; i < GJENTAK + 2; i++) {
    // the authority's token lives two minutes: a new one for each request (made before the clock starts)
    const hode = f.myndighet
      ? `Bearer ${await api.maskinToken(TEST_MYNDIGHET_KLIENT, TEST_MYNDIGHET_ORGNR, [MYNDIGHET_SCOPES.read])}`
      : `Bearer ${token}`;
    const start = performance.now();
    const res = await api.fetch(sti, { headers: { authorization: hode } });
    if (!res.ok) throw new Error(`${sti}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    if (i >= 2) tider.push(performance.now() - start);
  }
  tider.sort((a, b) => a - b);
  return tider[Math.floor(tider.length / 2)] ?? 0;
}

/** Milliseconds per figure at each scale. */
export async function maalSkala(skalaer: readonly number[] = SKALAER): Promise<Map<string, number[]>> {
  if (process.env.DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
  const tider = new Map<string, number[]>(SKALA_FIGURER.map((f) => [f.navn, []]));
  // Every scale's database at once, so that each figure is measured at every scale in the same state of the
  // process: measured one scale after the other, the first (1k) would pay for the JIT and PGlite's
  // WebAssembly warming up, and every ratio would look smaller than it is.
  const apier: { api: TestApi; token: string; ctx: SkalaKontekst }[] = [];
  try {
    for (const n of skalaer) {
      const api = await startTestApi();
      const a = {
        api,
        token: await api.token(DEMO_PERSONER[0]!.pid, { expiresIn: "1h" }),
        ctx: { base: "", api: "", aapent: "", n, myndighetMarkoer: "" },
      };
      apier.push(a); // closed in `finally` whatever happens next
      const db = api.handle.db;
      const { id } = await db
        .selectFrom("importoer")
        .select("id")
        .where("organisasjonsnummer", "=", ORG.hagelandDrammen)
        .executeTakeFirstOrThrow();
      await seedSkala(db, n, id);
      a.ctx = await skalaKontekst(db, n, id);
    }
    // one untimed round over every figure at every scale first
    for (const a of apier) for (const f of SKALA_FIGURER) await median(a.api, a.token, f, a.ctx);
    for (const f of SKALA_FIGURER) {
      for (const a of apier) tider.get(f.navn)?.push(await median(a.api, a.token, f, a.ctx));
    }
  } finally {
    for (const a of apier) await a.api.close();
  }
  return tider;
}

export function formaterSkala(tider: Map<string, number[]>, skalaer: readonly number[] = SKALAER): string {
  const hode = ["Liste", ...skalaer.map((n) => `${n / 1000}k (ms)`), "100k/1k", `Mål ≤ ${MAAL_FORHOLD}×`];
  const rad = (navn: string, ms: number[], vokser: boolean) => {
    const forhold = (ms.at(-1) ?? 0) / (ms[0] || 1);
    return [
      navn,
      ...ms.map((t) => t.toFixed(1)),
      `${forhold.toFixed(2)}×`,
      vokser ? "–" : forhold <= MAAL_FORHOLD ? "ja" : "NEI",
    ];
  };
  const vokser = new Set(SKALA_FIGURER.filter((f) => f.vokser).map((f) => f.navn));
  const faste = [...tider].filter(([navn]) => !vokser.has(navn));
  const voksende = [...tider].filter(([navn]) => vokser.has(navn));
  const rader = [hode, ...faste.map(([navn, ms]) => rad(navn, ms, false))];
  const skille = rader.length;
  rader.push(...voksende.map(([navn, ms]) => rad(navn, ms, true)));
  const bredder = hode.map((_, k) => Math.max(...rader.map((r) => r[k]?.length ?? 0)));
  const linje = (r: string[]) =>
    r.map((c, k) => (k === 0 ? c.padEnd(bredder[k]!) : c.padStart(bredder[k]!))).join("  ");
  return [
    ...rader.slice(0, skille).map(linje),
    "",
    "Treffene vokser med dataene (holdes ikke mot 1,5×; avgrenset av siden og tellegrensen på 1 000, ingen",
    "sekvensiell skanning: api/lister.test.ts):",
    ...rader.slice(skille).map(linje),
  ].join("\n");
}

/** `npm run bench -- --plans [N]`: every list query's plan at N rows (default 100k), for reading. */
export async function visPlaner(n = 100_000, bare?: string): Promise<void> {
  if (process.env.DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
  const opptak = new SpoerringOpptak();
  const api = await startTestApi({ plugin: opptak });
  try {
    const db = api.handle.db;
    opptak.db = db;
    const { id } = await db
      .selectFrom("importoer")
      .select("id")
      .where("organisasjonsnummer", "=", ORG.hagelandDrammen)
      .executeTakeFirstOrThrow();
    await seedSkala(db, n, id);
    const store = await storeTabeller(db, 1000);
    const token = await api.token(DEMO_PERSONER[0]!.pid, { expiresIn: "1h" });
    const ctx = await skalaKontekst(db, n, id);
    for (const f of SKALA_FIGURER) {
      if (bare && !f.navn.includes(bare)) continue;
      opptak.tom();
      await median(api, token, f, ctx);
      const sett = new Set<string>();
      for (const q of opptak.tom()) {
        if (sett.has(q.sql)) continue;
        sett.add(q.sql);
        const { plan, skann } = await planFor(db, q, store);
        console.log(
          `\n== ${f.navn}${skann.length ? ` (SEKVENSIELL: ${skann.join(", ")})` : ""}\n${q.sql}\n${plan}`,
        );
      }
    }
  } finally {
    await api.close();
  }
}
