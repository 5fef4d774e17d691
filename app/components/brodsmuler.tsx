import { Link, useMatches } from "@remix-run/react";

export interface BrodsmuleHandle {
  /** The page's name in the breadcrumbs; a function gets the route's loader data. */
  brodsmule?: string | ((data: unknown) => string | undefined);
}

/** Breadcrumbs from the matched routes' `handle.brodsmule` (SPEC §2 Layout). */
export function Brodsmuler() {
  const matches = useMatches();
  const smuler = matches
    .map((m) => {
      const h = (m.handle as BrodsmuleHandle | undefined)?.brodsmule;
      const tekst = typeof h === "function" ? h(m.data) : h;
      return tekst ? { tekst, sti: m.pathname } : undefined;
    })
    .filter((s): s is { tekst: string; sti: string } => !!s);
  if (smuler.length === 0) return null;
  return (
    <nav className="ds-breadcrumbs brodsmuler" aria-label="Brødsmulesti">
      <ol>
        <li>
          <Link to="/">Hjem</Link>
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
