// Documents the import API generates (certificate PDF/Excel, receipt PDF, the evidence pack's ZIP) are streamed on to the browser
// only when they are what they claim to be: an upstream error page or a broken body must not reach the
// user as a 200 document (issue 15, item 10). One the API cannot make now (the person has several under
// way, the document lane is full, or it took too long) sends the browser to a page that says so (ADR 018).
import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { ApiFeil } from "./api.server";
import { loginUrl, requireVirksomhet } from "./bruker.server";
import { hentFlagg } from "./preferanser.server";

export type Dokumentformat = "pdf" | "excel" | "zip";

const TYPER: Record<Dokumentformat, { contentType: RegExp; signatur: number[] }> = {
  pdf: { contentType: /^application\/pdf\b/i, signatur: [...Buffer.from("%PDF-")] },
  // .xlsx is a zip file
  excel: {
    contentType:
      /^application\/(vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet|vnd\.ms-excel|octet-stream)\b/i,
    signatur: [0x50, 0x4b, 0x03, 0x04],
  },
  // the evidence pack (ADR 038): a zip file's local file header
  zip: { contentType: /^application\/zip\b/i, signatur: [0x50, 0x4b, 0x03, 0x04] },
};

/** Thrown when the document is not one: the route shows 'Noe gikk feil' with a 502. */
function ugyldig(): Response {
  return new Response("Klarte ikke å lage dokumentet. Prøv igjen senere.", {
    status: 502,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}

/**
 * Checks the upstream answer's type and the document's first bytes, then streams the whole document on
 * (the bytes already read first). Throws a 502 Response when it is not a document of that format.
 */
export async function videresendDokument(res: Response, format: Dokumentformat): Promise<Response> {
  const { contentType, signatur } = TYPER[format];
  if (!res.ok || !contentType.test(res.headers.get("Content-Type") ?? "") || !res.body) {
    await res.body?.cancel().catch(() => {});
    throw ugyldig();
  }
  const reader = res.body.getReader();
  const start: Uint8Array[] = [];
  let lest = 0;
  while (lest < signatur.length) {
    const { done, value } = await reader.read();
    if (done) break;
    start.push(value);
    lest += value.length;
  }
  const hode = Buffer.concat(start);
  if (hode.length < signatur.length || signatur.some((b, i) => hode[i] !== b)) {
    await reader.cancel().catch(() => {});
    throw ugyldig();
  }
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array(hode));
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  for (const h of ["Content-Type", "Content-Disposition", "Content-Length"]) {
    const v = res.headers.get(h);
    if (v) headers.set(h, v);
  }
  return new Response(body, { headers });
}

/**
 * The answer to a document request that failed at the import API: the page that says to try again when
 * the API was busy (5xx: the lane full, too slow or down), 403 or 404 otherwise. `tilbake` is the page the
 * link came from. (A 429 never gets here: the API client makes it the 'For mange forsøk' page with the
 * API's own message and Retry-After, whether the person has several documents under way or has used up
 * the download limit.)
 */
export function dokumentFeil(e: unknown, tilbake: string, ikkeFunnet: string): never {
  if (!(e instanceof ApiFeil)) throw e;
  if (e.status >= 500) throw redirect(`/dokument-opptatt?${new URLSearchParams({ tilbake })}`);
  throw new Response(e.melding ?? ikkeFunnet, { status: e.status === 403 ? 403 : 404 });
}

/**
 * A notification's document for the chosen importer (the receipt PDF, the evidence pack ZIP): the import
 * API's `…/{id}/{del}` streamed on once its first bytes show it is one. No notifications without the flag
 * (SPEC §6), so no documents either (404 `ikkeFunnet`); another organisation or importer in the address is
 * 403.
 */
export async function meldingsdokument(
  { request, context, params }: LoaderFunctionArgs,
  dokument: { del: string; format: "pdf" | "zip"; ikkeFunnet: string },
): Promise<Response> {
  const { api, avgiver } = await requireVirksomhet(request, context);
  if (!(await hentFlagg(request, context)).visImportmelding)
    throw new Response(dokument.ikkeFunnet, { status: 404 });
  const { orgnr, importerId, id } = params;
  if (
    orgnr !== avgiver.organisasjonsnummer ||
    importerId !== String(avgiver.importoerId) ||
    !/^\d+$/.test(id ?? "")
  ) {
    throw new Response("Ingen tilgang", { status: 403 });
  }
  try {
    const res = await api.getRaw(`/import/importmelding/v2/${orgnr}/${importerId}/${id}/${dokument.del}`, {
      headers: { Accept: dokument.format === "pdf" ? "application/pdf" : "application/zip" },
      signal: request.signal,
      redirectOn401: loginUrl(request),
    });
    return await videresendDokument(res, dokument.format);
  } catch (e) {
    return dokumentFeil(e, `/importmelding/${id}`, dokument.ikkeFunnet);
  }
}
