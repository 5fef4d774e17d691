import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { CsrfInput } from "../components/csrf-input";
import { lenke, Tekst, useT } from "../components/sprak";
import { KONTAKT_EPOST } from "../lib/kontakt";
import { sidetittel } from "../lib/sidetittel";
import { ruteTekster } from "../lib/tekster.server";

export const loader = ({ request }: LoaderFunctionArgs) =>
  ruteTekster(request, "routes/mangler-autorisasjon");

/** Missing authorisation (contents not shown in the spec: docs/decisions/005-login-guard.md). */
export default function ManglerAutorisasjon() {
  const t = useT();
  return (
    <div className="smal">
      <h1 className="ds-heading" data-size="lg">
        {t("innlogging.manglerTilgang.tittel")}
      </h1>
      <p className="ds-paragraph">{t("innlogging.manglerTilgang.tekst")}</p>
      <ul className="ds-list">
        <li>{t("innlogging.manglerTilgang.be")}</li>
        <li>{t("innlogging.manglerTilgang.loggInnPaaNytt")}</li>
        <li>
          <Tekst
            id="innlogging.manglerTilgang.kontakt"
            verdier={{ epost: KONTAKT_EPOST }}
            deler={[lenke(`mailto:${KONTAKT_EPOST}`)]}
          />
        </li>
      </ul>
      <div className="knapperad">
        <a className="ds-button" data-variant="primary" href="/velg-virksomhet">
          {t("innlogging.manglerTilgang.annenVirksomhet")}
        </a>
        <Form method="post" action="/logout" reloadDocument>
          <CsrfInput />
          <button className="ds-button" data-variant="secondary" type="submit">
            {t("felles.loggUt")}
          </button>
        </Form>
      </div>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  sidetittel(matches, "innlogging.manglerTilgang.sidetittel");
