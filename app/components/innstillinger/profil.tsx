import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { REGELVERK_AVKRYSSING_TEKST } from "../../../domain/schemas/tekster";
import type { action, loader } from "../../routes/innstillinger";
import { CsrfInput } from "../csrf-input";
import { useT } from "../sprak";
import { Varsel } from "../ui";
import type { Svar } from "./felles";

export function Profil() {
  const { avgiver, importoer } = useLoaderData<typeof loader>();
  const t = useT();
  const actionData = useActionData<typeof action>() as Svar | undefined;
  const regelverkSvar = actionData?.intent === "bekreft-regelverk" ? actionData : undefined;
  const [krysset, settKrysset] = useState(importoer.harLestRegelverk);
  return (
    <>
      <h2 className="ds-heading" data-size="md">
        Profil
      </h2>
      <dl className="opplysninger">
        <div className="opplysninger__rad">
          <dt>Virksomhet</dt>
          <dd>{importoer.navn}</dd>
        </div>
        <div className="opplysninger__rad">
          <dt>Organisasjonsnummer</dt>
          <dd>{avgiver.formatertOrganisasjonsnummer}</dd>
        </div>
        {avgiver.adresse ? (
          <div className="opplysninger__rad">
            <dt>Adresse</dt>
            <dd>{avgiver.adresse}</dd>
          </div>
        ) : null}
        <div className="opplysninger__rad">
          <dt>Mottakskontrollør</dt>
          <dd>{importoer.erMottakskontrolloer ? "Ja, registrert som mottakskontrollør" : "Nei"}</dd>
        </div>
        {importoer.erMottakskontrolloer ? (
          <div className="opplysninger__rad">
            <dt>Mottakskontrollør for</dt>
            <dd>
              {importoer.mottakskontrolloerFor.length === 0
                ? "Ingen virksomheter"
                : importoer.mottakskontrolloerFor.map((k) => k.navn).join(", ")}
            </dd>
          </div>
        ) : null}
        <div className="opplysninger__rad">
          <dt>E-postadresser for varsler</dt>
          <dd className="bryt-ord">
            {importoer.epostadresser.length === 0
              ? "Ingen registrerte e-postadresser"
              : importoer.epostadresser.map((e) => e.epostadresse).join(", ")}
          </dd>
        </div>
      </dl>
      <section aria-labelledby="regelverk-tittel" className="seksjon">
        <h3 id="regelverk-tittel" className="ds-heading" data-size="sm">
          Kjennskap til regelverket
        </h3>
        <p className="ds-paragraph">
          For å melde import av planter må virksomheten kjenne regelverket, blant annet forskrift om
          plantehelse og kravene til forhåndsmelding og mottakskontroll.
        </p>
        {regelverkSvar?.feil ? (
          <Varsel farge="danger" rolle="alert">
            <p className="ds-paragraph">{t.melding(regelverkSvar.feil)}</p>
          </Varsel>
        ) : null}
        {regelverkSvar?.melding ? (
          <Varsel farge="warning" rolle="status">
            <p className="ds-paragraph">{regelverkSvar.melding}</p>
          </Varsel>
        ) : null}
        {importoer.harLestRegelverk ? (
          <>
            <div className="ds-field">
              <input
                className="ds-input"
                type="checkbox"
                id="harLestRegelverk"
                checked
                disabled
                readOnly
                aria-describedby="regelverk-hjelp"
              />
              <label className="ds-label" data-weight="regular" htmlFor="harLestRegelverk">
                Virksomheten kjenner regelverket for import av planter
              </label>
            </div>
            <p className="ds-paragraph hjelpetekst" data-size="sm" id="regelverk-hjelp">
              {t.melding(REGELVERK_AVKRYSSING_TEKST)} Bekreftet. Avkrysningen kan ikke fjernes.
            </p>
          </>
        ) : (
          <Form method="post" className="skjema skjema--stablet">
            <CsrfInput />
            <fieldset className="ds-fieldset">
              <legend className="ds-label">Kjenner virksomheten regelverket?</legend>
              {[
                { verdi: "bekreftet", tekst: "Ja, vi bekrefter at virksomheten kjenner regelverket" },
                { verdi: "vil-ikke-melde", tekst: "Nei, vi skal ikke melde import" },
              ].map((v) => (
                <div className="ds-field" key={v.verdi}>
                  <input
                    className="ds-input"
                    type="radio"
                    id={`bekreftelse-${v.verdi}`}
                    name="bekreftelse"
                    value={v.verdi}
                    defaultChecked={regelverkSvar?.bekreftelse === v.verdi}
                  />
                  <label className="ds-label" data-weight="regular" htmlFor={`bekreftelse-${v.verdi}`}>
                    {v.tekst}
                  </label>
                </div>
              ))}
            </fieldset>
            <div className="ds-field">
              <input
                className="ds-input"
                type="checkbox"
                id="harLestRegelverk"
                name="harLestRegelverk"
                value="ja"
                onClick={(e) => {
                  // Once ticked it stays ticked (SPEC §5).
                  if (!e.currentTarget.checked && krysset) e.preventDefault();
                  else if (e.currentTarget.checked) settKrysset(true);
                }}
                aria-describedby="regelverk-hjelp"
              />
              <label className="ds-label" data-weight="regular" htmlFor="harLestRegelverk">
                Virksomheten kjenner regelverket for import av planter
              </label>
              <p className="ds-paragraph hjelpetekst" data-size="sm" id="regelverk-hjelp">
                {t.melding(REGELVERK_AVKRYSSING_TEKST)}
              </p>
            </div>
            <div className="knapperad">
              <button
                className="ds-button"
                data-variant="primary"
                type="submit"
                name="intent"
                value="bekreft-regelverk"
              >
                Lagre
              </button>
            </div>
          </Form>
        )}
      </section>
    </>
  );
}
