// The certificate document link when the import API cannot make the document: a slow, busy or failing API
// and a person with too many documents under way are "try again" (the page /dokument-opptatt, ADR 018), not
// "not found" (404); a certificate that does not exist stays 404. The real route module against a small
// real HTTP server playing the import API.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFalskApi, TEST_AVGIVER, testKontekst } from "../../tests/app/side";
import { loader } from "../routes/dokument.import.v2.$orgnr.$importerId.sertifikat.$format";

let api: Awaited<ReturnType<typeof startFalskApi>>;
/** What the import API answers the PDF call with in the running test. */
let pdfSvar = { status: 504, json: { status: 504, detail: "Tidsavbrudd" } };
let kontekst: Awaited<ReturnType<typeof testKontekst>>;

beforeAll(async () => {
  api = await startFalskApi(({ sti }) => {
    if (sti.endsWith("/sertifikat/pdf")) return pdfSvar;
    if (sti.endsWith("/sertifikat/excel")) {
      return { status: 404, json: { status: 404, detail: "Fant ikke sertifikatet" } };
    }
    return undefined;
  });
  kontekst = await testKontekst(api.url);
});
afterAll(async () => {
  await kontekst?.close();
  await api?.close();
});

async function hent(format: string): Promise<Response> {
  const { organisasjonsnummer: orgnr, importoerId } = TEST_AVGIVER;
  const request = new Request(
    `http://localhost/dokument/import/v2/${orgnr}/${importoerId}/sertifikat/${format}?sertifikatnummer=X&dato=2026-11-01&avsenderland=NL`,
    { headers: { Cookie: kontekst.cookie } },
  );
  try {
    await loader({
      request,
      context: kontekst.context,
      params: { orgnr, importerId: String(importoerId), format },
    } as unknown as LoaderFunctionArgs);
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
  throw new Error("forventet et feilsvar");
}

describe("sertifikatdokumentet når import-API-et ikke kan lage det", () => {
  const tilbake = encodeURIComponent("/sertifikat?sertifikatnummer=X&dato=2026-11-01&avsenderland=NL");

  it("et API som ikke svarer i tide, eller har full kø, sender til siden som sier 'Prøv igjen om litt'", async () => {
    for (const status of [504, 503, 500]) {
      pdfSvar = { status, json: { status, detail: "Opptatt" } };
      const res = await hent("pdf");
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(`/dokument-opptatt?tilbake=${tilbake}`);
    }
  });

  it("en person med for mange dokumenter under arbeid (429) får 'For mange forsøk' med API-ets melding", async () => {
    const melding = "Du har allerede flere dokumenter under arbeid. Vent til de er ferdige, og prøv igjen.";
    pdfSvar = { status: 429, json: { status: 429, detail: melding } };
    const res = await hent("pdf");
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await res.text()).toBe(melding);
  });

  it("et sertifikat som ikke finnes er fortsatt 404", async () => {
    const res = await hent("excel");
    expect(res.status).toBe(404);
    expect(await res.text()).toBe("Fant ikke sertifikatet");
  });
});
