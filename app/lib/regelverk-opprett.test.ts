// Page-level test of «Opprett» on the certificate page for an importer that has not confirmed the regulations
// (issue 36 item 12, ADR 060): the real route modules, rendered as without JavaScript, against a small real
// HTTP server playing the import API. The page holds the one confirmation form; a refused answer stores and
// creates nothing and keeps the answers; a valid one stores the confirmation and then creates, in one request;
// and a form without it (a page opened before) that the API refuses shows SPEC's toast beside the form, so
// nobody is left with the refusal alone.
import type { RouteObject } from "react-router-dom";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { REGELVERK_AVKRYSSING_TEKST, REGELVERK_MELDING } from "../../domain/schemas/tekster";
import { oversetter } from "../../sprak/katalog.server";
import { testSertifikatVisning } from "../../tests/app/sertifikat";
import {
  hentSide,
  MELDING_BASE,
  sideRuter,
  startFalskApi,
  TEST_AVGIVER,
  testKontekst,
} from "../../tests/app/side";
import * as sertifikat from "../routes/sertifikat";

const t = oversetter("nb");
const REGISTER = `/import/register/v1/${TEST_AVGIVER.organisasjonsnummer}`;
const LESTREGELVERK = `${REGISTER}/${TEST_AVGIVER.importoerId}/lestregelverk`;
const NOEKLER = { sertifikatnummer: "NL-1", dato: "2026-11-20", avsenderland: "NL" };
const SIDE = `/sertifikat?${new URLSearchParams(NOEKLER)}`;
const IKKE_BEKREFTET = "Bedrift har ikke bekreftet kjennskap til regelverket";

let harLestRegelverk = false;
let api: Awaited<ReturnType<typeof startFalskApi>>;
let kontekst: Awaited<ReturnType<typeof testKontekst>>;
let ruter: RouteObject[];

beforeAll(async () => {
  api = await startFalskApi(({ method, sti }) => {
    // the page asks for the certificate alone: whether the regulations are confirmed comes with it
    if (method === "GET" && sti.endsWith("/sertifikat"))
      return { status: 200, json: testSertifikatVisning("nb", { harLestRegelverk }) };
    if (method === "PUT" && sti === LESTREGELVERK) {
      harLestRegelverk = true;
      return { status: 204 };
    }
    // the create guard of api/importmelding/opprett.ts
    if (method === "POST" && sti === MELDING_BASE)
      return harLestRegelverk
        ? { status: 201, json: { id: 77 } }
        : { status: 400, json: { status: 400, detail: IKKE_BEKREFTET } };
    return undefined;
  });
  kontekst = await testKontekst(api.url);
  ruter = await sideRuter("routes/sertifikat", "sertifikat", sertifikat);
});
afterAll(async () => {
  await kontekst?.close();
  await api?.close();
});
beforeEach(() => {
  harLestRegelverk = false;
  api.kall.length = 0;
});

const opprett = (felt: Record<string, string>) =>
  hentSide(ruter, kontekst, SIDE, {
    csrf: kontekst.csrf,
    intent: "opprett",
    ...NOEKLER,
    ansvarligImportoerId: String(TEST_AVGIVER.importoerId),
    ...felt,
  });
const skrivende = () => api.kall.filter((k) => k.method !== "GET").map((k) => `${k.method} ${k.sti}`);

describe("«Opprett» for en importør som ikke har bekreftet regelverket", () => {
  it("siden har det ene bekreftelsesskjemaet i opprett-skjemaet, med lenken til profilen", async () => {
    const side = await hentSide(ruter, kontekst, SIDE);
    expect(side.status).toBe(200);
    expect(side.tekst).toContain(t("felles.regelverk.tittel"));
    expect(side.html).toContain('name="regelverk" value="ja"');
    expect(side.tekst).toContain(t("felles.regelverk.legende"));
    expect(side.tekst).toContain(t("felles.regelverk.avkrysning"));
    expect(side.tekst).toContain(t.melding(REGELVERK_AVKRYSSING_TEKST));
    expect(side.html).toContain('href="/innstillinger?side=Profil"');
    expect(side.tekst).toContain(t("sertifikat.handling.bekreftOgOpprett"));
    expect(side.tekst).not.toContain(`${t("sertifikat.handling.opprett")} `);
  });

  it("uten valg: meldingen ved valget, ingenting lagret eller opprettet", async () => {
    const side = await opprett({ regelverk: "ja", harLestRegelverk: "ja" });
    expect(side.status).toBe(400);
    expect(side.tekst).toContain(t.melding(REGELVERK_MELDING));
    // the ticked box comes back ticked and locked
    expect(side.html).toMatch(/<input type="hidden" name="harLestRegelverk" value="ja"\/>/);
    expect(skrivende()).toEqual([]);
  });

  it("'Ja' uten avkrysning: SPEC-teksten som feil, valget beholdt, ingenting lagret", async () => {
    const side = await opprett({ regelverk: "ja", bekreftelse: "bekreftet" });
    expect(side.status).toBe(400);
    expect(side.html).toMatch(/aria-invalid="true"[^>]*aria-describedby="regelverk-harLestRegelverk-feil"/);
    expect(side.html).toMatch(/name="bekreftelse" checked="" value="bekreftet"/);
    expect(skrivende()).toEqual([]);
  });

  it("'Nei, vi skal ikke melde import': sagt tydelig, ingenting lagret eller opprettet", async () => {
    const side = await opprett({ regelverk: "ja", bekreftelse: "vil-ikke-melde" });
    expect(side.status).toBe(200);
    expect(side.tekst).toContain(t("felles.regelverk.ikkeLagret"));
    expect(skrivende()).toEqual([]);
  });

  it("bekreftet og avkrysset: bekreftelsen lagres, så opprettes forhåndsmeldingen, i én forespørsel", async () => {
    const side = await opprett({ regelverk: "ja", bekreftelse: "bekreftet", harLestRegelverk: "ja" });
    expect(side.til).toBe("/importmelding/77");
    expect(skrivende()).toEqual([`PUT ${LESTREGELVERK}`, `POST ${MELDING_BASE}`]);
    expect(api.kall.find((k) => k.method === "PUT")?.body).toEqual({ harLestRegelverk: true });
  });

  it("et skjema uten bekreftelsen som API-et avviser: SPEC-varselet og skjemaet for å bekrefte ved siden av", async () => {
    const side = await opprett({});
    expect(side.status).toBe(400);
    expect(side.tekst).toContain(t("sertifikat.handling.opprettFeilet"));
    expect(side.tekst).toContain(IKKE_BEKREFTET);
    expect(side.tekst).toContain(t("felles.regelverk.legende"));
    expect(side.tekst).toContain(t("sertifikat.handling.bekreftOgOpprett"));
    expect(skrivende()).toEqual([`POST ${MELDING_BASE}`]);
  });
});

describe("«Opprett» for en importør som har bekreftet", () => {
  it("bare knappen, uten skjemaet", async () => {
    harLestRegelverk = true;
    const side = await hentSide(ruter, kontekst, SIDE);
    expect(side.tekst).toContain(t("sertifikat.handling.opprett"));
    expect(side.tekst).not.toContain(t("felles.regelverk.legende"));
    expect(side.html).not.toContain('name="regelverk"');
  });
});
