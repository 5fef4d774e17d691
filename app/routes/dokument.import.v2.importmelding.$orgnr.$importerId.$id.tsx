import type { LoaderFunctionArgs } from "@remix-run/node";
import { meldingsdokument } from "../lib/dokument.server";

/** The receipt PDF link (SPEC §2): streams the receipt the import API generates for the chosen importer. */
export function loader(args: LoaderFunctionArgs) {
  return meldingsdokument(args, { del: "kvittering", format: "pdf", ikkeFunnet: "Fant ikke kvitteringen" });
}
