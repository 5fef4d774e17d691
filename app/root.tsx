import themeCss from "@digdir/designsystemet-css/theme.css?url";
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { Brodsmuler } from "./components/brodsmuler";
import { Bunntekst } from "./components/bunntekst";
import { Feilgrense } from "./components/feilgrense";
import { FeilTittel } from "./components/feiltittel";
import { Informasjonskapsler } from "./components/informasjonskapsler";
import { Meny } from "./components/meny";
import { useNonce } from "./components/nonce";
import { erForMange, erRegisterUtilgjengelig } from "./components/panels";
import { Sidefokus } from "./components/sidefokus";
import { innloggetBruker } from "./lib/bruker.server";
import { medRetryAfter } from "./lib/grense.server";
import { hentFlagg, hentSamtykke, menyErApen } from "./lib/preferanser.server";
import { csrfForSide, getSession } from "./lib/session.server";
import appCss from "./styles/app.css?url";
import designsystemetCss from "./styles/designsystemet.css?url";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "stylesheet", href: designsystemetCss },
  { rel: "stylesheet", href: themeCss },
  { rel: "stylesheet", href: appCss },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getSession(request, context);
  const headers = new Headers();
  const { csrf, setCookie } = await csrfForSide(session, context);
  if (setCookie) headers.append("Set-Cookie", setCookie);
  const bruker = await innloggetBruker(session, context);
  const innlogget = !!bruker;
  const url = new URL(request.url);
  return data(
    {
      csrf,
      bruker: bruker ? { navn: bruker.navn } : null,
      avgiver: innlogget ? (session.get("avgiver") ?? null) : null,
      flagg: await hentFlagg(request, context),
      menyApen: await menyErApen(request),
      samtykke: (await hentSamtykke(request)) ?? null,
      sti: url.pathname + url.search,
    },
    { headers },
  );
}

export const meta: MetaFunction = ({ error }) => [
  {
    title: erForMange(error)
      ? "For mange forsøk – Digital forhåndsmelding"
      : erRegisterUtilgjengelig(error)
        ? "Tilgangen kan ikke sjekkes nå – Digital forhåndsmelding"
        : "Digital forhåndsmelding",
  },
];

/** A 429's Retry-After reaches the browser (app/lib/grense.server.ts). */
export const headers = medRetryAfter;

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="nb" data-color-scheme="light">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <FeilTittel />
        <Meta />
        <Links />
      </head>
      <body>
        <header className="app-header">
          {/* First in the banner landmark: the page-change announcement, then the skip link. */}
          <Sidefokus />
          <a className="ds-skip-link" href="#hovedinnhold">
            Hopp til hovedinnhold
          </a>
          <div className="app-header__innhold">
            <a className="app-logo" href="/">
              <img src="/logo.svg" alt="" width="36" height="36" />
              <span>Digital forhåndsmelding</span>
            </a>
            {data?.avgiver ? <span className="app-header__virksomhet">{data.avgiver.navn}</span> : null}
            {data?.bruker ? (
              <Meny
                bruker={data.bruker}
                avgiver={data.avgiver}
                apen={data.menyApen}
                sti={data.sti}
                visImportmelding={data.flagg.visImportmelding}
              />
            ) : null}
          </div>
        </header>
        {data && !data.samtykke ? <Informasjonskapsler sti={data.sti} /> : null}
        <div className="app-side">
          <Brodsmuler />
          <main id="hovedinnhold" tabIndex={-1}>
            {children}
          </main>
        </div>
        <Bunntekst />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useLoaderData<typeof loader>();
  return <Outlet />;
}

export function ErrorBoundary() {
  return <Feilgrense feiltekst="Siden kunne ikke vises. Prøv å laste den inn på nytt." />;
}
