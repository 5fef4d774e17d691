import { useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import type { loader } from "../root";
import { Brodsmuler } from "./brodsmuler";
import { Bunntekst } from "./bunntekst";
import { Informasjonskapsler } from "./informasjonskapsler";
import { Meny } from "./meny";
import { Sidefokus } from "./sidefokus";
import { useT } from "./sprak";
import { Sprakvelger } from "./sprakvelger";

/**
 * The page's shell inside <body> (SPEC §2 Layout): header with the page-change announcement, skip link, logo,
 * chosen organisation, language control and menu; the cookie banner; breadcrumbs; the page; the footer. Apart
 * from the root's Layout (which adds <head> and the scripts) so a page test can render it (tests/sprak).
 */
export function Skall({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const t = useT();
  return (
    <>
      <header className="app-header">
        {/* First in the banner landmark: the page-change announcement, then the skip link. */}
        <Sidefokus />
        <a className="ds-skip-link" href="#hovedinnhold">
          {t("felles.hoppTilHovedinnhold")}
        </a>
        <div className="app-header__innhold">
          <a className="app-logo" href="/">
            <img src="/logo.svg" alt="" width="36" height="36" />
            <span>{t("felles.tjenestenavn")}</span>
          </a>
          {data?.avgiver ? <span className="app-header__virksomhet">{data.avgiver.navn}</span> : null}
          {data ? <Sprakvelger sti={data.sti} /> : null}
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
    </>
  );
}
