// Form posts are read within a size fitting a form (issue 22): a few hundred kB for a logged-in user (the
// largest forms are free-text answers to the authority), a few kB for a visitor without a session (the
// cookie banner), checked from Content-Length before anything is read and counted while the body streams,
// so an oversized post is refused with 413 after reading at most the limit. server/kroppsgrense.ts checks
// Content-Length already before the app; this is the check that also holds for a body without one.

/** The largest form a logged-in user may post. */
export const SKJEMA_MAKS_BYTES = 256 * 1024;
/** The largest form a visitor without a session may post (the cookie banner's choice and its token). */
export const ANONYMT_SKJEMA_MAKS_BYTES = 8 * 1024;

export const kB = (bytes: number) => `${Math.round(bytes / 1024)} kB`;

export const forStortTekst = (grense: number) =>
  `Skjemaet er for stort (største tillatte størrelse er ${kB(grense)}). Gjør teksten kortere og prøv igjen.`;

/** The 413 answer, in Norwegian (the ErrorBoundary shows it as 'Skjemaet er for stort'). */
export function forStortSkjema(grense: number): Response {
  return new Response(forStortTekst(grense), {
    status: 413,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * The request's form, read within `grense` bytes: 413 when Content-Length says more, or when the body
 * grows past it while it streams (the rest is not read).
 */
export async function lesBegrensetSkjema(request: Request, grense: number): Promise<FormData> {
  const lengde = Number(request.headers.get("Content-Length") ?? Number.NaN);
  if (lengde > grense) throw forStortSkjema(grense);
  const deler: Uint8Array[] = [];
  let lest = 0;
  if (request.body) {
    const leser = request.body.getReader();
    for (;;) {
      const { done, value } = await leser.read();
      if (done) break;
      lest += value.byteLength;
      if (lest > grense) {
        // The rest is not read. The stream (and with it the connection) is ended a moment later, when the
        // answer has gone: ending it now would reset the connection before the client has the answer.
        setTimeout(() => leser.cancel().catch(() => {}), 1000).unref();
        throw forStortSkjema(grense);
      }
      deler.push(value);
    }
  }
  return new Response(Buffer.concat(deler), {
    headers: { "Content-Type": request.headers.get("Content-Type") ?? "" },
  }).formData();
}
