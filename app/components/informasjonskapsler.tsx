import { useFetcher } from "@remix-run/react";
import { CsrfInput } from "./csrf-input";

/**
 * The cookie banner. The service stores only cookies it needs (session, login state, chosen
 * organisation, preferences), so the banner informs rather than asks. The acknowledgement is stored in a
 * cookie by POST /informasjonskapsler (works without JavaScript: the post redirects back); with
 * JavaScript a fetcher posts it and the banner closes at once.
 */
export function Informasjonskapsler({ sti }: { sti: string }) {
  const fetcher = useFetcher();
  if (fetcher.state !== "idle" || fetcher.data) return null;
  return (
    <section className="cookie-banner" aria-labelledby="cookie-banner-tittel">
      <div className="cookie-banner__innhold">
        <h2 id="cookie-banner-tittel" className="ds-heading" data-size="xs">
          Informasjonskapsler
        </h2>
        <p className="ds-paragraph" data-size="sm">
          Tjenesten bruker bare informasjonskapsler som trengs for at den skal virke: én for innloggingen og
          skjemaene dine (økten), en kortvarig én mens du logger inn, én som husker hvilken virksomhet du
          valgte sist, og noen som husker valgene dine, som om menyen er åpen og at du har lest denne
          meldingen. Vi bruker ingen informasjonskapsler til statistikk, analyse eller markedsføring.
        </p>
        <fetcher.Form method="post" action="/informasjonskapsler" className="knapperad">
          <CsrfInput />
          <input type="hidden" name="returnTo" value={sti} />
          <button className="ds-button" data-variant="primary" type="submit" name="valg" value="nodvendige">
            Jeg forstår
          </button>
        </fetcher.Form>
      </div>
    </section>
  );
}
