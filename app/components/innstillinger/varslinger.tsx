import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import type { action, loader } from "../../routes/innstillinger";
import { Bekreftelsespanel } from "../bekreftelsespanel";
import { CsrfInput } from "../csrf-input";
import { EpostBanner } from "../epost-banner";
import { useHydrert } from "../hydrert";
import { Varsel } from "../ui";
import { Bryter } from "./bryter";
import { type Svar, sideUrl } from "./felles";

export function Varslinger() {
  const { importoer, slettEpost, epostFeil } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as Svar | undefined;
  const hydrert = useHydrert();
  const leggTil = actionData?.intent === "legg-til-epost" ? actionData : undefined;
  const slettSvar = actionData?.intent === "slett-epost" ? actionData : undefined;
  const [epost, settEpost] = useState(leggTil?.epostadresse ?? "");
  return (
    <>
      <h2 className="ds-heading" data-size="md">
        Varslinger
      </h2>
      <EpostBanner feiler={epostFeil} />
      <section aria-labelledby="epost-tittel" className="seksjon">
        <h3 id="epost-tittel" className="ds-heading" data-size="sm">
          E-postadresser for varsler
        </h3>
        {slettSvar?.feil ? (
          <Varsel farge="danger" rolle="alert">
            <p className="ds-paragraph">{slettSvar.feil}</p>
          </Varsel>
        ) : null}
        {slettEpost ? (
          <Bekreftelsespanel
            tittel="Slette e-postadressen?"
            side={sideUrl("Varslinger")}
            intent="slett-epost"
            felt={{ id: slettEpost.id }}
            bekreft="Ja, slett"
          >
            Vil du slette {slettEpost.epostadresse}? Den får ikke lenger varsler.
          </Bekreftelsespanel>
        ) : null}
        {importoer.epostadresser.length === 0 ? (
          <p className="ds-paragraph">Ingen registrerte e-postadresser</p>
        ) : (
          <ul className="innstillinger__liste" aria-label="Registrerte e-postadresser">
            {importoer.epostadresser.map((e) => (
              <li key={e.id}>
                <span className="bryt-ord">{e.epostadresse}</span>
                <Link
                  className="ds-button"
                  data-variant="tertiary"
                  data-size="sm"
                  to={sideUrl("Varslinger", { slettEpost: String(e.id) })}
                  aria-label={`Slett ${e.epostadresse}`}
                >
                  Slett
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Form
          method="post"
          action={sideUrl("Varslinger")}
          className="skjema innstillinger__legg-til"
          noValidate
        >
          <CsrfInput />
          <div className="ds-field">
            <label className="ds-label" htmlFor="epostadresse">
              Ny e-postadresse
            </label>
            <input
              className="ds-input"
              type="email"
              id="epostadresse"
              name="epostadresse"
              autoComplete="email"
              value={epost}
              onChange={(e) => settEpost(e.currentTarget.value)}
              aria-invalid={leggTil?.feil ? true : undefined}
              aria-describedby={leggTil?.feil ? "epostadresse-feil" : undefined}
            />
            {leggTil?.feil ? (
              <p className="ds-validation-message feilmelding" id="epostadresse-feil" data-color="danger">
                {leggTil.feil}
              </p>
            ) : null}
          </div>
          <button
            className="ds-button"
            data-variant="secondary"
            type="submit"
            name="intent"
            value="legg-til-epost"
            disabled={hydrert && epost.trim() === ""}
          >
            Legg til e-postadresse
          </button>
        </Form>
      </section>
      <section aria-labelledby="varsel-tittel" className="seksjon">
        <h3 id="varsel-tittel" className="ds-heading" data-size="sm">
          Varsel på e-post
        </h3>
        <Bryter
          intent="epostvarsel"
          navn="skalHaEpost"
          paa={importoer.skalHaEpost}
          etikett="Send meg varsel på e-post om nye sertifikater"
        />
        <Bryter
          intent="vurderingsvarsel"
          navn="varsleVurderinger"
          paa={importoer.varsleVurderinger}
          etikett="Varsle meg om vurderinger"
          beskrivelse="E-post når Mattilsynet har frigitt eller avvist en forhåndsmelding, eller den er frigitt automatisk."
        />
      </section>
    </>
  );
}
