import { Link, useLocation } from "@remix-run/react";
import { KONTAKT_EPOST } from "../lib/kontakt";

/** Shown on 401/403 and after a failed login (SPEC §2 "No-access and error panels"). */
export function IngenTilgang() {
  return (
    <section className="ds-alert panel" data-color="danger" aria-labelledby="ingen-tilgang-tittel">
      <h1 id="ingen-tilgang-tittel" className="ds-heading" data-size="md">
        Ingen tilgang
      </h1>
      <p className="ds-paragraph">
        Du har ikke tilgang til denne siden. Prøv å logge inn på nytt, eller kontakt{" "}
        <a className="ds-link" href={`mailto:${KONTAKT_EPOST}`}>
          {KONTAKT_EPOST}
        </a>{" "}
        hvis problemet vedvarer.
      </p>
      <a className="ds-button" data-variant="primary" href="/logg-inn">
        Logg inn
      </a>
    </section>
  );
}

/** Generic load error with a reload that works without JavaScript (a link to the same page). */
export function NoeGikkFeil({ tekst = "Klarte ikke å hente importmeldingen" }: { tekst?: string }) {
  const { pathname, search } = useLocation();
  return (
    <section className="ds-alert panel" data-color="danger" aria-labelledby="noe-gikk-feil-tittel">
      <h1 id="noe-gikk-feil-tittel" className="ds-heading" data-size="md">
        Noe gikk feil
      </h1>
      <p className="ds-paragraph">{tekst}</p>
      <a className="ds-button" data-variant="primary" href={pathname + search} data-discover="false">
        Last inn på nytt
      </a>
    </section>
  );
}

/** A notification id that does not exist (or is not the importer's to know of): a 404 page, not home. */
export function FantIkkeMeldingen() {
  return (
    <section className="ds-alert panel" data-color="warning" aria-labelledby="fant-ikke-tittel">
      <h1 id="fant-ikke-tittel" className="ds-heading" data-size="md">
        Fant ikke forhåndsmeldingen
      </h1>
      <p className="ds-paragraph">
        Forhåndsmeldingen finnes ikke. Sjekk at adressen er riktig, eller finn den i listen over
        forhåndsmeldinger.
      </p>
      <Link className="ds-button" data-variant="primary" to="/importmeldinger">
        Gå til forhåndsmeldinger
      </Link>
    </section>
  );
}
