// SPEC §5 "Control characters and bidirectional-override characters are stripped from text", on the display
// side (issue 15 item 7): text the import API holds raw — typed before input was cleaned, or from another
// system — reaches no page with a right-to-left override or a control character in it. The real route
// modules, rendered as without JavaScript, against a small real HTTP server playing the import API.
import { createElement } from "react";
import type { RouteObject } from "react-router-dom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImportmeldingListe } from "../../domain/importmelding-liste";
import {
  hentSide,
  MELDING_BASE,
  notifikasjonsRuter,
  rotElement,
  startFalskApi,
  TEST_AVGIVER,
  testKontekst,
  testMelding,
} from "../../tests/app/side";
import * as root from "../root";
import * as registrert from "../routes/importmelding.$id.registrert";
import * as importmeldinger from "../routes/importmeldinger";

// "Skadelig" reversed for the eye by U+202E, with a bell (U+0007) and an isolate (U+2066) in it.
const RAA = "PO-\u202E4711\u0007-\u2066Hageland\u2069";
const VIST = "PO-4711-Hageland";
// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for control characters is the point.
const STYRETEGN = /[\u0007\u202E\u2066\u2069]/;

let api: Awaited<ReturnType<typeof startFalskApi>>;
let kontekst: Awaited<ReturnType<typeof testKontekst>>;

beforeAll(async () => {
  const melding = testMelding({ egenReferanse: RAA });
  const liste: ImportmeldingListe = {
    importmeldingListevisningElementer: [
      {
        id: 42,
        nummer: "2026-000123",
        egenReferanse: RAA,
        avsender: `Sender ${RAA}`,
        eksportLand: { kode: "NL", navn: "Nederland" },
        kunDokumentkontroll: false,
        status: "REGISTRERT",
        statusTekst: "Registrert",
        statusFarge: "info",
        statusEndret: new Date().toISOString(),
        kategori: "AKTIV",
        url: "/importmelding/42/registrert",
      } as never,
    ],
    paginering: {
      sidenummer: 0,
      antallSider: 1,
      antallElementer: 1,
      antallElementerPerSide: 20,
      flereEnnMaks: false,
    },
  };
  api = await startFalskApi(({ method, sti }) => {
    if (method !== "GET") return undefined;
    if (sti === `${MELDING_BASE}/42`) return { status: 200, json: melding };
    if (sti === `${MELDING_BASE}/42/mottakskontrolloerer`) return { status: 200, json: [] };
    if (sti.startsWith(`${MELDING_BASE}/arkiv`) || sti.includes("/arkiv"))
      return { status: 200, json: liste };
    if (sti.startsWith("/import/v2/eksportland") || sti.endsWith("/eksportland"))
      return { status: 200, json: [] };
    if (sti.endsWith("/mottakskontrolloerfor")) return { status: 200, json: [] };
    if (sti === `/import/register/v1/${TEST_AVGIVER.organisasjonsnummer}`) {
      return {
        status: 200,
        json: { id: TEST_AVGIVER.importoerId, harLestRegelverk: true, epostadresser: [] },
      };
    }
    return undefined;
  });
  kontekst = await testKontekst(api.url);
});
afterAll(async () => {
  await kontekst?.close();
  await api?.close();
});

describe("styretegn vises ikke", () => {
  it("the registered notification's page shows the own reference without the override and control characters", async () => {
    const ruter = await notifikasjonsRuter({ registrert });
    const side = await hentSide(ruter, kontekst, "/importmelding/42/registrert");
    expect(side.status).toBe(200);
    expect(side.tekst).toContain(VIST);
    expect(side.html).not.toMatch(STYRETEGN);
    // this API answers only SPEC §7 (no history, beyond it): the page stands and its section says so
    expect(side.tekst).toContain("Historikken kan ikke vises akkurat nå. Prøv igjen senere.");
  });

  it("the notification list shows the own reference and sender without them", async () => {
    const ruter: RouteObject[] = [
      {
        id: "root",
        path: "/",
        loader: root.loader as never,
        element: rotElement(),
        children: [
          {
            id: "routes/importmeldinger",
            path: "importmeldinger",
            loader: importmeldinger.loader as never,
            element: createElement(importmeldinger.default),
          },
        ],
      },
    ];
    const side = await hentSide(ruter, kontekst, "/importmeldinger");
    expect(side.status).toBe(200);
    expect(side.tekst).toContain(VIST);
    expect(side.html).not.toMatch(STYRETEGN);
  });
});
