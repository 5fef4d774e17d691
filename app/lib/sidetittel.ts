import type { MetaArgs, MetaDescriptor } from "@remix-run/node";
import type { ImportmeldingVisning } from "../../domain/importmelding";
import type { Noekkel } from "../../sprak/navnerom";
import type { T } from "../../sprak/oversetter";
import { oversetterFra, teksterFraMatches } from "../components/sprak";

/** The notification loaded by the parent route (routes/importmelding.$id.tsx), if any. */
function melding(matches: MetaArgs["matches"]): ImportmeldingVisning | undefined {
  const forelder = matches.find((m) => m.id === "routes/importmelding.$id");
  return (forelder?.data as { melding?: ImportmeldingVisning } | undefined)?.melding;
}

/**
 * A unique title for a notification page (WCAG 2.4.2): the page, the notification's number, the service.
 * `spoersmaal`: a question page's path segment, whose question text leads the title.
 */
export function meldingSidetittel(
  { matches, params }: Pick<MetaArgs, "matches" | "params">,
  side: string,
  kategori?: "dokumentkontroll" | "mottakskontroll",
): [{ title: string }] {
  const m = melding(matches);
  const spoersmaal = kategori
    ? (kategori === "dokumentkontroll" ? m?.dokumentkontrollSpoersmaal : m?.mottakskontrollSpoersmaal)?.find(
        (s) => s.path === params.spoersmaal,
      )
    : undefined;
  const deler = [
    spoersmaal ? `${spoersmaal.kontrollSpoersmaal.replace(/[?.:]\s*$/, "")} (${side.toLowerCase()})` : side,
    m ? `Forhåndsmelding ${m.nummer}` : "Forhåndsmelding",
    "Digital forhåndsmelding",
  ];
  return [{ title: deler.join(" – ") }];
}

/**
 * The page title (WCAG 2.4.2) from a route's `meta`: the page's own title from the catalogues, then the
 * service's name, "Logg inn – Digital forhåndsmelding". `side` is a message id, or a function of the translator
 * for a title made of several parts. No title when the page's messages are missing (the root's error page sets
 * its own).
 */
export function sidetittel(
  matches: MetaArgs["matches"],
  side: Noekkel | ((t: T) => string),
): MetaDescriptor[] {
  const t = oversetterFra(teksterFraMatches(matches));
  if (!t.har("felles.tittel") || (typeof side === "string" && !t.har(side))) return [];
  const tekst = typeof side === "string" ? t(side) : side(t);
  // the service's own name (the root's title) is not said twice
  return [{ title: tekst === t("felles.tjenestenavn") ? tekst : t("felles.tittel", { side: tekst }) }];
}
