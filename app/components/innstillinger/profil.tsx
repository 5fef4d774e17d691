import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { REGELVERK_AVKRYSSING_TEKST } from "../../../domain/schemas/tekster";
import type { action, loader } from "../../routes/innstillinger";
import { CsrfInput } from "../csrf-input";
import { useT } from "../sprak";
import { Varsel } from "../ui";
import { SIDE_TEKST, type Svar } from "./felles";

export function Profil() {
  const { importoer } = useLoaderData<typeof loader>();
  const t = useT();
  const actionData = useActionData<typeof action>() as Svar | undefined;
  const regelverkSvar = actionData?.intent === "bekreft-regelverk" ? actionData : undefined;
  const [krysset, settKrysset] = useState(importoer.harLestRegelverk);
  return (
    <>
      <h2 className="ds-heading" data-size="md">
        {t(SIDE_TEKST.Profil)}
      </h2>
      <Opplysninger />
      <section aria-labelledby="regelverk-tittel" className="seksjon">
        <h3 id="regelverk-tittel" className="ds-heading" data-size="sm">
          {t("innstillinger.regelverk.tittel")}
        </h3>
        <p className="ds-paragraph">{t("innstillinger.regelverk.tekst")}</p>
        {regelverkSvar?.feil ? (
          <Varsel farge="danger" rolle="alert">
            <p className="ds-paragraph">{t.melding(regelverkSvar.feil)}</p>
          </Varsel>
        ) : null}
        {regelverkSvar?.melding ? (
          <Varsel farge="warning" rolle="status">
            <p className="ds-paragraph">{t.melding(regelverkSvar.melding)}</p>
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
                {t("innstillinger.regelverk.etikett")}
              </label>
            </div>
            <p className="ds-paragraph hjelpetekst" data-size="sm" id="regelverk-hjelp">
              {t.melding(REGELVERK_AVKRYSSING_TEKST)} {t("innstillinger.regelverk.bekreftet")}
            </p>
          </>
        ) : (
          <Form method="post" className="skjema skjema--stablet">
            <CsrfInput />
            <fieldset className="ds-fieldset">
              <legend className="ds-label">{t("innstillinger.regelverk.legende")}</legend>
              {[
                { verdi: "bekreftet", tekst: t("innstillinger.regelverk.ja") },
                { verdi: "vil-ikke-melde", tekst: t("innstillinger.regelverk.nei") },
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
                {t("innstillinger.regelverk.etikett")}
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
                {t("innstillinger.lagre")}
              </button>
            </div>
          </Form>
        )}
      </section>
    </>
  );
}

/** What the service knows about the organisation: name, number, address, reception control, e-mail addresses. */
function Opplysninger() {
  const { avgiver, importoer } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <dl className="opplysninger">
      <div className="opplysninger__rad">
        <dt>{t("innstillinger.profil.virksomhet")}</dt>
        <dd>{importoer.navn}</dd>
      </div>
      <div className="opplysninger__rad">
        <dt>{t("innstillinger.profil.organisasjonsnummer")}</dt>
        <dd>{avgiver.formatertOrganisasjonsnummer}</dd>
      </div>
      {avgiver.adresse ? (
        <div className="opplysninger__rad">
          <dt>{t("innstillinger.profil.adresse")}</dt>
          <dd>{avgiver.adresse}</dd>
        </div>
      ) : null}
      <div className="opplysninger__rad">
        <dt>{t("innstillinger.profil.mottakskontrolloer")}</dt>
        <dd>
          {t(
            importoer.erMottakskontrolloer
              ? "innstillinger.profil.erKontrolloer"
              : "innstillinger.profil.nei",
          )}
        </dd>
      </div>
      {importoer.erMottakskontrolloer ? (
        <div className="opplysninger__rad">
          <dt>{t("innstillinger.kontrolloer.forTittel")}</dt>
          <dd>
            {importoer.mottakskontrolloerFor.length === 0
              ? t("innstillinger.profil.ingenVirksomheter")
              : importoer.mottakskontrolloerFor.map((k) => k.navn).join(", ")}
          </dd>
        </div>
      ) : null}
      <div className="opplysninger__rad">
        <dt>{t("innstillinger.profil.epostadresser")}</dt>
        <dd className="bryt-ord">
          {importoer.epostadresser.length === 0
            ? t("innstillinger.profil.ingenEpost")
            : importoer.epostadresser.map((e) => e.epostadresse).join(", ")}
        </dd>
      </div>
    </dl>
  );
}
