// Compression (issue 13 goal 4, docs/decisions/015-performance.md): static files are compressed once at
// build time (brotli and gzip next to each file) and served as they are; HTML is compressed as one stream
// without a flush per chunk; the app's own calls to the API ask for no compression.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { NextFunction, Request, Response } from "express";

/** Files worth compressing: text formats above a size where the headers would eat the gain. */
const KOMPRIMERBAR = /\.(js|mjs|css|svg|json|html|txt|xml|map|webmanifest)$/;
const MINSTE_STOERRELSE = 512;

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) for every compressible file under `rot` that
 * has no copy as new as itself.
 */
export function forhaandskomprimer(rot: string): number {
  let antall = 0;
  for (const navn of readdirSync(rot)) {
    const fil = path.join(rot, navn);
    const st = statSync(fil);
    if (st.isDirectory()) {
      antall += forhaandskomprimer(fil);
      continue;
    }
    if (!KOMPRIMERBAR.test(navn) || st.size < MINSTE_STOERRELSE) continue;
    if (erNyere(`${fil}.br`, st.mtimeMs) && erNyere(`${fil}.gz`, st.mtimeMs)) continue;
    const innhold = readFileSync(fil);
    writeFileSync(
      `${fil}.br`,
      brotliCompressSync(innhold, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: innhold.length,
        },
      }),
    );
    writeFileSync(`${fil}.gz`, gzipSync(innhold, { level: 9 }));
    antall++;
  }
  return antall;
}

function erNyere(fil: string, mtimeMs: number): boolean {
  try {
    return statSync(fil).mtimeMs >= mtimeMs;
  } catch {
    return false;
  }
}

const INNHOLDSTYPE: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
};

/** The encodings the client accepts with a non-zero quality, in lower case. */
function godtatteKodinger(header: string | undefined): Set<string> {
  const godtatt = new Set<string>();
  for (const del of (header ?? "").split(",")) {
    const [navn, ...parametre] = del.trim().toLowerCase().split(";");
    if (!navn) continue;
    const q = parametre.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q && Number(q.slice(2)) === 0) continue;
    godtatt.add(navn);
  }
  return godtatt;
}

/**
 * Put in front of express.static for `rot`: when the client accepts brotli or gzip and the build wrote a
 * compressed copy, the request is pointed at that copy with its Content-Encoding and the original's
 * Content-Type, so nothing is compressed per request.
 */
export function ferdigKomprimert(rot: string) {
  const base = path.resolve(rot);
  const finnes = new Map<string, boolean>();
  const harFil = (fil: string) => {
    let svar = finnes.get(fil);
    if (svar === undefined) {
      try {
        svar = statSync(fil).isFile();
      } catch {
        svar = false;
      }
      finnes.set(fil, svar);
    }
    return svar;
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let sti: string;
    try {
      sti = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const type = INNHOLDSTYPE[path.extname(sti)];
    if (!type) return next();
    const fil = path.join(base, sti);
    if (!fil.startsWith(base + path.sep)) return next();
    res.vary("Accept-Encoding");
    const godtatt = godtatteKodinger(req.headers["accept-encoding"]);
    for (const [koding, endelse] of [
      ["br", ".br"],
      ["gzip", ".gz"],
    ] as const) {
      if (!godtatt.has(koding) || !harFil(fil + endelse)) continue;
      res.setHeader("Content-Type", type);
      res.setHeader("Content-Encoding", koding);
      req.url = req.url.replace(/^([^?]*)/, `$1${endelse}`);
      break;
    }
    next();
  };
}

/**
 * Remix writes the HTML stream chunk by chunk and calls `res.flush()` after each when it exists; the
 * compression middleware's flush ends a deflate block every time, which made the gzip HTML 3.3× larger than
 * compressing it whole. Without `flush` the compressor sees the whole page.
 */
export function utenFlushPerBit(_req: Request, res: Response, next: NextFunction) {
  delete (res as Partial<Pick<Response & { flush: () => void }, "flush">>).flush;
  next();
}
