// The contract with Altinn and Enhetsregisteret (ADR 042): the parts of their public OpenAPI documents the service
// uses, kept in docs/kontrakter/ (README there says where they came from). Both sides are checked against them:
// every request the service's clients (api/registre) send — path, method, required headers, documented query
// parameters, body — and every answer the development stand-ins (dev/registre) give — a documented status,
// media type and body. A stand-in that drifts from the real API, or a client that asks for something the real
// API does not offer, fails here.
import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv } from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { xacmlForespoersel } from "../../api/registre/altinn";
import { ORG } from "../../dev/demo-data";
import { DEV_ABONNEMENTSNOEKKEL, DEV_RESSURS } from "../../dev/registre";
import { createTestDatabase } from "../support/test-db";
import { startTestRegistre, type TestRegistre } from "../support/test-registre";

type Dok = {
  paths: Record<string, Record<string, Operasjon>>;
};
type Parameter = { name: string; in: "path" | "query" | "header"; required?: boolean };
type Operasjon = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: Skjema }> }>;
};
type Skjema = { $ref?: string; discriminator?: { propertyName: string; mapping: Record<string, string> } };

const ROT = path.resolve(import.meta.dirname, "../..");
const DOKUMENTER = {
  altinn: JSON.parse(readFileSync(path.join(ROT, "docs/kontrakter/altinn.openapi.json"), "utf8")) as Dok,
  enhetsregisteret: JSON.parse(
    readFileSync(path.join(ROT, "docs/kontrakter/enhetsregisteret.openapi.json"), "utf8"),
  ) as Dok,
};
const ajv = new Ajv({ strict: false, allErrors: true });
for (const [id, dok] of Object.entries(DOKUMENTER)) ajv.addSchema(dok as object, id);

const peker = (...deler: string[]) =>
  deler.map((d) => d.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

function valider(ref: string, verdi: unknown, hva: string): void {
  const sjekk = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
  if (!sjekk(verdi)) {
    throw new Error(
      `${hva}: stemmer ikke med kontrakten: ${ajv.errorsText(sjekk.errors)}\n${JSON.stringify(verdi).slice(0, 400)}`,
    );
  }
}

/** The contract and operation for a URL, by the documents' path templates (the API's base stripped). */
function operasjon(url: URL, metode: string, baser: Record<keyof typeof DOKUMENTER, string>) {
  for (const [id, dok] of Object.entries(DOKUMENTER) as [keyof typeof DOKUMENTER, Dok][]) {
    const base = new URL(baser[id]).pathname.replace(/\/$/, "");
    if (!url.pathname.startsWith(base)) continue;
    const sti = url.pathname.slice(base.length);
    for (const [mal, item] of Object.entries(dok.paths)) {
      const moenster = new RegExp(`^${mal.replace(/\{[^}]+\}/g, "[^/]+")}$`);
      const op = item[metode.toLowerCase()];
      if (moenster.test(sti) && op) return { id, mal, op, m: metode.toLowerCase() };
    }
  }
  return undefined;
}

interface Kall {
  metode: string;
  url: URL;
  hoder: Headers;
  kropp: unknown;
  status: number;
  type: string;
  svar: unknown;
}

/** Every call the clients make, recorded through fetch. */
const kall: Kall[] = [];
const ekteFetch = globalThis.fetch;
let registre: TestRegistre;
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let baser: Record<keyof typeof DOKUMENTER, string>;

beforeAll(async () => {
  [registre, db] = await Promise.all([startTestRegistre(), createTestDatabase({ seed: false })]);
  // Altinn's paths are written from the platform's root (ALTINN_URL), the register's from the host's.
  baser = { altinn: `${registre.url}/altinn`, enhetsregisteret: registre.url };
  globalThis.fetch = async (inn, init) => {
    const url = new URL(String(inn instanceof Request ? inn.url : inn));
    const res = await ekteFetch(inn, init);
    const type = (res.headers.get("content-type") ?? "").split(";")[0]?.trim() ?? "";
    const tekst = await res.clone().text();
    let svar: unknown = tekst;
    if (type.includes("json") && tekst) svar = JSON.parse(tekst);
    kall.push({
      metode: init?.method ?? "GET",
      url,
      hoder: new Headers(init?.headers),
      kropp: typeof init?.body === "string" && init.body.startsWith("{") ? JSON.parse(init.body) : init?.body,
      status: res.status,
      type,
      svar,
    });
    return res;
  };
}, 120_000);
afterAll(async () => {
  globalThis.fetch = ekteFetch;
  await registre?.close();
  await db?.close();
});

/** Checks one recorded call against its contract: the request as the client sent it, the answer as given. */
function sjekk(k: Kall): string {
  const funnet = operasjon(k.url, k.metode, baser);
  const hva = `${k.metode} ${k.url.pathname}`;
  if (!funnet) throw new Error(`${hva}: ingen operasjon i kontraktene`);
  const { id, mal, op, m } = funnet;
  for (const p of op.parameters ?? []) {
    if (p.in === "header" && p.required) expect(k.hoder.has(p.name), `${hva}: ${p.name}`).toBe(true);
  }
  const kjente = new Set((op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name));
  for (const navn of k.url.searchParams.keys()) expect(kjente, `${hva}: ?${navn}`).toContain(navn);
  if (op.requestBody) {
    valider(
      `${id}#/${peker("paths", mal, m, "requestBody", "content", "application/json", "schema")}`,
      k.kropp,
      `${hva} (forespørsel)`,
    );
  }
  const svar = op.responses[String(k.status)];
  expect(svar, `${hva}: status ${k.status} står ikke i kontrakten`).toBeDefined();
  const innhold = svar?.content;
  if (innhold && k.svar !== "") {
    expect(Object.keys(innhold), `${hva}: ${k.type}`).toContain(k.type);
    const skjema = innhold[k.type]?.schema;
    const d = skjema?.discriminator;
    const klasse = d ? (k.svar as Record<string, unknown>)[d.propertyName] : undefined;
    const ref =
      d && typeof klasse === "string" && d.mapping[klasse]
        ? `${id}${d.mapping[klasse]}`
        : `${id}#/${peker("paths", mal, m, "responses", String(k.status), "content", k.type, "schema")}`;
    valider(ref, k.svar, `${hva} ${k.status} (svar)`);
  }
  return `${m.toUpperCase()} ${mal} ${k.status}`;
}

describe("tjenestens klienter og utviklingsutgavene mot Altinns og Enhetsregisterets OpenAPI", () => {
  it("alt klientene sender og alt utviklingsutgavene svarer, stemmer med kontraktene", async () => {
    {
      const { altinn, enhetsregister } = registre.klienter(db.db);
      kall.length = 0;
      const kari = await altinn.avgivere("26849612378");
      expect(kari.navn).toBe("Kari Nordmann");
      expect(await altinn.avgjoer("26849612378", ORG.hagelandDrammen, "write")).toBe(true);
      expect(await altinn.avgjoer("26849612378", ORG.blomsterbudBergen, "read")).toBe(false);
      expect(await enhetsregister.hentEnhet(ORG.hagelandHoved)).toMatchObject({ navn: "Hageland Import AS" });
      // Asked first as a unit: 404, then as a sub-unit.
      expect(await enhetsregister.hentEnhet(ORG.hagelandDrammen)).toMatchObject({ erUnderenhet: true });
      expect(await enhetsregister.hentEnhet("999999999")).toBeUndefined();
      registre.registre.enhetsregister.lagre({
        organisasjonsnummer: "987654325",
        navn: "Slettes AS",
        organisasjonsform: "AS",
      });
      registre.registre.enhetsregister.slett("987654325", "2026-01-02");
      expect(await enhetsregister.hentEnhet("987654325")).toMatchObject({ slettet: "2026-01-02" });
      for (const feed of ["enheter", "underenheter"] as const) {
        await enhetsregister.oppdateringer(feed, { fraDato: new Date(0) }, 2);
        await enhetsregister.oppdateringer(feed, { fraId: 1 }, 20);
      }
      // The national identity number goes in a body to Altinn only: never in an address (ADR 042).
      for (const k of kall) expect(k.url.href).not.toMatch(/\d{11}/);
      expect(
        kall.filter((k) => JSON.stringify(k.kropp ?? "").includes("26849612378")).map((k) => k.url.pathname),
      ).toEqual([
        "/altinn/accessmanagement/api/v1/resourceowner/authorizedparties",
        "/altinn/authorization/api/v1/authorize",
        "/altinn/authorization/api/v1/authorize",
      ]);
      const dekket = new Set(kall.filter((k) => !k.url.pathname.startsWith("/maskinporten")).map(sjekk));
      expect([...dekket].sort()).toEqual(
        [
          "GET /authentication/api/v1/exchange/{tokenProvider} 200",
          "POST /accessmanagement/api/v1/resourceowner/authorizedparties 200",
          "POST /authorization/api/v1/authorize 200",
          "GET /enhetsregisteret/api/enheter/{enhetorgnr} 200",
          "GET /enhetsregisteret/api/enheter/{enhetorgnr} 404",
          "GET /enhetsregisteret/api/underenheter/{underenhetorgnr} 200",
          "GET /enhetsregisteret/api/underenheter/{underenhetorgnr} 404",
          "GET /enhetsregisteret/api/oppdateringer/enheter 200",
          "GET /enhetsregisteret/api/oppdateringer/underenheter 200",
        ].sort(),
      );
    }
  });

  it("utviklingsutgavenes feilsvar og kanttilfeller stemmer også", async () => {
    kall.length = 0;
    const er = `${registre.url}/enhetsregisteret/api`;
    await fetch(`${er}/enheter/12345`); // 400: not nine digits
    registre.registre.enhetsregister.lagre({
      organisasjonsnummer: "987654333",
      navn: "Ny Avdeling",
      organisasjonsform: "BEDR",
      hovedenhet: ORG.hagelandHoved,
    });
    await fetch(`${er}/oppdateringer/underenheter?oppdateringsid=1&size=1&page=0`);
    const altinn = `${registre.url}/altinn`;
    await fetch(`${altinn}/authentication/api/v1/exchange/maskinporten`, {
      headers: { Authorization: "Bearer x" },
    });
    await fetch(`${altinn}/authentication/api/v1/exchange/google`, {
      headers: { Authorization: "Bearer x" },
    });
    await fetch(`${altinn}/accessmanagement/api/v1/resourceowner/authorizedparties`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Ocp-Apim-Subscription-Key": DEV_ABONNEMENTSNOEKKEL },
      body: JSON.stringify({ type: "urn:altinn:person:identifier-no", value: "26849612378" }),
    });
    await fetch(`${altinn}/authorization/api/v1/authorize`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Ocp-Apim-Subscription-Key": DEV_ABONNEMENTSNOEKKEL },
      body: JSON.stringify(xacmlForespoersel("26849612378", ORG.hagelandDrammen, DEV_RESSURS, "read")),
    });
    const dekket = new Set(kall.map(sjekk));
    expect(dekket).toEqual(
      new Set([
        "GET /enhetsregisteret/api/enheter/{enhetorgnr} 400",
        "GET /enhetsregisteret/api/oppdateringer/underenheter 200",
        "GET /authentication/api/v1/exchange/{tokenProvider} 401",
        "GET /authentication/api/v1/exchange/{tokenProvider} 400",
        "POST /accessmanagement/api/v1/resourceowner/authorizedparties 401",
        "POST /authorization/api/v1/authorize 401",
      ]),
    );
  });
});
