import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { dokumentetHarFeiltittel, SkjemafeilContext } from "./components/feiltittel";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <SkjemafeilContext.Provider value={dokumentetHarFeiltittel()}>
        <RemixBrowser />
      </SkjemafeilContext.Provider>
    </StrictMode>,
  );
});
