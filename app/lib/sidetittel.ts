import type { MetaArgs, MetaDescriptor } from "@remix-run/node";
import type { ImportmeldingVisning } from "../../domain/importmelding";
import type { Noekkel } from "../../sprak/navnerom";
import type { T } from "../../sprak/oversetter";
import { iNettleseren, oversetterFra, teksterFraMatches } from "../components/sprak";

/** The notification loaded by the parent route (routes/importmelding.$id.tsx), if any. */
function melding(matches: MetaArgs["matches"]): ImportmeldingVisning | undefined {
  const forelder = matches.find((m) => m.id === "routes/importmelding.$id");
  return (forelder?.data as { melding?: ImportmeldingVisning } | undefined)?.melding;
}

/**
 * A unique title for a notification page (WCAG 2.4.2): the page, the notification's number, the service.
 * `sideFor`: the page's message id (a text as it is on a page not yet converted), or a function of the
 * notification giving it (the arrived page of one assessed before arrival, ADR 041). `spoersmaal`: a question
 * page's path segment, whose question text leads the title.
 */
export function meldingSidetittel(
  { matches, params }: Pick<MetaArgs, "matches" | "params">,
  sideFor: Noekkel | string | ((m: ImportmeldingVisning | undefined) => Noekkel | string),
  kategori?: "dokumentkontroll" | "mottakskontroll",
): MetaDescriptor[] {
  const m = melding(matches);
  const side = typeof sideFor === "function" ? sideFor(m) : sideFor;
  const spoersmaal = kategori
    ? (kategori === "dokumentkontroll" ? m?.dokumentkontrollSpoersmaal : m?.mottakskontrollSpoersmaal)?.find(
        (s) => s.path === params.spoersmaal,
      )
    : undefined;
  return sidetittel(matches, (t) => {
    const sideTekst = t.har(side) ? t(side as Noekkel) : side;
    const del = spoersmaal
      ? t("importmelding.melding.spoersmaalTittel", {
          spoersmaal: (t.har(`kodeverk.spoersmaal.${spoersmaal.kode}`)
            ? t(`kodeverk.spoersmaal.${spoersmaal.kode}`)
            : spoersmaal.kontrollSpoersmaal
          ).replace(/[?.:]\s*$/, ""),
          side: sideTekst.toLocaleLowerCase(t.lokale),
        })
      : sideTekst;
    return m ? t("importmelding.melding.sidetittel", { side: del, nummer: m.nummer }) : del;
  });
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
  const t = oversetterFra(teksterFraMatches(matches), iNettleseren);
  if (!t.har("felles.tittel") || (typeof side === "string" && !t.har(side))) return [];
  const tekst = typeof side === "string" ? t(side) : side(t);
  // the service's own name (the root's title) is not said twice
  return [{ title: tekst === t("felles.tjenestenavn") ? tekst : t("felles.tittel", { side: tekst }) }];
}
