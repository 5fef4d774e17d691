// Client validation without zod in the first-load JavaScript (ADR 015). The forms validate in the browser
// with conform's `onValidate` and the same zod schemas as the server, but zod and the schemas (about 30 KB
// gzip) are fetched after the page is shown, not before. Until they have arrived (a submit in the first
// moments after loading), the submission is left to the server, which validates with the same schema and
// answers as it does without JavaScript.
import { parse, type Submission } from "@conform-to/react";
import { useEffect } from "react";
import type { z } from "zod";

type Skjemaer = typeof import("../../domain/schemas/importmelding");

interface Lastet {
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

/**
 * conform's `onValidate` with the schema `velg` picks from the schema module. Before the module has
 * arrived the result has no error and no value, which conform treats as "let the server decide".
 */
export function valider<S extends z.ZodType>(
  formData: FormData,
  velg: (skjemaer: Skjemaer) => S,
): Submission<z.output<S>, string[]> {
  if (!lastet)
    return parse(formData, { resolve: () => ({ error: null }) }) as Submission<z.output<S>, string[]>;
  return lastet.parseWithZod(formData, { schema: velg(lastet.skjemaer) }) as Submission<
    z.output<S>,
    string[]
  >;
}
