import type { MetaFunction } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { CsrfInput } from "../components/csrf-input";
import { KONTAKT_EPOST } from "../lib/kontakt";

/** Missing authorisation (contents not shown in the spec: docs/decisions/005-login-guard.md). */
export default function ManglerAutorisasjon() {
  return (
    <div className="smal">
      <h1 className="ds-heading" data-size="lg">
        Du mangler tilgang
      </h1>
      <p className="ds-paragraph">
        Vi fant ikke tilgangen din til å melde import for virksomheten. For å bruke digital forhåndsmelding må
        virksomheten ha delegert deg tilgang til Mattilsynets skjematjenester i Altinn.
      </p>
      <ul className="ds-list">
        <li>Be den som forvalter tilganger i virksomheten om å gi deg tilgang i Altinn.</li>
        <li>Logg inn på nytt når tilgangen er gitt.</li>
        <li>
          Kontakt <a href={`mailto:${KONTAKT_EPOST}`}>{KONTAKT_EPOST}</a> hvis du mener du allerede har
          tilgang.
        </li>
      </ul>
      <div className="knapperad">
        <a className="ds-button" data-variant="primary" href="/velg-virksomhet">
          Velg en annen virksomhet
        </a>
        <Form method="post" action="/logout" reloadDocument>
          <CsrfInput />
          <button className="ds-button" data-variant="secondary" type="submit">
            Logg ut
          </button>
        </Form>
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Mangler tilgang – Digital forhåndsmelding" }];
