// The page title of a form answered with errors starts with "Feil: " (GOV.UK), also without JavaScript.
//
// The title is in <head>, rendered by the root before the page that knows about the errors. On the server,
// entry.server.tsx reads the action's answer (EntryContext.staticHandlerContext.actionData) and hands the
// root the fact through SkjemafeilContext; in the browser, entry.client.tsx hands it over from the title
// the server sent, so hydration renders the same <title>. After that the page's own error components keep
// the title right (useFeilITittel), as they know what the user sees.
import { useLocation, useMatches } from "@remix-run/react";
import { createContext, useContext, useEffect, useState } from "react";
import { useT } from "./sprak";

export const SkjemafeilContext = createContext(false);

/** An action's answer with errors: a conform reply with errors, or a save the API refused (lagreFeil). */
export function harSkjemafeil(actionData: Record<string, unknown> | null | undefined): boolean {
  return Object.values(actionData ?? {}).some((d) => {
    const a = d as { result?: { status?: string }; lagreFeil?: unknown } | undefined;
    return a?.result?.status === "error" || !!a?.lagreFeil;
  });
}

/** In the browser: did the server send this document with the "Feil: " title (marked, in any language)? */
export const dokumentetHarFeiltittel = () => !!document.querySelector("head > title[data-skjemafeil]");

/**
 * The error title of the page as the server answered it, before <Meta />'s title (the first <title> is the
 * document's). Gone after the first navigation in the browser: the next page's errors set it themselves.
 */
export function FeilTittel() {
  const harFeil = useContext(SkjemafeilContext);
  const matches = useMatches();
  const { key } = useLocation();
  const [foersteSide] = useState(key);
  const t = useT();
  if (!harFeil || key !== foersteSide) return null;
  // handle.tittel: a message id (or, on a page not yet converted, its bokmål text)
  const tittel = [...matches]
    .reverse()
    .map((m) => (m.handle as { tittel?: string } | undefined)?.tittel)
    .find(Boolean);
  const side = t("felles.tittel", { side: tittel ? t.melding(tittel) : t("felles.feil.skjema") });
  return <title data-skjemafeil="">{t("felles.feil.prefiks", { tittel: side })}</title>;
}

/** Mounted error sources (an error summary, a refused save) that show errors now. */
let visteFeil = 0;

/** `prefiks`: "Feil: " in the page's language. */
function oppdaterTittel(prefiks: string) {
  const uten = document.title.startsWith(prefiks) ? document.title.slice(prefiks.length) : document.title;
  document.title = visteFeil > 0 ? `${prefiks}${uten}` : uten;
}

/**
 * In the browser: the title starts with "Feil: " while any component calling this with `harFeil` shows
 * errors. `ogsaaVed`: values that apply it again when they change (a new submit).
 */
export function useFeilITittel(harFeil: boolean, ...ogsaaVed: unknown[]) {
  // and after every navigation, which may have replaced the title (FeilTittel gone, <Meta />'s new one)
  const { key } = useLocation();
  const prefiks = useT()("felles.feil.prefiks", { tittel: "" });
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the caller says (ogsaaVed)
  useEffect(() => {
    if (!harFeil) return oppdaterTittel(prefiks);
    visteFeil += 1;
    oppdaterTittel(prefiks);
    return () => {
      visteFeil -= 1;
      oppdaterTittel(prefiks);
    };
  }, [harFeil, key, prefiks, ...ogsaaVed]);
}
