// Page-level test of the summary step (the real route modules, rendered as without JavaScript) against a
// small real HTTP server playing the import API (issue 9 item 3, ADR 011, ADR 030): a reception controller
// acting for an importer that has not confirmed the regulations gets the regulation dialog saying that the
// importer must confirm them itself, with no confirmation form that could never succeed and nothing sent;
// the own company gets the dialog with the form.
import type { RouteObject } from "react-router-dom";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ImportmeldingVisning } from "../../domain/importmelding";
import { REGELVERK_AVKRYSSING_TEKST } from "../../domain/schemas/tekster";
import { oversetter } from "../../sprak/katalog.server";
import {
  hentSide,
  MELDING_BASE,
  notifikasjonsRuter,
  startFalskApi,
  TEST_AVGIVER,
  testKontekst,
  testMelding,
} from "../../tests/app/side";
import * as oppsummering from "../routes/importmelding.$id.oppsummering";

const ANNEN = { id: 99, navn: "Blomsterbud Vest AS avd. Bergen", organisasjonsnummer: "912346161" };
const OPPSUMMERING = "/importmelding/42/oppsummering";

let melding: ImportmeldingVisning;
let api: Awaited<ReturnType<typeof startFalskApi>>;
let kontekst: Awaited<ReturnType<typeof testKontekst>>;
let ruter: RouteObject[];

beforeAll(async () => {
  api = await startFalskApi(({ method, sti }) => {
    if (method === "GET" && sti === `${MELDING_BASE}/42`) return { status: 200, json: melding };
    if (method === "PUT") return { status: 200, json: { status: "REGISTRERT" } };
    return undefined;
  });
  kontekst = await testKontekst(api.url);
  ruter = await notifikasjonsRuter({ oppsummering });
});
afterAll(async () => {
  await kontekst?.close();
  await api?.close();
});
beforeEach(() => {
  melding = testMelding({ status: "UNDER_REGISTRERING", harLestRegelverk: false, ankomstInfo: [] });
  api.kall.length = 0;
});

const sendInn = () =>
  hentSide(ruter, kontekst, OPPSUMMERING, { csrf: kontekst.csrf, versjon: "4", intent: "send-inn" });

describe("Send inn når den ansvarlige importøren ikke har bekreftet regelverket", () => {
  it("for en annen virksomhet: regelverksdialogen sier at den må bekrefte selv, uten skjema, ingenting sendt", async () => {
    melding = { ...melding, ansvarligImportoer: ANNEN };
    const side = await sendInn();
    expect(side.status).toBe(200);
    expect(side.tekst).toContain("Bekreft kjennskap til regelverket");
    expect(side.tekst).toContain(
      `Forhåndsmeldingen kan ikke sendes inn før ${ANNEN.navn} har bekreftet at virksomheten kjenner regelverket`,
    );
    expect(side.tekst).not.toContain(oversetter("nb").melding(REGELVERK_AVKRYSSING_TEKST));
    expect(side.tekst).not.toContain("En feil oppstod ved innsending av forhåndsmelding");
    expect(api.kall.filter((k) => k.method === "PUT")).toEqual([]);
  });

  it("også om kontrolløren svarer på dialogen med en håndlaget forespørsel: ingen bekreftelse for en annen", async () => {
    melding = { ...melding, ansvarligImportoer: ANNEN };
    const side = await hentSide(ruter, kontekst, OPPSUMMERING, {
      csrf: kontekst.csrf,
      versjon: "4",
      intent: "bekreft-regelverk",
      bekreftelse: "bekreftet",
      harLestRegelverk: "ja",
    });
    expect(side.status).toBe(400);
    expect(side.tekst).toContain(`${ANNEN.navn} må selv bekrefte kjennskap til regelverket`);
    expect(api.kall.filter((k) => k.method === "PUT")).toEqual([]);
  });

  it("for egen virksomhet: regelverksdialogen åpnes i stedet for innsending", async () => {
    melding = {
      ...melding,
      ansvarligImportoer: { ...melding.ansvarligImportoer, id: TEST_AVGIVER.importoerId },
    };
    const side = await sendInn();
    expect(side.tekst).toContain(oversetter("nb").melding(REGELVERK_AVKRYSSING_TEKST));
    expect(side.tekst).not.toContain("må selv bekrefte kjennskap til regelverket");
    expect(api.kall.filter((k) => k.method === "PUT")).toEqual([]);
  });
});
