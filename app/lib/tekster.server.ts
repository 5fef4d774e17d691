// The request's language and the messages a page sends the browser (docs/sprak.md, ADR 048). The language is
// read from the request alone, at no cost per request: the language cookie (set when the person chooses,
// and at login from their stored preference, app/lib/sprakvalg.server.ts), else the browser's Accept-Language,
// else bokmål. Never the database.
import { createHash } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { kompilerteMeldinger, oversetter } from "../../sprak/katalog.server";
import type { Navnerom } from "../../sprak/navnerom";
import type { T, Tekster } from "../../sprak/oversetter";
import { erSprak, type Sprak, sprakFraAcceptLanguage } from "../../sprak/sprak";
import { type FellesRef, fellesUrl, registrerFelles } from "../components/fellestekster";
import { lesCookie, settCookie } from "./preferanser.server";
import { RUTETEKSTER } from "./rutetekster.server";

export const SPRAK_COOKIE = "sprak";

/** The language cookie: the language and when it was chosen (epoch ms; the newest choice wins at login). */
export interface SprakCookie {
  sprak: Sprak;
  valgt: number;
}

export async function lesSprakCookie(request: Request): Promise<SprakCookie | undefined> {
  const v = (await lesCookie(request, SPRAK_COOKIE)) as Partial<SprakCookie> | null;
  return v && erSprak(v.sprak) && typeof v.valgt === "number"
    ? { sprak: v.sprak, valgt: v.valgt }
    : undefined;
}

export function settSprakCookie(verdi: SprakCookie, context: AppLoadContext): Promise<string> {
  return settCookie(SPRAK_COOKIE, verdi, context);
}

const perForespoersel = new WeakMap<Request, Promise<Sprak>>();

/** The request's language: the chosen one (cookie), else Accept-Language's, else bokmål. */
export function sprakFor(request: Request): Promise<Sprak> {
  let sprak = perForespoersel.get(request);
  if (!sprak) {
    sprak = lesSprakCookie(request).then(
      (c) => c?.sprak ?? sprakFraAcceptLanguage(request.headers.get("Accept-Language")),
    );
    perForespoersel.set(request, sprak);
  }
  return sprak;
}

const teksterCache = new Map<string, Tekster>();

/**
 * The compiled messages of `navnerom` in `sprak`: one object per language and set of namespaces, made on first
 * use and shared by every request after it (the catalogues do not change while the process runs), so a request
 * costs no merging. Never mutated: the loaders only serialise it.
 */
export function teksterForSprak(sprak: Sprak, navnerom: readonly Navnerom[]): Tekster {
  const noekkel = `${sprak}|${navnerom.join(",")}`;
  let tekster = teksterCache.get(noekkel);
  if (!tekster) {
    tekster = { sprak, meldinger: Object.assign({}, ...navnerom.map((n) => kompilerteMeldinger(sprak, n))) };
    teksterCache.set(noekkel, tekster);
  }
  return tekster;
}

/**
 * What a route's loader adds to its data so the page can speak the request's language:
 * `return { ...data, ...(await tekster(request, "innlogging")) }`. The root sends "felles" (the shell and the
 * shared components); a route sends its own namespaces, and "validering" where it has a form. Both by
 * reference to their file (ADR 069, ADR 080): the server renders from the same messages, in memory.
 */
export async function tekster(request: Request, ...navnerom: Navnerom[]): Promise<{ tekster: FellesRef }> {
  return { tekster: teksterfil(await sprakFor(request), navnerom).ref };
}

/**
 * The messages of a route by its id (app/lib/rutetekster.server.ts), and `ekstra` namespaces when the page needs
 * them at times: `...(await ruteTekster(request, "routes/sertifikater"))`. The shell's file names the route's
 * file, so a client navigation fetches it with its data (ADR 080).
 */
export function ruteTekster(
  request: Request,
  rute: keyof typeof RUTETEKSTER,
  ...ekstra: Navnerom[]
): Promise<{ tekster: FellesRef }> {
  return tekster(request, ...RUTETEKSTER[rute], ...ekstra);
}

/** The translator of the request's language, for text a loader or action makes on the server. */
export async function oversetterFor(request: Request): Promise<T> {
  return oversetter(await sprakFor(request));
}

const filer = new Map<string, { ref: FellesRef; json: string }>();

/**
 * The messages of `navnerom` in `sprak` as their file: its reference (the name, with the content's hash) and
 * body, made once per language and set of namespaces (at most the routes' few sets × 3 languages).
 */
export function teksterfil(sprak: Sprak, navnerom: readonly Navnerom[]): { ref: FellesRef; json: string } {
  const noekkel = `${sprak}|${navnerom.join(",")}`;
  let fil = filer.get(noekkel);
  if (!fil) {
    const tekster = teksterForSprak(sprak, navnerom);
    // the shell's file names each route's file in its language (entry.client.tsx fetches a client navigation's
    // with its data, ADR 080); the server renders without them
    const json = JSON.stringify(
      navnerom.join() === "felles" ? { ...tekster, filer: rutefiler(sprak) } : tekster,
    );
    const hash = createHash("sha256").update(json).digest("base64url").slice(0, 12);
    const ref = { fil: `${navnerom.join("+")}.${sprak}.${hash}` };
    registrerFelles(ref, tekster);
    fil = { ref, json };
    filer.set(noekkel, fil);
  }
  return fil;
}

/**
 * The file for a name from a request (app/routes/tekster.$fil.tsx): the one a loader made, else (a page of
 * another build asking for a set this process has not made yet) its body made for this request and kept
 * nowhere, so made-up names cost no memory. The shell's is always made.
 */
export function teksterfilForNavn(
  sprak: Sprak,
  navnerom: readonly Navnerom[],
): { ref?: FellesRef; json: string } {
  if (navnerom.length === 1 && navnerom[0] === "felles") return fellesfil(sprak);
  return (
    filer.get(`${sprak}|${navnerom.join(",")}`) ?? {
      json: JSON.stringify({
        sprak,
        meldinger: Object.assign({}, ...navnerom.map((n) => kompilerteMeldinger(sprak, n))),
      }),
    }
  );
}

/** Each route's file in `sprak` by route id (the shell's file carries them, ADR 080). */
export function rutefiler(sprak: Sprak): Record<string, string> {
  return Object.fromEntries(
    Object.entries(RUTETEKSTER).map(([id, navnerom]) => [id, teksterfil(sprak, navnerom).ref.fil]),
  );
}

/** The shell's messages in `sprak` as their file (ADR 069). */
export const fellesfil = (sprak: Sprak) => teksterfil(sprak, ["felles"]);

/**
 * What the root loader sends for the shell's messages: the reference to their file in the request's language
 * (app/components/fellestekster.ts, ADR 069). The server renders from the same messages, in memory.
 */
export async function fellesRef(request: Request): Promise<{ tekster: FellesRef }> {
  return { tekster: fellesfil(await sprakFor(request)).ref };
}

/**
 * The page's `Link` header: its routes' message files preloaded with the page (ADR 080), so the browser has
 * fetched them when hydration needs them instead of asking after the JavaScript has run (the shell's file is
 * preloaded by the head, app/root.tsx). `crossorigin` (anonymous) makes the preload the same request as the
 * page's `fetch` of the file (CORS mode, same-origin credentials), so that fetch takes it. No client bytes.
 */
export function tekstlenker(loaderData: Record<string, unknown>): string | undefined {
  const lenker = Object.entries(loaderData).flatMap(([id, data]) => {
    const fil = id === "root" ? undefined : (data as { tekster?: Partial<FellesRef> } | null)?.tekster?.fil;
    return typeof fil === "string" ? [`<${fellesUrl({ fil })}>; rel=preload; as=fetch; crossorigin`] : [];
  });
  return lenker.length > 0 ? lenker.join(", ") : undefined;
}
