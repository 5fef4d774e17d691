// Page-level tests of the pages after registration (the real route modules, rendered as without JavaScript)
// against a small real HTTP server playing the import API: what the appointed reception controller is
// offered on the registered page, 'Start kontroll' without a controller, the double-submit banner, the
// profile dialog of the reception questions, and refused actual quantities kept as typed.
import type { RouteObject } from "react-router-dom";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ImportmeldingVisning } from "../../domain/importmelding";
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
import * as ankommet from "../routes/importmelding.$id.ankommet";
import * as mottakskontroll from "../routes/importmelding.$id.mottakskontroll.$spoersmaal";
import * as registrert from "../routes/importmelding.$id.registrert";

let melding: ImportmeldingVisning;
let harLestRegelverk: boolean;
let api: Awaited<ReturnType<typeof startFalskApi>>;
let kontekst: Awaited<ReturnType<typeof testKontekst>>;
let ruter: RouteObject[];

beforeAll(async () => {
  api = await startFalskApi(({ method, sti }) => {
    if (method === "GET" && sti === `${MELDING_BASE}/42`) return { status: 200, json: melding };
    if (method === "GET" && sti === `${MELDING_BASE}/42/mottakskontrolloerer`)
      return { status: 200, json: [] };
    if (method === "GET" && sti === `/import/register/v1/${TEST_AVGIVER.organisasjonsnummer}`) {
      return { status: 200, json: { id: TEST_AVGIVER.importoerId, harLestRegelverk, epostadresser: [] } };
    }
    if (method === "PUT") return { status: 204 };
    return undefined;
  });
  kontekst = await testKontekst(api.url);
  ruter = await notifikasjonsRuter({ registrert, ankommet, "mottakskontroll/:spoersmaal": mottakskontroll });
});
afterAll(async () => {
  await kontekst?.close();
  await api?.close();
});
beforeEach(() => {
  melding = testMelding();
  harLestRegelverk = true;
  api.kall.length = 0;
});

const REGISTRERT = "/importmelding/42/registrert";
const lenke = (html: string, tekst: string) => new RegExp(`<a [^>]*>${tekst}(<span|</a>)`).test(html);

describe("registrert-siden", () => {
  it("offers the owning importer withdrawal and changes of arrival and own reference", async () => {
    const side = await hentSide(ruter, kontekst, REGISTRERT);
    expect(side.status).toBe(200);
    expect(lenke(side.html, "Trekk tilbake")).toBe(true);
    expect(side.html).toContain(`href="${REGISTRERT}?endre=ankomst"`);
    expect(side.html).toContain(`href="${REGISTRERT}?endre=referanse"`);
    expect(side.html).toContain('href="/importmelding/42/mottakskontrolloer"');
    expect((await hentSide(ruter, kontekst, `${REGISTRERT}?endre=ankomst`)).tekst).toContain("Endre ankomst");
    expect((await hentSide(ruter, kontekst, `${REGISTRERT}?trekk=1`)).tekst).toContain(
      "Trekk forhåndsmelding",
    );
    expect((await hentSide(ruter, kontekst, `${REGISTRERT}?endre=referanse`)).html).toContain(
      'name="egenReferanse"',
    );
  });

  it("shows the reported reception control of one withdrawn after arrival (ADR 027), and no actions", async () => {
    const m = testMelding();
    melding = testMelding({
      status: "TILBAKETRUKKET",
      statusTekst: "Tilbaketrukket",
      erAnkommet: false,
      faktiskAnkommet: "2026-04-02T10:00:00.000Z",
      mottakskontrollSpoersmaal: m.mottakskontrollSpoersmaal.map((q) => ({
        ...q,
        kontrollSvar: {
          kontrollSvar: q.svarAlternativer[0]!.kontrollSvar,
          tekst: "Riktig",
          kommentar: null,
          avvik: false,
        },
      })),
    });
    const side = await hentSide(ruter, kontekst, REGISTRERT);
    expect(side.tekst).toContain("Forhåndsmeldingen er trukket tilbake");
    expect(side.tekst).not.toContain("Gjennomføres når forsendelsen har kommet");
    // the reported answer, named from the catalogue by its code (not the API's bokmål text)
    expect(side.tekst).toContain("Innholdet i sendingen samsvarer med sertifikatet");
    expect(lenke(side.html, "Trekk tilbake")).toBe(false);
    expect(side.html).not.toContain('href="/importmelding/42/mottakskontrolloer"');
  });

  it("offers the appointed reception controller only the control, not the owner's actions", async () => {
    melding = testMelding({ tilgang: { eier: false, mottakskontrolloer: true } });
    const side = await hentSide(ruter, kontekst, REGISTRERT);
    expect(side.status).toBe(200);
    expect(side.html).toContain('href="/importmelding/42/mottakskontrolloer"');
    expect(lenke(side.html, "Trekk tilbake")).toBe(false);
    expect(side.html).not.toContain("endre=ankomst");
    expect(side.html).not.toContain("endre=referanse");
    expect(side.tekst).toContain("Egen referanse: Ikke angitt");
    // Not by URL either.
    const ankomst = await hentSide(ruter, kontekst, `${REGISTRERT}?endre=ankomst`);
    expect(ankomst.tekst).not.toContain("Endre ankomst");
    expect(ankomst.html).not.toContain('name="adresselinje1"');
    expect((await hentSide(ruter, kontekst, `${REGISTRERT}?trekk=1`)).tekst).not.toContain(
      "Trekk forhåndsmelding",
    );
    expect((await hentSide(ruter, kontekst, `${REGISTRERT}?endre=referanse`)).html).not.toContain(
      'name="egenReferanse"',
    );
  });

  it("disables 'Start kontroll' when no reception controller is chosen", async () => {
    melding = testMelding({
      ankomstInfo: [{ ...testMelding().ankomstInfo[0]!, mottakskontrolloer: null }],
    });
    const side = await hentSide(ruter, kontekst, REGISTRERT);
    expect(side.html).toMatch(
      /<button class="ds-button" data-variant="primary" type="button" disabled="">Start kontroll<\/button>/,
    );
    expect(side.html).not.toContain('href="/importmelding/42/mottakskontrolloer"');
    expect(side.tekst).toContain("Mottakskontrollør Ikke valgt");
  });

  it("shows '--' for a missing arrival time", async () => {
    melding = testMelding({
      ankomstInfo: [{ ...testMelding().ankomstInfo[0]!, ankomstTid: null, ankomsttid: null }],
    });
    expect((await hentSide(ruter, kontekst, REGISTRERT)).tekst).toContain("Forventet ankomst --");
  });

  it("says neutrally that a second 'Send inn' sent nothing twice", async () => {
    const side = await hentSide(ruter, kontekst, `${REGISTRERT}?alleredeSendt=1`);
    expect(side.tekst).toContain(
      "Forhåndsmeldingen er allerede sendt inn Forhåndsmeldingen var allerede sendt inn til Mattilsynet, og den er ikke sendt inn en gang til.",
    );
    expect(side.tekst).not.toMatch(/annen fane|annen bruker/);
  });
});

describe("mottakskontroll", () => {
  const INNHOLD = "/importmelding/42/mottakskontroll/innhold-samsvarer";
  const svar = (ekstra: Record<string, string>) => ({
    csrf: kontekst.csrf,
    versjon: "4",
    svar: "MOTTAK_INNHOLD_SAMSVARER_LAVERE_MENGDE",
    kommentar: "",
    "faktisk[0].varelinjeId": "1",
    ...ekstra,
  });

  it("opens 'Du må oppdatere din profil for å gå videre' and saves nothing without confirmed regulations", async () => {
    harLestRegelverk = false;
    const side = await hentSide(ruter, kontekst, INNHOLD, svar({ "faktisk[0].antall": "80" }));
    expect(side.tekst).toContain("Du må oppdatere din profil for å gå videre");
    expect(side.html).toMatch(
      /<a class="ds-button" data-variant="primary"[^>]* href="\/innstillinger">Gå til Profil<\/a>/,
    );
    expect(side.html).toMatch(
      new RegExp(`<a class="ds-button" data-variant="secondary"[^>]* href="${INNHOLD}">Avbryt</a>`),
    );
    expect(api.kall.filter((k) => k.method === "PUT")).toEqual([]);

    harLestRegelverk = true;
    const uten = await hentSide(ruter, kontekst, INNHOLD);
    expect(uten.tekst).not.toContain("Du må oppdatere din profil");
  });

  it.each([
    ["mange", "Innholdet må være et numerisk tall"],
    ["-5", "Verdien kan ikke være negativ"],
    ["150", "Mengden kan ikke være større enn opprinnelig mengde"],
  ])("keeps '%s' in the field with '%s', and Escape's stored value beside it", async (skrevet, feil) => {
    const side = await hentSide(ruter, kontekst, INNHOLD, svar({ "faktisk[0].antall": skrevet }));
    expect(side.status).toBe(400);
    expect(side.tekst).toContain(feil);
    expect(side.html).toMatch(
      new RegExp(`id="faktisk-0-antall"[^>]*data-lagret="100"[^>]*value="${skrevet}"`),
    );
    expect(api.kall.filter((k) => k.method === "PUT")).toEqual([]);
  });

  it("shows the stored quantity before anything is typed", async () => {
    melding = testMelding();
    melding.varelinjer[0]!.mengde.antall!.faktiskVerdi = 80;
    const side = await hentSide(ruter, kontekst, INNHOLD);
    expect(side.html).toMatch(/id="faktisk-0-antall"[^>]*data-lagret="80"[^>]*value="80"/);
  });
});

describe("mens Mattilsynet vurderer (ADR 045, ADR 046)", () => {
  const nb = oversetter("nb");
  const utenRegelsett = nb("importmelding.vurdering.utenRegelsett");
  const dokumentkontroll = (automatiskVurdering: ImportmeldingVisning["automatiskVurdering"]) =>
    testMelding({ kunDokumentkontroll: true, mottakskontrollSpoersmaal: [], automatiskVurdering });

  it("sier at en innsendt forhåndsmelding med bare dokumentkontroll venter på Mattilsynet", async () => {
    melding = dokumentkontroll("VENTER");
    const side = await hentSide(ruter, kontekst, REGISTRERT);
    expect(side.tekst).toContain(
      "Venter på Mattilsynet. Mattilsynet vurderer forhåndsmeldingen og frigir eller avviser sendingen.",
    );
    expect(side.tekst).not.toContain(utenRegelsett);
  });

  it("sier at ingenting frigis automatisk når ingen risikoregler er godkjent, før og etter ankomst", async () => {
    melding = dokumentkontroll("UTEN_REGELSETT");
    expect((await hentSide(ruter, kontekst, REGISTRERT)).tekst).toContain(utenRegelsett);
    melding = testMelding({ status: "ANKOMMET", erAnkommet: true, automatiskVurdering: "UTEN_REGELSETT" });
    const side = await hentSide(ruter, kontekst, "/importmelding/42/ankommet");
    expect(side.tekst).toContain("Avventer vurdering.");
    expect(side.tekst).toContain(utenRegelsett);
  });

  it("viser referansen til vedtaksbrevet ved avvisning", async () => {
    melding = testMelding({
      status: "AVVIST",
      statusTekst: "Avvist",
      erAnkommet: true,
      erVurdert: true,
      vurderingBegrunnelse: "Trips",
      vedtaksbrevReferanse: "2026/4711",
    });
    const side = await hentSide(ruter, kontekst, "/importmelding/42/ankommet");
    expect(side.tekst).toContain("Begrunnelse: Trips Referanse til vedtaksbrevet: 2026/4711");
  });
});
