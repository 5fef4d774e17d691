import { useFetcher } from "@remix-run/react";
import { CsrfInput } from "./csrf-input";
import { useT } from "./sprak";

/**
 * The cookie banner. The service stores only cookies it needs (session, login state, chosen
 * organisation, preferences), so the banner informs rather than asks: one sentence, the full account behind
 * «Hvilke informasjonskapsler?». The acknowledgement is stored in a
 * cookie by POST /informasjonskapsler (works without JavaScript: the post redirects back); with
 * JavaScript a fetcher posts it and the banner closes at once.
 */
export function Informasjonskapsler({ sti }: { sti: string }) {
  const fetcher = useFetcher();
  const t = useT();
  if (fetcher.state !== "idle" || fetcher.data) return null;
  return (
    <section className="cookie-banner" aria-labelledby="cookie-banner-tittel">
      <div className="cookie-banner__innhold">
        <h2 id="cookie-banner-tittel" className="ds-heading" data-size="xs">
          {t("felles.informasjonskapsler.tittel")}
        </h2>
        <p className="ds-paragraph" data-size="sm">
          {t("felles.informasjonskapsler.kort")}
        </p>
        {/* The whole account one step away (no JavaScript needed), so the banner stays small on a phone. */}
        <details className="cookie-banner__detaljer">
          <summary className="ds-paragraph" data-size="sm">
            {t("felles.informasjonskapsler.hvilke")}
          </summary>
          <p className="ds-paragraph" data-size="sm">
            {t("felles.informasjonskapsler.tekst")}
          </p>
        </details>
        <fetcher.Form method="post" action="/informasjonskapsler" className="knapperad">
          <CsrfInput />
          <input type="hidden" name="returnTo" value={sti} />
          <button
            className="ds-button"
            data-variant="primary"
            data-size="sm"
            type="submit"
            name="valg"
            value="nodvendige"
          >
            {t("felles.informasjonskapsler.forstaar")}
          </button>
        </fetcher.Form>
      </div>
    </section>
  );
}
