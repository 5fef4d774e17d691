// The lists' shared parts (issue 27 §3; ADR 037): the filter panel of the certificate list, the
// notification list and home, and the result section of the two lists. GET forms and links: everything
// works without JavaScript; with it, each page submits its filter on change (ADR 013).
import { Form, type FormProps, Link } from "@remix-run/react";
import { type ReactNode, useRef } from "react";
import { ORD, type Ord } from "../../domain/antall";
import type { Paginering } from "../../domain/sertifikat-visning";
import type { Noekkel } from "../../sprak/navnerom";
import type { T } from "../../sprak/oversetter";
import { KONTAKT_EPOST } from "../lib/kontakt";
import { Radlenke, useRadlenker } from "./radlenker";
import { useT } from "./sprak";
import { Sidevelger, Varsel } from "./ui";

/** SPEC §2's empty text under a filter, for every list and every section of home (a message id). */
export const INGEN_TREFF_MED_FILTER: Noekkel = "felles.liste.ingenTreffMedFilter";

/** The word a count is shown with, as the catalogue's `ord` (domain/antall.ts ORD's keys). */
const ORD_ID = new Map<Ord, string>(Object.entries(ORD).map(([id, ord]) => [ord, id]));

/**
 * The hit count of a bounded list (ADR 021) in the reader's language: "15 sertifikater", or past the bound
 * "Over 1 000 sertifikater" with how to find the rest.
 */
export function treffTekst(t: T, antall: number, flereEnnMaks: boolean, ord: Ord): string {
  const verdier = { antall, ord: ORD_ID.get(ord) ?? "treff" };
  return flereEnnMaks ? t("felles.liste.overMaks", verdier) : t("felles.liste.antall", verdier);
}

/**
 * The filter panel: a GET form with the page's fields, 'Bruk filter', and 'Nullstill filter' back to
 * `nullstillTil` while a filter is in use. The rest of the props (label, change handling) go to the form.
 */
export function Filterpanel({
  overskrift = true,
  aktivt,
  nullstillTil,
  children,
  ...skjema
}: {
  /** The panel's 'Filter' heading (the lists; home's panel sits under its own summary). */
  overskrift?: boolean;
  aktivt: boolean;
  nullstillTil: string;
  children: ReactNode;
} & Omit<FormProps, "method" | "className">) {
  const t = useT();
  return (
    <Form method="get" className="filterpanel" {...skjema}>
      {overskrift ? (
        <h2 className="ds-heading" data-size="xs">
          {t("felles.liste.filter")}
        </h2>
      ) : null}
      {children}
      <div className="knapperad">
        <button className="ds-button" data-variant="primary" type="submit">
          {t("felles.liste.brukFilter")}
        </button>
        {aktivt ? (
          <Link className="ds-button" data-variant="tertiary" to={nullstillTil}>
            {t("felles.liste.nullstillFilter")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** A filter in use, for the summary of a folded panel: the field's label and the chosen values as shown. */
export interface AktivtFilter {
  felt: string;
  verdier: readonly string[];
}

/** One list formatter per locale, made when a page first shows filters in use (ADR 086). */
const listeformat = new Map<string, Intl.ListFormat>();
function listeformatFor(lokale: string): Intl.ListFormat {
  let f = listeformat.get(lokale);
  if (!f) {
    f = new Intl.ListFormat(lokale, { type: "unit" });
    listeformat.set(lokale, f);
  }
  return f;
}

/**
 * The filter panel folded on narrow screens (issue 36 item 11): a `<details>` closed by default, so the
 * results come first with or without JavaScript, and beside it what is filtered on, so a folded filter is
 * never a hidden one. On wide screens (app.css) the panel is always open beside the results and neither the
 * summary nor 'Vis filter' shows.
 */
export function Filtervindu({
  knapp,
  aktive,
  children,
}: {
  knapp: string;
  aktive: readonly AktivtFilter[];
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div className="filtervindu__ramme">
      <details className="filtervindu">
        <summary className="ds-button filtervindu__knapp" data-variant="secondary">
          {knapp}
        </summary>
        {children}
      </details>
      {aktive.length > 0 ? (
        <div className="filtervindu__aktive">
          <p className="ds-paragraph" data-size="sm">
            {t("felles.liste.iBruk")}
          </p>
          <ul>
            {aktive.map((a) => (
              <li key={a.felt}>
                {t("felles.liste.filterVerdier", {
                  felt: a.felt,
                  verdier: listeformatFor(t.lokale).format(a.verdier),
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** A free-text filter field (no autocomplete: it filters, it is not a value to remember). */
export function Filterfelt({
  id,
  navn,
  etikett,
  verdi,
}: {
  id: string;
  navn: string;
  etikett: string;
  verdi: string | undefined;
}) {
  return (
    <div className="ds-field">
      <label className="ds-label" htmlFor={id}>
        {etikett}
      </label>
      <input
        className="ds-input"
        type="text"
        id={id}
        name={navn}
        defaultValue={verdi ?? ""}
        autoComplete="off"
      />
    </div>
  );
}

/**
 * A list's results: the error when it could not be fetched, the empty text, or how many hits, the page
 * (`children`) and the page links (hidden while the next page loads).
 */
export function Resultater({
  tittel,
  laster,
  feilTittel,
  liste,
  filtrert,
  tom,
  ord,
  aktivSide,
  lenkeTilSide,
  children,
}: {
  /** The section's heading, for screen readers. The texts: message ids, or texts shown as they are. */
  tittel: string;
  laster: boolean;
  /** Set when the list could not be fetched: the error's title. */
  feilTittel: string | null;
  liste: {
    antall: number;
    paginering: Pick<Paginering, "antallSider" | "antallElementer" | "flereEnnMaks">;
  } | null;
  filtrert: boolean;
  /** What an empty page says without a filter. */
  tom: string;
  ord: Ord;
  aktivSide: number;
  lenkeTilSide: (side: number) => string;
  children: ReactNode;
}) {
  const t = useT();
  // the page links (and the rows' links, if Radlenker) navigate in the app through one listener (ADR 086)
  const ramme = useRef<HTMLElement>(null);
  useRadlenker(ramme);
  return (
    <section className="resultater" aria-labelledby="resultat-tittel" aria-busy={laster} ref={ramme}>
      <h2 id="resultat-tittel" className="skjult">
        {t.melding(tittel)}
      </h2>
      {feilTittel ? (
        <Varsel farge="danger" tittel={t.melding(feilTittel)}>
          <p className="ds-paragraph">{t("felles.liste.feil", { epost: KONTAKT_EPOST })}</p>
        </Varsel>
      ) : liste && liste.antall === 0 ? (
        <p className="ds-paragraph">{t.melding(filtrert ? INGEN_TREFF_MED_FILTER : tom)}</p>
      ) : liste ? (
        <>
          <p className="ds-paragraph" role="status">
            {treffTekst(t, liste.paginering.antallElementer, liste.paginering.flereEnnMaks, ord)}
          </p>
          {children}
          {laster ? null : (
            <Sidevelger
              aktiv={aktivSide}
              antallSider={liste.paginering.antallSider}
              lenke={lenkeTilSide}
              Lenke={Radlenke}
            />
          )}
        </>
      ) : null}
    </section>
  );
}
