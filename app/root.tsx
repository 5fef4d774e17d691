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
import { type ReactNode, useContext } from "react";
import { Feilgrense } from "./components/feilgrense";
import { FeilTittel } from "./components/feiltittel";
import { FELLES_LENKE_ID, fellesUrl } from "./components/fellestekster";
import { useNonce } from "./components/nonce";
import { erForMange, erRegisterUtilgjengelig } from "./components/panels";
import { Skall } from "./components/skall";
import { ReservetekstContext, SprakProvider, useT } from "./components/sprak";
import { innloggetBruker } from "./lib/bruker.server";
import { medRetryAfter } from "./lib/grense.server";
import { hentFlagg, hentSamtykke, menyErApen } from "./lib/preferanser.server";
import { csrfForSide, getSession } from "./lib/session.server";
import { sidetittel } from "./lib/sidetittel";
import { fellesRef } from "./lib/tekster.server";
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
      // the shell's messages (header, menu, footer, cookie banner, error panels, shared components) by
      // reference: their file is loaded by the page, cached a year (ADR 047, ADR 069)
      ...(await fellesRef(request)),
    },
    { headers },
  );
}

export const meta: MetaFunction = ({ error, matches }) =>
  sidetittel(matches, (t) =>
    erForMange(error)
      ? t("felles.forMange.tittel")
      : erRegisterUtilgjengelig(error)
        ? t("felles.registerUtilgjengelig.sidetittel")
        : t("felles.tjenestenavn"),
  );

/** A 429's Retry-After reaches the browser (app/lib/grense.server.ts). */
export const headers = medRetryAfter;

export function Layout({ children }: { children: ReactNode }) {
  return (
    <SprakProvider>
      <Dokument>{children}</Dokument>
    </SprakProvider>
  );
}

function Dokument({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const reserve = useContext(ReservetekstContext);
  const t = useT();
  return (
    <html lang={t.sprak} data-color-scheme="light">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <FeilTittel />
        {/* The root's own error page has no loader data: its title and, for the browser, its messages. */}
        {data ? null : <title>{t("felles.tittel", { side: t("felles.noeGikkFeil.tittel") })}</title>}
        <Meta />
        <Links />
        {/* the shell's messages, fetched early: the browser hydrates when they are there (entry.client.tsx) */}
        {data ? (
          <link
            id={FELLES_LENKE_ID}
            rel="preload"
            as="fetch"
            crossOrigin="anonymous"
            href={fellesUrl(data.tekster)}
          />
        ) : null}
        {data || !reserve ? null : (
          <script
            id="reservetekster"
            type="application/json"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON of our own catalogue, < escaped
            dangerouslySetInnerHTML={{ __html: JSON.stringify(reserve).replace(/</g, "\\u003c") }}
          />
        )}
      </head>
      <body>
        <Skall>{children}</Skall>
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
  return <Feilgrense feiltekst="felles.feil.rot" />;
}
