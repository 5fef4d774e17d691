// Page-level test of home (the real route module, rendered as without JavaScript) against a small real HTTP
// server playing the import API: when GET …/forside (home's one call) fails, home shows 'Henting av forsiden feilet' with
// the spec's advice (SPEC §8 "Page load failures") instead of the sections, and is not an error page.
import type { RouteObject } from "react-router-dom";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Forside, Oversikt } from "../../domain/oversikt";
import { hentSide, MELDING_BASE, sideRuter, startFalskApi, testKontekst } from "../../tests/app/side";
import * as hjem from "../routes/_index";
import { KONTAKT_EPOST } from "./kontakt";

const TOM: Oversikt = {
  paabegynteImportMeldinger: [],
  nyeSertifikater: [],
  forventetAnkomstImportMeldinger: [],
  tilVurderingImportMeldinger: [],
  vurderteImportMeldinger: [],
  flere: {
    paabegynteImportMeldinger: false,
    nyeSertifikater: false,
    forventetAnkomstImportMeldinger: false,
    tilVurderingImportMeldinger: false,
    vurderteImportMeldinger: false,
  },
};
const SEKSJONER = [
  "Påbegynte forhåndsmeldinger",
  "Nye sertifikater",
  "Forhåndsmeldt",
  "Venter på vurdering",
  "Vurdert de siste 2 ukene",
];

let oversiktStatus: number;
let api: Awaited<ReturnType<typeof startFalskApi>>;
let kontekst: Awaited<ReturnType<typeof testKontekst>>;
let ruter: RouteObject[];

beforeAll(async () => {
  api = await startFalskApi(({ method, sti }) => {
    if (method !== "GET") return undefined;
    if (sti === `${MELDING_BASE}/forside`) {
      const forside: Forside = {
        oversikt: TOM,
        eksportland: [],
        oppstart: { harLestRegelverk: true, harEpostadresse: true },
        epostSendingFeiler: false,
      };
      return oversiktStatus === 200
        ? { status: 200, json: forside }
        : { status: oversiktStatus, json: { status: oversiktStatus, detail: "Intern feil" } };
    }
    return undefined;
  });
  kontekst = await testKontekst(api.url);
  ruter = await sideRuter("routes/_index", undefined, hjem);
});
afterAll(async () => {
  await kontekst?.close();
  await api?.close();
});
beforeEach(() => {
  oversiktStatus = 200;
});

describe("forsiden", () => {
  it("viser de fem seksjonene når oversikten kan hentes", async () => {
    const side = await hentSide(ruter, kontekst, "/");
    expect(side.status).toBe(200);
    for (const s of SEKSJONER) expect(side.tekst).toContain(s);
    expect(side.tekst).not.toContain("Henting av forsiden feilet");
  });

  it.each([500, 503])(
    "viser 'Henting av forsiden feilet' med rådet fra SPEC når oversikten svarer %i",
    async (status) => {
      oversiktStatus = status;
      const side = await hentSide(ruter, kontekst, "/");
      expect(side.status).toBe(200);
      expect(side.tekst).toContain("Henting av forsiden feilet");
      expect(side.tekst).toContain("Last inn siden på nytt og sjekk at du er logget inn");
      expect(side.tekst).toContain(KONTAKT_EPOST);
      for (const s of SEKSJONER) expect(side.tekst).not.toContain(s);
      // The rest of home still works: the certificate search is there.
      expect(side.tekst).toContain("Søk etter sertifikat");
    },
  );
});
