// The route pattern a request belongs to, for the request log and the metrics: `/importmelding/:id/registrert`,
// not `/importmelding/1017/registrert`, so a log line names no user's data and the metrics have one series per
// route instead of one per URL.
import type { ServerBuild } from "@remix-run/node";
import { type AgnosticRouteObject, matchRoutes } from "@remix-run/router";
import type { Request, Response } from "express";

type RemixRute = ServerBuild["routes"][string];

/** A function from a path to the Remix route pattern it matches (undefined: no route). */
export function remixRutefinner(build: ServerBuild): (sti: string) => string | undefined {
  const barn = new Map<string | undefined, RemixRute[]>();
  for (const rute of Object.values(build.routes)) {
    barn.set(rute.parentId, [...(barn.get(rute.parentId) ?? []), rute]);
  }
  const tre = (forelder: string | undefined): AgnosticRouteObject[] =>
    (barn.get(forelder) ?? []).map((r) =>
      r.index
        ? { id: r.id, index: true, path: r.path }
        : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: tre(r.id) },
    );
  const ruter = tre(undefined);
  const finn = (sti: string) => {
    // Single fetch asks for a page's data at `<path>.data` (`/_root.data` for the root).
    const side = sti === "/_root.data" ? "/" : sti.replace(/\.data$/, "");
    const treff = matchRoutes(ruter, side);
    if (!treff || treff.length === 0) return undefined;
    const deler = treff.map((m) => m.route.path).filter((p): p is string => !!p && p !== "/");
    return `/${deler.join("/")}`.replace(/\/+/g, "/");
  };
  // matchRoutes ranks and compiles every route on each call (a tenth of a trivial page's CPU, issue 35 item 2):
  // the answers for the paths seen last are kept, at most HUSKEDE_STIER of them, so the memory is bounded
  // whatever paths a client makes up.
  const husket = new Map<string, string | undefined>();
  return (sti) => {
    if (husket.has(sti)) return husket.get(sti);
    const svar = finn(sti);
    if (husket.size >= HUSKEDE_STIER) husket.delete(husket.keys().next().value as string);
    husket.set(sti, svar);
    return svar;
  };
}

const HUSKEDE_STIER = 1000;

/**
 * The route of a finished response: what a part of the server named (res.locals.rute), else the Express route
 * that answered (the import API's routers declare whole paths), else "ukjent".
 */
export function ruteFor(req: Request, res: Response): string {
  const satt = res.locals?.rute;
  if (typeof satt === "string") return satt;
  const sti = req.route?.path;
  if (typeof sti === "string") return `${req.baseUrl ?? ""}${sti}`;
  return "ukjent";
}
