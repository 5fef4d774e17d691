import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { dokumentetHarFeiltittel, SkjemafeilContext } from "./components/feiltittel";
import { FELLES_LENKE_ID, lastFelles } from "./components/fellestekster";
import { ReservetekstContext } from "./components/sprak";

/** The shell's messages the root's error page carries (it has no loader data): app/root.tsx. */
const reservetekster = document.getElementById("reservetekster")?.textContent;

/** The shell's messages, preloaded by the page's head (app/components/fellestekster.ts, ADR 069). */
const felles = document.getElementById(FELLES_LENKE_ID)?.getAttribute("href");

Promise.resolve(felles && lastFelles(felles)).then(hydrer);

function hydrer() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <ReservetekstContext.Provider value={reservetekster ? JSON.parse(reservetekster) : null}>
          <SkjemafeilContext.Provider value={dokumentetHarFeiltittel()}>
            <RemixBrowser />
          </SkjemafeilContext.Provider>
        </ReservetekstContext.Provider>
      </StrictMode>,
    );
  });
}
