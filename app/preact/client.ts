// Stands in for react-dom/client in the browser build (vite.config.ts, ADR 024). The root renders the whole
// document, <html> included, but Preact's hydrate(document) hydrates into <html> and would nest a second
// one inside it. Handing Preact a parent whose only child is <html> lets it adopt the server's element.

import { hydrate } from "preact/compat";
import type { ReactNode } from "react";

export function hydrateRoot(container: Document, children: ReactNode): void {
  const rot = container.documentElement;
  const erstatt = (ny: Node) => container.replaceChild(ny, rot);
  const forelder = { childNodes: [rot], firstChild: rot, insertBefore: erstatt, appendChild: erstatt };
  hydrate(children as Parameters<typeof hydrate>[0], forelder as unknown as Parameters<typeof hydrate>[1]);
}
