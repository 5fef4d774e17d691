import { Link } from "@remix-run/react";
import { KONTAKT_EPOST, MYNDIGHET, TILBAKEMELDING_URL, VEILEDER_URL } from "../lib/kontakt";

/** Footer: info page, plant import guide, contact mailbox, feedback (SPEC §1) and the accessibility statement. */
export function Bunntekst() {
  return (
    <footer className="app-bunntekst">
      <div className="app-bunntekst__innhold">
        <p className="app-bunntekst__avsender">{MYNDIGHET} – digital forhåndsmelding av import av planter</p>
        <ul>
          <li>
            <Link to="/nyttig-info">Nyttig info</Link>
          </li>
          <li>
            <a href={VEILEDER_URL}>Veileder for import av planter</a>
          </li>
          <li>
            Kontakt oss: <a href={`mailto:${KONTAKT_EPOST}`}>{KONTAKT_EPOST}</a>
          </li>
          <li>
            <a href={TILBAKEMELDING_URL}>Gi tilbakemelding</a>
          </li>
          <li>
            <Link to="/tilgjengelighetserklaering">Tilgjengelighetserklæring</Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}
