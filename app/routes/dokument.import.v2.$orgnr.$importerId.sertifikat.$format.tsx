import type { LoaderFunctionArgs } from "@remix-run/node";
import { loginUrl, requireVirksomhet } from "../lib/bruker.server";
import { dokumentFeil, videresendDokument } from "../lib/dokument.server";

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
  const noekler = {
    sertifikatnummer: sok.get("sertifikatnummer") ?? "",
    dato: sok.get("dato") ?? "",
    avsenderland: sok.get("avsenderland") ?? "",
  };
  try {
    const res = await api.getRaw(`/import/v2/${orgnr}/${importerId}/sertifikat/${format}`, {
      searchParams: noekler,
      headers: { Accept: "*/*" },
      // the browser gone: the API stops making the document (ADR 018)
      signal: request.signal,
      redirectOn401: loginUrl(request),
    });
    return await videresendDokument(res, format);
  } catch (e) {
    return dokumentFeil(e, `/sertifikat?${new URLSearchParams(noekler)}`, "Klarte ikke å lage dokumentet");
  }
}
