import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { dokumentetHarFeiltittel, SkjemafeilContext } from "./components/feiltittel";
import { ReservetekstContext } from "./components/sprak";

/** The shell's messages the root's error page carries (it has no loader data): app/root.tsx. */
const reservetekster = document.getElementById("reservetekster")?.textContent;

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
