// The converted pages in nynorsk and English (issue 33 "How it is shown"): each page state below is rendered,
// through the real loaders and components, in bokmål, nynorsk and English, and no visible text (text nodes and
// aria-label, title, alt, placeholder) of the nynorsk or English page may be identical to the bokmål page's,
// apart from data and names (DATA and a state's own), text marked with a `lang` of its own (a language's name,
// a bokmål document title), and what the catalogues mark as the same (@samme). A forgotten text, or one left in
// bokmål, fails here. The conversions add their pages' states to SIDER (docs/sprak.md).
import type { AppLoadContext } from "@remix-run/node";
import { createElement, type ReactElement } from "react";
import { Outlet, type RouteObject } from "react-router-dom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Skall } from "../../app/components/skall";
import { SprakProvider } from "../../app/components/sprak";
import { settSprakCookie } from "../../app/lib/tekster.server";
import { KATALOGER, SAMME_SOM_BOKMAAL } from "../../sprak/katalog.server";
import { NAVNEROM } from "../../sprak/navnerom";
import type { Sprak } from "../../sprak/sprak";
import { hentSide, startFalskApi, testKontekst } from "../app/side";
import { Feilside, feilLoader, Skjemadeler, skjemaLoader } from "./sider-testruter";

/** Names and addresses shown as they are in every language. */
const DATA = [
  "Digital forhåndsmelding",
  "planteimport@mattilsynet.no",
  "Mattilsynet",
  "mattilsynet.no",
  "Kari Nordmann",
  "Hageland Import AS avd. Drammen",
];

interface Tilstand {
  /** The path with its query string. */
  sti: string;
  /** Logged in with a chosen organisation (testKontekst), or an anonymous visitor. */
  innlogget?: boolean;
  /** More cookies (the open menu: "meny=…"). */
  cookie?: string;
  /** The page's own data shown as it is. */
  data?: string[];
}

interface Side {
  navn: string;
  /** The route under the root, as app/routes has it. */
  rute: RouteObject;
  tilstander: Tilstand[];
}

const modul = async (navn: string) => import(`../../app/routes/${navn}.tsx`);
const rute = async (path: string, navn: string): Promise<RouteObject> => {
  const m = await modul(navn);
  return {
    id: `routes/${navn}`,
    path,
    loader: m.loader,
    action: m.action,
    handle: m.handle,
    element: createElement(m.default),
  };
};

/** The converted pages and the states of them the e2e tests visit; the conversions extend it. */
async function sider(): Promise<Side[]> {
  return [
    {
      navn: "logg inn",
      rute: await rute("logg-inn", "logg-inn"),
      tilstander: [{ sti: "/logg-inn" }, { sti: "/logg-inn?utloept=1&returnTo=%2Fsertifikater" }],
    },
    { navn: "logget ut", rute: await rute("utlogget", "utlogget"), tilstander: [{ sti: "/utlogget" }] },
    {
      navn: "mangler tilgang",
      rute: await rute("mangler-autorisasjon", "mangler-autorisasjon"),
      tilstander: [{ sti: "/mangler-autorisasjon", innlogget: true, cookie: "meny=ImFhcGVuIg%3D%3D" }],
    },
    {
      navn: "nyttig info",
      rute: await rute("nyttig-info", "nyttig-info"),
      tilstander: [{ sti: "/nyttig-info?visMerInfo=sok" }, { sti: "/nyttig-info", innlogget: true }],
    },
    {
      navn: "tilgjengelighetserklæring",
      rute: await rute("tilgjengelighetserklaering", "tilgjengelighetserklaering"),
      tilstander: [{ sti: "/tilgjengelighetserklaering" }],
    },
    {
      navn: "dokumentet kan ikke lages (503)",
      rute: await rute("dokument-opptatt", "dokument-opptatt"),
      tilstander: [{ sti: "/dokument-opptatt?tilbake=%2Fimportmelding%2F42" }, { sti: "/dokument-opptatt" }],
    },
    {
      navn: "feilsidene (401, 403, 404, 413, 429, 500, 503 fra registrene)",
      rute: {
        id: "test-feil",
        path: "test-feil/:status",
        loader: feilLoader as never,
        element: createElement(Feilside),
        errorElement: createElement(Feilside),
      },
      tilstander: ["401", "403", "404", "413", "429", "500", "503"].map((s) => ({ sti: `/test-feil/${s}` })),
    },
    {
      navn: "skjemadelene (feiloppsummering, sidevelger, lagringsfeil)",
      rute: {
        id: "test-skjema",
        path: "test-skjema",
        loader: skjemaLoader as never,
        element: createElement(Skjemadeler),
      },
      tilstander: [{ sti: "/test-skjema" }],
    },
  ];
}

// -----------------------------------------------------------------------------------------------------------

const ENTITETER: Record<string, string> = {
  amp: "&",
  quot: '"',
  "#x27": "'",
  "#39": "'",
  lt: "<",
  gt: ">",
  nbsp: " ",
};
const avkod = (s: string) => s.replace(/&(amp|quot|#x27|#39|lt|gt|nbsp);/g, (_, e: string) => ENTITETER[e]!);
const TOMME = new Set(["img", "input", "br", "hr", "meta", "link", "source", "area", "col", "wbr"]);
const TEKSTATTRIBUTTER = ["aria-label", "title", "alt", "placeholder"];

/** The visible texts of a page: its text nodes and text attributes, except inside an element with a `lang`. */
function synligTekst(html: string): string[] {
  const tekster: string[] = [];
  const stabel: Array<{ tagg: string; eget: boolean }> = [];
  const egetSprak = () => stabel.some((s) => s.eget);
  for (const m of html.matchAll(/<(\/?)([a-zA-Z][\w-]*)([^>]*)>|([^<]+)/g)) {
    if (m[4] !== undefined) {
      const t = avkod(m[4]).replace(/\s+/g, " ").trim();
      const forelder = stabel[stabel.length - 1]?.tagg;
      if (t && !egetSprak() && forelder !== "script" && forelder !== "style") tekster.push(t);
      continue;
    }
    const [, slutt, tagg = "", attributter = ""] = m;
    if (slutt) {
      const i = stabel.map((s) => s.tagg).lastIndexOf(tagg);
      if (i >= 0) stabel.length = i;
      continue;
    }
    const eget = /\slang="/.test(attributter);
    if (!eget && !egetSprak()) {
      for (const a of TEKSTATTRIBUTTER) {
        const v = new RegExp(`\\s${a}="([^"]*)"`).exec(attributter)?.[1];
        if (v && /\p{L}/u.test(v)) tekster.push(avkod(v));
      }
    }
    if (!TOMME.has(tagg) && !attributter.trim().endsWith("/")) stabel.push({ tagg, eget });
  }
  return tekster;
}

/** A message's text as a pattern: `{placeholder}` (and plural or select) matches anything. */
const mønster = (del: string) =>
  new RegExp(
    `^${del
      .replace(/\{[^{}]*(\{[^{}]*\}[^{}]*)*\}/g, "§VERDI§")
      .trim()
      .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
      .replace(/§VERDI§/g, ".+?")}$`,
    "u",
  );
const utenVerdier = (del: string) => del.replace(/\{[^{}]*(\{[^{}]*\}[^{}]*)*\}/g, "");
/** The parts of a message between its markup tags that have text of their own (not only a placeholder). */
const deler = (tekst: string) => tekst.split(/<\/?\d+>/).filter((d) => /\p{L}/u.test(utenVerdier(d)));

/**
 * What may be the same as bokmål on a page in `sprak`: a message the catalogue marks as the same (@samme), and
 * a part of a message with markup whose whole differs ("Kontakt <0>{epost}</0> dersom …": "Kontakt").
 */
function sammeMønstre(sprak: Sprak): RegExp[] {
  return NAVNEROM.flatMap((n) => {
    const samme = (KATALOGER[sprak][n][SAMME_SOM_BOKMAAL] as string[] | undefined) ?? [];
    const delvis = Object.entries(KATALOGER[sprak][n]).filter(
      ([k, v]) => !k.startsWith("@") && typeof v === "string" && /<\d+>/.test(v) && !samme.includes(k),
    );
    return [
      ...samme.flatMap((k) => deler(String(KATALOGER.nb[n][k]))),
      ...delvis.flatMap(([, v]) => deler(String(v))),
    ].map(mønster);
  });
}

describe("sidene på nynorsk og engelsk", () => {
  let api: Awaited<ReturnType<typeof startFalskApi>>;
  let kontekst: Awaited<ReturnType<typeof testKontekst>>;
  let ruter: RouteObject[];
  let alle: Side[];

  beforeAll(async () => {
    api = await startFalskApi(() => undefined);
    kontekst = await testKontekst(api.url);
    const rot = await import("../../app/root");
    const skall = (innhold: ReactElement) =>
      createElement(SprakProvider, null, createElement(Skall, null, innhold));
    alle = await sider();
    ruter = [
      {
        id: "root",
        path: "/",
        loader: rot.loader as never,
        element: skall(createElement(Outlet)),
        children: alle.map((s) => ({ errorElement: createElement(rot.ErrorBoundary), ...s.rute })),
      },
    ];
  });
  afterAll(async () => {
    await kontekst?.close();
    await api?.close();
  });

  async function side(t: Tilstand, sprak: Sprak) {
    const sprakCookie = (await settSprakCookie({ sprak, valgt: 1 }, kontekst.context)).split(";")[0];
    const cookie = [t.innlogget ? kontekst.cookie : "", sprakCookie, t.cookie].filter(Boolean).join("; ");
    const s = await hentSide(ruter, { context: kontekst.context as AppLoadContext, cookie }, t.sti);
    expect(s.til, `${t.sti} sendte videre`).toBeUndefined();
    return s.html;
  }

  it("hver side og tilstand: ingen synlig tekst er den samme som på bokmål", async () => {
    const funn: string[] = [];
    for (const s of alle) {
      for (const t of s.tilstander) {
        const nb = new Set(synligTekst(await side(t, "nb")));
        expect(nb.size, `${t.sti} på bokmål`).toBeGreaterThan(5);
        for (const sprak of ["nn", "en"] as const) {
          const html = await side(t, sprak);
          // the page is in the language: the language control says so
          expect(html, `${t.sti} (${sprak})`).toMatch(new RegExp(`lang="${sprak}"[^>]*aria-current="true"`));
          const lov = [...DATA, ...(t.data ?? [])];
          const mønstre = sammeMønstre(sprak);
          for (const tekst of synligTekst(html)) {
            if (!nb.has(tekst) || !/\p{L}/u.test(tekst) || lov.includes(tekst)) continue;
            if (mønstre.some((m) => m.test(tekst))) continue;
            funn.push(`${s.navn} ${t.sti} (${sprak}): «${tekst}» er som på bokmål`);
          }
        }
      }
    }
    expect(funn).toEqual([]);
  }, 120_000);

  it("finner tekst som ble glemt (testen av testen)", () => {
    const nb = synligTekst('<p>Logg inn <a href="/">Hjelp</a></p><button lang="nn">Nynorsk</button>');
    expect(nb).toEqual(["Logg inn", "Hjelp"]);
    expect(synligTekst('<nav aria-label="Hovedmeny"><img alt="" /></nav>')).toEqual(["Hovedmeny"]);
    expect(sammeMønstre("nn").some((m) => m.test("Org.nr. 912 345 742"))).toBe(true);
    expect(sammeMønstre("nn").some((m) => m.test("Noe gikk feil"))).toBe(false);
  });
});
