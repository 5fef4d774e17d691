// The page's language in React (docs/sprak.md): the root layout puts a translator in context, made from the
// compiled messages the matched routes' loaders name (root: the shell's namespace "felles"; each route: its own;
// files, app/components/fellestekster.ts, app/lib/tekster.server.ts). Components read it with useT(); rich text
// (a link inside a sentence) with <Tekst>. Server and browser build the same translator from the same data, so hydration matches.

import { useMatches } from "@remix-run/react";
import {
  type AnchorHTMLAttributes,
  cloneElement,
  createContext,
  createElement,
  type ReactElement,
  type ReactNode,
  useContext,
  useRef,
} from "react";
import type { Verdier } from "../../sprak/melding";
import type { Noekkel } from "../../sprak/navnerom";
import {
  lagOversetter,
  manglerTekst,
  medVedMangler,
  type T,
  type Tekster,
  type VedMangler,
} from "../../sprak/oversetter";
import { STANDARD_SPRAK } from "../../sprak/sprak";
import { type FellesRef, fellestekster } from "./fellestekster";

const SprakContext = createContext<T | null>(null);

/**
 * The shell's messages when the root loader has none (it failed: the root error page): the server hands them
 * over in this context (entry.server.tsx) and the page carries them for the browser (Layout, entry.client.tsx).
 */
export const ReservetekstContext = createContext<Tekster | null>(null);

/**
 * The matched routes' messages, root first, each by reference to its file (app/components/fellestekster.ts,
 * ADR 069, ADR 080): the root's are the shell's ("felles"), a route's its own namespaces; both as `tekster` in its data.
 */
export function teksterFraMatches(matches: ReadonlyArray<{ data?: unknown }>): Tekster[] {
  return matches.flatMap((m) => {
    const ref = (m.data as { tekster?: FellesRef } | null | undefined)?.tekster;
    const tekster = ref && fellestekster(ref);
    return tekster ? [tekster] : [];
  });
}

/**
 * A missing message in the browser: an error handed to the browser as uncaught (reportError), which its
 * console shows and the e2e tests' console guard (tests/e2e/helpers.ts) fails on. Node has no reportError:
 * on the server the page's translator tells the request's log instead (VedManglerContext, entry.server.tsx),
 * and a page title (`meta`, app/lib/sidetittel.ts) is made again in the browser when the page hydrates.
 */
export const iNettleseren: VedMangler = (id, sprak) => {
  if (typeof reportError === "function") reportError(new Error(manglerTekst(id, sprak)));
};

/** Who hears of a missing message in the page's translator: the browser by default; the server sets its log. */
export const VedManglerContext = createContext<VedMangler>(iNettleseren);

interface Oversetterledd {
  /** This list's translator, telling the browser of a missing message; others share its Lingui instance. */
  t?: T;
  neste: WeakMap<Tekster, Oversetterledd>;
}
const oversettere: Oversetterledd = { neste: new WeakMap() };

/**
 * A translator over a page's messages (the language is the root's, the first). The same list of message
 * objects gets the same translator: on the server every request of a language and route shares them
 * (teksterForSprak), so a page costs no merge of the catalogue and no new Lingui instance (issue 35 item 2).
 * Kept by the objects themselves (WeakMap): in the browser a page's loader data is new on each navigation, and
 * what it leaves is collected with it. Another `vedMangler` (the server's request log) gets a copy that shares
 * the messages and Lingui instance: a function and an object.
 */
export function oversetterFra(liste: readonly Tekster[], vedMangler: VedMangler): T {
  let ledd = oversettere;
  for (const tekster of liste) {
    let neste = ledd.neste.get(tekster);
    if (!neste) {
      neste = { neste: new WeakMap() };
      ledd.neste.set(tekster, neste);
    }
    ledd = neste;
  }
  ledd.t ??= lagOversetter(
    liste[0]?.sprak ?? STANDARD_SPRAK,
    Object.assign({}, ...liste.map((t) => t.meldinger)),
    iNettleseren,
  );
  return vedMangler === iNettleseren ? ledd.t : medVedMangler(ledd.t, vedMangler);
}

const sammeListe = (a: readonly Tekster[], b: readonly Tekster[]) =>
  a.length === b.length && a.every((t, i) => t === b[i]);

/** Provides the translator of the matched routes' messages (made again only when they change). */
export function SprakProvider({ children }: { children: ReactNode }) {
  const reserve = useContext(ReservetekstContext);
  const vedMangler = useContext(VedManglerContext);
  const liste = teksterFraMatches(useMatches());
  if (liste.length === 0 && reserve) liste.push(reserve);
  // vedMangler is the same for the whole life of a tree (the browser's; on the server one per request's render)
  const forrige = useRef<{ liste: Tekster[]; t: T } | null>(null);
  if (!forrige.current || !sammeListe(forrige.current.liste, liste)) {
    forrige.current = { liste, t: oversetterFra(liste, vedMangler) };
  }
  return <SprakContext.Provider value={forrige.current.t}>{children}</SprakContext.Provider>;
}

/** The page's translator: t("felles.loggUt"), t.melding(validation message), t.sprak, t.lokale. */
export function useT(): T {
  const t = useContext(SprakContext);
  if (!t) throw new Error("useT() utenfor SprakProvider (root.tsx sin Layout)");
  return t;
}

const MARKUP = /<(\d+)>(.*?)<\/\1>/gs;

/**
 * A message with markup: tags <0>…</0> in the message become the elements of `deler` with the text between
 * them as children, e.g. "Skriv til <0>{epost}</0>" with deler={[lenke("mailto:…")]}. (@lingui/react's <Trans>
 * does the same with nesting; this is its 20 lines the pages need, 0.8 KB gzip lighter on every page: ADR 047.)
 */
export function Tekst({ id, verdier, deler }: { id: Noekkel; verdier?: Verdier; deler: ReactElement[] }) {
  const tekst = useT()(id, verdier);
  const barn: ReactNode[] = [];
  let forrige = 0;
  for (const m of tekst.matchAll(MARKUP)) {
    barn.push(tekst.slice(forrige, m.index));
    const del = deler[Number(m[1])];
    barn.push(del ? cloneElement(del, { key: m.index }, m[2]) : m[2]);
    forrige = m.index + m[0].length;
  }
  barn.push(tekst.slice(forrige));
  return <>{barn}</>;
}

/**
 * A link for <Tekst>'s `deler`: its text is the message's (the part between <0> and </0>), so it is written
 * without children here.
 */
export function lenke(href: string, props: AnchorHTMLAttributes<HTMLAnchorElement> = {}): ReactElement {
  return createElement("a", { key: href, href, ...props });
}
