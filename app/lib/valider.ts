// conform's `onValidate` for the forms (app/lib/klientvalidering.ts fetches zod and the schemas after the first
// paint).
import { parse, type Submission } from "@conform-to/react";
import type { z } from "zod";
import { lastetKlientvalidering, type Skjemaer } from "./klientvalidering";

/**
 * conform's `onValidate` with the schema `velg` picks from the schema module. Before the module has
 * arrived the result has no error and no value, which conform treats as "let the server decide".
 */
export function valider<S extends z.ZodType>(
  formData: FormData,
  velg: (skjemaer: Skjemaer) => S,
): Submission<z.output<S>, string[]> {
  const lastet = lastetKlientvalidering();
  if (!lastet)
    return parse(formData, { resolve: () => ({ error: null }) }) as Submission<z.output<S>, string[]>;
  return lastet.parseWithZod(formData, { schema: velg(lastet.skjemaer) }) as Submission<
    z.output<S>,
    string[]
  >;
}
