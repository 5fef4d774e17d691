import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { kanAapneVedlegg } from "../../domain/vedlegg";
import { ApiFeil } from "../lib/api.server";
import { loginUrl, requireBruker } from "../lib/bruker.server";

/**
 * Opens or downloads a certificate attachment (SPEC §7 GET /import/v1/vedlegg/{id}): the API returns the
 * file as base64 text; it is decoded here and sent as the file itself. Only pdf, png, jpg/jpeg and gif open
 * in the browser; anything else is downloaded as application/octet-stream. Failure → 'Får ikke åpnet vedlegg'.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireBruker(request, context);
  const id = params.id ?? "";
  const lastNed = new URL(request.url).searchParams.get("last-ned") === "1";
  try {
    const res = await api.getRaw(`/import/v1/vedlegg/${encodeURIComponent(id)}`, {
      headers: { Accept: "text/plain" },
      redirectOn401: loginUrl(request),
    });
    const bytes = Buffer.from(await res.text(), "base64");
    const filnavn = decodeURIComponent(res.headers.get("X-Filnavn") ?? "") || "vedlegg";
    const mimetype = res.headers.get("X-Mimetype") ?? "application/octet-stream";
    const aapnes = !lastNed && kanAapneVedlegg(mimetype);
    const trygtNavn = filnavn.replace(/[^\w.-]+/g, "_");
    return new Response(bytes, {
      headers: {
        "Content-Type": aapnes ? mimetype : "application/octet-stream",
        "Content-Length": String(bytes.length),
        "Content-Disposition": `${aapnes ? "inline" : "attachment"}; filename="${trygtNavn}"; filename*=UTF-8''${encodeURIComponent(filnavn)}`,
        "Cache-Control": "private, no-store",
        "Content-Security-Policy": "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'",
      },
    });
  } catch (e) {
    if (e instanceof Response) throw e;
    if (!(e instanceof ApiFeil)) context.logger?.error({ err: e }, "Henting av vedlegg feilet");
    return redirect("/vedlegg-feil");
  }
}
