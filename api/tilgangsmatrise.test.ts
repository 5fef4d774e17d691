// The authorisation matrix (issue 15): every route of the import API, read from the Express routers' own
// stacks, × every kind of caller that must not get through — no token, an expired token, a person without
// delegation, another organisation's importer, another importer's notification or certificate, and the
// reception controller on the owner's actions. Each call must get the expected status and leave the whole
// database unchanged (a digest of every table before and after).
//
// An importer's system with a machine token (ADR 035) is one more kind of caller: without its importer's grant,
// with a grant to read only (on every write), and granted by another organisation.
//
// A route without an entry in RUTER fails the test: add one line (krav + sti, a body for writes) when you
// add a route. krav decides the expected status per case (see `forventet`).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORG } from "../dev/demo-data";
import { lagSertifikatXml } from "../dev/ephyto/generate";
import { lagPdf } from "../dev/vedlegg";
import type { ImportmeldingVisning } from "../domain/importmelding";
import { hentToken, type Klient } from "../scripts/eksempelklient";
import { apiRuter, databaseavtrykk } from "../tests/support/test-avtrykk";
import {
  aktoer,
  INGRID,
  importoerId,
  KARI,
  LINJER,
  lagSertifikat,
  OLA,
  PER,
} from "../tests/support/test-hjelp";
import {
  startTestApiMedMaskin,
  startTestMaskinporten,
  type TestMaskinporten,
} from "../tests/support/test-maskinporten";
import { TEST_MYNDIGHET_ORGNR, type TestApi } from "../tests/support/test-server";
import { MYNDIGHET_SCOPES } from "./auth";
import { problem } from "./http/feil";
import { ingestSertifikat } from "./sertifikat/ingest";

/**
 * Who may call a route:
 * - "person": any valid token; answers only about the caller (no target to be refused);
 * - "org": a person who may act for {orgnr};
 * - "importoer": … and {importoerId} belongs to {orgnr};
 * - "eier": … and the importer is on the owner side of notification {id} (ADR 007);
 * - "mottak": the owner side, or the notification's appointed reception controller;
 * - "noekkel": a system with an API key (X-Api-Key), never a person's token;
 * - "offentlig": anyone, without a token (the API's own documentation, ADR 040);
 * - "myndighet": the authority's case system only: a Maskinporten token of Mattilsynet's organisation with the
 *   authority's scope (ADR 045); every person and every importer's system is refused, and the authority's token
 *   gets nothing of the importers' routes.
 */
type Krav = "person" | "org" | "importoer" | "eier" | "mottak" | "noekkel" | "offentlig" | "myndighet";

type Tilfelle =
  | "uten token"
  | "utløpt token"
  | "person uten delegering"
  | "annen virksomhets importør"
  | "annen importørs melding eller sertifikat"
  | "mottakskontrollør på eierhandling"
  | "eierens slettede utkast"
  | "system uten tilgang"
  | "system med bare lesetilgang"
  | "system fra annen virksomhet"
  | "Mattilsynets system"
  | "Mattilsynets system med bare lesetilgang"
  | "Mattilsynets scope i en annen virksomhets token";

/** Ids a path is built from: the caller's organisation and importer, the target notification etc. */
interface Maal {
  orgnr: string;
  importoerId: number;
  melding: Pick<ImportmeldingVisning, "id" | "nummer" | "dokumentkontrollSpoersmaal" | "ankomstInfo">;
  sertifikat: { nummer: string; dato: string; avsenderland: string };
  vedleggId: string;
}

interface Rute {
  krav: Krav;
  sti: (m: Maal) => string;
  json?: (m: Maal) => unknown;
  /**
   * Cases where the expected answer differs from what `krav` gives, with the reason. `endrer: true` only
   * where SPEC allows the call to write (a certificate found by its exact keys joins the importer's list).
   */
  unntak?: Partial<Record<Tilfelle, { status: number; endrer?: boolean; hvorfor: string }>>;
}

const sok = (m: Maal) =>
  `sertifikatnummer=${encodeURIComponent(m.sertifikat.nummer)}&dato=${m.sertifikat.dato}&avsenderland=${m.sertifikat.avsenderland}`;
const im = (m: Maal) => `/import/importmelding/v2/${m.orgnr}/${m.importoerId}`;
const medId = (m: Maal) => `${im(m)}/${m.melding.id}`;

// Searching a certificate by its exact keys is open to every importer (SPEC §1, api/sertifikat/visning.ts).
const SOEK_PAA_NOEKLER = {
  "annen importørs melding eller sertifikat": {
    status: 200,
    hvorfor: "et sertifikat kan hentes av enhver importør som har de eksakte nøklene (SPEC §1)",
  },
} as const;

const ALLE_MYNDIGHET = Object.values(MYNDIGHET_SCOPES);

/** One entry per route: "METHOD path" exactly as registered. */
const RUTER: Record<string, Rute> = {
  "GET /import/openapi.json": { krav: "offentlig", sti: () => "/import/openapi.json" },
  "GET /import/dokumentasjon": { krav: "offentlig", sti: () => "/import/dokumentasjon" },
  "GET /import/dokumentasjon/stil.css": { krav: "offentlig", sti: () => "/import/dokumentasjon/stil.css" },
  "POST /import/ephyto/v1/sertifikat": {
    krav: "noekkel",
    sti: () => "/import/ephyto/v1/sertifikat",
  },
  // The authority's case system (ADR 045). Its own token passes on GET (200) and, with a body it refuses, on
  // writes (400): nothing is written by the matrix.
  "GET /myndighet/v2/importmeldinger": { krav: "myndighet", sti: () => "/myndighet/v2/importmeldinger" },
  "GET /myndighet/v2/importmeldinger/:nummer": {
    krav: "myndighet",
    sti: (m) => `/myndighet/v2/importmeldinger/${m.melding.nummer}`,
  },
  "GET /myndighet/v2/importmeldinger/:nummer/sertifikat.xml": {
    krav: "myndighet",
    sti: (m) => `/myndighet/v2/importmeldinger/${m.melding.nummer}/sertifikat.xml`,
  },
  "POST /myndighet/v2/importmeldinger/:nummer/vurdering": {
    krav: "myndighet",
    sti: (m) => `/myndighet/v2/importmeldinger/${m.melding.nummer}/vurdering`,
    json: () => ({ status: "GODKJENT" }),
  },
  "GET /myndighet/v2/hendelser": { krav: "myndighet", sti: () => "/myndighet/v2/hendelser?etter=0" },
  "GET /myndighet/v2/regelsett": { krav: "myndighet", sti: () => "/myndighet/v2/regelsett" },
  "GET /myndighet/v2/regelsett/gjeldende": {
    krav: "myndighet",
    sti: () => "/myndighet/v2/regelsett/gjeldende",
  },
  "GET /myndighet/v2/regelsett/:versjon": { krav: "myndighet", sti: () => "/myndighet/v2/regelsett/1" },
  "POST /myndighet/v2/regelsett": {
    krav: "myndighet",
    sti: () => "/myndighet/v2/regelsett",
    json: () => ({ beskrivelse: "Matrise" }),
  },
  "POST /myndighet/v2/regelsett/:versjon/godkjenning": {
    krav: "myndighet",
    sti: () => "/myndighet/v2/regelsett/1/godkjenning",
    json: () => ({}),
  },
  "GET /gateway/auth/avgiver": { krav: "person", sti: () => "/gateway/auth/avgiver" },
  "GET /gateway/auth/session/brukerInfo": { krav: "person", sti: () => "/gateway/auth/session/brukerInfo" },
  "GET /import/register/v1/:orgnr": { krav: "org", sti: (m) => `/import/register/v1/${m.orgnr}` },
  "POST /import/register/v1/:orgnr": {
    krav: "org",
    sti: (m) => `/import/register/v1/${m.orgnr}`,
    json: (m) => ({ navn: "Overtatt AS", organisasjonsnummer: m.orgnr }),
  },
  "GET /import/register/v1/:orgnr/systemtilgang": {
    krav: "org",
    sti: (m) => `/import/register/v1/${m.orgnr}/systemtilgang`,
  },
  "POST /import/register/v1/:orgnr/systemtilgang": {
    krav: "org",
    sti: (m) => `/import/register/v1/${m.orgnr}/systemtilgang`,
    json: () => ({ klientId: "matrise-system", klientNavn: "Matrisesystemet", scopes: ["read", "write"] }),
  },
  "PUT /import/register/v1/:orgnr/systemtilgang/:id": {
    krav: "org",
    // Any id: a caller without access is refused before the row is looked up.
    sti: (m) => `/import/register/v1/${m.orgnr}/systemtilgang/1`,
    json: () => ({ scopes: ["read"] }),
  },
  "DELETE /import/register/v1/:orgnr/systemtilgang/:id": {
    krav: "org",
    // Any id: a caller without access is refused before the row is looked up.
    sti: (m) => `/import/register/v1/${m.orgnr}/systemtilgang/1`,
  },
  "GET /import/register/v1/:orgnr/:importoerId/mottakskontrolloerfor": {
    krav: "importoer",
    sti: (m) => `/import/register/v1/${m.orgnr}/${m.importoerId}/mottakskontrolloerfor`,
  },
  "GET /import/register/v1/:orgnr/:importoerId/epoststatus": {
    krav: "importoer",
    sti: (m) => `/import/register/v1/${m.orgnr}/${m.importoerId}/epoststatus`,
  },
  "GET /gateway/auth/session": { krav: "person", sti: () => "/gateway/auth/session" },
  "GET /gateway/config/features": { krav: "person", sti: () => "/gateway/config/features" },
  "PUT /import/register/v1/:orgnr/epost": {
    krav: "org",
    sti: (m) => `/import/register/v1/${m.orgnr}/epost`,
    json: () => ({ epostadresse: "matrise@example.no" }),
  },
  "DELETE /import/register/v1/:orgnr/epost/:id": {
    krav: "org",
    // Any id: a caller without access is refused before the address is looked up.
    sti: (m) => `/import/register/v1/${m.orgnr}/epost/1`,
  },
  "PUT /import/register/v1/:orgnr/epostvarsel": {
    krav: "org",
    sti: (m) => `/import/register/v1/${m.orgnr}/epostvarsel`,
    json: () => ({ skalHaEpost: false }),
  },
  "PUT /import/register/v1/:orgnr/vurderingsvarsel": {
    krav: "org",
    sti: (m) => `/import/register/v1/${m.orgnr}/vurderingsvarsel`,
    json: () => ({ varsleVurderinger: false }),
  },
  "PUT /import/register/v1/:orgnr/epostsprak": {
    krav: "org",
    sti: (m) => `/import/register/v1/${m.orgnr}/epostsprak`,
    json: () => ({ sprak: "nn" }),
  },
  "PUT /import/register/v1/:orgnr/:importoerId/mottakskontrolloer": {
    krav: "importoer",
    sti: (m) => `/import/register/v1/${m.orgnr}/${m.importoerId}/mottakskontrolloer`,
    json: () => ({ erMottakskontrolloer: true }),
  },
  "PUT /import/register/v1/:orgnr/:importoerId/mottakskontrolloerer": {
    krav: "importoer",
    sti: (m) => `/import/register/v1/${m.orgnr}/${m.importoerId}/mottakskontrolloerer`,
    json: () => ({ mottakskontrolloerIds: [] }),
  },
  "GET /import/mottakskontrolloerer/v1": {
    krav: "org",
    sti: (m) => `/import/mottakskontrolloerer/v1?orgnr=${m.orgnr}`,
  },
  "PUT /import/register/v1/:orgnr/:importoerId/lestregelverk": {
    krav: "importoer",
    sti: (m) => `/import/register/v1/${m.orgnr}/${m.importoerId}/lestregelverk`,
    json: () => ({ harLestRegelverk: true }),
  },
  "GET /import/v2/:orgnr/:importoerId/hendelser": {
    krav: "importoer",
    sti: (m) => `/import/v2/${m.orgnr}/${m.importoerId}/hendelser?etter=0`,
  },
  "GET /import/register/v1/:orgnr/:importoerId/webhooker": {
    krav: "importoer",
    sti: (m) => `/import/register/v1/${m.orgnr}/${m.importoerId}/webhooker`,
  },
  "POST /import/register/v1/:orgnr/:importoerId/webhooker": {
    krav: "importoer",
    sti: (m) => `/import/register/v1/${m.orgnr}/${m.importoerId}/webhooker`,
    json: () => ({ url: "https://127.0.0.1/matrise", typer: ["sertifikat.mottatt"] }),
  },
  // Any id: a caller without access is refused before the subscription is looked up.
  "PUT /import/register/v1/:orgnr/:importoerId/webhooker/:id/status": {
    krav: "importoer",
    sti: (m) => `/import/register/v1/${m.orgnr}/${m.importoerId}/webhooker/1/status`,
    json: () => ({ aktiv: false }),
  },
  "DELETE /import/register/v1/:orgnr/:importoerId/webhooker/:id": {
    krav: "importoer",
    sti: (m) => `/import/register/v1/${m.orgnr}/${m.importoerId}/webhooker/1`,
  },
  "GET /import/v2/eksportland": {
    krav: "importoer",
    sti: (m) => `/import/v2/eksportland?orgnr=${m.orgnr}&importoerId=${m.importoerId}`,
  },
  "GET /import/v2/:orgnr/:importoerId/sertifikater": {
    krav: "importoer",
    sti: (m) => `/import/v2/${m.orgnr}/${m.importoerId}/sertifikater`,
  },
  "GET /import/v2/:orgnr/:importoerId/sertifikat": {
    krav: "importoer",
    sti: (m) => `/import/v2/${m.orgnr}/${m.importoerId}/sertifikat?${sok(m)}`,
    unntak: {
      "annen importørs melding eller sertifikat": {
        ...SOEK_PAA_NOEKLER["annen importørs melding eller sertifikat"],
        endrer: true,
      },
    },
  },
  "GET /import/v2/:orgnr/:importoerId/sertifikat/:format(pdf|excel)": {
    krav: "importoer",
    sti: (m) => `/import/v2/${m.orgnr}/${m.importoerId}/sertifikat/pdf?${sok(m)}`,
    unntak: SOEK_PAA_NOEKLER,
  },
  "GET /import/v1/vedlegg/:id": {
    krav: "person",
    sti: (m) => `/import/v1/vedlegg/${m.vedleggId}`,
    // Anyone who does not see the certificate gets 404, as if the attachment did not exist.
    unntak: {
      "person uten delegering": { status: 404, hvorfor: "ser ikke sertifikatet" },
      "annen importørs melding eller sertifikat": { status: 404, hvorfor: "ser ikke sertifikatet" },
      "annen virksomhets importør": {
        status: 200,
        hvorfor: "Kari ser sertifikatet gjennom sin egen importør",
      },
      "system fra annen virksomhet": { status: 404, hvorfor: "Blomsterbuds system ser ikke sertifikatet" },
    },
  },
  "GET /import/importmelding/v2/:orgnr/:importoerId/oversikt": {
    krav: "importoer",
    sti: (m) => `${im(m)}/oversikt`,
  },
  "GET /import/importmelding/v2/:orgnr/:importoerId/forside": {
    krav: "importoer",
    sti: (m) => `${im(m)}/forside`,
  },
  "GET /import/importmelding/v2/:orgnr/:importoerId/arkiv": {
    krav: "importoer",
    sti: (m) => `/import/importmelding/v2/${m.orgnr}/${m.importoerId}/arkiv`,
  },
  "GET /import/importmelding/v2/:orgnr/:importoerId/eksportland": {
    krav: "importoer",
    sti: (m) => `${im(m)}/eksportland`,
  },
  "POST /import/importmelding/v2/:orgnr/:importoerId": {
    krav: "importoer",
    sti: im,
    json: (m) => ({
      ansvarligImportoerId: m.importoerId,
      eksportLand: m.sertifikat.avsenderland,
      nummer: m.sertifikat.nummer,
      utstedtDato: m.sertifikat.dato,
    }),
    unntak: {
      "annen importørs melding eller sertifikat": {
        status: 400,
        hvorfor: "Blomsterbud har ikke bekreftet regelverket (det sjekkes før sertifikatet)",
      },
    },
  },
  "GET /import/importmelding/v2/:orgnr/:importoerId/:id(\\d+)": { krav: "mottak", sti: medId },
  "DELETE /import/importmelding/v2/:orgnr/:importoerId/:id(\\d+)": { krav: "eier", sti: medId },
  "PUT /import/importmelding/v2/:orgnr/:importoerId/:id(\\d+)/innmelder": {
    krav: "eier",
    sti: (m) => `${medId(m)}/innmelder`,
    json: () => ({ navn: "Inntrenger", epost: "x@y.no" }),
  },
  "PUT /import/importmelding/v2/:orgnr/:importoerId/:id(\\d+)/egenreferanse": {
    krav: "eier",
    sti: (m) => `${medId(m)}/egenreferanse`,
    json: () => ({ egenReferanse: "Inntrenger" }),
  },
  "GET /import/importmelding/v2/:orgnr/:importoerId/:id(\\d+)/svarkilde": {
    krav: "eier",
    sti: (m) => `${medId(m)}/svarkilde`,
  },
  "POST /import/importmelding/v2/:orgnr/:importoerId/:id(\\d+)/kopier-svar": {
    krav: "eier",
    sti: (m) => `${medId(m)}/kopier-svar`,
    json: () => ({ kildeId: 1 }),
  },
  "PUT /import/importmelding/v2/:orgnr/:importoerId/:id(\\d+)/kontrollspoersmaal/:spoersmaalId(\\d+)": {
    krav: "eier",
    // A document-control question: owner only (the controller answers only reception-control questions).
    sti: (m) => `${medId(m)}/kontrollspoersmaal/${m.melding.dokumentkontrollSpoersmaal[0]!.id}`,
    json: (m) => ({ kontrollSvar: `${m.melding.dokumentkontrollSpoersmaal[0]!.kode}_FEIL` }),
  },
  "PUT /import/importmelding/v2/:orgnr/:importoerId/:id(\\d+)/ankomstinfo/:ankomstInfoId(\\d+)": {
    krav: "mottak",
    sti: (m) => `${medId(m)}/ankomstinfo/${m.melding.ankomstInfo[0]!.id}`,
    json: () => ({
      ankomsttid: "2026-04-03T04:00:00.000Z",
      kontrollAdresse: { linje1: "Annen vei 1", postnummer: "0150", poststed: "Oslo" },
      mottakskontrolloer: { navn: "Inntrenger", telefonnummer: "1" },
    }),
  },
  "GET /import/importmelding/v2/:orgnr/:importoerId/:id(\\d+)/mottakskontrolloerer": {
    krav: "eier",
    sti: (m) => `${medId(m)}/mottakskontrolloerer`,
  },
  "PUT /import/importmelding/v2/:orgnr/:importoerId/:id(\\d+)/mottakskontroll": {
    krav: "mottak",
    sti: (m) => `${medId(m)}/mottakskontroll`,
    json: () => [{ varelinjeId: 1, faktiskeVerdier: [{ id: "antall", faktiskVerdi: 1 }] }],
  },
  "PUT /import/importmelding/v2/:orgnr/:importoerId/:id(\\d+)/status": {
    krav: "eier",
    // Withdrawal is owner only; ANKOMMET (the controller's) is covered in importmelding/tilgang.test.ts.
    sti: (m) => `${medId(m)}/status`,
    json: () => ({ status: "TILBAKETRUKKET" }),
  },
  "GET /import/importmelding/v2/:orgnr/:importoerId/:id(\\d+)/kvittering": {
    krav: "mottak",
    sti: (m) => `${medId(m)}/kvittering`,
  },
  "GET /import/importmelding/v2/:orgnr/:importoerId/:id(\\d+)/historikk": {
    krav: "mottak",
    sti: (m) => `${medId(m)}/historikk`,
  },
  "GET /import/importmelding/v2/:orgnr/:importoerId/:id(\\d+)/dokumentasjon": {
    krav: "mottak",
    sti: (m) => `${medId(m)}/dokumentasjon`,
  },
};

let api: TestApi;
let mp: TestMaskinporten;
/**
 * Hageland Drammen's system without a grant, with a grant to read only; Blomsterbud's with a full grant; the
 * authority's case system with all its scopes and with read only; Hageland's system asking for the authority's
 * scopes (the development Maskinporten lets a client ask for any scope it is given).
 */
let systemer: Record<
  "utenTilgang" | "bareLese" | "annen" | "myndighet" | "myndighetLese" | "falskMyndighet",
  Klient
>;
let hageland: number;
let gront: number;
let blomster: number;
let hagelandMaal: Maal;
/** A draft of Hageland's that Kari deleted (SPEC §4: deleting a draft removes it). */
let slettet: Maal["melding"];

beforeAll(async () => {
  mp = await startTestMaskinporten();
  api = await startTestApiMedMaskin(mp);
  const db = api.handle.db;
  systemer = {
    utenTilgang: await mp.nyKlient("matrise-uten", ORG.hagelandDrammen),
    bareLese: await mp.nyKlient("matrise-les", ORG.hagelandDrammen),
    annen: await mp.nyKlient("matrise-blomster", ORG.blomsterbudBergen),
    myndighet: await mp.nyKlient("matrise-mattilsynet", TEST_MYNDIGHET_ORGNR, ALLE_MYNDIGHET),
    myndighetLese: await mp.nyKlient("matrise-mattilsynet-les", TEST_MYNDIGHET_ORGNR, [
      MYNDIGHET_SCOPES.read,
    ]),
    falskMyndighet: await mp.nyKlient(
      "matrise-hageland-som-mattilsynet",
      ORG.hagelandDrammen,
      ALLE_MYNDIGHET,
    ),
  };
  const gi = (orgnr: string, pid: string, klientId: string, scopes: string[]) =>
    api.fetch(`/import/register/v1/${orgnr}/systemtilgang`, {
      pid,
      method: "POST",
      json: { klientId, klientNavn: klientId, scopes },
    });
  expect((await gi(ORG.hagelandDrammen, KARI, "matrise-les", ["read"])).status).toBe(201);
  expect((await gi(ORG.blomsterbudBergen, INGRID, "matrise-blomster", ["read", "write"])).status).toBe(201);
  hageland = await importoerId(db, ORG.hagelandDrammen);
  gront = await importoerId(db, ORG.grontMottakOslo);
  blomster = await importoerId(db, ORG.blomsterbudBergen);
  const kari = aktoer(api, KARI, ORG.hagelandDrammen, hageland);
  // A registered notification of Hageland with Grønt Mottak as reception controller.
  const s = await lagSertifikat(db, { linjer: [LINJER.rhododendron] });
  const opprettet = await kari.post("", {
    ansvarligImportoerId: hageland,
    eksportLand: s.eksportLand,
    nummer: s.nummer,
    utstedtDato: s.utstedtDato,
  });
  const { id } = (await opprettet.json()) as { id: number };
  let melding = (await (await kari.get(`/${id}`)).json()) as ImportmeldingVisning;
  await kari.put(`/${id}/innmelder`, { navn: "Kari", epost: "kari@hageland.example.no" });
  for (const q of melding.dokumentkontrollSpoersmaal) {
    await kari.put(`/${id}/kontrollspoersmaal/${q.id}`, { kontrollSvar: `${q.kode}_RIKTIG` });
  }
  await kari.put(`/${id}/ankomstinfo/${melding.ankomstInfo[0]!.id}`, {
    ankomsttid: "2026-04-02T04:00:00.000Z",
    kontrollAdresse: { linje1: "Tollbugata 40", postnummer: "3044", poststed: "Drammen" },
    mottakskontrolloer: { importoerId: gront },
  });
  expect((await kari.put(`/${id}/status`, { status: "REGISTRERT" })).status).toBe(200);
  melding = (await (await kari.get(`/${id}`)).json()) as ImportmeldingVisning;

  const u = await lagSertifikat(db, { linjer: [LINJER.rhododendron] });
  const utkast = await kari.post("", {
    ansvarligImportoerId: hageland,
    eksportLand: u.eksportLand,
    nummer: u.nummer,
    utstedtDato: u.utstedtDato,
  });
  slettet = (await (
    await kari.get(`/${((await utkast.json()) as { id: number }).id}`)
  ).json()) as ImportmeldingVisning;
  expect((await kari.del(`/${slettet.id}`)).status).toBe(204);

  // A certificate of Hageland's with an attachment (for /import/v1/vedlegg/{id}).
  const nummer = "PHYTO.NL.2099.MATRISE";
  await ingestSertifikat(
    db,
    lagSertifikatXml({
      nummer,
      utstedt: `${s.utstedtDato}T10:00:00Z`,
      avsender: { navn: "Bloemen B.V." },
      mottaker: { navn: "Mottaker AS", organisasjonsnummer: ORG.hagelandDrammen },
      eksportland: "NL",
      varelinjer: [LINJER.snittroser],
      vedlegg: [{ filnavn: "sertifikat.pdf", data: lagPdf("Matrise") }],
    }),
  );
  const vedlegg = await db
    .selectFrom("vedlegg as v")
    .innerJoin("sertifikat as s", "s.id", "v.sertifikat_id")
    .select("v.id")
    .where("s.nummer", "=", nummer)
    .executeTakeFirstOrThrow();
  hagelandMaal = {
    orgnr: ORG.hagelandDrammen,
    importoerId: hageland,
    melding,
    // The notification's certificate for searches; the attachment's certificate is another one, so that a
    // search granting Blomsterbud access (by design) cannot open the attachment to it.
    sertifikat: { nummer: s.nummer, dato: s.utstedtDato, avsenderland: s.eksportLand },
    vedleggId: vedlegg.id,
  };
});
afterAll(async () => {
  await api?.close();
  await mp?.close();
});

interface Kaller {
  /** Authorization or X-Api-Key headers. */
  headere: () => Promise<Record<string, string>>;
  maal: () => Maal;
}

/** The caller and target per case, or undefined when the case does not apply to the route. */
function kaller(tilfelle: Tilfelle, rute: Rute): Kaller | undefined {
  const bearer = (pid: string) => async () => ({ authorization: `Bearer ${await api.token(pid)}` });
  const system = (k: Klient) => async () => ({ authorization: `Bearer ${await hentToken(k)}` });
  const myndighet = (k: Klient, scopes: string[]) => async () => ({
    authorization: `Bearer ${await hentToken(k, scopes)}`,
  });
  switch (tilfelle) {
    case "Mattilsynets system":
      return { headere: myndighet(systemer.myndighet, ALLE_MYNDIGHET), maal: () => hagelandMaal };
    case "Mattilsynets system med bare lesetilgang":
      if (!rute.json || rute.krav === "noekkel") return undefined;
      return {
        headere: myndighet(systemer.myndighetLese, [MYNDIGHET_SCOPES.read]),
        maal: () => hagelandMaal,
      };
    case "Mattilsynets scope i en annen virksomhets token":
      return { headere: myndighet(systemer.falskMyndighet, ALLE_MYNDIGHET), maal: () => hagelandMaal };
    case "system uten tilgang":
      return { headere: system(systemer.utenTilgang), maal: () => hagelandMaal };
    case "system med bare lesetilgang":
      if (rute.krav === "noekkel" || !rute.json) return undefined;
      return { headere: system(systemer.bareLese), maal: () => hagelandMaal };
    case "system fra annen virksomhet":
      return { headere: system(systemer.annen), maal: () => hagelandMaal };
    case "uten token":
      return { headere: async () => ({}), maal: () => hagelandMaal };
    case "utløpt token":
      return {
        headere: async () => ({
          authorization: `Bearer ${await api.token(KARI, { expiresIn: Math.floor(Date.now() / 1000) - 60 })}`,
          "x-api-key": "feil-nokkel",
        }),
        maal: () => hagelandMaal,
      };
    case "person uten delegering":
      return { headere: bearer(PER), maal: () => hagelandMaal };
    case "annen virksomhets importør":
      // Kari acts for Hageland; Blomsterbud's importer id (or organisation number) is not hers.
      return {
        headere: bearer(KARI),
        maal: () =>
          rute.krav === "org"
            ? { ...hagelandMaal, orgnr: ORG.blomsterbudBergen }
            : { ...hagelandMaal, importoerId: blomster },
      };
    case "annen importørs melding eller sertifikat":
      // Ingrid acts for Blomsterbud, with Blomsterbud's own ids, on Hageland's notification and certificate.
      return {
        headere: bearer(INGRID),
        maal: () => ({ ...hagelandMaal, orgnr: ORG.blomsterbudBergen, importoerId: blomster }),
      };
    case "eierens slettede utkast":
      // Kari, on her own draft after deleting it: every route on the notification answers as if it never was.
      if (rute.krav !== "eier" && rute.krav !== "mottak") return undefined;
      return { headere: bearer(KARI), maal: () => ({ ...hagelandMaal, melding: slettet }) };
    case "mottakskontrollør på eierhandling":
      if (rute.krav !== "eier") return undefined;
      return {
        headere: bearer(OLA),
        maal: () => ({ ...hagelandMaal, orgnr: ORG.grontMottakOslo, importoerId: gront }),
      };
  }
}

/** The status `krav` implies for the case; undefined when the case does not apply. */
function forventet(tilfelle: Tilfelle, rute: Rute): { status: number; endrer: boolean } | undefined {
  const unntak = rute.unntak?.[tilfelle];
  if (unntak) return { status: unntak.status, endrer: unntak.endrer === true };
  if (rute.krav === "offentlig") return { status: 200, endrer: false };
  if (tilfelle === "uten token" || tilfelle === "utløpt token" || rute.krav === "noekkel") {
    return { status: 401, endrer: false };
  }
  // The authority's own token passes its routes (a write with the matrix's body is refused: 400) and no other;
  // every other caller gets 403 on them.
  if (tilfelle === "Mattilsynets system" && rute.krav === "myndighet") {
    return { status: rute.json ? 400 : 200, endrer: false };
  }
  if (tilfelle.startsWith("Mattilsynets") || rute.krav === "myndighet") return { status: 403, endrer: false };
  // A system needs its importer's grant for every call, and may act only for its own organisation.
  if (tilfelle === "system uten tilgang" || tilfelle === "system med bare lesetilgang") {
    return { status: 403, endrer: false };
  }
  if (tilfelle === "system fra annen virksomhet") {
    return { status: rute.krav === "person" ? 200 : 403, endrer: false };
  }
  if (rute.krav === "person") return { status: 200, endrer: false };
  // A notification the caller has no part in, or a deleted draft: 404, as if it did not exist (issue 22).
  if (
    (tilfelle === "annen importørs melding eller sertifikat" || tilfelle === "eierens slettede utkast") &&
    (rute.krav === "eier" || rute.krav === "mottak")
  ) {
    return { status: 404, endrer: false };
  }
  if (
    tilfelle === "annen importørs melding eller sertifikat" &&
    (rute.krav === "org" || rute.krav === "importoer")
  ) {
    // The route has no notification or certificate of someone else to reach: Ingrid only sees her own.
    return undefined;
  }
  return { status: 403, endrer: false };
}

const TILFELLER: Tilfelle[] = [
  "uten token",
  "utløpt token",
  "person uten delegering",
  "annen virksomhets importør",
  "annen importørs melding eller sertifikat",
  "mottakskontrollør på eierhandling",
  "eierens slettede utkast",
  "system uten tilgang",
  "system med bare lesetilgang",
  "system fra annen virksomhet",
  "Mattilsynets system",
  "Mattilsynets system med bare lesetilgang",
  "Mattilsynets scope i en annen virksomhets token",
];

describe("tilgangsmatrisen", () => {
  it("har en oppføring for hver rute i API-et, og ingen for ruter som ikke finnes", () => {
    const ruter = apiRuter(api.handle.db);
    expect(ruter.length).toBeGreaterThan(20);
    const mangler = ruter.filter((r) => !(r in RUTER));
    expect(mangler, "Ruter uten oppføring i RUTER (api/tilgangsmatrise.test.ts)").toEqual([]);
    expect(Object.keys(RUTER).filter((r) => !ruter.includes(r))).toEqual([]);
  });

  for (const [noekkel, rute] of Object.entries(RUTER)) {
    const metode = noekkel.split(" ")[0]!;
    it(`${noekkel}`, async () => {
      for (const tilfelle of TILFELLER) {
        const k = kaller(tilfelle, rute);
        const f = forventet(tilfelle, rute);
        if (!k || !f) continue;
        const maal = k.maal();
        const foer = await databaseavtrykk(api.handle.db);
        const headere = await k.headere();
        const json = rute.json?.(maal);
        const res = await fetch(`${api.url}${rute.sti(maal)}`, {
          method: metode,
          headers: {
            ...headere,
            ...(json !== undefined ? { "content-type": "application/json" } : {}),
            ...(noekkel.startsWith("POST /import/ephyto") ? { "content-type": "application/xml" } : {}),
          },
          body: json !== undefined ? JSON.stringify(json) : metode === "POST" ? "<x/>" : undefined,
        });
        const tekst = await res.text();
        expect(res.status, `${tilfelle}: ${tekst.slice(0, 200)}`).toBe(f.status);
        if (f.status >= 400) expect(JSON.parse(tekst), tilfelle).toMatchObject({ status: f.status });
        // a notification the caller may not see answers exactly as a missing one
        if (f.status === 404 && (rute.krav === "eier" || rute.krav === "mottak"))
          expect(JSON.parse(tekst), tilfelle).toEqual(problem(404, "Fant ikke forhåndsmeldingen"));
        if (!f.endrer)
          expect(await databaseavtrykk(api.handle.db), `${tilfelle}: databasen endret`).toEqual(foer);
      }
    });
  }
});

describe("en forhåndsmelding den som spør ikke kan se", () => {
  it("svarer som en som ikke finnes: samme status og samme kropp (sak 22)", async () => {
    const ingrid = (id: number) =>
      api.fetch(`/import/importmelding/v2/${ORG.blomsterbudBergen}/${blomster}/${id}`, { pid: INGRID });
    const annen = await ingrid(hagelandMaal.melding.id);
    const mangler = await ingrid(999_999_999);
    expect([annen.status, await annen.text()]).toEqual([mangler.status, await mangler.text()]);
    expect(annen.status).toBe(404);
  });
});
