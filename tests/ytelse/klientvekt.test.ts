// Client weight budget (issue 13, goal 3; ADR 015) over the production build: first-load JavaScript per
// route (the entry, the route, its ancestors and every module they import statically, each gzip-sized, as
// /work/shared/tools/js-budget.mjs counts it), the CSS every page loads, and no zod or reference tables in
// any page's first load. Runs after `npm run build` (`npm run test:bygg`, part of `npm test`); the unit
// test run leaves it out because the build does not exist yet at that point.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

const BUDSJETT_JS_KB = 100;
const BUDSJETT_CSS_KB = 20;

const klient = path.resolve(process.env.BUILD_DIR ?? "build", "client");
const assets = path.join(klient, "assets");

interface ManifestPost {
  module: string;
  imports?: string[];
  parentId?: string;
  hasDefaultExport?: boolean;
}

function lesManifest(): { entry: ManifestPost; routes: Record<string, ManifestPost> } {
  const fil = readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
  if (!fil) throw new Error(`Fant ikke Remix-manifestet i ${assets}`);
  const kilde = readFileSync(path.join(assets, fil), "utf8");
  return JSON.parse(kilde.slice(kilde.indexOf("{"), kilde.lastIndexOf("}") + 1));
}

const gzipStoerrelse = new Map<string, number>();
function gzipKb(url: string): number {
  if (!gzipStoerrelse.has(url))
    gzipStoerrelse.set(url, gzipSync(readFileSync(path.join(klient, url))).length);
  return gzipStoerrelse.get(url)! / 1024;
}

function foersteLasting(): Map<string, string[]> {
  const m = lesManifest();
  const filer = (e: ManifestPost) => [e.module, ...(e.imports ?? [])];
  const ruter = new Map<string, string[]>();
  for (const [id, rute] of Object.entries(m.routes)) {
    if (rute.hasDefaultExport === false) continue;
    const sett = new Set(filer(m.entry));
    for (let r: ManifestPost | undefined = rute; r; r = r.parentId ? m.routes[r.parentId] : undefined)
      for (const f of filer(r)) sett.add(f);
    ruter.set(id, [...sett]);
  }
  return ruter;
}

describe("klientvekt i produksjonsbygget", () => {
  const ruter = foersteLasting();

  it("har ruter å måle", () => {
    expect(ruter.size).toBeGreaterThan(20);
    expect(ruter.has("routes/importmelding.$id.innmelder")).toBe(true);
  });

  it(`første lasting av JavaScript er høyst ${BUDSJETT_JS_KB} KB gzip per rute`, () => {
    const over: string[] = [];
    for (const [id, filer] of ruter) {
      const kb = filer.reduce((sum, f) => sum + gzipKb(f), 0);
      if (kb > BUDSJETT_JS_KB) over.push(`${id}: ${kb.toFixed(1)} KB > ${BUDSJETT_JS_KB} KB`);
    }
    expect(over).toEqual([]);
  });

  it("nettleseren får Preact, ikke React DOM (ADR 024)", () => {
    const alle = new Set([...ruter.values()].flat());
    const kode = [...alle].map((f) => readFileSync(path.join(klient, f), "utf8")).join("\n");
    expect(kode).not.toContain("Minified React error");
  });

  it("ingen side laster zod eller referansetabellene ved første lasting (unntatt sertifikatsiden)", () => {
    const funn: string[] = [];
    for (const [id, filer] of ruter)
      for (const f of filer) {
        const kode = readFileSync(path.join(klient, f), "utf8");
        if (/ZodError|\$ZodType/.test(kode)) funn.push(`${id}: zod i ${f}`);
        if (id !== "routes/sertifikat" && id !== "routes/_index" && kode.includes("Afghanistan"))
          funn.push(`${id}: landtabellen i ${f}`);
      }
    expect(funn).toEqual([]);
  });

  it(`CSS-en hver side laster er høyst ${BUDSJETT_CSS_KB} KB gzip`, () => {
    const css = readdirSync(assets).filter((f) => f.endsWith(".css"));
    expect(css.length).toBeGreaterThan(0);
    const kb = css.reduce((sum, f) => sum + gzipKb(`/assets/${f}`), 0);
    expect(kb).toBeLessThanOrEqual(BUDSJETT_CSS_KB);
  });
});

it("bygget finnes (kjør `npm run build` først)", () => {
  expect(existsSync(assets), `${assets} mangler`).toBe(true);
});
