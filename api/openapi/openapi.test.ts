// The OpenAPI document against the API it describes (ADR 040): every route of the Express routers is in the
// document or on the commented list of routes left out, and the document names no route that does not
// exist; every error answer is the one Problem shape; the document and the reference page are served
// without a token; the answer check of the API tests (tests/support/openapi-svar.ts) refuses what does not
// match.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dokumentSti, sjekkSvarMotDokument } from "../../tests/support/openapi-svar";
import { apiRuter } from "../../tests/support/test-avtrykk";
import { startTestApi, type TestApi } from "../../tests/support/test-server";
import { apiDokument } from "./dokument";

/**
 * Routes of the API router the document leaves out on purpose, each with why. Everything else an importer's
 * system can call must be in the document.
 */
const UTELATT: Record<string, string> = {
  // The ePhyto Hub's intake: a system of the authority's with its own API key, not an importer's.
  "POST /import/ephyto/v1/sertifikat": "ePhyto-hubens innlevering",
  // The web app's session and login plumbing (SPEC §7 "Session and config"): who the logged-in person is,
  // which entities the person may pick, the feature flags. A system acts for one {orgnr} and needs none.
  "GET /gateway/auth/session": "nettløsningens økt",
  "GET /gateway/auth/session/brukerInfo": "nettløsningens økt",
  "GET /gateway/auth/avgiver": "nettløsningens virksomhetsvalg",
  "GET /gateway/config/features": "nettløsningens funksjonsbrytere",
  // The web app's front page and its panels (lists by the page's own categories, the e-mail banner).
  "GET /import/importmelding/v2/{orgnr}/{importoerId}/forside": "nettløsningens forside",
  "GET /import/importmelding/v2/{orgnr}/{importoerId}/oversikt": "nettløsningens forsidelister",
  "GET /import/register/v1/{orgnr}/{importoerId}/epoststatus": "nettløsningens e-postbanner",
  // The documentation itself.
  "GET /import/openapi.json": "dokumentet selv",
  "GET /import/dokumentasjon": "referansesiden",
  "GET /import/dokumentasjon/stil.css": "referansesidens stilark",
};

/** "GET /a/:id(\\d+)/b" as the document writes it: "GET /a/{id}/b". */
const somMal = (rute: string) => rute.replace(/:(\w+)(\([^)]*\))?/g, "{$1}");

const METODER = ["get", "post", "put", "patch", "delete"] as const;
function dokumenterteOperasjoner(): string[] {
  const ut: string[] = [];
  for (const [sti, item] of Object.entries(apiDokument().paths ?? {})) {
    for (const m of METODER) if (item?.[m]) ut.push(`${m.toUpperCase()} ${sti}`);
  }
  return ut;
}

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe("OpenAPI-dokumentet og API-et", () => {
  it("har hver rute i API-et, utenom de utelatte, og ingen rute som ikke finnes", () => {
    const ruter = apiRuter(api.handle.db).map(somMal);
    const dokumentert = dokumenterteOperasjoner();
    expect(ruter.length).toBeGreaterThan(30);
    const mangler = ruter.filter((r) => !dokumentert.includes(r) && !(r in UTELATT));
    expect(mangler, "ruter som mangler i OpenAPI-dokumentet (api/<område>/openapi.ts)").toEqual([]);
    expect(
      dokumentert.filter((r) => !ruter.includes(r)),
      "dokumentert, men finnes ikke",
    ).toEqual([]);
    expect(
      Object.keys(UTELATT).filter((r) => !ruter.includes(r)),
      "utelatt, men finnes ikke",
    ).toEqual([]);
    expect(
      dokumentert.filter((r) => r in UTELATT),
      "både utelatt og dokumentert",
    ).toEqual([]);
  });

  it("viser til den ene feilformen fra hvert feilsvar, og beskriver bearer-tokenet", () => {
    const dok = apiDokument();
    expect(dok.openapi).toBe("3.1.0");
    expect(dok.components?.securitySchemes?.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(dok.security).toEqual([{ bearerAuth: [] }]);
    let feilsvar = 0;
    for (const [sti, item] of Object.entries(dok.paths ?? {})) {
      expect(sti, "versjon i stien").toMatch(/\/v\d+(\/|$)/);
      for (const m of METODER) {
        const op = item?.[m];
        if (!op) continue;
        expect(op.tags?.length, `${m} ${sti}: tag`).toBe(1);
        for (const navn of sti.match(/\{(\w+)\}/g) ?? []) {
          const param = op.parameters?.find((p) => "name" in p && `{${p.name}}` === navn && p.in === "path");
          expect(param, `${m} ${sti}: stiparameteren ${navn}`).toBeDefined();
        }
        for (const [status, svar] of Object.entries(op.responses ?? {})) {
          if (Number(status) < 400) continue;
          feilsvar++;
          expect(svar, `${m} ${sti} ${status}`).toMatchObject({
            content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
          });
        }
      }
    }
    expect(feilsvar).toBeGreaterThan(100);
  });
});

describe("tilgang per operasjon og webhookene", () => {
  it("hver operasjon tar personens token, og et systems token med scopet metoden krever, unntatt systemtilgang og Mattilsynets", () => {
    const dok = apiDokument();
    expect(dok.components?.securitySchemes?.maskinporten).toMatchObject({ type: "http", scheme: "bearer" });
    let bareForPerson = 0;
    let myndighet = 0;
    for (const [sti, item] of Object.entries(dok.paths ?? {})) {
      for (const m of METODER) {
        const op = item?.[m];
        if (!op) continue;
        if (sti.startsWith("/myndighet/")) {
          // The authority's case system (ADR 045): its Maskinporten token only, with one of its own scopes.
          myndighet++;
          expect(op.tags, `${m} ${sti}`).toEqual(["Mattilsynets saksbehandling"]);
          expect(op.security?.length, `${m} ${sti}`).toBeGreaterThan(0);
          for (const krav of op.security ?? []) {
            expect(Object.keys(krav), `${m} ${sti}`).toEqual(["maskinporten"]);
            expect(krav.maskinporten?.[0], `${m} ${sti}`).toMatch(
              /^mattilsynet:forhaandsmelding\/myndighet\./,
            );
          }
          continue;
        }
        if (sti.includes("/systemtilgang")) {
          bareForPerson++;
          expect(op.security, `${m} ${sti}`).toEqual([{ bearerAuth: [] }]);
          expect(op.description, `${m} ${sti}`).toMatch(/Bare en person/);
          continue;
        }
        const scope =
          m === "get" ? "mattilsynet:forhaandsmelding.read" : "mattilsynet:forhaandsmelding.write";
        expect(op.security, `${m} ${sti}`).toEqual([{ bearerAuth: [] }, { maskinporten: [scope] }]);
      }
    }
    expect(bareForPerson).toBe(4);
    expect(myndighet).toBe(10);
  });

  it("beskriver webhookene: én per hendelsestype, med Standard Webhooks-headerne og hendelsen som kropp", () => {
    const webhooks = apiDokument().webhooks ?? {};
    expect(Object.keys(webhooks)).toEqual([
      "sertifikat.mottatt",
      "importmelding.status_endret",
      "importmelding.vurdert",
    ]);
    for (const [type, item] of Object.entries(webhooks)) {
      const op = (item as { post?: { parameters?: { name: string; in: string }[]; requestBody?: unknown } })
        .post;
      expect(op?.parameters?.filter((p) => p.in === "header").map((p) => p.name)).toEqual([
        "webhook-id",
        "webhook-timestamp",
        "webhook-signature",
      ]);
      expect(JSON.stringify(op?.requestBody), type).toMatch(/"\$ref":"#\/components\/schemas\/Hendelse\w+"/);
    }
  });
});

describe("dokumentet og referansesiden over HTTP", () => {
  it("serverer /import/openapi.json uten token", async () => {
    const res = await fetch(`${api.url}/import/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(apiDokument())));
  });

  it("serverer referansesiden uten token: hver operasjon, feilformen, autentisering og versjoner, uten eksterne ressurser", async () => {
    const res = await fetch(`${api.url}/import/dokumentasjon`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html>\n<html lang="nb">/);
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toContain("<title>Digital forhåndsmelding – import-API – referanse</title>");
    for (const op of dokumenterteOperasjoner()) {
      const [metode, sti] = op.split(" ");
      expect(html, op).toContain(`<code>${metode} ${sti}</code></h3>`);
    }
    expect(html).toContain('id="skjema-Problem"');
    expect(html).toContain("application/problem+json");
    expect(html).toContain("<h2>Autentisering</h2>");
    expect(html).toContain("Authorization: Bearer");
    expect(html).toContain("ny versjon av stien");
    expect(html).toContain("mattilsynet:forhaandsmelding.read");
    expect(html).toContain("Tilgang: bare person");
    expect(html).toContain("Tilgang: bare Mattilsynets system");
    expect(html.match(/<p class="tilgang">/g)).toHaveLength(dokumenterteOperasjoner().length);
    for (const type of Object.keys(apiDokument().webhooks ?? {})) {
      expect(html, type).toContain(`Webhook <code>${type}</code></h3>`);
    }
    // nothing from elsewhere: no script, no absolute URL in src/href
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//i);
    // every in-page link goes to an id on the page
    const ider = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
    const lenker = [...html.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]);
    expect(lenker.length).toBeGreaterThan(50);
    expect(lenker.filter((l) => !ider.has(l))).toEqual([]);
    expect(
      [...ider].filter((id) => !/^[A-Za-z0-9-]+$/.test(id ?? "")),
      "id-er uten mellomrom",
    ).toEqual([]);
    expect([...html.matchAll(/ id="([^"]+)"/g)].length, "unike id-er").toBe(ider.size);
    const stil = /<link rel="stylesheet" href="([^"]+)">/.exec(html)?.[1];
    const css = await fetch(`${api.url}${stil}`);
    expect(css.status).toBe(200);
    expect(css.headers.get("content-type")).toMatch(/^text\/css/);
  });
});

describe("svarsjekken i API-testene", () => {
  const url = "http://127.0.0.1/import/importmelding/v2/912345678/1/7";
  const svar = (status: number, body: unknown, type = "application/json") =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": type } });

  it("avviser et svar som ikke stemmer med det dokumenterte skjemaet", async () => {
    await expect(sjekkSvarMotDokument("GET", url, svar(200, { id: 7 }))).rejects.toThrow(
      /stemmer ikke med OpenAPI-dokumentet/,
    );
    await expect(
      sjekkSvarMotDokument("PUT", `${url}/status`, svar(200, { status: "REGISTRERT", statusEndret: 5 })),
    ).rejects.toThrow(/statusEndret/);
  });

  it("avviser en feil som ikke er problem details, også på ruter dokumentet utelater", async () => {
    await expect(
      sjekkSvarMotDokument("GET", url, svar(404, { status: 404, melding: "Fant ikke" })),
    ).rejects.toThrow(/Content-Type/);
    await expect(
      sjekkSvarMotDokument(
        "GET",
        "http://127.0.0.1/gateway/auth/avgiver",
        svar(401, { status: 401, melding: "Nei" }, "application/problem+json"),
      ),
    ).rejects.toThrow(/detail/);
  });

  it("finner stien i dokumentet slik Express finner ruten (/oversikt er ikke {id})", () => {
    const im = "/import/importmelding/v2/912345742/1";
    expect(dokumentSti(`${im}/oversikt`)).toBeUndefined();
    expect(dokumentSti(`${im}/arkiv`)).toBe("/import/importmelding/v2/{orgnr}/{importoerId}/arkiv");
    expect(dokumentSti(`${im}/12`)).toBe("/import/importmelding/v2/{orgnr}/{importoerId}/{id}");
    expect(dokumentSti("/import/v2/912345742/1/sertifikat/pdf")).toBe(
      "/import/v2/{orgnr}/{importoerId}/sertifikat/{format}",
    );
  });

  it("avviser en suksess-status dokumentet ikke nevner, og godtar et riktig svar", async () => {
    await expect(sjekkSvarMotDokument("GET", url, svar(202, {}))).rejects.toThrow(/statusen står ikke/);
    await expect(
      sjekkSvarMotDokument(
        "PUT",
        `${url}/status`,
        svar(200, { status: "REGISTRERT", statusEndret: "2026-11-26T06:00:00.000Z" }),
      ),
    ).resolves.toBeUndefined();
  });
});
