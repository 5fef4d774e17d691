// The big certificate of issue 15 item 3 (ADR 018) in `npm run bench`: while a valid ~9.5 MB certificate with
// 18,000 goods lines is ingested over the Hub endpoint, and while its PDF is made, how long a trivial request
// made 200 ms into the job waits, and the event loop's largest delay. api/arbeid/stor-last.test.ts checks
// that the request is answered and the job done; the times are figures here, because under load a bound in
// a test measures the machine (it failed at 5.6 s and 3.6 s against 3 s).
import { monitorEventLoopDelay } from "node:perf_hooks";
import { DEMO_PERSONER, ORG } from "../dev/demo-data";
import { leggTilDager, osloDato } from "../domain/format";
import { STORT_ANTALL_LINJER, stortSertifikatXml } from "../tests/support/stort-sertifikat";
import { startTestApi, TEST_HUB_API_KEY, type TestApi } from "../tests/support/test-server";

export interface StorJobbMaaling {
  navn: string;
  /** The heavy request, from sent to answered. */
  jobbMs: number;
  /** The trivial request (GET /import/v2/eksportland) made 200 ms into the job. */
  enkeltKallMs: number;
  /** The largest delay of this process's event loop while the job ran. */
  maksForsinkelseMs: number;
}

async function maalJobb(
  api: TestApi,
  pid: string,
  navn: string,
  tung: () => Promise<Response>,
): Promise<StorJobbMaaling> {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  const start = performance.now();
  const jobb = tung().then(async (res) => {
    if (!res.ok) throw new Error(`${navn}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    return performance.now() - start;
  });
  await new Promise((r) => setTimeout(r, 200));
  const foer = performance.now();
  const enkel = await api.fetch("/import/v2/eksportland", { pid });
  if (!enkel.ok) throw new Error(`Det enkle kallet: ${enkel.status}`);
  await enkel.arrayBuffer();
  const enkeltKallMs = performance.now() - foer;
  const jobbMs = await jobb;
  h.disable();
  return { navn, jobbMs, enkeltKallMs, maksForsinkelseMs: h.max / 1e6 };
}

/** Ingest and PDF of the big certificate on a fresh API with the demo seed. */
export async function maalStortSertifikat(): Promise<StorJobbMaaling[]> {
  const api = await startTestApi();
  try {
    const pid = DEMO_PERSONER[0]!.pid;
    const { id } = await api.handle.db
      .selectFrom("importoer")
      .select("id")
      .where("organisasjonsnummer", "=", ORG.hagelandDrammen)
      .executeTakeFirstOrThrow();
    const nummer = "PHYTO.NL.2099.BENCHSTOR";
    const dato = leggTilDager(osloDato(new Date()), -1);
    const xml = stortSertifikatXml(nummer, dato);
    const innlesing = await maalJobb(api, pid, "Innlesing over Hub-endepunktet", () =>
      api.fetch("/import/ephyto/v1/sertifikat", {
        method: "POST",
        headers: { "x-api-key": TEST_HUB_API_KEY, "content-type": "application/xml" },
        body: xml,
      }),
    );
    const q = new URLSearchParams({ sertifikatnummer: nummer, dato, avsenderland: "NL" });
    const pdf = await maalJobb(api, pid, "PDF av sertifikatet", () =>
      api.fetch(`/import/v2/${ORG.hagelandDrammen}/${id}/sertifikat/pdf?${q}`, { pid }),
    );
    return [innlesing, pdf];
  } finally {
    await api.close();
  }
}

export function formaterStortSertifikat(maalinger: readonly StorJobbMaaling[]): string {
  const linjer = maalinger.map(
    (m) =>
      `  ${m.navn}: jobben ${m.jobbMs.toFixed(0)} ms, det enkle kallet ${m.enkeltKallMs.toFixed(0)} ms, ` +
      `største forsinkelse i hendelsesløkka ${m.maksForsinkelseMs.toFixed(0)} ms`,
  );
  return [
    `Stort sertifikat (${STORT_ANTALL_LINJER.toLocaleString("nb-NO")} varelinjer, ~9,5 MB), et enkelt kall 200 ms inn i jobben (ADR 018):`,
    ...linjer,
  ].join("\n");
}
