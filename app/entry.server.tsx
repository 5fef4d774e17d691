import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import pino, { type Logger } from "pino";
import { renderToPipeableStream } from "react-dom/server";
import { manglerTekst, type VedMangler } from "../sprak/oversetter";
import { harSkjemafeil, SkjemafeilContext } from "./components/feiltittel";
import { NonceContext } from "./components/nonce";
import { ReservetekstContext, VedManglerContext } from "./components/sprak";
import { komprimertSide } from "./lib/sidekomprimering.server";
import { sprakFor, teksterForSprak, tekstlenker } from "./lib/tekster.server";

/** Single fetch: promises in loader data not settled by then are rejected (none are used today). */
export const streamTimeout = 5_000;

/**
 * Pages and loader data carry the user's data and the session's CSRF token: no cache anywhere may keep
 * them (shared caches, the browser's disk, Back after logout). Routes may set their own.
 */
function ingenLagring(headers: Headers): void {
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
}

/**
 * 405 is Remix's answer to a post (PUT, DELETE …) to a page without an action: such a page takes only GET and
 * HEAD, and HTTP asks the answer to say so.
 */
function tillatteMetoder(status: number, headers: Headers): void {
  if (status === 405) headers.set("Allow", "GET, HEAD");
}

export function handleDataRequest(response: Response): Response {
  ingenLagring(response.headers);
  tillatteMetoder(response.status, response.headers);
  return response;
}

/**
 * Errors in loaders, actions and rendering go to the JSON log as one line, the stack in its `err` field (Remix's
 * default writes the bare stack to stderr, many lines that are not JSON). A 4xx Remix answers itself (405 for
 * a post to a page without an action, 404 for no route) is no error of the service: the request line logs its
 * status, and there is nothing more to say (issue 34 item 6). A request the client gave up is not logged.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  loggFeil(context, error);
};

let standardlogg: Logger | undefined;

/**
 * The request's log (server/web.ts gives every request one). A context without one (a loader called from a
 * test) gets a JSON log of the same shape as server/logg.ts, made the first time it is needed.
 */
function logg(context: AppLoadContext): Logger {
  if (context.logger) return context.logger;
  standardlogg ??= pino({
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  });
  return standardlogg;
}

function loggFeil(context: AppLoadContext, error: unknown): void {
  logg(context).error({ err: error }, "Feil i siden");
}

/** What React writes into `pipe`, as one buffer when it ends. */
function samlet(
  ferdig: (side: Uint8Array<ArrayBuffer>) => void,
  feil: (e: unknown) => void,
  pipe: (w: Writable) => void,
): void {
  const biter: Buffer[] = [];
  const ut = new Writable({
    // No 'close' after 'finish': React's pipe listens for it and would abort the finished render, ending the
    // stream a second time (a Node error object with its stack per page, ~1 % of a page's CPU, ADR 080).
    emitClose: false,
    write(bit: Buffer, _koding, neste) {
      biter.push(bit);
      neste();
    },
  });
  ut.on("finish", () => {
    const side = Buffer.concat(biter);
    // a view of the same bytes (Buffer.concat of a page's size allocates its own ArrayBuffer), not a copy
    ferdig(new Uint8Array(side.buffer as ArrayBuffer, side.byteOffset, side.length));
  });
  ut.on("error", feil);
  pipe(ut);
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  // The shell's messages for a page whose root loader failed (its error page has no loader data): ADR 047.
  const reserve = teksterForSprak(await sprakFor(request), ["felles"]);
  // A missing message in the page: an error line in the request's log (in the browser: iNettleseren).
  const vedMangler: VedMangler = (id, sprak) =>
    logg(loadContext).error({ tekst: id, sprak }, manglerTekst(id, sprak));
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let tidsfrist: NodeJS.Timeout | undefined;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ReservetekstContext.Provider value={reserve}>
          <VedManglerContext.Provider value={vedMangler}>
            <SkjemafeilContext.Provider value={harSkjemafeil(remixContext.staticHandlerContext.actionData)}>
              <RemixServer context={remixContext} url={request.url} nonce={nonce} />
            </SkjemafeilContext.Provider>
          </VedManglerContext.Provider>
        </ReservetekstContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        // The whole page before the first byte, for every client: a part of it in a Suspense boundary (a lazy
        // component, ADR 025) would otherwise come later with a script to put it in place, which a browser
        // without JavaScript never runs. No loader streams deferred data, so nothing waits longer for this.
        onAllReady() {
          shellRendered = true;
          // Everything is rendered: nothing left to abort, and the timer would keep the render alive for 6 s.
          clearTimeout(tidsfrist);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          ingenLagring(responseHeaders);
          tillatteMetoder(responseStatusCode, responseHeaders);
          const lenker = tekstlenker(remixContext.staticHandlerContext.loaderData);
          if (lenker) responseHeaders.append("Link", lenker);
          const status = responseStatusCode;
          // The page is rendered: React writes it in 2 KB pieces, and each went through a stream, the response
          // body, the compressor and the socket on its own. As one buffer it is compressed and written once
          // (half the gzip CPU of a page, ADR 074); the first byte leaves no later, the page being ready.
          // Compressed here in one call, not by the middleware's stream (ADR 087).
          samlet(
            (side) =>
              resolve(
                new Response(komprimertSide(request, responseHeaders, side), {
                  headers: responseHeaders,
                  status,
                }),
              ),
            reject,
            pipe,
          );
        },
        onShellError(error: unknown) {
          clearTimeout(tidsfrist);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loggFeil(loadContext, error);
        },
      },
    );
    // React gets a second after streamTimeout to send the rejected boundaries' content before it stops.
    tidsfrist = setTimeout(abort, streamTimeout + 1_000);
  });
}
