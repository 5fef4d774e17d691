import { Link, useLocation } from "@remix-run/react";
import type { AnchorHTMLAttributes, ComponentType, ReactNode } from "react";
import { sidetall } from "../../domain/pagination";
import type { Farge } from "../../domain/status";
import { useFeilITittel } from "./feiltittel";
import { useT } from "./sprak";

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
  etikett,
  Lenke = Sidelenke,
}: {
  aktiv: number;
  antallSider: number;
  lenke: (side: number) => string;
  /** The navigation's name, in the page's language ("Sidenavigering" when not given). */
  etikett?: string;
  /**
   * What renders a page link, a `<Link>` when not given; the lists pass `Radlenke` (ADR 086) and have
   * `useRadlenker` on an element around (not imported here: the pages that do not use it do not load it).
   */
  Lenke?: ComponentType<AnchorHTMLAttributes<HTMLAnchorElement> & { til: string }>;
}) {
  const t = useT();
  if (antallSider <= 1) return null;
  const sider = sidetall(aktiv, antallSider);
  return (
    <nav className="ds-pagination sidevelger" aria-label={etikett ?? t("felles.sidevelger.etikett")}>
      <ul>
        <li>
          {aktiv > 1 ? (
            <Lenke className="ds-button" data-variant="tertiary" til={lenke(aktiv - 1)}>
              {t("felles.sidevelger.forrige")}
            </Lenke>
          ) : null}
        </li>
        {sider.map((s) => (
          <li key={s}>
            <Lenke
              className="ds-button"
              data-variant={s === aktiv ? "primary" : "tertiary"}
              til={lenke(s)}
              aria-current={s === aktiv ? "page" : undefined}
              aria-label={t("felles.sidevelger.side", { side: s })}
            >
              {s}
            </Lenke>
          </li>
        ))}
        <li>
          {aktiv < antallSider ? (
            <Lenke className="ds-button" data-variant="tertiary" til={lenke(aktiv + 1)}>
              {t("felles.sidevelger.neste")}
            </Lenke>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}

/** A `<Link>` with Radlenke's props. */
function Sidelenke({ til, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { til: string }) {
  return <Link to={til} {...props} />;
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
  tittel,
}: {
  /** `lagreFeil`: the API's message (already in the reader's language) or a message id. */
  svar: { lagreFeil?: string | null; konflikt?: boolean } | undefined;
  /** A message id or text; "Noe gikk galt" when not given. */
  tittel?: string;
}) {
  const { pathname, search } = useLocation();
  const t = useT();
  useFeilITittel(!!svar?.lagreFeil);
  if (!svar?.lagreFeil) return null;
  return (
    <Varsel farge="danger" rolle="alert" tittel={tittel ? t.melding(tittel) : t("felles.lagreFeil.tittel")}>
      <p className="ds-paragraph">{t.melding(svar.lagreFeil)}</p>
      {svar.konflikt ? (
        <p className="ds-paragraph">
          <a className="ds-link" href={pathname + search}>
            {t("felles.lagreFeil.konflikt")}
          </a>
        </p>
      ) : null}
    </Varsel>
  );
}
