import type { LoaderFunctionArgs } from "@remix-run/node";
import { loginUrl, requireVirksomhet } from "../lib/bruker.server";
import { dokumentFeil, videresendDokument } from "../lib/dokument.server";
import { hentFlagg } from "../lib/preferanser.server";

/** The receipt PDF link (SPEC §2): streams the receipt the import API generates for the chosen importer. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, avgiver } = await requireVirksomhet(request, context);
  // No notifications without the flag (SPEC §6), so no receipts either.
  if (!(await hentFlagg(request, context)).visImportmelding)
    throw new Response("Fant ikke kvitteringen", { status: 404 });
  const { orgnr, importerId, id } = params;
  if (
    orgnr !== avgiver.organisasjonsnummer ||
    importerId !== String(avgiver.importoerId) ||
    !/^\d+$/.test(id ?? "")
  ) {
    throw new Response("Ingen tilgang", { status: 403 });
  }
  try {
    const res = await api.getRaw(`/import/importmelding/v2/${orgnr}/${importerId}/${id}/kvittering`, {
      headers: { Accept: "application/pdf" },
      signal: request.signal,
      redirectOn401: loginUrl(request),
    });
    return await videresendDokument(res, "pdf");
  } catch (e) {
    return dokumentFeil(e, `/importmelding/${id}`, "Fant ikke kvitteringen");
  }
}
