import type { LoaderFunctionArgs } from "@remix-run/node";
import { loginUrl, requireVirksomhet } from "../lib/bruker.server";
import { dokumentFeil, videresendDokument } from "../lib/dokument.server";
import { hentFlagg } from "../lib/preferanser.server";

/**
 * The evidence pack link "Last ned dokumentasjon (ZIP)" (issue 24 §3, ADR 038): streams the ZIP file the
 * import API makes for the chosen importer, once its first bytes show it is one.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, avgiver } = await requireVirksomhet(request, context);
  // No notifications without the flag (SPEC §6), so no evidence pack either.
  if (!(await hentFlagg(request, context)).visImportmelding)
    throw new Response("Fant ikke dokumentasjonen", { status: 404 });
  const { orgnr, importerId, id } = params;
  if (
    orgnr !== avgiver.organisasjonsnummer ||
    importerId !== String(avgiver.importoerId) ||
    !/^\d+$/.test(id ?? "")
  ) {
    throw new Response("Ingen tilgang", { status: 403 });
  }
  try {
    const res = await api.getRaw(`/import/importmelding/v2/${orgnr}/${importerId}/${id}/dokumentasjon`, {
      headers: { Accept: "application/zip" },
      signal: request.signal,
      redirectOn401: loginUrl(request),
    });
    return await videresendDokument(res, "zip");
  } catch (e) {
    return dokumentFeil(e, `/importmelding/${id}`, "Fant ikke dokumentasjonen");
  }
}
