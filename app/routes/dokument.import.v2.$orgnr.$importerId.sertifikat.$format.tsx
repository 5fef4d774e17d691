import type { LoaderFunctionArgs } from "@remix-run/node";
import { ApiFeil } from "../lib/api.server";
import { loginUrl, requireVirksomhet } from "../lib/bruker.server";
import { videresendDokument } from "../lib/dokument.server";

/**
 * Certificate PDF and Excel links (SPEC §2 document downloads): checks that the path's organisation and
 * importer are the chosen ones, then streams the document the import API generates.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, avgiver } = await requireVirksomhet(request, context);
  const { orgnr, importerId, format } = params;
  if (format !== "pdf" && format !== "excel") throw new Response("Ukjent format", { status: 404 });
  if (orgnr !== avgiver.organisasjonsnummer || importerId !== String(avgiver.importoerId)) {
    throw new Response("Ingen tilgang", { status: 403 });
  }
  const sok = new URL(request.url).searchParams;
  try {
    const res = await api.getRaw(`/import/v2/${orgnr}/${importerId}/sertifikat/${format}`, {
      searchParams: {
        sertifikatnummer: sok.get("sertifikatnummer") ?? "",
        dato: sok.get("dato") ?? "",
        avsenderland: sok.get("avsenderland") ?? "",
      },
      headers: { Accept: "*/*" },
      redirectOn401: loginUrl(request),
    });
    return await videresendDokument(res, format);
  } catch (e) {
    if (e instanceof ApiFeil) {
      // the API busy, slow or down is not "not found": 503, so the user knows to try again
      if (e.status >= 500) {
        throw new Response("Dokumentet kunne ikke lages akkurat nå. Prøv igjen om litt.", {
          status: 503,
          headers: { "Retry-After": "10", "Cache-Control": "no-store" },
        });
      }
      throw new Response(e.melding ?? "Klarte ikke å lage dokumentet", {
        status: e.status === 403 ? 403 : 404,
      });
    }
    throw e;
  }
}
