import { matchRoutes, RemixBrowser } from "@remix-run/react";
import type { Router } from "@remix-run/router";
import { StrictMode, startTransition, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { dokumentetHarFeiltittel, SkjemafeilContext } from "./components/feiltittel";
import { FELLES_LENKE_ID, type FellesRef, lastFelles, lastRutefiler } from "./components/fellestekster";
import { ReservetekstContext } from "./components/sprak";

/** The shell's messages the root's error page carries (it has no loader data): app/root.tsx. */
const reservetekster = document.getElementById("reservetekster")?.textContent;

/** The shell's messages, preloaded by the page's head (app/components/fellestekster.ts, ADR 069). */
const felles = document.getElementById(FELLES_LENKE_ID)?.getAttribute("href");

Promise.resolve(felles && lastFelles(felles)).then(hydrer);

/**
 * A client navigation's routes' message files, fetched when it starts (ADR 080): the router turns `loading`
 * (again once it has discovered the target's routes) in the same tick as it asks for the `.data`, so the
 * file and the data come in parallel instead of one after the other.
 */
function Rutefiler() {
  useEffect(() => {
    const router = (window as unknown as { __remixRouter: Router }).__remixRouter;
    return router.subscribe(({ navigation: { location }, loaderData }) => {
      const ruter = location ? matchRoutes(router.routes, location) : null;
      if (ruter)
        lastRutefiler(
          (loaderData.root as { tekster?: FellesRef } | undefined)?.tekster,
          ruter.map((m) => m.route.id ?? ""),
        );
    });
  }, []);
  return null;
}

function hydrer() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <ReservetekstContext.Provider value={reservetekster ? JSON.parse(reservetekster) : null}>
          <SkjemafeilContext.Provider value={dokumentetHarFeiltittel()}>
            <RemixBrowser />
            <Rutefiler />
          </SkjemafeilContext.Provider>
        </ReservetekstContext.Provider>
      </StrictMode>,
    );
  });
}
