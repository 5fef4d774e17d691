import { Link, useLocation } from "@remix-run/react";
import { REGISTER_FEIL } from "../../domain/problem";
import { KONTAKT_EPOST } from "../lib/kontakt";
import { lenke, Tekst, useT } from "./sprak";

const kontaktlenke = lenke(`mailto:${KONTAKT_EPOST}`, { className: "ds-link" });

/** Shown on 401/403 and after a failed login (SPEC §2 "No-access and error panels"). */
export function IngenTilgang() {
  const t = useT();
  return (
    <section className="ds-alert panel" data-color="danger" aria-labelledby="ingen-tilgang-tittel">
      <h1 id="ingen-tilgang-tittel" className="ds-heading" data-size="md">
        {t("felles.ingenTilgang.tittel")}
      </h1>
      <p className="ds-paragraph">
        <Tekst id="felles.ingenTilgang.tekst" verdier={{ epost: KONTAKT_EPOST }} deler={[kontaktlenke]} />
      </p>
      <a className="ds-button" data-variant="primary" href="/logg-inn">
        {t("felles.loggInn")}
      </a>
    </section>
  );
}

/**
 * Generic load error with a reload that works without JavaScript (a link to the same page). `tekst`: a
 * message id (or a text from a page not yet converted).
 */
export function NoeGikkFeil({ tekst = "felles.noeGikkFeil.standard" }: { tekst?: string }) {
  const { pathname, search } = useLocation();
  const t = useT();
  return (
    <section className="ds-alert panel" data-color="danger" aria-labelledby="noe-gikk-feil-tittel">
      <h1 id="noe-gikk-feil-tittel" className="ds-heading" data-size="md">
        {t("felles.noeGikkFeil.tittel")}
      </h1>
      <p className="ds-paragraph">{t.melding(tekst)}</p>
      <a className="ds-button" data-variant="primary" href={pathname + search} data-discover="false">
        {t("felles.noeGikkFeil.lastInn")}
      </a>
    </section>
  );
}

/** A notification id that does not exist (or is not the importer's to know of): a 404 page, not home. */
export function FantIkkeMeldingen() {
  const t = useT();
  return (
    <section className="ds-alert panel" data-color="warning" aria-labelledby="fant-ikke-tittel">
      <h1 id="fant-ikke-tittel" className="ds-heading" data-size="md">
        {t("felles.fantIkkeMeldingen.tittel")}
      </h1>
      <p className="ds-paragraph">{t("felles.fantIkkeMeldingen.tekst")}</p>
      <Link className="ds-button" data-variant="primary" to="/importmeldinger">
        {t("felles.fantIkkeMeldingen.lenke")}
      </Link>
    </section>
  );
}

/**
 * Over a rate limit (429, issue 22): what happened, how long to wait (the server's message), and a way back.
 * The message is the server's when it gave one (in the reader's language: the app's own limits and the API
 * both answer in it).
 */
export function ForMangeForsoek({ melding }: { melding?: string }) {
  const t = useT();
  return (
    <section className="ds-alert panel" data-color="warning" aria-labelledby="for-mange-tittel">
      <h1 id="for-mange-tittel" className="ds-heading" data-size="md">
        {t("felles.forMange.tittel")}
      </h1>
      <p className="ds-paragraph">{melding ?? t("felles.forMange.standard")}</p>
      <p className="ds-paragraph">
        <Tekst id="felles.forMange.grunn" verdier={{ epost: KONTAKT_EPOST }} deler={[kontaktlenke]} />
      </p>
      <a className="ds-button" data-variant="primary" href="/">
        {t("felles.gaaTilForsiden")}
      </a>
    </section>
  );
}

/** A form over the size limit (413, issue 22): the server's message, and back to where the user was. */
export function ForStortSkjema({ melding }: { melding?: string }) {
  const { pathname, search } = useLocation();
  const t = useT();
  return (
    <section className="ds-alert panel" data-color="warning" aria-labelledby="for-stort-tittel">
      <h1 id="for-stort-tittel" className="ds-heading" data-size="md">
        {t("felles.forStort.tittel")}
      </h1>
      <p className="ds-paragraph">{melding ?? t("felles.forStort.standard")}</p>
      <a className="ds-button" data-variant="primary" href={pathname + search} data-discover="false">
        {t("felles.forStort.tilbake")}
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
  const t = useT();
  return (
    <section className="ds-alert panel" data-color="warning" aria-labelledby="register-tittel">
      <h1 id="register-tittel" className="ds-heading" data-size="md">
        {t("felles.registerUtilgjengelig.tittel")}
      </h1>
      <p className="ds-paragraph">{melding ?? t("felles.registerUtilgjengelig.standard")}</p>
      <p className="ds-paragraph">
        <Tekst
          id="felles.registerUtilgjengelig.lagret"
          verdier={{ epost: KONTAKT_EPOST }}
          deler={[kontaktlenke]}
        />
      </p>
      <a className="ds-button" data-variant="primary" href={pathname + search} data-discover="false">
        {t("felles.registerUtilgjengelig.proevIgjen")}
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
