// Property-based fuzzing of every write endpoint of the import API (issue 15): random and hostile bodies —
// wrong types, huge strings, NUL, lone surrogates, bidi characters, prototype-pollution keys, deep nesting,
// broken JSON, the wrong Content-Type — never give 5xx, and a refused call (4xx) changes nothing in the
// database. Seeded and bounded so the file runs in well under a minute on two cores.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORG } from "../dev/demo-data";
import { lagSertifikatXml } from "../dev/ephyto/generate";
import type { ImportmeldingVisning } from "../domain/importmelding";
import { apiRuter, databaseavtrykk } from "../tests/support/test-avtrykk";
import { aktoer, importoerId, KARI, LINJER, lagSertifikat, OLA } from "../tests/support/test-hjelp";
import {
  startTestApi,
  TEST_HUB_API_KEY,
  TEST_MYNDIGHET_KLIENT,
  TEST_MYNDIGHET_ORGNR,
  type TestApi,
} from "../tests/support/test-server";
import { MYNDIGHET_SCOPES } from "./auth";
import { problem } from "./http/feil";

const SEED = 20261123;
const RUNDER = 16;

let api: TestApi;
let hageland: number;
let gront: number;
/** A draft of Hageland's (owner writes) and a registered one with Grønt Mottak as controller. */
let utkast: ImportmeldingVisning;
let registrert: ImportmeldingVisning;
let sertifikat: { nummer: string; utstedtDato: string; eksportLand: string };

beforeAll(async () => {
  api = await startTestApi();
  const db = api.handle.db;
  hageland = await importoerId(db, ORG.hagelandDrammen);
  gront = await importoerId(db, ORG.grontMottakOslo);
  const kari = aktoer(api, KARI, ORG.hagelandDrammen, hageland);
  const lag = async () => {
    const s = await lagSertifikat(db, { linjer: [LINJER.rhododendron, LINJER.roseplanter] });
    const res = await kari.post("", {
      ansvarligImportoerId: hageland,
      eksportLand: s.eksportLand,
      nummer: s.nummer,
      utstedtDato: s.utstedtDato,
    });
    const { id } = (await res.json()) as { id: number };
    return { s, m: (await (await kari.get(`/${id}`)).json()) as ImportmeldingVisning };
  };
  const r = await lag();
  const id = r.m.id;
  await kari.put(`/${id}/innmelder`, { navn: "Kari", epost: "kari@hageland.example.no" });
  for (const q of r.m.dokumentkontrollSpoersmaal) {
    await kari.put(`/${id}/kontrollspoersmaal/${q.id}`, { kontrollSvar: `${q.kode}_RIKTIG` });
  }
  await kari.put(`/${id}/ankomstinfo/${r.m.ankomstInfo[0]!.id}`, {
    ankomsttid: "2026-04-02T04:00:00.000Z",
    kontrollAdresse: { linje1: "Tollbugata 40", postnummer: "3044", poststed: "Drammen" },
    mottakskontrolloer: { importoerId: gront },
  });
  expect((await kari.put(`/${id}/status`, { status: "REGISTRERT" })).status).toBe(200);
  registrert = (await (await kari.get(`/${id}`)).json()) as ImportmeldingVisning;
  const u = await lag();
  utkast = u.m;
  // A certificate without a notification, for creation.
  const s = await lagSertifikat(db, { linjer: [LINJER.snittroser] });
  sertifikat = s;
});
afterAll(async () => {
  await api?.close();
});

// ---------------------------------------------------------------------------------------------------------
// Hostile values
// ---------------------------------------------------------------------------------------------------------

const FARLIGE_TEKSTER = [
  "\u0000",
  "før\u0000etter",
  "\ud800",
  "x\udc00y",
  "\udfff\ud800",
  "\u202eevil.exe\u202c",
  "\u2066isolert\u2069",
  "\u200b\u200d\ufeff",
  "\u0007\u001b[31m",
  "__proto__",
  "constructor",
  "'; DROP TABLE importmelding; --",
  "<script>alert(1)</script>",
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 👩‍👩‍👧",
  "",
  " ",
  "9".repeat(400),
];

const farligTekst = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...FARLIGE_TEKSTER) },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map((s) => s.repeat(3000)) },
  { weight: 1, arbitrary: fc.constant("a".repeat(200_000)) },
);

function dyp(n: number): unknown {
  let v: unknown = "bunn";
  for (let i = 0; i < n; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

const farligVerdi: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  verdi: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    farligTekst,
    fc.integer(),
    fc.constantFrom(0, -1, 2 ** 53, -(2 ** 63), 1e308, Number.MIN_VALUE, 0.1),
    fc.boolean(),
    fc.constant(null),
    fc.constant(dyp(3000)),
    fc.array(tie("verdi"), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(farligTekst, fc.constantFrom("__proto__", "constructor", "prototype")),
      tie("verdi"),
      {
        maxKeys: 4,
      },
    ),
  ),
})).verdi;

/** Sets the value at one path of a valid body (a leaf or a whole object), so the hostile value gets deep. */
function erstatt(gyldig: unknown, valg: number, ny: unknown): unknown {
  const stier: (string | number)[][] = [[]];
  const samle = (v: unknown, sti: (string | number)[]) => {
    if (v !== null && typeof v === "object") {
      for (const [k, barn] of Object.entries(v)) {
        const neste = [...sti, Array.isArray(v) ? Number(k) : k];
        stier.push(neste);
        samle(barn, neste);
      }
    }
  };
  samle(gyldig, []);
  const sti = stier[valg % stier.length]!;
  if (sti.length === 0) return ny;
  const kopi = structuredClone(gyldig) as Record<string | number, unknown>;
  let v = kopi;
  for (const del of sti.slice(0, -1)) v = v[del] as Record<string | number, unknown>;
  v[sti.at(-1)!] = ny;
  return kopi;
}

/** A request body as sent: JSON text (from a mutated valid body or pure noise), broken JSON, wrong type. */
interface Kropp {
  tekst: string;
  type: string;
}

function kropper(gyldig: unknown): fc.Arbitrary<Kropp> {
  const json = (v: unknown): Kropp => ({ tekst: JSON.stringify(v) ?? "null", type: "application/json" });
  return fc.oneof(
    { weight: 5, arbitrary: fc.tuple(fc.nat(), farligVerdi).map(([n, v]) => json(erstatt(gyldig, n, v))) },
    { weight: 2, arbitrary: farligVerdi.map(json) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Kropp>(
        {
          tekst: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
          type: "application/json",
        },
        { tekst: '{"a":', type: "application/json" },
        { tekst: "\u0000", type: "application/json" },
        { tekst: '"\\ud800"', type: "application/json" },
        { tekst: JSON.stringify(gyldig), type: "text/plain" },
        { tekst: JSON.stringify(gyldig), type: "application/x-www-form-urlencoded" },
        { tekst: "navn=x&epost=y", type: "application/x-www-form-urlencoded" },
        { tekst: JSON.stringify(gyldig), type: "application/json; charset=latin1" },
        { tekst: "", type: "application/json" },
      ),
    },
    { weight: 1, arbitrary: farligTekst.map((t) => ({ tekst: t, type: "application/json" })) },
  );
}

// ---------------------------------------------------------------------------------------------------------
// The write endpoints
// ---------------------------------------------------------------------------------------------------------

interface Endepunkt {
  navn: string;
  /** "METHOD path" as registered (api/test-avtrykk.ts `apiRuter`). */
  rute: string;
  metode: "POST" | "PUT";
  sti: () => string;
  headere: () => Promise<Record<string, string>>;
  gyldig: () => unknown;
}

const bearer = (pid: string) => async () => ({ authorization: `Bearer ${await api.token(pid)}` });
/** The authority's case system with every scope of its API (ADR 045). */
const myndigheten = async () => ({
  authorization: `Bearer ${await api.maskinToken(TEST_MYNDIGHET_KLIENT, TEST_MYNDIGHET_ORGNR, Object.values(MYNDIGHET_SCOPES))}`,
});
const im = () => `/import/importmelding/v2/${ORG.hagelandDrammen}/${hageland}`;

const ENDEPUNKTER: Endepunkt[] = [
  {
    navn: "POST importørregisteret",
    rute: "POST /import/register/v1/:orgnr",
    metode: "POST",
    sti: () => `/import/register/v1/${ORG.hagelandStavanger}`,
    headere: bearer(KARI),
    gyldig: () => ({
      navn: "Hageland Import AS avd. Stavanger",
      organisasjonsnummer: ORG.hagelandStavanger,
      hovedenhetNavn: "Hageland Import AS",
      hovedenhetOrganisasjonsnummer: ORG.hagelandDrammen,
    }),
  },
  {
    navn: "POST systemtilgang",
    rute: "POST /import/register/v1/:orgnr/systemtilgang",
    metode: "POST",
    sti: () => `/import/register/v1/${ORG.hagelandDrammen}/systemtilgang`,
    headere: bearer(KARI),
    gyldig: () => ({ klientId: "fuzz-system", klientNavn: "Fuzz-systemet", scopes: ["read"] }),
  },
  {
    navn: "PUT systemtilgang",
    rute: "PUT /import/register/v1/:orgnr/systemtilgang/:id",
    metode: "PUT",
    sti: () => `/import/register/v1/${ORG.hagelandDrammen}/systemtilgang/1`,
    headere: bearer(KARI),
    gyldig: () => ({ scopes: ["read", "write"] }),
  },
  {
    navn: "PUT lestregelverk",
    rute: "PUT /import/register/v1/:orgnr/:importoerId/lestregelverk",
    metode: "PUT",
    sti: () => `/import/register/v1/${ORG.hagelandDrammen}/${hageland}/lestregelverk`,
    headere: bearer(KARI),
    gyldig: () => ({ harLestRegelverk: true }),
  },
  {
    navn: "PUT e-post",
    rute: "PUT /import/register/v1/:orgnr/epost",
    metode: "PUT",
    sti: () => `/import/register/v1/${ORG.hagelandDrammen}/epost`,
    headere: bearer(KARI),
    gyldig: () => ({ epostadresse: "fuzz@hageland.example.no" }),
  },
  {
    navn: "PUT e-postvarsel",
    rute: "PUT /import/register/v1/:orgnr/epostvarsel",
    metode: "PUT",
    sti: () => `/import/register/v1/${ORG.hagelandDrammen}/epostvarsel`,
    headere: bearer(KARI),
    gyldig: () => ({ skalHaEpost: true }),
  },
  {
    navn: "PUT vurderingsvarsel",
    rute: "PUT /import/register/v1/:orgnr/vurderingsvarsel",
    metode: "PUT",
    sti: () => `/import/register/v1/${ORG.hagelandDrammen}/vurderingsvarsel`,
    headere: bearer(KARI),
    gyldig: () => ({ varsleVurderinger: true }),
  },
  {
    navn: "PUT e-postspråk",
    rute: "PUT /import/register/v1/:orgnr/epostsprak",
    metode: "PUT",
    sti: () => `/import/register/v1/${ORG.hagelandDrammen}/epostsprak`,
    headere: bearer(KARI),
    gyldig: () => ({ sprak: "nb" }),
  },
  {
    navn: "POST webhook",
    rute: "POST /import/register/v1/:orgnr/:importoerId/webhooker",
    metode: "POST",
    sti: () => `/import/register/v1/${ORG.hagelandDrammen}/${hageland}/webhooker`,
    headere: bearer(KARI),
    gyldig: () => ({ url: "https://127.0.0.1/fuzz", typer: ["sertifikat.mottatt"] }),
  },
  {
    navn: "PUT webhook-status",
    rute: "PUT /import/register/v1/:orgnr/:importoerId/webhooker/:id/status",
    metode: "PUT",
    sti: () => `/import/register/v1/${ORG.hagelandDrammen}/${hageland}/webhooker/1/status`,
    headere: bearer(KARI),
    gyldig: () => ({ aktiv: false }),
  },
  {
    navn: "PUT registrer som mottakskontrollør",
    rute: "PUT /import/register/v1/:orgnr/:importoerId/mottakskontrolloer",
    metode: "PUT",
    sti: () => `/import/register/v1/${ORG.hagelandDrammen}/${hageland}/mottakskontrolloer`,
    headere: bearer(KARI),
    gyldig: () => ({ erMottakskontrolloer: true }),
  },
  {
    navn: "PUT utnevnte mottakskontrollører",
    rute: "PUT /import/register/v1/:orgnr/:importoerId/mottakskontrolloerer",
    metode: "PUT",
    sti: () => `/import/register/v1/${ORG.hagelandDrammen}/${hageland}/mottakskontrolloerer`,
    headere: bearer(KARI),
    gyldig: () => ({ mottakskontrolloerIds: [gront] }),
  },
  {
    navn: "POST forhåndsmelding",
    rute: "POST /import/importmelding/v2/:orgnr/:importoerId",
    metode: "POST",
    sti: im,
    headere: bearer(KARI),
    gyldig: () => ({
      ansvarligImportoerId: hageland,
      eksportLand: sertifikat.eksportLand,
      nummer: sertifikat.nummer,
      utstedtDato: sertifikat.utstedtDato,
    }),
  },
  {
    navn: "PUT innmelder",
    rute: "PUT /import/importmelding/v2/:orgnr/:importoerId/:id(\\d+)/innmelder",
    metode: "PUT",
    sti: () => `${im()}/${utkast.id}/innmelder`,
    headere: bearer(KARI),
    gyldig: () => ({
      navn: "Kari Nordmann",
      epost: "kari@hageland.example.no",
      telefonnummer: "+47 99999999",
    }),
  },
  {
    navn: "PUT egenreferanse",
    rute: "PUT /import/importmelding/v2/:orgnr/:importoerId/:id(\\d+)/egenreferanse",
    metode: "PUT",
    sti: () => `${im()}/${utkast.id}/egenreferanse`,
    headere: bearer(KARI),
    gyldig: () => ({ egenReferanse: "REF-1" }),
  },
  {
    navn: "POST kopier-svar",
    rute: "POST /import/importmelding/v2/:orgnr/:importoerId/:id(\\d+)/kopier-svar",
    metode: "POST",
    sti: () => `${im()}/${utkast.id}/kopier-svar`,
    headere: bearer(KARI),
    gyldig: () => ({ kildeId: registrert.id }),
  },
  {
    navn: "PUT dokumentkontrollspørsmål",
    rute: "PUT /import/importmelding/v2/:orgnr/:importoerId/:id(\\d+)/kontrollspoersmaal/:spoersmaalId(\\d+)",
    metode: "PUT",
    sti: () => `${im()}/${utkast.id}/kontrollspoersmaal/${utkast.dokumentkontrollSpoersmaal[0]!.id}`,
    headere: bearer(KARI),
    gyldig: () => ({
      kontrollSvar: `${utkast.dokumentkontrollSpoersmaal[0]!.kode}_FEIL`,
      kommentar: "Stemmer ikke",
      avvik: [],
    }),
  },
  {
    navn: "PUT ankomstinfo (eier)",
    rute: "PUT /import/importmelding/v2/:orgnr/:importoerId/:id(\\d+)/ankomstinfo/:ankomstInfoId(\\d+)",
    metode: "PUT",
    sti: () => `${im()}/${utkast.id}/ankomstinfo/${utkast.ankomstInfo[0]!.id}`,
    headere: bearer(KARI),
    gyldig: () => ({
      ankomsttid: "2026-04-03T04:00:00.000Z",
      kontrollAdresse: {
        linje1: "Tollbugata 40",
        linje2: "Bakgården",
        postnummer: "3044",
        poststed: "Drammen",
      },
      mottakskontrolloer: { importoerId: gront, navn: "Ola", telefonnummer: "12345678" },
    }),
  },
  {
    navn: "PUT ankomstinfo (mottakskontrollør)",
    rute: "PUT /import/importmelding/v2/:orgnr/:importoerId/:id(\\d+)/ankomstinfo/:ankomstInfoId(\\d+)",
    metode: "PUT",
    sti: () =>
      `/import/importmelding/v2/${ORG.grontMottakOslo}/${gront}/${registrert.id}/ankomstinfo/${registrert.ankomstInfo[0]!.id}`,
    headere: bearer(OLA),
    gyldig: () => ({ mottakskontrolloer: { importoerId: gront, navn: "Ola", telefonnummer: "12345678" } }),
  },
  {
    navn: "PUT mottakskontrollspørsmål",
    rute: "PUT /import/importmelding/v2/:orgnr/:importoerId/:id(\\d+)/kontrollspoersmaal/:spoersmaalId(\\d+)",
    metode: "PUT",
    sti: () =>
      `/import/importmelding/v2/${ORG.grontMottakOslo}/${gront}/${registrert.id}/kontrollspoersmaal/${registrert.mottakskontrollSpoersmaal[0]!.id}`,
    headere: bearer(OLA),
    gyldig: () => ({
      kontrollSvar: `${registrert.mottakskontrollSpoersmaal[0]!.kode}_RIKTIG`,
      kommentar: "ok",
    }),
  },
  {
    navn: "PUT mottakskontroll (faktiske mengder)",
    rute: "PUT /import/importmelding/v2/:orgnr/:importoerId/:id(\\d+)/mottakskontroll",
    metode: "PUT",
    sti: () => `/import/importmelding/v2/${ORG.grontMottakOslo}/${gront}/${registrert.id}/mottakskontroll`,
    headere: bearer(OLA),
    gyldig: () => [{ varelinjeId: 1, faktiskeVerdier: [{ id: "antall", faktiskVerdi: 10 }] }],
  },
  {
    navn: "PUT status",
    rute: "PUT /import/importmelding/v2/:orgnr/:importoerId/:id(\\d+)/status",
    metode: "PUT",
    sti: () => `${im()}/${utkast.id}/status`,
    headere: bearer(KARI),
    gyldig: () => ({ status: "REGISTRERT", versjon: 1 }),
  },
  {
    navn: "POST myndighetens vurdering",
    rute: "POST /myndighet/v2/importmeldinger/:nummer/vurdering",
    metode: "POST",
    sti: () => `/myndighet/v2/importmeldinger/${registrert.nummer}/vurdering`,
    headere: myndigheten,
    gyldig: () => ({ status: "GODKJENT", begrunnelse: "Ok", vedtaksbrevReferanse: "2026/1" }),
  },
  {
    navn: "POST regelsett",
    rute: "POST /myndighet/v2/regelsett",
    metode: "POST",
    sti: () => "/myndighet/v2/regelsett",
    headere: myndigheten,
    gyldig: () => ({
      beskrivelse: "Fuzz",
      regler: [
        {
          id: "FUZZ-1",
          regelverk: "PLANTEHELSE_VEDLEGG_4A",
          alvorlighetsgrad: "VARSEL",
          beskrivelse: "Roser",
          match: { eppoKoder: ["1ROSG"], plantedeler: ["Plants for planting"] },
          opprinnelse: { alleUtenfor: "EUROPA" },
          punkt: "vedlegg 4A punkt 1",
          kilde: "forskrift om plantehelse vedlegg 4A punkt 1",
        },
      ],
      eppo: { kilde: "EPPO", taksa: [{ navn: "Rosa", eppoKode: "1ROSG", slekt: "Rosa" }] },
      landgrupper: { kilde: "Fuzz", EU_EOS: ["NO"], EUROPA: ["NO", "SE"] },
    }),
  },
  {
    navn: "POST godkjenning av regelsett",
    rute: "POST /myndighet/v2/regelsett/:versjon/godkjenning",
    metode: "POST",
    // No such version: a body that passes gets 404, and nothing is approved by chance.
    sti: () => "/myndighet/v2/regelsett/999/godkjenning",
    headere: myndigheten,
    gyldig: () => ({ godkjentAv: "Fuzz Fuzzesen" }),
  },
];

async function sjekk(e: Endepunkt, kropp: Kropp): Promise<void> {
  const foer = await databaseavtrykk(api.handle.db);
  const res = await fetch(`${api.url}${e.sti()}`, {
    method: e.metode,
    headers: { ...(await e.headere()), "content-type": kropp.type },
    body: kropp.tekst,
  });
  const tekst = await res.text();
  const beskrivelse = `${e.navn} ${kropp.type} ${JSON.stringify(kropp.tekst.slice(0, 300))} → ${res.status} ${tekst.slice(0, 200)}`;
  expect(res.status, beskrivelse).toBeLessThan(500);
  if (res.status >= 400) {
    // A refusal is problem details with the Norwegian message as detail, and nothing was written.
    expect(JSON.parse(tekst), beskrivelse).toMatchObject(problem(res.status, expect.any(String)));
    expect(await databaseavtrykk(api.handle.db), `${beskrivelse}: delvis skrevet`).toEqual(foer);
  }
}

/** Every path into a value (leaves and inner objects), the whole body first. */
function stierI(gyldig: unknown): number {
  let n = 1;
  const tell = (v: unknown) => {
    if (v !== null && typeof v === "object") {
      for (const barn of Object.values(v)) {
        n += 1;
        tell(barn);
      }
    }
  };
  tell(gyldig);
  return n;
}

/** The values the systematic pass puts at every path: the characters PostgreSQL refuses, and wrong types. */
const SYSTEMATISKE: unknown[] = [
  "før\u0000etter",
  "x\ud800y",
  "\udc00",
  "\u202eevil\u202c",
  "a".repeat(50_000),
  JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}'),
  12345,
  ["liste"],
  null,
];

describe("fuzzing av API-ets skriveendepunkter", () => {
  for (const e of ENDEPUNKTER) {
    it(`${e.metode} ${e.navn}: NUL, halve surrogatpar og feil typer i hvert felt gir aldri 5xx`, async () => {
      const gyldig = e.gyldig();
      for (let sti = 0; sti < stierI(gyldig); sti++) {
        for (const verdi of SYSTEMATISKE) {
          await sjekk(e, { tekst: JSON.stringify(erstatt(gyldig, sti, verdi)), type: "application/json" });
        }
      }
    });

    it(`${e.metode} ${e.navn}: aldri 5xx, aldri delvis skrevet`, async () => {
      await fc.assert(
        fc.asyncProperty(kropper(e.gyldig()), (kropp) => sjekk(e, kropp)),
        { seed: SEED, numRuns: RUNDER, endOnFailure: true },
      );
    });
  }

  it("POST ePhyto-sertifikatet: tilfeldig og fiendtlig XML gir aldri 5xx", async () => {
    const gyldig = lagSertifikatXml({
      nummer: "PHYTO.NL.2099.FUZZ",
      utstedt: "2099-01-01T10:00:00Z",
      avsender: { navn: "Bloemen B.V." },
      mottaker: { navn: "Mottaker AS" },
      eksportland: "NL",
      varelinjer: [LINJER.snittroser],
    });
    const xml = fc.oneof(
      farligTekst,
      fc.tuple(fc.nat(gyldig.length), farligTekst).map(([i, t]) => gyldig.slice(0, i) + t + gyldig.slice(i)),
      fc
        .tuple(fc.nat(gyldig.length), fc.nat(gyldig.length))
        .map(([a, b]) => gyldig.slice(Math.min(a, b), Math.max(a, b))),
      farligTekst.map((t) => gyldig.replace("Mottaker AS", t.replace(/[<&]/g, ""))),
    );
    await fc.assert(
      fc.asyncProperty(xml, async (tekst) => {
        const res = await fetch(`${api.url}/import/ephyto/v1/sertifikat`, {
          method: "POST",
          headers: { "x-api-key": TEST_HUB_API_KEY, "content-type": "application/xml" },
          body: tekst,
        });
        const svar = await res.text();
        expect(
          res.status,
          `${JSON.stringify(tekst.slice(0, 200))} → ${res.status} ${svar.slice(0, 200)}`,
        ).toBeLessThan(500);
      }),
      { seed: SEED, numRuns: RUNDER * 2, endOnFailure: true },
    );
    // Each delivery is parsed in a worker thread of its own (ADR 018): about a second each on 2 busy cores.
  }, 180_000);

  // An unsupported charset was a 500 on every JSON write endpoint (issue 22): now 415, nothing written.
  const TEGNSETT = ["latin1", "iso-8859-1", "windows-1252", "us-ascii", "koi8-r", "x-ukjent"];
  for (const e of ENDEPUNKTER) {
    it(`${e.metode} ${e.navn}: JSON i et tegnsett API-et ikke leser, gir 415`, async () => {
      for (const tegnsett of TEGNSETT) {
        const foer = await databaseavtrykk(api.handle.db);
        const res = await fetch(`${api.url}${e.sti()}`, {
          method: e.metode,
          headers: { ...(await e.headere()), "content-type": `application/json; charset=${tegnsett}` },
          body: JSON.stringify(e.gyldig()),
        });
        const tekst = await res.text();
        expect(res.status, `${tegnsett}: ${tekst}`).toBe(415);
        expect(JSON.parse(tekst)).toEqual(problem(415, expect.stringMatching(/UTF-8/)));
        expect(await databaseavtrykk(api.handle.db)).toEqual(foer);
      }
    });
  }

  it("dekker hvert skriveendepunkt i API-et (en ny POST/PUT/PATCH-rute uten oppføring feiler)", () => {
    const dekket = new Set([...ENDEPUNKTER.map((e) => e.rute), "POST /import/ephyto/v1/sertifikat"]);
    const skriv = apiRuter(api.handle.db).filter((r) => /^(POST|PUT|PATCH) /.test(r));
    expect(skriv.length).toBeGreaterThan(10);
    expect(skriv.filter((r) => !dekket.has(r))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------
// The read endpoints' query strings
// ---------------------------------------------------------------------------------------------------------

/** Each GET route with the query parameters it reads (the authorisation matrix has every route). */
const SOEK: {
  rute: string;
  sti: () => string;
  parametre: () => Record<string, string>;
  /** Default: Kari's token. */
  headere?: () => Promise<Record<string, string>>;
}[] = [
  {
    rute: "GET /import/v2/eksportland",
    sti: () => "/import/v2/eksportland",
    parametre: () => ({ orgnr: ORG.hagelandDrammen, importoerId: String(hageland) }),
  },
  {
    rute: "GET /import/v2/:orgnr/:importoerId/sertifikater",
    sti: () => `/import/v2/${ORG.hagelandDrammen}/${hageland}/sertifikater`,
    parametre: () => ({
      avsender: "Bloemen",
      sertifikatnummer: "PHYTO",
      avsenderland: "NL",
      meldepliktigVurdering: "MELDEPLIKTIG",
      sidenummer: "0",
      antall: "15",
    }),
  },
  {
    rute: "GET /import/v2/:orgnr/:importoerId/sertifikat",
    sti: () => `/import/v2/${ORG.hagelandDrammen}/${hageland}/sertifikat`,
    parametre: () => ({ sertifikatnummer: "PHYTO.NL.2026.1", dato: "2026-01-01", avsenderland: "NL" }),
  },
  {
    rute: "GET /import/v2/:orgnr/:importoerId/sertifikat/:format(pdf|excel)",
    sti: () => `/import/v2/${ORG.hagelandDrammen}/${hageland}/sertifikat/pdf`,
    parametre: () => ({ sertifikatnummer: "PHYTO.NL.2026.1", dato: "2026-01-01", avsenderland: "NL" }),
  },
  {
    rute: "GET /import/importmelding/v2/:orgnr/:importoerId/arkiv",
    sti: () => `${im()}/arkiv`,
    parametre: () => ({
      nummer: "IM",
      internReferanse: "REF",
      avsender: "Bloemen",
      status: "PAABEGYNT",
      avsenderland: "NL",
      importoer: "1",
      sidenummer: "0",
    }),
  },
  {
    rute: "GET /import/importmelding/v2/:orgnr/:importoerId/oversikt",
    sti: () => `${im()}/oversikt`,
    parametre: () => ({ avsender: "Bloemen", avsenderland: "NL" }),
  },
  {
    rute: "GET /import/importmelding/v2/:orgnr/:importoerId/forside",
    sti: () => `${im()}/forside`,
    parametre: () => ({ avsender: "Bloemen", avsenderland: "NL" }),
  },
  {
    rute: "GET /import/importmelding/v2/:orgnr/:importoerId/eksportland",
    sti: () => `${im()}/eksportland`,
    parametre: () => ({ importoer: "1" }),
  },
  {
    rute: "GET /import/importmelding/v2/:orgnr/:importoerId/:id(\\d+)/historikk",
    sti: () => `${im()}/${registrert.id}/historikk`,
    parametre: () => ({ foer: "1000000", antall: "5" }),
  },
  {
    rute: "GET /import/v2/:orgnr/:importoerId/hendelser",
    sti: () => `/import/v2/${ORG.hagelandDrammen}/${hageland}/hendelser`,
    parametre: () => ({ etter: "0", antall: "10" }),
  },
  {
    rute: "GET /import/mottakskontrolloerer/v1",
    sti: () => "/import/mottakskontrolloerer/v1",
    parametre: () => ({ orgnr: ORG.hagelandDrammen }),
  },
  // The authority's case system (ADR 045, ADR 046), with its own token.
  {
    rute: "GET /myndighet/v2/importmeldinger",
    sti: () => "/myndighet/v2/importmeldinger",
    parametre: () => ({
      status: "REGISTRERT,ANKOMMET",
      endretFra: "2026-01-01T00:00:00Z",
      rekkefoelge: "nyeste",
      antall: "10",
    }),
    headere: myndigheten,
  },
  {
    rute: "GET /myndighet/v2/hendelser",
    sti: () => "/myndighet/v2/hendelser",
    parametre: () => ({ etter: "0", antall: "10" }),
    headere: myndigheten,
  },
  {
    rute: "GET /myndighet/v2/regelsett",
    sti: () => "/myndighet/v2/regelsett",
    parametre: () => ({ foer: "100" }),
    headere: myndigheten,
  },
];

/** NUL and other control characters, as the probe sent them (`%00`) and in other places of the value. */
const KONTROLLTEGN = ["\u0000", "før\u0000etter", "\u0001", "a\u001bb", "\u007f", "\u0085", "x\u0008"];

describe("fuzzing av API-ets søkeparametre", () => {
  for (const e of SOEK) {
    it(`${e.rute}: NUL eller et annet kontrolltegn i en parameter gir 400 med melding`, async () => {
      const hent = async (q: URLSearchParams) => {
        const res = await fetch(`${api.url}${e.sti()}?${q}`, {
          headers: await (e.headere ?? bearer(KARI))(),
        });
        return { status: res.status, tekst: await res.text() };
      };
      // the parameters as they are: an answer (not 400 for a reason of ours)
      expect((await hent(new URLSearchParams(e.parametre()))).status).toBeLessThan(500);
      for (const navn of Object.keys(e.parametre())) {
        for (const tegn of KONTROLLTEGN) {
          const q = new URLSearchParams({ ...e.parametre(), [navn]: tegn });
          const { status, tekst } = await hent(q);
          expect(status, `${navn}=${JSON.stringify(tegn)} → ${tekst}`).toBe(400);
          expect(JSON.parse(tekst)).toEqual(problem(400, `Ugyldig ${navn}: søket inneholder kontrolltegn`));
        }
      }
      // also in a parameter's name, and repeated or nested as qs reads them
      for (const q of ["a%00b=1", "avsenderland=NL&avsenderland=%00", "x[%01]=1", "x[y]=%7f"]) {
        const { status, tekst } = await hent(
          new URLSearchParams(`${new URLSearchParams(e.parametre())}&${q}`),
        );
        expect(status, `${q} → ${tekst}`).toBe(400);
      }
    });
  }

  it("tilfeldige søkeparametre på hver leserute gir aldri 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SOEK),
        fc.dictionary(
          fc.oneof(
            fc.constantFrom("sertifikatnummer", "dato", "avsender", "sidenummer", "status"),
            fc.string({ maxLength: 8 }),
          ),
          fc.oneof(
            farligTekst.map((t) => t.slice(0, 2000)),
            fc.string({ unit: "binary", maxLength: 30 }),
          ),
          { maxKeys: 4 },
        ),
        async (e, ekstra) => {
          const q = new URLSearchParams({ ...e.parametre(), ...ekstra });
          const res = await fetch(`${api.url}${e.sti()}?${q}`, {
            headers: await (e.headere ?? bearer(KARI))(),
          });
          const tekst = await res.text();
          expect(res.status, `${e.rute}?${q.toString().slice(0, 300)} → ${tekst.slice(0, 200)}`).toBeLessThan(
            500,
          );
        },
      ),
      { seed: SEED, numRuns: RUNDER * 4, endOnFailure: true },
    );
  });

  it("dekker hver leserute med søkeparametre (en ny GET-rute med parametre må føres opp)", () => {
    const lese = apiRuter(api.handle.db).filter((r) => r.startsWith("GET "));
    // Routes that read no query parameters.
    const utenSoek = new Set([
      "GET /gateway/auth/session",
      "GET /gateway/auth/session/brukerInfo",
      "GET /gateway/config/features",
      "GET /gateway/auth/avgiver",
      "GET /import/register/v1/:orgnr",
      "GET /import/register/v1/:orgnr/:importoerId/mottakskontrolloerfor",
      "GET /import/register/v1/:orgnr/:importoerId/epoststatus",
      "GET /import/register/v1/:orgnr/:importoerId/webhooker",
      "GET /import/register/v1/:orgnr/systemtilgang",
      "GET /import/v1/vedlegg/:id",
      "GET /import/importmelding/v2/:orgnr/:importoerId/:id(\\d+)",
      "GET /import/importmelding/v2/:orgnr/:importoerId/:id(\\d+)/mottakskontrolloerer",
      "GET /import/importmelding/v2/:orgnr/:importoerId/:id(\\d+)/svarkilde",
      "GET /import/importmelding/v2/:orgnr/:importoerId/:id(\\d+)/kvittering",
      "GET /import/importmelding/v2/:orgnr/:importoerId/:id(\\d+)/dokumentasjon",
      // the API's own documentation (ADR 040)
      "GET /import/openapi.json",
      "GET /import/dokumentasjon",
      "GET /import/dokumentasjon/stil.css",
      // the authority's case system: one notification, its certificate, and the rulesets (ADR 045, ADR 046)
      "GET /myndighet/v2/importmeldinger/:nummer",
      "GET /myndighet/v2/importmeldinger/:nummer/sertifikat.xml",
      "GET /myndighet/v2/regelsett/gjeldende",
      "GET /myndighet/v2/regelsett/:versjon",
    ]);
    const dekket = new Set(SOEK.map((e) => e.rute));
    expect(lese.filter((r) => !dekket.has(r) && !utenSoek.has(r))).toEqual([]);
  });
});
