// Test support for page-level tests of the notification pages (not a test file itself): the import API
// played by a small real HTTP server that answers as a test tells it (errors included), a real server-side
// session in a test database, and the real route modules (loader, action, component) run and rendered to
// HTML through React Router's static handler, as Remix does for a request without JavaScript.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { PassThrough } from "node:stream";
import { text } from "node:stream/consumers";
import type { AppLoadContext } from "@remix-run/node";
import { createElement, type ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { Outlet, type RouteObject } from "react-router-dom";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { SprakProvider } from "../../app/components/sprak";
import { commitSession, getSession } from "../../app/lib/session.server";
import type { DatabaseHandle } from "../../db";
import { grenseteller } from "../../db/grense";
import { leggTilDager, osloDato } from "../../domain/format";
import { type ImportmeldingVisning, spoersmaalVisning } from "../../domain/importmelding";
import { SPOERSMAAL, type SvarKode } from "../../domain/kontrollspoersmaal";
import { loadConfig } from "../../server/config";
import { createTestDatabase } from "../support/test-db";

export interface ApiKall {
  method: string;
  sti: string;
  body: unknown;
  /** The query string (without "?") and the language the app asked for (Accept-Language, ADR 047): given
   * to the answer, not recorded in `kall`. */
  sok?: string;
  sprak?: string;
}

export interface ApiSvar {
  status: number;
  json?: unknown;
  tekst?: string;
}

/** The import API as a real HTTP server; `svar` decides each answer (undefined → 404). */
export async function startFalskApi(svar: (kall: ApiKall) => ApiSvar | undefined) {
  const kall: ApiKall[] = [];
  const server: Server = createServer((req, res) => {
    let data = "";
    req.on("data", (c) => {
      data += c;
    });
    req.on("end", () => {
      let body: unknown = data;
      try {
        body = data ? JSON.parse(data) : undefined;
      } catch {
        // kept as text
      }
      const [sti = "", sok = ""] = (req.url ?? "").split("?");
      const sprak = req.headers["accept-language"];
      const k = { method: req.method ?? "GET", sti, body };
      kall.push(k);
      // the query and the language are for the answer; the recorded calls stay method, path and body
      const s = svar({ ...k, sok, sprak }) ?? { status: 404, json: { status: 404, detail: "Fant ikke" } };
      if (s.json !== undefined) {
        res.writeHead(s.status, { "content-type": "application/json" }).end(JSON.stringify(s.json));
      } else {
        res.writeHead(s.status).end(s.tekst ?? "");
      }
    });
  });
  server.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    kall,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export const TEST_AVGIVER = {
  navn: "Hageland Import AS avd. Drammen",
  organisasjonsnummer: "912345742",
  formatertOrganisasjonsnummer: "912 345 742",
  adresse: null,
  hovedenhet: "912345602",
  hovedenhetnavn: "Hageland Import AS",
  importoerId: 11,
};
export const MELDING_BASE = `/import/importmelding/v2/${TEST_AVGIVER.organisasjonsnummer}/${TEST_AVGIVER.importoerId}`;

/** A logged-in session (user, chosen organisation, CSRF token) in a test database, talking to `apiUrl`. */
export async function testKontekst(apiUrl: string) {
  const handle: DatabaseHandle = await createTestDatabase({ seed: false });
  const context = {
    config: { ...loadConfig({ SESSION_SECRET: "test" }), importApiUrl: apiUrl },
    db: handle.db,
    cspNonce: "",
    grenseteller: grenseteller(handle.db),
  } as AppLoadContext;
  const session = await getSession(new Request("http://localhost/"), context);
  const csrf = "test-csrf";
  session.set("csrf", csrf);
  session.set("bruker", {
    pid: "26849612378",
    navn: "Kari Nordmann",
    idToken: "id",
    accessToken: "token",
    accessTokenUtloeper: Date.now() + 3_600_000,
  });
  session.set("avgiver", TEST_AVGIVER);
  const cookie = (await commitSession(session, context)).split(";")[0]!;
  return { context, cookie, csrf, close: () => handle.close() };
}

/**
 * The root route's element in a page test: the page in the translator's provider, as app/root.tsx's Layout
 * puts it (the Layout itself needs the Remix document), over the messages the loaders send.
 */
export const rotElement = () => createElement(SprakProvider, null, createElement(Outlet));

interface RouteModule {
  loader?: (args: never) => unknown;
  action?: (args: never) => unknown;
  default: (props: never) => unknown;
  ErrorBoundary?: (props: never) => unknown;
}

/**
 * One page under the root, as in app/routes: root (its real loader, the layout replaced as above) → the page at
 * `sti` (undefined: the index route, home).
 */
export async function sideRuter(id: string, sti: string | undefined, m: RouteModule): Promise<RouteObject[]> {
  const root = await import("../../app/root");
  const side = {
    id,
    loader: m.loader as never,
    action: m.action as never,
    element: createElement(m.default as () => null),
  };
  return [
    {
      id: "root",
      path: "/",
      loader: root.loader as never,
      element: rotElement(),
      children: [sti === undefined ? { ...side, index: true } : { ...side, path: sti }],
    },
  ];
}

/**
 * The notification routes, as in app/routes: root → importmelding/:id → `sider` (path → route module).
 * The root layout is replaced by an <Outlet> in the translator's provider (the layout needs the Remix
 * document), its loader is the real one.
 */
export async function notifikasjonsRuter(sider: Record<string, RouteModule>): Promise<RouteObject[]> {
  const root = await import("../../app/root");
  const melding = await import("../../app/routes/importmelding.$id");
  const el = (m: RouteModule) => createElement(m.default as () => null);
  return [
    {
      id: "root",
      path: "/",
      loader: root.loader as never,
      element: rotElement(),
      children: [
        {
          id: "routes/importmelding.$id",
          path: "importmelding/:id",
          loader: melding.loader as never,
          element: createElement(melding.default),
          errorElement: createElement(melding.ErrorBoundary),
          children: Object.entries(sider).map(([path, m]) => ({
            id: `routes/importmelding.$id.${path.replace(/:/g, "$").replace(/\//g, ".")}`,
            path,
            loader: m.loader as never,
            action: m.action as never,
            element: el(m),
          })),
        },
      ],
    },
  ];
}

export interface Side {
  status: number;
  /** Where a redirect goes. */
  til?: string;
  html: string;
  /** The page's visible text, tags removed and whitespace collapsed. */
  tekst: string;
}

/** The whole page as entry.server.tsx sends it: rendered to the end, lazy parts included (onAllReady). */
function renderHeleSiden(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(element, {
      onAllReady() {
        const ut = new PassThrough();
        text(ut).then(resolve, reject);
        pipe(ut);
      },
      onShellError: reject,
    });
  });
}

/** Runs a request through the routes (loaders, and the action for a POST) and renders the page. */
export async function hentSide(
  ruter: RouteObject[],
  kontekst: { context: AppLoadContext; cookie: string },
  sti: string,
  skjema?: Record<string, string>,
  /** The browser's Accept-Language (the language of a first visit, ADR 048). */
  acceptLanguage?: string,
): Promise<Side> {
  const request = new Request(`http://localhost${sti}`, {
    method: skjema ? "POST" : "GET",
    headers: {
      Cookie: kontekst.cookie,
      ...(skjema ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      ...(acceptLanguage ? { "Accept-Language": acceptLanguage } : {}),
    },
    body: skjema ? new URLSearchParams(skjema).toString() : undefined,
  });
  const handler = createStaticHandler(ruter);
  const resultat = await handler.query(request, { requestContext: kontekst.context });
  if (resultat instanceof Response) {
    return {
      status: resultat.status,
      til: resultat.headers.get("Location") ?? undefined,
      html: "",
      tekst: "",
    };
  }
  const router = createStaticRouter(handler.dataRoutes, resultat);
  const html = await renderHeleSiden(
    createElement(StaticRouterProvider, { router, context: resultat, hydrate: false }),
  );
  const tekst = html
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
  return { status: resultat.statusCode, html, tekst };
}

// ---------------------------------------------------------------------------------------------------------
// A registered notification with physical control, as GET .../{id} returns it
// ---------------------------------------------------------------------------------------------------------

function spoersmaal(id: number, kode: keyof typeof SPOERSMAAL, rekkefoelge: number, svar?: SvarKode) {
  const kategori = SPOERSMAAL[kode].kategori;
  return spoersmaalVisning({
    id,
    kategori,
    kode,
    rekkefoelge,
    svar: svar ?? null,
    kommentar: null,
    avvik: false,
  })!;
}

export function testMelding(endringer: Partial<ImportmeldingVisning> = {}): ImportmeldingVisning {
  const ankomstDato = leggTilDager(osloDato(new Date()), 3);
  const adresse = { linje1: null, linje2: null, linje3: null, linje4: null, linje5: null };
  return {
    id: 42,
    nummer: "2026-000123",
    egenReferanse: null,
    status: "REGISTRERT",
    statusTekst: "Registrert",
    statusFarge: "info",
    statusEndret: "2026-03-02T09:15:00.000Z",
    kategori: "REGISTRERT",
    versjon: 4,
    opprettet: "2026-03-02T08:00:00.000Z",
    utstedtDato: "2026-03-01",
    eksportLand: { kode: "NL", navn: "Nederland" },
    alleOpprinnelsesland: [{ kode: "NL", navn: "Nederland" }],
    avsender: { navn: "Zaadhandel Westland B.V.", adresse },
    mottaker: { navn: "Hageland Import AS avd. Drammen", adresse },
    ansvarligImportoer: {
      id: 11,
      navn: TEST_AVGIVER.navn,
      organisasjonsnummer: TEST_AVGIVER.organisasjonsnummer,
    },
    ansvarligDokumentkontroll: null,
    harLestRegelverk: true,
    innmelder: { navn: "Kari Nordmann", epost: "kari@example.no", telefonnummer: null },
    kunDokumentkontroll: false,
    ankomstInfo: [
      {
        id: 7,
        ankomsttid: `${ankomstDato}T12:00:00.000Z`,
        ankomstTid: { dato: ankomstDato, klokkeslett: "14:00" },
        kontrollAdresse: { linje1: "Tollbugata 40", linje2: null, postnummer: "3044", poststed: "Drammen" },
        mottakskontrolloer: {
          importoerId: 12,
          navn: null,
          telefonnummer: null,
          virksomhetNavn: "Grønt Mottak AS avd. Alnabru",
          organisasjonsnummer: "912346021",
        },
        sendingAnkommet: false,
        erRegistrert: true,
      },
    ],
    dokumentkontrollSpoersmaal: [
      spoersmaal(1, "DOKUMENT_TILSIKTET_BRUK", 1, "DOKUMENT_TILSIKTET_BRUK_RIKTIG"),
    ],
    mottakskontrollSpoersmaal: [
      spoersmaal(2, "MOTTAK_INNHOLD_SAMSVARER", 1),
      spoersmaal(3, "MOTTAK_FRI_FOR_PLANTESKADEGJOERERE", 2),
    ],
    varelinjer: [
      {
        sorteringsnummer: 1,
        navn: "Rose",
        botaniskNavn: "Rosa canina",
        beskrivelse: null,
        klassifisering: {
          tilstander: [],
          plantedel: "Plants",
          tilsiktetBruk: "Planting",
          eppoKoder: [],
          andre: [],
        },
        mengde: { antall: { verdi: 100, enhet: "H87", faktiskVerdi: null, visningsMengde: "100 stk" } },
        opprinnelsesland: [{ kode: "NL", navn: "Nederland", landsdel: null }],
        harTilleggserklaeringer: false,
        varelinjeTilleggserklaering: { tilleggserklaeringer: [], offisiellTilleggsInformasjon: [] },
      },
    ],
    vedlegg: [],
    tilleggserklaering: {
      tilleggserklaeringer: [],
      offisiellTilleggsinformasjon: [],
      importtillatelse: null,
      datoForInspeksjon: null,
    },
    sertifikat: {
      id: 5,
      nummer: "PHYTO.NL.2026.0001234",
      utstedtDato: "2026-03-01",
      avsenderland: "NL",
      type: "Eksport",
    },
    erRegistrert: true,
    erAnkommet: false,
    erVurdert: false,
    dokumentkontrollFerdig: true,
    mottakskontrollFerdig: false,
    ankomstRegistrert: true,
    kanSendesInn: false,
    faktiskAnkommet: null,
    vurderingBegrunnelse: null,
    vedtaksbrevReferanse: null,
    automatiskVurdering: null,
    ansvarligPaaSertifikatet: true,
    vurdertFoerAnkomst: false,
    tilgang: { eier: true, mottakskontrolloer: false },
    ...endringer,
  };
}
