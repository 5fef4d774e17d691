// The Varslinger side's «Språk i e-postvarsel» (issue 33 item 2, ADR 055), through the real innstillinger route
// (loader, action, component) rendered as without JavaScript, against a small real HTTP server playing the
// import API: the stored language checked, a bad value refused with a message in the person's language and
// nothing sent to the API, a good one saved, the API's refusal shown with the person's choice kept, and the
// side's texts (app/components/innstillinger/varslinger.tsx) in nynorsk and English.
import type { RouteObject } from "react-router-dom";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type ApiSvar,
  hentSide,
  sideRuter,
  startFalskApi,
  TEST_AVGIVER,
  testKontekst,
} from "../../tests/app/side";

const BASE = `/import/register/v1/${TEST_AVGIVER.organisasjonsnummer}`;
const SIDE = "/innstillinger?side=Varslinger";

let lagretSprak: string;
let sprakSvar: ApiSvar;
let api: Awaited<ReturnType<typeof startFalskApi>>;
let kontekst: Awaited<ReturnType<typeof testKontekst>>;
let ruter: RouteObject[];

beforeAll(async () => {
  api = await startFalskApi(({ method, sti }) => {
    if (method === "GET" && sti === BASE) {
      return {
        status: 200,
        json: {
          id: TEST_AVGIVER.importoerId,
          organisasjonsnummer: TEST_AVGIVER.organisasjonsnummer,
          navn: TEST_AVGIVER.navn,
          harLestRegelverk: true,
          erMottakskontrolloer: false,
          skalHaEpost: true,
          varsleVurderinger: true,
          epostSprak: lagretSprak,
          epostadresser: [{ id: 3, epostadresse: "innkjop@hageland.example.no" }],
          mottakskontrolloerer: [],
          mottakskontrolloerFor: [],
        },
      };
    }
    if (method === "GET" && sti.endsWith("/epoststatus"))
      return { status: 200, json: { sendingFeiler: false } };
    if (method === "PUT" && sti === `${BASE}/epostsprak`) return sprakSvar;
    return undefined;
  });
  kontekst = await testKontekst(api.url);
  const innstillinger = await import("../routes/innstillinger");
  ruter = await sideRuter("routes/innstillinger", "innstillinger", innstillinger);
});
afterAll(async () => {
  await kontekst?.close();
  await api?.close();
});
beforeEach(() => {
  lagretSprak = "nn";
  sprakSvar = { status: 204 };
  api.kall.length = 0;
});

const send = (sprak: string | undefined, acceptLanguage?: string) =>
  hentSide(
    ruter,
    kontekst,
    SIDE,
    { intent: "epostsprak", csrf: kontekst.csrf, ...(sprak === undefined ? {} : { sprak }) },
    acceptLanguage,
  );
const valgt = (html: string) => /<input[^>]*id="epostsprak-(\w+)"[^>]*checked=""/.exec(html)?.[1];
const sprakKall = () => api.kall.filter((k) => k.method === "PUT");

describe("Språk i e-postvarsel", () => {
  it("viser det lagrede språket valgt, språknavnene på sitt eget språk", async () => {
    const side = await hentSide(ruter, kontekst, SIDE);
    expect(side.status).toBe(200);
    expect(side.tekst).toContain("Språk i e-postvarsel");
    expect(valgt(side.html)).toBe("nn");
    expect(side.html).toMatch(/<label[^>]*for="epostsprak-nn"[^>]*lang="nn"[^>]*>Nynorsk<\/label>/);
    expect(side.html).toMatch(/<label[^>]*for="epostsprak-en"[^>]*lang="en"[^>]*>English<\/label>/);
    expect(side.html).toContain('name="intent" value="epostsprak"');
  });

  it("et ukjent eller manglende språk avvises med en melding, og ingenting sendes til API-et", async () => {
    for (const sprak of ["de", "", "NB", undefined]) {
      const side = await send(sprak);
      expect(side.status).toBe(400);
      expect(side.tekst).toContain("Velg et språk for e-postvarsel: bokmål, nynorsk eller engelsk.");
      expect(side.html).toMatch(/<fieldset[^>]*aria-describedby="epostsprak-hjelp epostsprak-feil"/);
      expect(valgt(side.html)).toBe("nn");
    }
    const en = await send("de", "en-GB");
    expect(en.tekst).toContain("Choose a language for e-mail alerts: Bokmål, Nynorsk or English.");
    expect(sprakKall()).toEqual([]);
  });

  it("et gyldig språk lagres hos API-et og bekreftes", async () => {
    const side = await send("en");
    expect(side.status).toBe(200);
    expect(sprakKall()).toEqual([{ method: "PUT", sti: `${BASE}/epostsprak`, body: { sprak: "en" } }]);
    expect(side.tekst).toContain("Varsler på e-post skrives nå på engelsk.");
  });

  it("API-et avviser: meldingen vises, og valget beholdes", async () => {
    sprakSvar = {
      status: 400,
      json: { status: 400, detail: "Ukjent språk for e-postvarsler. Velg ett av nb, nn, en." },
    };
    const side = await send("en");
    expect(side.status).toBe(400);
    expect(side.tekst).toContain("Ukjent språk for e-postvarsler. Velg ett av nb, nn, en.");
    expect(valgt(side.html)).toBe("en");
  });

  it.each([
    ["nn", ["Varslingar", "Send meg varsel på e-post om nye sertifikat", "Varsle meg om vurderingar"]],
    [
      "en",
      ["Notifications", "Language of e-mail alerts", "Save language", "Delete innkjop@hageland.example.no"],
    ],
  ])("sidens tekster på %s", async (sprak, tekster) => {
    const side = await hentSide(ruter, kontekst, SIDE, undefined, sprak);
    for (const t of tekster) expect(side.html).toContain(t);
    // bokmål the component had (nynorsk shares «Lagre språk» and «Språk i e-postvarsel», @samme)
    const bokmaal = ["Varslinger</h2>", "E-postadresser for varsler<", "Varsle meg om vurderinger<"];
    if (sprak === "en") bokmaal.push("Lagre språk", "Språk i e-postvarsel", ">Slett<");
    for (const b of bokmaal) expect(side.html).not.toContain(b);
  });
});
