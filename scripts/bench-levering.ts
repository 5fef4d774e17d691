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
import { cpuMs, loggInn, startTjeneste } from "./bench-last";

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

/** The trivial page's answers while some work ran. */
export interface Proever {
  antall: number;
  /** Trivial requests that failed (counted with their time). */
  feil: number;
  p50: number;
  p95: number;
  maks: number;
}

export interface LeveringResultat {
  form: Form;
  mb: number;
  leveringMs: number;
  statuser: number[];
  proever: Proever;
  /** The same probe's p95 with nothing else running, just before. */
  hvileP95: number;
  cpuMs: number;
  /** The certificate page of one of the delivered certificates (the goods-lines form only). */
  side?: { bytes: number; medianMs: number; proever: Proever };
}

function persentil(sortert: readonly number[], p: number): number {
  if (sortert.length === 0) return 0;
  return sortert[Math.min(sortert.length - 1, Math.ceil((p / 100) * sortert.length) - 1)] ?? 0;
}

/**
 * Fetches the trivial page one request at a time, with a short pause between, while `arbeid` runs (an open
 * loop would measure this loaded machine's capacity for the probe itself, not the stall).
 */
async function medProever<T>(url: string, arbeid: () => Promise<T>): Promise<{ verdi: T; proever: Proever }> {
  const tider: number[] = [];
  let feil = 0;
  let ferdig = false;
  const proev = async () => {
    while (!ferdig) {
      const t = performance.now();
      try {
        const res = await fetch(url, { redirect: "manual" });
        await res.arrayBuffer();
        if (res.status >= 400) feil += 1;
      } catch {
        // a keep-alive connection the stalled server closed as the request went out
        feil += 1;
      }
      tider.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, PAUSE_MS));
    }
  };
  const proever = proev();
  try {
    return { verdi: await arbeid(), proever: sammendrag() };
  } finally {
    ferdig = true;
    await proever;
  }
  function sammendrag(): Proever {
    const sortert = [...tider].sort((a, b) => a - b);
    return {
      antall: tider.length,
      feil,
      p50: persentil(sortert, 50),
      p95: persentil(sortert, 95),
      maks: sortert.at(-1) ?? 0,
    };
  }
}

/** Six deliveries of one shape at once against a fresh service; the trivial page sampled meanwhile. */
export async function maalLevering(form: Form, triviell = "/favicon.ico"): Promise<LeveringResultat> {
  if (!existsSync("build/demo/server.js")) execSync("npm run build", { stdio: "inherit" });
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
    // the same probe with nothing else going on, for comparison
    const hvile = await medProever(`${base}${triviell}`, () => new Promise((r) => setTimeout(r, HVILE_MS)));
    const cpu = cpuMs(pid);
    const start = performance.now();
    const levert = await medProever(`${base}${triviell}`, () =>
      Promise.all(
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
      ),
    );
    const leveringMs = performance.now() - start;
    const resultat: LeveringResultat = {
      form,
      mb,
      leveringMs,
      statuser: levert.verdi,
      proever: levert.proever,
      hvileP95: hvile.proever.p95,
      cpuMs: cpuMs(pid) - cpu,
    };
    if (form === "varelinjer") resultat.side = await maalSide(base, triviell);
    return resultat;
  } finally {
    tjeneste.kill("SIGTERM");
    if (tjeneste.exitCode === null) await once(tjeneste, "exit");
    rmSync(mappe, { recursive: true, force: true });
    await server?.slett();
  }
}

/** The certificate page of the first delivered certificate (13,000 goods lines), five times in a row. */
async function maalSide(base: string, triviell: string): Promise<LeveringResultat["side"]> {
  const nettleser = await loggInn(base);
  const q = new URLSearchParams({
    sertifikatnummer: "PHYTO.NL.2099.STORL0",
    dato: new Date().toISOString().slice(0, 10),
    avsenderland: "NL",
  });
  const tider: number[] = [];
  let bytes = 0;
  const { proever } = await medProever(`${base}${triviell}`, async () => {
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      const res = await nettleser.hent(`/sertifikat?${q}`);
      bytes = (await res.arrayBuffer()).byteLength;
      if (res.status !== 200) throw new Error(`Sertifikatsiden: ${res.status}`);
      tider.push(performance.now() - t);
    }
  });
  tider.sort((a, b) => a - b);
  return { bytes, medianMs: tider[2] ?? 0, proever };
}

export function formaterLevering(r: readonly LeveringResultat[], triviell = "/favicon.ico"): string {
  const p = (x: Proever) =>
    `${x.antall} prøver (${x.feil} feil) p50 ${x.p50.toFixed(0)} ms, p95 ${x.p95.toFixed(0)} ms, maks ${x.maks.toFixed(0)} ms`;
  return [
    `Store leveranser (sak 26 punkt 7): ${LEVERINGER} sertifikater samtidig til Hub-endepunktet (${process.env.DATABASE_URL ? "ny database på PostgreSQL-serveren i DATABASE_URL" : "innebygd database, PGlite"}), ${triviell} hentet én om gangen imens:`,
    ...r.flatMap((x) => [
      `  ${x.form.padEnd(10)} ${x.mb.toFixed(1)} MB hver: levert på ${(x.leveringMs / 1000).toFixed(1)} s (${x.statuser.join(" ")}), ` +
        `${p(x.proever)} (i ro p95 ${x.hvileP95.toFixed(0)} ms), CPU ${(x.cpuMs / 1000).toFixed(1)} s — mål p95 ≤ ${MAAL_P95_MS} ms: ${x.proever.p95 <= MAAL_P95_MS ? "ja" : "NEI"}`,
      ...(x.side
        ? [
            `  sertifikatsiden for ett av dem (innlogget, 5 ganger): ${(x.side.bytes / 1024).toFixed(0)} KiB HTML, median ${x.side.medianMs.toFixed(0)} ms; ${triviell} imens: ${p(x.side.proever)}`,
          ]
        : []),
    ]),
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
