import { Link, useLocation } from "@remix-run/react";
import { REGISTER_FEIL } from "../../domain/problem";
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

/**
 * Over a rate limit (429, issue 22): what happened, how long to wait (the server's message), and a way back.
 * The message is the server's when it gave one.
 */
export function ForMangeForsoek({ melding }: { melding?: string }) {
  return (
    <section className="ds-alert panel" data-color="warning" aria-labelledby="for-mange-tittel">
      <h1 id="for-mange-tittel" className="ds-heading" data-size="md">
        For mange forsøk
      </h1>
      <p className="ds-paragraph">
        {melding ?? "Du har gjort for mange forsøk på kort tid. Vent litt og prøv igjen."}
      </p>
      <p className="ds-paragraph">
        Grensen er der for å beskytte tjenesten og virksomhetenes sertifikater. Kontakt{" "}
        <a className="ds-link" href={`mailto:${KONTAKT_EPOST}`}>
          {KONTAKT_EPOST}
        </a>{" "}
        hvis du trenger hjelp.
      </p>
      <a className="ds-button" data-variant="primary" href="/">
        Gå til forsiden
      </a>
    </section>
  );
}

/** A form over the size limit (413, issue 22): the server's message, and back to where the user was. */
export function ForStortSkjema({ melding }: { melding?: string }) {
  const { pathname, search } = useLocation();
  return (
    <section className="ds-alert panel" data-color="warning" aria-labelledby="for-stort-tittel">
      <h1 id="for-stort-tittel" className="ds-heading" data-size="md">
        Skjemaet er for stort
      </h1>
      <p className="ds-paragraph">
        {melding ?? "Skjemaet er for stort. Gjør teksten kortere og prøv igjen."}
      </p>
      <a className="ds-button" data-variant="primary" href={pathname + search} data-discover="false">
        Tilbake til skjemaet
      </a>
    </section>
  );
}

/**
 * Altinn or Enhetsregisteret did not answer (503, ADR 042): what happened, that nothing is lost, and a way to try
 * again (a link to the same page, without JavaScript too).
 */
export function RegisterUtilgjengelig({ melding }: { melding?: string }) {
  const { pathname, search } = useLocation();
  return (
    <section className="ds-alert panel" data-color="warning" aria-labelledby="register-tittel">
      <h1 id="register-tittel" className="ds-heading" data-size="md">
        Vi får ikke sjekket tilgangen din akkurat nå
      </h1>
      <p className="ds-paragraph">
        {melding ??
          "Vi får ikke kontakt med Altinn for å sjekke hvem du kan representere. Prøv igjen om noen minutter."}
      </p>
      <p className="ds-paragraph">
        Det du har lagret, er ikke borte. Kontakt{" "}
        <a className="ds-link" href={`mailto:${KONTAKT_EPOST}`}>
          {KONTAKT_EPOST}
        </a>{" "}
        hvis det varer.
      </p>
      <a className="ds-button" data-variant="primary" href={pathname + search} data-discover="false">
        Prøv igjen
      </a>
    </section>
  );
}

/**
 * The panel of a limit the user met (429 too many attempts, 413 too large a form), or null: every
 * ErrorBoundary asks this first, so the texts live in one place.
 */
export function grensepanel(error: unknown) {
  const e = error as { status?: unknown; data?: unknown } | null;
  if (e?.status === 429) return <ForMangeForsoek melding={forMangeMelding(e.data)} />;
  if (e?.status === 413) return <ForStortSkjema melding={forMangeMelding(e.data)} />;
  if (erRegisterUtilgjengelig(error)) {
    const melding = (e?.data as { melding?: unknown } | undefined)?.melding;
    return <RegisterUtilgjengelig melding={typeof melding === "string" ? melding : undefined} />;
  }
  return null;
}

/** The server's message of a 429 or 413 (its text body), when it is one line of plain text. */
export function forMangeMelding(data: unknown): string | undefined {
  return typeof data === "string" && data.length > 0 && data.length < 300 && !data.includes("<")
    ? data
    : undefined;
}

/** Whether a route error is Altinn or the register not answering (503 from api.server.ts, ADR 042). */
export const erRegisterUtilgjengelig = (error: unknown) => {
  const e = error as { status?: unknown; data?: unknown } | null;
  return e?.status === 503 && (e.data as { feil?: unknown } | null)?.feil === REGISTER_FEIL;
};

/** Whether a route error is a 429 (for the page title). */
export const erForMange = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { status?: unknown }).status === 429;
