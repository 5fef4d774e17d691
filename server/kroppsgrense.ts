// Size limits before reading (issue 22): a post to the web app whose Content-Length is larger than a form
// can be is refused with 413 before a byte of it is read into the app, and the connection is closed soon
// after instead of draining the rest. A visitor without a stored session (no cookie, or an anonymous one) may post only a few kB. A
// body without Content-Length goes on to the app, which counts it while it streams (lesSkjema,
// app/lib/skjemagrense.server.ts). The import API has its own limits (api/index.ts), and so has the Hub's
// certificate intake (10 MB).
import { createCookie } from "@remix-run/node";
import type { NextFunction, Request, Response } from "express";
import { sessionCookieName } from "../app/lib/session.server";
import { ANONYMT_SKJEMA_MAKS_BYTES, forStortTekst, SKJEMA_MAKS_BYTES } from "../app/lib/skjemagrense.server";
import type { Config } from "./config";

export function kroppsgrense(config: Config) {
  const sesjon = createCookie(sessionCookieName(config.secureCookies), { secrets: [config.sessionSecret] });
  // After the answer the rest of the body is read and dropped for a moment, so the client gets the answer
  // (closing a connection with unread data resets it, and the answer may be lost), then the connection is
  // closed: at most a megabyte or two seconds more, whatever the body's declared size (the probe's 200 MB).
  const avvis = (req: Request, res: Response, grense: number) => {
    res.status(413).type("text/plain; charset=utf-8").send(forStortTekst(grense));
    let lest = 0;
    const steng = () => req.socket.destroy();
    const frist = setTimeout(steng, 2000);
    frist.unref();
    req.on("data", (d: Buffer) => {
      lest += d.length;
      if (lest > 4 * SKJEMA_MAKS_BYTES) steng();
    });
    req.on("end", () => clearTimeout(frist));
    req.on("close", () => clearTimeout(frist));
    req.resume();
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const lengde = Number(req.headers["content-length"] ?? Number.NaN);
    // small, or unknown (the app counts it while it streams)
    if (!(lengde > ANONYMT_SKJEMA_MAKS_BYTES)) return next();
    if (lengde > SKJEMA_MAKS_BYTES) return avvis(req, res, SKJEMA_MAKS_BYTES);
    // between the two: only for a visitor with a stored session (the signed cookie's id, no lookup)
    sesjon
      .parse(req.headers.cookie ?? null)
      .then(
        (id: unknown) =>
          typeof id === "string" && id !== "" && !id.startsWith("a.")
            ? next()
            : avvis(req, res, ANONYMT_SKJEMA_MAKS_BYTES),
        next,
      );
  };
}
