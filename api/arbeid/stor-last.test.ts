// Issue 15 item 3 (ADR 018): a valid ~9.5 MB certificate with 18,000 goods lines is parsed and its PDF made
// in worker threads, so the request loop stays free: the largest event-loop delay while the heavy job runs
// stays small, and a concurrent trivial request answers quickly. Run inline on the main loop, both fail.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PERSONER, ORG } from "../../dev/demo-data";
import { lagSertifikatXml } from "../../dev/ephyto/generate";
import { dagerSiden, importoerId } from "../../tests/support/test-hjelp";
import { startTestApi, TEST_HUB_API_KEY, type TestApi } from "../../tests/support/test-server";

const kari = DEMO_PERSONER[0]!.pid;
const NUMMER = "PHYTO.NL.2099.STOR1";
// Generous bounds: the suite runs test files side by side on 2 cores, so this process is not always scheduled.
// Inline (on the request loop) the PDF blocks the loop for about 9.5 s and parsing for 4–10 s.
const MAKS_FORSINKELSE_MS = 2000;
// Storing the certificate (about 9 MB of JSON into the database in one transaction) stays on the main
// thread: embedded PGlite runs in this process. Parsing inline takes 4–10 s, so this bound still catches it.
const MAKS_FORSINKELSE_INNLESING_MS = 3000;

let api: TestApi;
let drammen: number;
let dato: string;
let xml: string;

beforeAll(async () => {
  api = await startTestApi();
  drammen = await importoerId(api.handle.db, ORG.hagelandDrammen);
  dato = dagerSiden(1);
  xml = lagSertifikatXml({
    nummer: NUMMER,
    utstedt: `${dato}T08:00:00`,
    avsender: { navn: "Bloemen Export B.V." },
    mottaker: { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: ORG.hagelandDrammen },
    eksportland: { kode: "NL" },
    varelinjer: Array.from({ length: 18_000 }, (_, i) => ({
      botaniskNavn: i % 2 ? "Rosa" : "Tulipa gesneriana",
      plantedel: "Cut flowers",
      tilsiktetBruk: "Decoration",
      opprinnelsesland: ["NL"],
    })),
  });
}, 60_000);

afterAll(async () => {
  await api?.close();
});

/** Runs `tung` while measuring the event loop and timing a trivial concurrent request. */
async function maal(tung: () => Promise<Response>) {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  const start = performance.now();
  const jobb = tung();
  // A trivial request shortly after the heavy one started: it must not wait for it.
  await new Promise((r) => setTimeout(r, 200));
  const foer = performance.now();
  const enkel = await api.fetch("/import/v2/eksportland", { pid: kari });
  const enkelMs = performance.now() - foer;
  const svar = await jobb;
  h.disable();
  return { svar, enkel, enkelMs, maksMs: h.max / 1e6, totalMs: performance.now() - start };
}

describe("et stort sertifikat stopper ikke andre forespørsler", () => {
  it("er et gyldig sertifikat på rundt 9,5 MB med 18 000 varelinjer", () => {
    const mb = Buffer.byteLength(xml) / (1024 * 1024);
    expect(mb).toBeGreaterThan(8.5);
    expect(mb).toBeLessThan(10);
  });

  it("innlesing over Hub-endepunktet", async () => {
    const r = await maal(() =>
      api.fetch("/import/ephyto/v1/sertifikat", {
        method: "POST",
        headers: { "x-api-key": TEST_HUB_API_KEY, "content-type": "application/xml" },
        body: xml,
      }),
    );
    expect(r.svar.status, await r.svar.clone().text()).toBe(201);
    expect(r.enkel.status).toBe(200);
    console.log(`innlesing: ${Math.round(r.totalMs)} ms, maks forsinkelse ${Math.round(r.maksMs)} ms`);
    expect(r.maksMs).toBeLessThan(MAKS_FORSINKELSE_INNLESING_MS);
    expect(r.enkelMs).toBeLessThan(MAKS_FORSINKELSE_INNLESING_MS);
  }, 60_000);

  it("PDF av sertifikatet", async () => {
    const q = new URLSearchParams({ sertifikatnummer: NUMMER, dato, avsenderland: "NL" });
    const r = await maal(() =>
      api.fetch(`/import/v2/${ORG.hagelandDrammen}/${drammen}/sertifikat/pdf?${q}`, { pid: kari }),
    );
    expect(
      r.svar.status,
      await r.svar
        .clone()
        .text()
        .catch(() => ""),
    ).toBe(200);
    expect(r.svar.headers.get("content-type")).toBe("application/pdf");
    expect((await r.svar.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
    console.log(`pdf: ${Math.round(r.totalMs)} ms, maks forsinkelse ${Math.round(r.maksMs)} ms`);
    expect(r.maksMs).toBeLessThan(MAKS_FORSINKELSE_MS);
    expect(r.enkelMs).toBeLessThan(MAKS_FORSINKELSE_MS);
  }, 90_000);

  it("for stor kropp til Hub-endepunktet gir 413 med norsk melding", async () => {
    const res = await api.fetch("/import/ephyto/v1/sertifikat", {
      method: "POST",
      headers: { "x-api-key": TEST_HUB_API_KEY, "content-type": "application/xml" },
      body: `${xml}${" ".repeat(2 * 1024 * 1024)}`,
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { melding: string }).melding).toMatch(/Sertifikatet er for stort/);
  }, 30_000);

  it("sertifikatlisten kutter et svært langt navn på serveren", async () => {
    const langt = `Bloemen ${"Export ".repeat(2000)}B.V.`;
    const res = await api.fetch("/import/ephyto/v1/sertifikat", {
      method: "POST",
      headers: { "x-api-key": TEST_HUB_API_KEY, "content-type": "application/xml" },
      body: lagSertifikatXml({
        nummer: "PHYTO.NL.2099.LANG1",
        utstedt: `${dato}T09:00:00`,
        avsender: { navn: langt },
        mottaker: { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: ORG.hagelandDrammen },
        eksportland: { kode: "NL" },
        varelinjer: [{ botaniskNavn: "Rosa", plantedel: "Cut flowers", opprinnelsesland: ["NL"] }],
      }),
    });
    expect(res.status).toBe(201);
    const liste = await api.fetch(`/import/v2/${ORG.hagelandDrammen}/${drammen}/sertifikater`, { pid: kari });
    expect(liste.status).toBe(200);
    const tekst = await liste.text();
    expect(tekst.length).toBeLessThan(20_000);
    const { sertifikatListe } = JSON.parse(tekst) as {
      sertifikatListe: { nummer: string; avsender: string }[];
    };
    const rad = sertifikatListe.find((s) => s.nummer === "PHYTO.NL.2099.LANG1");
    expect(rad?.avsender).toHaveLength(200);
    expect(rad?.avsender.endsWith("…")).toBe(true);
  }, 30_000);
});
