import type { LoaderFunctionArgs } from "@remix-run/node";
import { meldingsdokument } from "../lib/dokument.server";

/**
 * The evidence pack link "Last ned dokumentasjon (ZIP)" (issue 24 §3, ADR 038): streams the ZIP file the
 * import API makes for the chosen importer, once its first bytes show it is one.
 */
export function loader(args: LoaderFunctionArgs) {
  return meldingsdokument(args, {
    del: "dokumentasjon",
    format: "zip",
    ikkeFunnet: "Fant ikke dokumentasjonen",
  });
}
