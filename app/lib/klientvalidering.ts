// Client validation without zod in the first-load JavaScript (ADR 015). The forms validate in the browser
// with conform's `onValidate` and the same zod schemas as the server, but zod and the schemas (about 30 KB
// gzip) are fetched after the page is shown, not before. Until they have arrived (a submit in the first
// moments after loading), the submission is left to the server, which validates with the same schema and
// answers as it does without JavaScript.
// Checking a form is in app/lib/valider.ts, so a page that only starts the fetch (the summary) does not load
// conform.
import { useEffect } from "react";

export type Skjemaer = typeof import("../../domain/schemas/importmelding");

export interface Lastet {
  parseWithZod: typeof import("@conform-to/zod/v4").parseWithZod;
  skjemaer: Skjemaer;
}

let lastet: Lastet | undefined;
let laster: Promise<Lastet> | undefined;

/** Fetches zod, conform's zod adapter and the schemas once; later calls share the same promise. */
export function lastKlientvalidering(): Promise<Lastet> {
  laster ??= Promise.all([import("@conform-to/zod/v4"), import("../../domain/schemas/importmelding")]).then(
    ([conformZod, skjemaer]) => {
      lastet = { parseWithZod: conformZod.parseWithZod, skjemaer };
      // A real condition the e2e tests wait for before checking that the browser validates on its own.
      document.documentElement.dataset.klientvalidering = "klar";
      return lastet;
    },
  );
  return laster;
}

/** Starts fetching the validation code once the page is hydrated. */
export function useKlientvalidering(): void {
  useEffect(() => {
    lastKlientvalidering().catch(() => {
      // Offline or a failed chunk: the server validates every submission anyway.
      laster = undefined;
    });
  }, []);
}

/** The validation code, once it has arrived. */
export const lastetKlientvalidering = (): Lastet | undefined => lastet;
