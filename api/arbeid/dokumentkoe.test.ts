// The document lane (issue 22 item 4, ADR 018 "Grenser"), over HTTP against the real API and database: a
// full queue answers 503 with Retry-After, one person's documents are limited, a document whose caller
// goes away stops its worker, and certificate intake goes on while documents wait. The documents are the
// PDF of a certificate with many goods lines, so each runs long enough to hold its place while the test
// looks; nothing here depends on how long.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ORG } from "../../dev/demo-data";
import { lagSertifikatXml } from "../../dev/ephyto/generate";
import {
  dagerSiden,
  INGRID,
  importoerId,
  KARI,
  LINJER,
  lagSertifikat,
  OLA,
  type TestSertifikat,
} from "../../tests/support/test-hjelp";
import { startTestApi, TEST_HUB_API_KEY, type TestApi } from "../../tests/support/test-server";
import { problem } from "../http/feil";
import { arbeiderStatus, DOKUMENT } from "./basseng";

let api: TestApi;
let stort: TestSertifikat;
const importoerer: Record<string, { orgnr: string; id: number }> = {};
const standard = { ...DOKUMENT };
/** Every request the test started, aborted after each test so no job outlives it. */
let aapne: AbortController[] = [];

beforeAll(async () => {
  api = await startTestApi();
  const db = api.handle.db;
  const drammen = await importoerId(db, ORG.hagelandDrammen);
  importoerer[KARI] = { orgnr: ORG.hagelandDrammen, id: drammen };
  importoerer[OLA] = { orgnr: ORG.hagelandDrammen, id: drammen };
  importoerer[INGRID] = { orgnr: ORG.blomsterbudBergen, id: await importoerId(db, ORG.blomsterbudBergen) };
  stort = await lagSertifikat(db, {
    linjer: Array.from({ length: 6000 }, (_, i) => ({ ...LINJER.roseplanter, navn: `Linje ${i + 1}` })),
  });
}, 120_000);

afterEach(async () => {
  for (const a of aapne) a.abort();
  aapne = [];
  await vent(() => arbeiderStatus().dokument.aktive === 0 && arbeiderStatus().dokument.ventende === 0);
  Object.assign(DOKUMENT, standard);
}, 60_000);

afterAll(async () => {
  await api?.close();
});

async function vent(ok: () => boolean, ms = 30_000): Promise<void> {
  const frist = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > frist) throw new Error(`Ventet forgjeves: ${JSON.stringify(arbeiderStatus())}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Asks for the big certificate's PDF as `pid`; the answer (or the abort) comes when it comes. */
function pdf(pid: string): { svar: Promise<Response | "avbrutt">; avbryt(): void } {
  const a = new AbortController();
  aapne.push(a);
  const { orgnr, id } = importoerer[pid]!;
  const q = new URLSearchParams({
    sertifikatnummer: stort.nummer,
    dato: stort.utstedtDato,
    avsenderland: "NL",
  });
  const svar = api
    .fetch(`/import/v2/${orgnr}/${id}/sertifikat/pdf?${q}`, { pid, signal: a.signal })
    .catch(() => "avbrutt" as const);
  return { svar, avbryt: () => a.abort() };
}

describe("dokumentkøen", () => {
  it("svarer 503 med Retry-After og norsk melding når køen er full", async () => {
    Object.assign(DOKUMENT, { samtidige: 1, ventende: 1, perPerson: 2, perPersonVentende: 4 });
    pdf(KARI);
    await vent(() => arbeiderStatus().dokument.aktive === 1);
    pdf(OLA);
    await vent(() => arbeiderStatus().dokument.ventende === 1);
    const res = await pdf(INGRID).svar;
    if (res === "avbrutt") throw new Error("avbrutt");
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("10");
    expect(await res.json()).toEqual(
      problem(503, "Det lages mange dokumenter akkurat nå. Prøv igjen om litt."),
    );
  }, 60_000);

  it("lager høyst to av én persons dokumenter om gangen, og avviser med 429 når personen har for mange", async () => {
    Object.assign(DOKUMENT, { samtidige: 3, ventende: 10, perPerson: 2, perPersonVentende: 1 });
    pdf(KARI);
    pdf(KARI);
    await vent(() => arbeiderStatus().dokument.aktive === 2);
    // a third of Kari's waits, although the lane has room
    pdf(KARI);
    await vent(() => arbeiderStatus().dokument.ventende === 1);
    expect(arbeiderStatus().dokument.aktive).toBe(2);
    // someone else's starts at once, past Kari's waiting one
    pdf(INGRID);
    await vent(() => arbeiderStatus().dokument.aktive === 3);
    expect(arbeiderStatus().dokument.ventende).toBe(1);
    // and Kari's fourth is refused
    const res = await pdf(KARI).svar;
    if (res === "avbrutt") throw new Error("avbrutt");
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("10");
    expect(((await res.json()) as { detail: string }).detail).toBe(
      "Du har allerede flere dokumenter under arbeid. Vent til de er ferdige, og prøv igjen.",
    );
  }, 60_000);

  it("stopper arbeideren når den som spurte, går, og tar en ventende jobb ut av køen", async () => {
    Object.assign(DOKUMENT, { samtidige: 1, ventende: 4 });
    const foer = arbeiderStatus();
    const kjoerer = pdf(KARI);
    await vent(() => arbeiderStatus().dokument.aktive === 1);
    const venter = pdf(OLA);
    await vent(() => arbeiderStatus().dokument.ventende === 1);
    venter.avbryt();
    await vent(() => arbeiderStatus().dokument.ventende === 0);
    kjoerer.avbryt();
    await vent(() => arbeiderStatus().dokument.aktive === 0);
    const etter = arbeiderStatus();
    expect(etter.avbrutt - foer.avbrutt).toBe(2);
    expect(etter.stoppet - foer.stoppet).toBe(1);
    expect(await kjoerer.svar).toBe("avbrutt");
  }, 60_000);

  it("tar imot sertifikater fra Hub-en mens dokumenter står i kø", async () => {
    Object.assign(DOKUMENT, { samtidige: 1, ventende: 4 });
    pdf(KARI);
    pdf(OLA);
    pdf(INGRID);
    await vent(() => arbeiderStatus().dokument.aktive === 1 && arbeiderStatus().dokument.ventende === 2);
    const res = await api.fetch("/import/ephyto/v1/sertifikat", {
      method: "POST",
      headers: { "x-api-key": TEST_HUB_API_KEY, "content-type": "application/xml" },
      body: lagSertifikatXml({
        nummer: "PHYTO.NL.2099.KOE1",
        utstedt: `${dagerSiden(1)}T08:00:00`,
        avsender: { navn: "Bloemen Export B.V." },
        mottaker: { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: ORG.hagelandDrammen },
        eksportland: { kode: "NL" },
        varelinjer: [{ botaniskNavn: "Rosa", plantedel: "Cut flowers", opprinnelsesland: ["NL"] }],
      }),
    });
    expect(res.status).toBe(201);
    // the documents were still there when the delivery was stored: it did not wait for them
    const { dokument } = arbeiderStatus();
    expect(dokument.aktive + dokument.ventende).toBeGreaterThanOrEqual(2);
  }, 60_000);
});
