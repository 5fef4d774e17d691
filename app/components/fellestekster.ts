// A page's messages as immutable JSON files per set of namespaces, language and content (ADR 069, ADR 080),
// not in every page's loader data: the root loader sends a reference to the shell's ("felles": header, menu,
// footer, cookie banner, error panels, shared components), each route one to its own namespaces (`tekster`);
// a reference is the file's name, /tekster/<namespaces>.<sprak>.<hash>.json. The page preloads the shell's file
// in its head and the browser puts it in this registry before it hydrates (entry.client.tsx); a route's file
// is fetched when a render first needs it (the render waits, React Suspense). The server puts the same
// messages there itself when it makes a reference (app/lib/tekster.server.ts), so server and browser render
// from the same messages. Data, not code, as the loader data was. Small and without the catalogues: the
// browser imports it.
import type { Tekster } from "../../sprak/oversetter";

/** What a loader sends instead of messages: the name of their file, `<namespaces>.<sprak>.<hash>`. */
export interface FellesRef {
  fil: string;
}

/** Messages by their file's address. */
const register = new Map<string, Tekster | undefined>();

/** The file's address; immutable (its name changes with its content). */
export const fellesUrl = (ref: FellesRef) => `/tekster/${ref.fil}.json`;

/** The id of the page's preload link, which entry.client.tsx reads the address from. */
export const FELLES_LENKE_ID = "fellestekster";

/** The server's side: the messages it renders with, under the reference it sends. */
export function registrerFelles(ref: FellesRef, tekster: Tekster): void {
  register.set(fellesUrl(ref), tekster);
}

const lasting = new Map<string, Promise<void>>();

/**
 * Loads a file into the registry (at hydration, or a language chosen with a client navigation). A file that
 * fails is registered as nothing: the page shows its texts' ids rather than waiting for ever.
 */
export function lastFelles(url: string): Promise<void> {
  let p = lasting.get(url);
  if (!p) {
    p = fetch(url)
      .then((svar) => (svar.ok ? svar.json() : undefined))
      .catch(() => undefined)
      .then((tekster?: Tekster) => {
        register.set(url, tekster);
      });
    lasting.set(url, p);
  }
  return p;
}

/**
 * Starts loading the files of a client navigation's routes (entry.client.tsx, ADR 080): the shell's file (`felles`,
 * the root's reference) names each route's file by route id, so a route's file is fetched with the page's data
 * instead of after it has named it.
 */
export function lastRutefiler(felles: FellesRef | undefined, ruter: readonly string[]): void {
  const filer =
    felles && (register.get(fellesUrl(felles)) as { filer?: Record<string, string> } | undefined)?.filer;
  for (const id of ruter) {
    const fil = filer?.[id];
    if (fil) lastFelles(fellesUrl({ fil }));
  }
}

/**
 * The messages of `ref`. In the browser, when they are not loaded yet (a route's file the page has not
 * fetched, or the language was changed by a client navigation), the render waits for them (React Suspense:
 * hydration keeps the server's HTML, a navigation's transition the old page, until the texts are there).
 */
export function fellestekster(ref: FellesRef): Tekster | undefined {
  const url = fellesUrl(ref);
  if (register.has(url) || typeof document === "undefined") return register.get(url);
  throw lastFelles(url);
}
