// Compression over HTTP against the whole service on the production build (issue 13 goal 4, ADR 015):
// static files are served from the brotli/gzip copies the build wrote, byte for byte (nothing compressed
// per request); HTML is compressed as one stream, not chunk by chunk. Runs after `npm run build`
// (`npm run test:bygg`).
import fs, { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import path from "node:path";
import type { Transform } from "node:stream";
import zlib, {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  createGzip,
  gunzipSync,
  gzipSync,
} from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../server/config";
import { type StartedServer, startServer } from "../../server/index";

const buildDir = process.env.BUILD_DIR ?? "build";
const assets = path.resolve(buildDir, "client", "assets");

async function ledigPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

interface RaattSvar {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** GET without any decoding (fetch would unpack the body and hide what was sent). */
function hentRaatt(url: string, headers: Record<string, string>): Promise<RaattSvar> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const biter: Buffer[] = [];
      res.on("data", (b: Buffer) => biter.push(b));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(biter) }),
      );
      res.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}

describe("komprimering i den kjørende tjenesten", () => {
  let server: StartedServer;
  let base: string;
  const dataDir = path.resolve(".cache/ytelse-komprimering");

  beforeAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    const port = await ledigPort();
    base = `http://127.0.0.1:${port}`;
    // The embedded API, ID-porten and PGlite, whatever the shell has set.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: base,
      DATA_DIR: path.join(dataDir, "pglite"),
      NODE_ENV: "production",
      DEMO_MODE: "true",
      SESSION_SECRET: "ytelse-komprimering",
    };
    for (const k of ["DATABASE_URL", "IMPORT_API_URL", "OIDC_ISSUER"]) delete env[k];
    server = await startServer(loadConfig(env));
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const stoersteJs = () =>
    readdirSync(assets)
      .filter((f) => f.endsWith(".js"))
      .sort(
        (a, b) => readFileSync(path.join(assets, b)).length - readFileSync(path.join(assets, a)).length,
      )[0]!;

  it("bygget har brotli- og gzip-kopier av JavaScript og CSS", () => {
    const filer = readdirSync(assets);
    for (const f of filer.filter(
      (f) => /\.(js|css)$/.test(f) && readFileSync(path.join(assets, f)).length > 512,
    )) {
      expect(filer, f).toContain(`${f}.br`);
      expect(filer, f).toContain(`${f}.gz`);
    }
  });

  it("brotli: kopien fra bygget sendes som den er, med riktig innholdstype", async () => {
    const fil = stoersteJs();
    const svar = await hentRaatt(`${base}/assets/${fil}`, { "Accept-Encoding": "gzip, deflate, br" });
    expect(svar.status).toBe(200);
    expect(svar.headers["content-encoding"]).toBe("br");
    expect(svar.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(svar.headers.vary).toMatch(/Accept-Encoding/i);
    expect(svar.headers["cache-control"]).toMatch(/immutable/);
    expect(svar.body.equals(readFileSync(path.join(assets, `${fil}.br`)))).toBe(true);
  });

  it("gzip når nettleseren ikke tar brotli, ukomprimert når den ikke tar noe", async () => {
    const fil = stoersteJs();
    const gz = await hentRaatt(`${base}/assets/${fil}`, { "Accept-Encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.body.equals(readFileSync(path.join(assets, `${fil}.gz`)))).toBe(true);
    const ingen = await hentRaatt(`${base}/assets/${fil}`, { "Accept-Encoding": "identity" });
    expect(ingen.headers["content-encoding"]).toBeUndefined();
    expect(ingen.body.equals(readFileSync(path.join(assets, fil)))).toBe(true);
    const avslaatt = await hentRaatt(`${base}/assets/${fil}`, { "Accept-Encoding": "br;q=0, gzip" });
    expect(avslaatt.headers["content-encoding"]).toBe("gzip");
  });

  it("CSS også, og en ukjent fil sendes ikke som JavaScript", async () => {
    const css = readdirSync(assets).find(
      (f) => f.endsWith(".css") && existsSync(path.join(assets, `${f}.br`)),
    )!;
    const svar = await hentRaatt(`${base}/assets/${css}`, { "Accept-Encoding": "br" });
    expect(svar.headers["content-type"]).toMatch(/^text\/css/);
    expect(svar.headers["content-encoding"]).toBe("br");
    // An unknown file goes on to the app (which sends unknown paths home), not as an encoded empty file.
    const mangler = await hentRaatt(`${base}/assets/finnes-ikke.js`, { "Accept-Encoding": "br" });
    expect(mangler.status).not.toBe(200);
    expect(mangler.headers["content-type"] ?? "").not.toMatch(/javascript/);
  });

  it("HTML komprimeres som én strøm: på størrelse med hele siden gzip-et på én gang (nivå 1)", async () => {
    const svar = await hentRaatt(`${base}/nyttig-info`, { "Accept-Encoding": "gzip" });
    expect(svar.status).toBe(200);
    expect(svar.headers["content-encoding"]).toBe("gzip");
    const html = gunzipSync(svar.body);
    expect(html.toString("utf8")).toContain("<!DOCTYPE html>");
    // Level 1, not the default 6: a little larger, much less CPU per page (ADR 062, ADR 074).
    const helt = gzipSync(html, { level: 1 }).length;
    // A flush per chunk adds a deflate block boundary per chunk (3.3× on the larger pages).
    expect(svar.body.length).toBeLessThanOrEqual(helt + 32);
    expect(svar.body.length).toBeGreaterThanOrEqual(helt - 32);
  });

  it("siden komprimeres i ett stykke, ikke i Reacts biter på 2 KB (ADR 074), og i ett kall, ikke en strøm (ADR 087)", async () => {
    const gzip: Transform = Object.getPrototypeOf(createGzip());
    const skriv = vi.spyOn(gzip, "write");
    const ettKall = vi.spyOn(zlib, "gzipSync");
    try {
      const svar = await hentRaatt(`${base}/nyttig-info`, { "Accept-Encoding": "gzip" });
      expect(svar.status).toBe(200);
      const html = gunzipSync(svar.body);
      expect(html.length).toBeGreaterThan(10_000);
      // the whole page in one synchronous call (app/lib/sidekomprimering.server.ts), no zlib stream for it
      expect(ettKall).toHaveBeenCalledTimes(1);
      expect(Buffer.from(ettKall.mock.calls[0]![0] as Uint8Array).equals(html)).toBe(true);
      expect(skriv).toHaveBeenCalledTimes(0);
    } finally {
      skriv.mockRestore();
      ettKall.mockRestore();
    }
  });

  it("HTML med brotli kvalitet 3 når nettleseren tar brotli", async () => {
    const svar = await hentRaatt(`${base}/nyttig-info`, { "Accept-Encoding": "gzip, deflate, br" });
    expect(svar.headers["content-encoding"]).toBe("br");
    const html = brotliDecompressSync(svar.body);
    expect(html.toString("utf8")).toContain("<!DOCTYPE html>");
    const kvalitet = (q: number) =>
      brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: q } }).length;
    expect(Math.abs(svar.body.length - kvalitet(3))).toBeLessThanOrEqual(64);
  });

  it("filene i build/client sendes, og en side slås ikke opp på disken (ADR 062)", async () => {
    for (const sti of [
      "/favicon.svg",
      "/logo.svg",
      "/dokumenter/kom-i-gang-med-digital-forhandsmelding.pdf",
    ]) {
      const svar = await hentRaatt(`${base}${sti}`, { "Accept-Encoding": "identity" });
      expect(svar.status, sti).toBe(200);
      expect(svar.body.equals(readFileSync(path.join(buildDir, "client", sti))), sti).toBe(true);
    }
    const stat = vi.spyOn(fs, "stat");
    try {
      const side = await hentRaatt(`${base}/nyttig-info`, { "Accept-Encoding": "identity" });
      expect(side.status).toBe(200);
      const fil = await hentRaatt(`${base}/favicon.svg`, { "Accept-Encoding": "identity" });
      expect(fil.status).toBe(200);
      const sett = stat.mock.calls.map(([p]) => String(p));
      expect(sett.some((p) => p.endsWith("favicon.svg"))).toBe(true);
      expect(sett.filter((p) => p.includes("nyttig-info"))).toEqual([]);
    } finally {
      stat.mockRestore();
    }
  });
});

it("bygget finnes (kjør `npm run build` først)", () => {
  expect(existsSync(assets), `${assets} mangler`).toBe(true);
});
