// A rendered page is compressed here, in one synchronous call on the whole buffer, not by the compression
// middleware's stream (issue 35 item 2, ADR 087): the page is already one buffer (entry.server.tsx `samlet`),
// and a zlib stream per response costs a native handle, a round trip through libuv's thread pool and the
// stream machinery on top of the compression itself — about 0.1–0.15 ms of CPU per page, more than gzip level
// 1 of a 30 KB page. The middleware (server/web.ts) still compresses everything else, and leaves an answer that
// already has a Content-Encoding as it is. Same levels as there: brotli quality 3, gzip level 1 (ADR 062, 074).
import zlib from "node:zlib";

export const BROTLI_KVALITET = 3;
export const GZIP_NIVAA = 1;
/** The middleware's threshold: below it the headers eat the gain. */
const MINSTE_STOERRELSE = 1024;

type Koding = "br" | "gzip";

/**
 * The encoding to answer with, as the middleware's negotiator chooses it: the highest quality among brotli and
 * gzip (brotli on a tie), unless `identity` is preferred (an unnamed `identity` counts as the lowest quality
 * named); `*` stands for what is not named. No header: no compression.
 */
export function valgtKoding(header: string | null): Koding | undefined {
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const del of header.split(",")) {
    const [navn, ...parametre] = del.trim().toLowerCase().split(";");
    if (!navn) continue;
    const kvalitet = parametre.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const verdi = kvalitet ? Number(kvalitet.slice(2)) : 1;
    q.set(navn, Number.isNaN(verdi) ? 0 : verdi);
  }
  if (q.size === 0) return undefined;
  const stjerne = q.get("*");
  const av = (navn: string) => q.get(navn) ?? stjerne ?? 0;
  const identitet = q.get("identity") ?? stjerne ?? Math.min(...q.values());
  const best: Koding = av("br") >= av("gzip") ? "br" : "gzip";
  return av(best) > 0 && av(best) >= identitet ? best : undefined;
}

/**
 * The body to send for a rendered page: compressed in one call when the client accepts brotli or gzip (setting
 * Content-Encoding and Vary on `headers`), else the page itself. A HEAD answer, a small page and a route's
 * `Cache-Control: no-transform` are left as they are, as the middleware leaves them.
 */
export function komprimertSide(
  request: Request,
  headers: Headers,
  side: Uint8Array<ArrayBuffer>,
): Uint8Array<ArrayBuffer> {
  if (request.method === "HEAD" || side.length < MINSTE_STOERRELSE || headers.has("Content-Encoding"))
    return side;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(headers.get("Cache-Control") ?? "")) return side;
  const vary = headers.get("Vary");
  if (!vary || !/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) headers.append("Vary", "Accept-Encoding");
  const koding = valgtKoding(request.headers.get("Accept-Encoding"));
  if (!koding) return side;
  headers.set("Content-Encoding", koding);
  const ut =
    koding === "br"
      ? zlib.brotliCompressSync(side, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_KVALITET,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: side.length,
          },
        })
      : zlib.gzipSync(side, { level: GZIP_NIVAA });
  return new Uint8Array(ut.buffer as ArrayBuffer, ut.byteOffset, ut.length);
}
