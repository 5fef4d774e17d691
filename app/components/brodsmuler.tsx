import { Link, useMatches } from "@remix-run/react";
import { lesMelding } from "../../sprak/melding";
import { useT } from "./sprak";

export interface BrodsmuleHandle {
  /**
   * The page's name in the breadcrumbs: a message id ("hjelp.nyttigInfo.tittel"); a function gets the route's
   * loader data and the translator. (A page not yet converted gives its bokmål text, shown as it is.)
   */
  brodsmule?: string | ((data: unknown, t: ReturnType<typeof useT>) => string | undefined);
}

/** Breadcrumbs from the matched routes' `handle.brodsmule` (SPEC §2 Layout). */
export function Brodsmuler() {
  const matches = useMatches();
  const t = useT();
  const smuler = matches
    .map((m) => {
      const h = (m.handle as BrodsmuleHandle | undefined)?.brodsmule;
      // a page whose loader did not run (its error page: a 405, a thrown error) has not sent its messages: no crumb
      const ref = typeof h === "string" ? lesMelding(h) : undefined;
      const tekst =
        typeof h === "function" ? h(m.data, t) : h && (!ref || t.har(ref.id)) ? t.melding(h) : undefined;
      return tekst ? { tekst, sti: m.pathname } : undefined;
    })
    .filter((s): s is { tekst: string; sti: string } => !!s);
  if (smuler.length === 0) return null;
  return (
    <nav className="ds-breadcrumbs brodsmuler" aria-label={t("felles.brodsmuler.etikett")}>
      <ol>
        <li>
          <Link to="/">{t("felles.meny.hjem")}</Link>
        </li>
        {smuler.map((s, i) => (
          <li key={s.sti}>
            {i === smuler.length - 1 ? (
              <span aria-current="page">{s.tekst}</span>
            ) : (
              <Link to={s.sti}>{s.tekst}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
