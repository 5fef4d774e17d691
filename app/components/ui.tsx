import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { sidetall } from "../../domain/pagination";
import type { Farge } from "../../domain/status";
import { useFeilITittel } from "./feiltittel";

/** A Designsystemet alert. `rolle="alert"` only for messages that appear after an action. */
export function Varsel({
  farge = "info",
  tittel,
  children,
  rolle,
  id,
}: {
  farge?: Farge;
  tittel?: ReactNode;
  children?: ReactNode;
  rolle?: "alert" | "status";
  id?: string;
}) {
  return (
    <div className="ds-alert varsel" data-color={farge} role={rolle} id={id}>
      {tittel ? (
        <h2 className="ds-heading varsel__tittel" data-size="xs">
          {tittel}
        </h2>
      ) : null}
      {children}
    </div>
  );
}

export function Merke({ farge, children }: { farge: Farge; children: ReactNode }) {
  return (
    <span className="ds-tag merke" data-color={farge}>
      {children}
    </span>
  );
}

/**
 * Pagination as links (works without JavaScript): at most 9 page numbers centred on the active page,
 * hidden when there are no pages (SPEC §9). `lenke(side)` builds the URL of a 1-based page.
 */
export function Sidevelger({
  aktiv,
  antallSider,
  lenke,
  etikett = "Sidenavigering",
}: {
  aktiv: number;
  antallSider: number;
  lenke: (side: number) => string;
  etikett?: string;
}) {
  if (antallSider <= 1) return null;
  const sider = sidetall(aktiv, antallSider);
  return (
    <nav className="ds-pagination sidevelger" aria-label={etikett}>
      <ul>
        <li>
          {aktiv > 1 ? (
            <Link className="ds-button" data-variant="tertiary" to={lenke(aktiv - 1)}>
              Forrige
            </Link>
          ) : null}
        </li>
        {sider.map((s) => (
          <li key={s}>
            <Link
              className="ds-button"
              data-variant={s === aktiv ? "primary" : "tertiary"}
              to={lenke(s)}
              aria-current={s === aktiv ? "page" : undefined}
              aria-label={`Side ${s}`}
            >
              {s}
            </Link>
          </li>
        ))}
        <li>
          {aktiv < antallSider ? (
            <Link className="ds-button" data-variant="tertiary" to={lenke(aktiv + 1)}>
              Neste
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}

/** "Label: value" pairs; values that are missing are left out. */
export function Opplysninger({ rader }: { rader: Array<[string, ReactNode | undefined | null]> }) {
  const synlige = rader.filter(([, v]) => v !== undefined && v !== null && v !== "");
  if (synlige.length === 0) return null;
  return (
    <dl className="opplysninger">
      {synlige.map(([k, v]) => (
        <div key={k} className="opplysninger__rad">
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A table that may be wider than a phone screen (WCAG 1.4.10 allows tables to scroll): the frame scrolls
 * sideways, and is a labelled region in the tab order so keyboard users can scroll it with the arrow keys
 * (WCAG 2.1.1).
 */
export function Tabellramme({ etikett, children }: { etikett: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className="tabellramme" aria-label={etikett} tabIndex={0}>
      {children}
    </section>
  );
}

/**
 * A save that failed: the server's message above the form, which keeps what was typed. When the
 * notification was changed elsewhere (409), a plain link opens the page as it is saved now — what works
 * also without JavaScript, where reloading would post the stale form again (issue 12 item 15).
 */
export function LagreFeil({
  svar,
  tittel = "Noe gikk galt",
}: {
  svar: { lagreFeil?: string | null; konflikt?: boolean } | undefined;
  tittel?: string;
}) {
  const { pathname, search } = useLocation();
  useFeilITittel(!!svar?.lagreFeil);
  if (!svar?.lagreFeil) return null;
  return (
    <Varsel farge="danger" rolle="alert" tittel={tittel}>
      <p className="ds-paragraph">{svar.lagreFeil}</p>
      {svar.konflikt ? (
        <p className="ds-paragraph">
          <a className="ds-link" href={pathname + search}>
            Åpne siden slik den er lagret nå
          </a>
        </p>
      ) : null}
    </Varsel>
  );
}
