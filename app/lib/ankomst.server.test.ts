// The arrival change's server side (ankomstLoader, ankomstAction) against a small real HTTP server playing
// the import API, and the page it gives ('Endre' on the registered page): the controller-list failure with
// 'Prøv igjen', a failed save with the server's message or the fallback, and a save that goes through.
import type { AppLoadContext } from "@remix-run/node";
import type { RouteObject } from "react-router-dom";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ImportmeldingVisning } from "../../domain/importmelding";
import {
  type ApiSvar,
  hentSide,
  MELDING_BASE,
  notifikasjonsRuter,
  startFalskApi,
  testKontekst,
  testMelding,
} from "../../tests/app/side";
import * as registrert from "../routes/importmelding.$id.registrert";
import { ANKOMST_LAGRE_FEILET, ankomstLoader } from "./ankomst.server";

const KONTROLLOERER = [
  { importoerId: 12, navn: "Grønt Mottak AS avd. Alnabru", organisasjonsnummer: "912346021" },
];

let melding: ImportmeldingVisning;
let kontrolloerSvar: ApiSvar;
let lagreSvar: ApiSvar;
let api: Awaited<ReturnType<typeof startFalskApi>>;
let kontekst: Awaited<ReturnType<typeof testKontekst>>;
let ruter: RouteObject[];

beforeAll(async () => {
  api = await startFalskApi(({ method, sti }) => {
    if (method === "GET" && sti === `${MELDING_BASE}/42`) return { status: 200, json: melding };
    if (method === "GET" && sti === `${MELDING_BASE}/42/mottakskontrolloerer`) return kontrolloerSvar;
    if (method === "PUT" && sti === `${MELDING_BASE}/42/ankomstinfo/7`) return lagreSvar;
    return undefined;
  });
  kontekst = await testKontekst(api.url);
  ruter = await notifikasjonsRuter({ registrert });
});
afterAll(async () => {
  await kontekst?.close();
  await api?.close();
});
beforeEach(() => {
  melding = testMelding();
  kontrolloerSvar = { status: 200, json: KONTROLLOERER };
  lagreSvar = { status: 204 };
  api.kall.length = 0;
});

const ENDRE = "/importmelding/42/registrert?endre=ankomst";

function skjema(intent: string): Record<string, string> {
  return {
    csrf: kontekst.csrf,
    versjon: "4",
    adresselinje1: "Lierstranda 12",
    adresselinje2: "",
    postnummer: "3414",
    poststed: "Lierstranda",
    dato: melding.ankomstInfo[0]!.ankomstTid!.dato,
    klokkeslett: "18:00",
    mottakskontrolloerId: "12",
    intent,
  };
}

const lagringer = () => api.kall.filter((k) => k.method === "PUT");

describe("ankomstLoader", () => {
  const args = () => ({
    request: new Request(`http://localhost${ENDRE}`, { headers: { Cookie: kontekst.cookie } }),
    context: kontekst.context as AppLoadContext,
    params: { id: "42" },
  });

  it("gives the controllers the importer may choose", async () => {
    const data = await ankomstLoader(args());
    expect(data.kontrolloerFeil).toBe(false);
    expect(data.kontrolloerer).toEqual(KONTROLLOERER);
  });

  it("marks a failed controller list instead of failing the page", async () => {
    kontrolloerSvar = { status: 500, json: { status: 500, detail: "Intern feil" } };
    const data = await ankomstLoader(args());
    expect(data).toMatchObject({ kontrolloerer: [], kontrolloerFeil: true });
  });
});

describe("'Endre' ankomst på registrert-siden", () => {
  it("shows the controllers as choices when the list loads", async () => {
    const side = await hentSide(ruter, kontekst, ENDRE);
    expect(side.status).toBe(200);
    expect(side.tekst).toContain("Endre ankomst");
    expect(side.tekst).toContain("Grønt Mottak AS avd. Alnabru (org.nr. 912 346 021)");
    expect(side.tekst).not.toContain("Noe gikk galt");
  });

  it("shows 'Noe gikk galt' with 'Prøv igjen' when the controller list cannot be fetched", async () => {
    kontrolloerSvar = { status: 503, tekst: "<html>Service Unavailable</html>" };
    const side = await hentSide(ruter, kontekst, ENDRE);
    expect(side.status).toBe(200);
    expect(side.tekst).toContain(
      "Noe gikk galt Vi klarte ikke å hente tilgjengelige mottakskontrollører for denne importmeldingen. Prøv igjen",
    );
    expect(side.html).toMatch(
      /<a class="ds-button" data-variant="secondary" href="\/importmelding\/42\/registrert\?endre=ankomst">Prøv igjen<\/a>/,
    );
    expect(side.html).not.toContain('name="mottakskontrolloerId"');
  });

  it("shows the server's message under 'Noe gikk galt' and keeps the input when saving fails", async () => {
    lagreSvar = {
      status: 400,
      json: { status: 400, detail: "Vi fant ikke mottakskontrolløren du har valgt." },
    };
    const side = await hentSide(ruter, kontekst, ENDRE, skjema("ankomst-bekreft"));
    expect(side.status).toBe(400);
    expect(side.tekst).toContain("Noe gikk galt Vi fant ikke mottakskontrolløren du har valgt.");
    expect(side.html).toMatch(/name="adresselinje1"[^>]*value="Lierstranda 12"/);
    expect(lagringer()).toHaveLength(1);
    expect(melding.ankomstInfo[0]!.kontrollAdresse.linje1).toBe("Tollbugata 40");
  });

  it("falls back to 'Vi klarte ikke å oppdatere ankomstinformasjonen.' when the server says nothing", async () => {
    lagreSvar = { status: 502, tekst: "<html>Bad gateway</html>" };
    const side = await hentSide(ruter, kontekst, ENDRE, skjema("ankomst-bekreft"));
    expect(side.status).toBe(400);
    expect(ANKOMST_LAGRE_FEILET).toBe("Vi klarte ikke å oppdatere ankomstinformasjonen.");
    expect(side.tekst).toContain(`Noe gikk galt ${ANKOMST_LAGRE_FEILET}`);
    expect(side.html).toMatch(/name="poststed"[^>]*value="Lierstranda"/);
  });

  it("asks about late notice first, then saves and goes back to the registered page", async () => {
    const foerst = await hentSide(ruter, kontekst, ENDRE, skjema("ankomst-lagre"));
    expect(foerst.status).toBe(200);
    expect(foerst.tekst).toContain("Jeg forstår – lagre");
    expect(lagringer()).toHaveLength(0);

    const lagret = await hentSide(ruter, kontekst, ENDRE, skjema("ankomst-bekreft"));
    expect(lagret).toMatchObject({ status: 302, til: "/importmelding/42/registrert?endret=ankomst" });
    expect(lagringer()).toEqual([
      {
        method: "PUT",
        sti: `${MELDING_BASE}/42/ankomstinfo/7`,
        body: expect.objectContaining({
          id: 7,
          versjon: 4,
          kontrollAdresse: expect.objectContaining({ linje1: "Lierstranda 12", postnummer: "3414" }),
          mottakskontrolloer: expect.objectContaining({ importoerId: 12 }),
        }),
      },
    ]);
  });
});
