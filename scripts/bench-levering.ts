// Big deliveries (issue 26 point 7), part of `npm run bench`: the whole service as `npm start` runs it
// (production build, embedded PGlite, embedded API; DEMO_MODE), six ~7 MB ePhyto certificates delivered in
// parallel to the Hub endpoint, while a trivial page is fetched over and over. Reports how long the
// deliveries took and the trivial page's latency while they ran (goal: p95 ≤ 200 ms).
import { execSync } from "node:child_process";
import { once } from "node:events";
import { existsSync, rmSync } from "node:fs";
import { ORG } from "../dev/demo-data";
import { lagSertifikatXml, type SertifikatInput } from "../dev/ephyto/generate";
import { nyServerDatabase } from "../tests/support/test-db";
import { cpuMs, startTjeneste } from "./bench-last";

export const LEVERINGER = 6;
export const MAAL_P95_MS = 200;
const PAUSE_MS = 50;
const HVILE_MS = 5000;
const HUB_NOEKKEL = "dev-hub-nokkel";

/** The two shapes of a big certificate: many goods lines (a big JSON document) or one big attachment. */
export type Form = "varelinjer" | "vedlegg";

/** A valid certificate of about `mb` MB for Hageland Drammen, number i. */
export function stortSertifikat(form: Form, i: number, mb = 7): string {
  const dato = new Date().toISOString().slice(0, 10);
  const grunn: SertifikatInput = {
    nummer: `PHYTO.NL.2099.STOR${form === "varelinjer" ? "L" : "V"}${i}`,
    utstedt: `${dato}T08:00:00`,
    avsender: { navn: "Bloemen Export B.V." },
    mottaker: { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: ORG.hagelandDrammen },
    eksportland: { kode: "NL" },
    varelinjer: [{ botaniskNavn: "Rosa", plantedel: "Cut flowers", opprinnelsesland: ["NL"] }],
  };
  if (form === "vedlegg") {
    // base64 is 4/3 of the bytes
    const data = new Uint8Array(Math.floor(((mb * 1024 * 1024) / 4) * 3));
    for (let k = 0; k < data.length; k++) data[k] = (k * 7919 + i) & 0xff;
    return lagSertifikatXml({ ...grunn, vedlegg: [{ filnavn: "stor.pdf", data }] });
  }
  // about 530 bytes of XML per line
  const linjer = Math.round((mb * 1024 * 1024) / 545);
  return lagSertifikatXml({
    ...grunn,
    varelinjer: Array.from({ length: linjer }, (_, n) => ({
      botaniskNavn: n % 2 ? "Rosa" : "Tulipa gesneriana",
      plantedel: "Cut flowers",
      tilsiktetBruk: "Decoration",
      opprinnelsesland: ["NL"],
    })),
  });
}

export interface LeveringResultat {
  form: Form;
  mb: number;
  leveringMs: number;
  statuser: number[];
  proever: number;
  /** Trivial requests that failed (counted with their time). */
  feil: number;
  p50: number;
  p95: number;
  maks: number;
  /** The same probe's p95 with nothing else running, just before. */
  hvileP95: number;
  cpuMs: number;
}

function persentil(sortert: readonly number[], p: number): number {
  if (sortert.length === 0) return 0;
  return sortert[Math.min(sortert.length - 1, Math.ceil((p / 100) * sortert.length) - 1)] ?? 0;
}

/** Six deliveries of one shape at once against a fresh service; the trivial page sampled meanwhile. */
export async function maalLevering(form: Form, triviell = "/favicon.ico"): Promise<LeveringResultat> {
  if (!existsSync("build/drift/server.js")) execSync("npm run build", { stdio: "inherit" });
  const mappe = ".cache/bench-levering";
  rmSync(mappe, { recursive: true, force: true });
  const port = Number(process.env.BENCH_LEVERING_PORT ?? Number(process.env.BENCH_LAST_PORT ?? 3192) + 3);
  const base = `http://127.0.0.1:${port}`;
  // With DATABASE_URL a fresh database on that server (for comparison); the goal is for the embedded default.
  const server = process.env.DATABASE_URL ? await nyServerDatabase(process.env.DATABASE_URL) : undefined;
  const tjeneste = await startTjeneste(
    port,
    server ? { databaseUrl: server.url } : { dataDir: `${mappe}/pglite` },
  );
  const pid = tjeneste.pid ?? 0;
  try {
    const xml = Array.from({ length: LEVERINGER }, (_, i) => stortSertifikat(form, i));
    const mb = Buffer.byteLength(xml[0]!) / (1024 * 1024);
    // warm the page (a connection the service closes meanwhile is tried again)
    for (let i = 0; i < 5; i++) {
      await fetch(`${base}${triviell}`, { redirect: "manual" }).then(
        (r) => r.arrayBuffer(),
        () => undefined,
      );
    }
    const tider: number[] = [];
    let feil = 0;
    // One request at a time with a short pause between (an open loop would measure the machine's capacity
    // for the probe itself when this shared machine is loaded, not the stall).
    let ferdig = false;
    const proev = async (tider: number[]) => {
      const t = performance.now();
      try {
        const res = await fetch(`${base}${triviell}`, { redirect: "manual" });
        await res.arrayBuffer();
        if (res.status >= 400) feil += 1;
      } catch {
        // a keep-alive connection the stalled server closed as the request went out
        feil += 1;
      }
      tider.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, PAUSE_MS));
    };
    // the same probe with nothing else going on, for comparison
    const hvile: number[] = [];
    const hvileSlutt = performance.now() + HVILE_MS;
    while (performance.now() < hvileSlutt) await proev(hvile);
    const cpu = cpuMs(pid);
    const start = performance.now();
    const proever = (async () => {
      while (!ferdig) await proev(tider);
    })();
    const statuser = await Promise.all(
      xml.map(async (body) => {
        try {
          const res = await fetch(`${base}/import/ephyto/v1/sertifikat`, {
            method: "POST",
            headers: { "X-Api-Key": HUB_NOEKKEL, "Content-Type": "application/xml" },
            body,
          });
          await res.arrayBuffer();
          return res.status;
        } catch {
          return 0; // the connection broke
        }
      }),
    );
    const leveringMs = performance.now() - start;
    ferdig = true;
    await proever;
    const sortert = [...tider].sort((a, b) => a - b);
    const hvileSortert = [...hvile].sort((a, b) => a - b);
    return {
      form,
      mb,
      leveringMs,
      statuser,
      proever: tider.length,
      feil,
      p50: persentil(sortert, 50),
      p95: persentil(sortert, 95),
      maks: sortert.at(-1) ?? 0,
      hvileP95: persentil(hvileSortert, 95),
      cpuMs: cpuMs(pid) - cpu,
    };
  } finally {
    tjeneste.kill("SIGTERM");
    if (tjeneste.exitCode === null) await once(tjeneste, "exit");
    rmSync(mappe, { recursive: true, force: true });
    await server?.slett();
  }
}

export function formaterLevering(r: readonly LeveringResultat[], triviell = "/favicon.ico"): string {
  return [
    `Store leveranser (sak 26 punkt 7): ${LEVERINGER} sertifikater samtidig til Hub-endepunktet (${process.env.DATABASE_URL ? "ny database på PostgreSQL-serveren i DATABASE_URL" : "innebygd database, PGlite"}), ${triviell} hentet én om gangen imens:`,
    ...r.map(
      (x) =>
        `  ${x.form.padEnd(10)} ${x.mb.toFixed(1)} MB hver: levert på ${(x.leveringMs / 1000).toFixed(1)} s (${x.statuser.join(" ")}), ` +
        `${x.proever} prøver (${x.feil} feil) p50 ${x.p50.toFixed(0)} ms, p95 ${x.p95.toFixed(0)} ms, maks ${x.maks.toFixed(0)} ms, ` +
        `(i ro ${x.hvileP95.toFixed(0)} ms), CPU ${(x.cpuMs / 1000).toFixed(1)} s — mål p95 ≤ ${MAAL_P95_MS} ms: ${x.p95 <= MAAL_P95_MS ? "ja" : "NEI"}`,
    ),
  ].join("\n");
}

/** Both shapes, one after the other (npm run bench; alone: `npx tsx scripts/bench-levering.ts`). */
export async function maalLeveringer(triviell = "/favicon.ico"): Promise<string> {
  const r: LeveringResultat[] = [];
  for (const form of ["varelinjer", "vedlegg"] as const) r.push(await maalLevering(form, triviell));
  return formaterLevering(r, triviell);
}

if (process.argv[1]?.endsWith("bench-levering.ts")) {
  console.log(await maalLeveringer(process.argv[2]));
  process.exit(0);
}
