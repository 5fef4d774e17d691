// Client weight budget (issue 13, goal 3; ADR 015, ADR 025) over the production build: first-load JavaScript
// per route (scripts/klientvekt.ts: the entry, the route, its ancestors and every module they import
// statically, each gzip-sized, as /work/shared/tools/js-budget.mjs counts it), the CSS every page loads, and no zod or reference tables in
// any page's first load. Runs after `npm run build` (`npm run test:bygg`, part of `npm test`); the unit
// test run leaves it out because the build does not exist yet at that point.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { foersteLasting, gzipKb, klientmappe, klientvekt } from "../../scripts/klientvekt";

/** With React DOM in the browser (ADR 025; it was 100 KB with Preact, ADR 024). Never raise it. */
const BUDSJETT_JS_KB = 110;
const BUDSJETT_CSS_KB = 20;

const klient = klientmappe();
const assets = path.join(klient, "assets");

describe("klientvekt i produksjonsbygget", () => {
  const ruter = foersteLasting(klient);

  it("har ruter å måle", () => {
    expect(ruter.size).toBeGreaterThan(20);
    expect(ruter.has("routes/importmelding.$id.innmelder")).toBe(true);
  });

  it(`første lasting av JavaScript er høyst ${BUDSJETT_JS_KB} KB gzip per rute`, () => {
    const over = klientvekt(klient)
      .filter(({ kb }) => kb > BUDSJETT_JS_KB)
      .map(({ rute, kb }) => `${rute}: ${kb.toFixed(1)} KB > ${BUDSJETT_JS_KB} KB`);
    expect(over).toEqual([]);
  });

  it("hver side hydreres av React DOM, samme React som tjeneren rendrer med (ADR 025)", () => {
    const medReactDom = (f: string) =>
      readFileSync(path.join(klient, f), "utf8").includes("Minified React error");
    const utenReactDom = [...ruter].filter(([, filer]) => !filer.some(medReactDom)).map(([id]) => id);
    expect(utenReactDom).toEqual([]);
    const alle = [...new Set([...ruter.values()].flat())];
    expect(alle.filter((f) => /preact/i.test(readFileSync(path.join(klient, f), "utf8")))).toEqual([]);
  });

  it("ingen side laster zod eller landtabellen ved første lasting (landene navngis i loaderne)", () => {
    const funn: string[] = [];
    for (const [id, filer] of ruter)
      for (const f of filer) {
        const kode = readFileSync(path.join(klient, f), "utf8");
        if (/ZodError|\$ZodType/.test(kode)) funn.push(`${id}: zod i ${f}`);
        if (kode.includes("Afghanistan")) funn.push(`${id}: landtabellen i ${f}`);
      }
    expect(funn).toEqual([]);
  });

  it(`CSS-en hver side laster er høyst ${BUDSJETT_CSS_KB} KB gzip`, () => {
    const css = readdirSync(assets).filter((f) => f.endsWith(".css"));
    expect(css.length).toBeGreaterThan(0);
    const kb = css.reduce((sum, f) => sum + gzipKb(klient, `/assets/${f}`), 0);
    expect(kb).toBeLessThanOrEqual(BUDSJETT_CSS_KB);
  });
});

it("bygget finnes (kjør `npm run build` først)", () => {
  expect(existsSync(assets), `${assets} mangler`).toBe(true);
});
