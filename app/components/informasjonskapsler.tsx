import { useFetcher } from "@remix-run/react";
import { CsrfInput } from "./csrf-input";

/**
 * The cookie banner. Its choice is stored in a cookie by POST /informasjonskapsler (works without
 * JavaScript: the post redirects back); with JavaScript a fetcher posts it and the banner closes at once.
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
          Vi bruker nødvendige informasjonskapsler for at innlogging og skjemaer skal virke. Med ditt samtykke
          bruker vi også informasjonskapsler til anonym statistikk, slik at vi kan forbedre tjenesten.
        </p>
        <fetcher.Form method="post" action="/informasjonskapsler" className="knapperad">
          <CsrfInput />
          <input type="hidden" name="returnTo" value={sti} />
          <button className="ds-button" data-variant="primary" type="submit" name="valg" value="alle">
            Godta alle
          </button>
          <button className="ds-button" data-variant="secondary" type="submit" name="valg" value="nodvendige">
            Bare nødvendige
          </button>
        </fetcher.Form>
      </div>
    </section>
  );
}
