import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { komprimertSide, valgtKoding } from "./sidekomprimering.server";

const side = () =>
  new Uint8Array(Buffer.from(`<!DOCTYPE html><html>${"<p>Sertifikat</p>".repeat(400)}</html>`));
const foresp = (aksept?: string, method = "GET") =>
  new Request("http://x/sertifikater", {
    method,
    headers: aksept === undefined ? {} : { "Accept-Encoding": aksept },
  });

describe("valgtKoding", () => {
  it.each([
    [null, undefined],
    ["", undefined],
    ["identity", undefined],
    ["deflate", undefined],
    ["gzip", "gzip"],
    ["gzip, deflate", "gzip"],
    ["gzip, deflate, br", "br"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=1, br;q=0.5", "gzip"],
    ["br;q=0.5, gzip;q=0.5", "br"],
    ["*", "br"],
    ["*;q=0.5, gzip", "gzip"],
    ["identity;q=1, gzip;q=0.5", undefined],
    ["gzip;q=0", undefined],
    ["GZIP", "gzip"],
  ])("%s → %s", (aksept, koding) => {
    expect(valgtKoding(aksept)).toBe(koding);
  });
});

describe("komprimertSide", () => {
  it("gzip i ett kall på nivå 1, med Content-Encoding og Vary", () => {
    const h = new Headers({ "Content-Type": "text/html; charset=utf-8" });
    const s = side();
    const ut = komprimertSide(foresp("gzip, deflate"), h, s);
    expect(h.get("Content-Encoding")).toBe("gzip");
    expect(h.get("Vary")).toBe("Accept-Encoding");
    expect(ut.length).toBeLessThan(s.length / 5);
    expect(gunzipSync(ut).equals(Buffer.from(s))).toBe(true);
  });

  it("brotli når klienten tar det", () => {
    const h = new Headers();
    const s = side();
    const ut = komprimertSide(foresp("gzip, deflate, br"), h, s);
    expect(h.get("Content-Encoding")).toBe("br");
    expect(brotliDecompressSync(ut).equals(Buffer.from(s))).toBe(true);
  });

  it("ukomprimert uten Accept-Encoding, men Vary likevel (én gang)", () => {
    const h = new Headers({ Vary: "Cookie, accept-encoding" });
    const s = side();
    expect(komprimertSide(foresp(), h, s)).toBe(s);
    expect(h.get("Content-Encoding")).toBeNull();
    expect(h.get("Vary")).toBe("Cookie, accept-encoding");
  });

  it("HEAD, en liten side, no-transform og en side som alt er kodet, røres ikke", () => {
    const s = side();
    const h1 = new Headers();
    expect(komprimertSide(foresp("gzip", "HEAD"), h1, s)).toBe(s);
    expect(h1.get("Content-Encoding")).toBeNull();
    const liten = new Uint8Array(Buffer.from("<p>kort</p>"));
    expect(komprimertSide(foresp("gzip"), new Headers(), liten)).toBe(liten);
    const h2 = new Headers({ "Cache-Control": "private, no-transform" });
    expect(komprimertSide(foresp("gzip"), h2, s)).toBe(s);
    expect(h2.get("Content-Encoding")).toBeNull();
    const h3 = new Headers({ "Content-Encoding": "br" });
    expect(komprimertSide(foresp("gzip"), h3, s)).toBe(s);
    expect(h3.get("Content-Encoding")).toBe("br");
  });
});
