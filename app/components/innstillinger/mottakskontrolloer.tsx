import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { formaterOrganisasjonsnummer } from "../../../domain/format";
import type { action, loader } from "../../routes/innstillinger";
import { Bekreftelsespanel } from "../bekreftelsespanel";
import { CsrfInput } from "../csrf-input";
import { useT } from "../sprak";
import { Varsel } from "../ui";
import { Bryter } from "./bryter";
import { FEIL, SIDE_TEKST, type Svar, sideUrl } from "./felles";

export function RegistrereKontrolloer() {
  const { importoer } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <>
      <h2 className="ds-heading" data-size="md">
        {t(SIDE_TEKST["Registrere som mottakskontrollør"])}
      </h2>
      <p className="ds-paragraph">{t("innstillinger.kontrolloer.registrereTekst")}</p>
      <Bryter
        intent="mottakskontrolloer"
        navn="erMottakskontrolloer"
        paa={importoer.erMottakskontrolloer}
        etikett={t("innstillinger.kontrolloer.registrereEtikett")}
      />
      {importoer.erMottakskontrolloer ? (
        <section aria-labelledby="kontrolloer-for-tittel" className="seksjon">
          <h3 id="kontrolloer-for-tittel" className="ds-heading" data-size="sm">
            {t("innstillinger.kontrolloer.forTittel")}
          </h3>
          {importoer.mottakskontrolloerFor.length === 0 ? (
            <p className="ds-paragraph">{t("innstillinger.kontrolloer.forIngen")}</p>
          ) : (
            <ul className="innstillinger__liste" aria-labelledby="kontrolloer-for-tittel">
              {importoer.mottakskontrolloerFor.map((k) => (
                <li key={k.id}>
                  {k.navn} ({formaterOrganisasjonsnummer(k.organisasjonsnummer)})
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </>
  );
}
export function LeggTilKontrolloer() {
  const { importoer, alleKontrolloerer, kontrolloerFeil, sok, fjernKontrolloer } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as Svar | undefined;
  const t = useT();
  const svar =
    actionData?.intent === "legg-til-kontrolloer" || actionData?.intent === "fjern-kontrolloer"
      ? actionData
      : undefined;
  const valgte = new Set(importoer.mottakskontrolloerer.map((k) => k.id));
  const s = sok.trim().toLowerCase();
  const tilgjengelige = alleKontrolloerer.filter(
    (k) =>
      !valgte.has(k.id) &&
      (!s || k.navn.toLowerCase().includes(s) || k.organisasjonsnummer.includes(s.replace(/\s/g, ""))),
  );
  return (
    <>
      <h2 className="ds-heading" data-size="md">
        {t(SIDE_TEKST["Legg til mottakskontrollør"])}
      </h2>
      <p className="ds-paragraph">{t("innstillinger.kontrolloer.leggTilTekst")}</p>
      {svar?.feil ? (
        <Varsel farge="danger" rolle="alert">
          <p className="ds-paragraph">{t.melding(svar.feil)}</p>
        </Varsel>
      ) : null}
      <section aria-labelledby="mine-kontrolloerer" className="seksjon">
        <h3 id="mine-kontrolloerer" className="ds-heading" data-size="sm">
          {t("innstillinger.kontrolloer.dine")}
        </h3>
        {fjernKontrolloer ? (
          <Bekreftelsespanel
            tittel="innstillinger.kontrolloer.fjernTittel"
            side={sideUrl("Legg til mottakskontrollør")}
            intent="fjern-kontrolloer"
            felt={{ mottakskontrolloerId: fjernKontrolloer.id }}
            bekreft="innstillinger.kontrolloer.fjernBekreft"
          >
            {t("innstillinger.kontrolloer.fjernTekst", {
              navn: fjernKontrolloer.navn,
              orgnr: formaterOrganisasjonsnummer(fjernKontrolloer.organisasjonsnummer),
            })}
          </Bekreftelsespanel>
        ) : null}
        {importoer.mottakskontrolloerer.length === 0 ? (
          <p className="ds-paragraph">{t("innstillinger.kontrolloer.ingen")}</p>
        ) : (
          <ul className="innstillinger__liste" aria-labelledby="mine-kontrolloerer">
            {importoer.mottakskontrolloerer.map((k) => (
              <li key={k.id}>
                <span>
                  {k.navn} ({formaterOrganisasjonsnummer(k.organisasjonsnummer)})
                </span>
                <Link
                  className="ds-button"
                  data-variant="tertiary"
                  data-size="sm"
                  to={sideUrl("Legg til mottakskontrollør", { fjernKontrolloer: String(k.id) })}
                  aria-label={t("innstillinger.kontrolloer.fjernNavn", { navn: k.navn })}
                >
                  {t("innstillinger.fjern")}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="legg-til-tittel" className="seksjon">
        <h3 id="legg-til-tittel" className="ds-heading" data-size="sm">
          {t("innstillinger.kontrolloer.leggTil")}
        </h3>
        {kontrolloerFeil ? (
          <Varsel farge="danger">
            <p className="ds-paragraph">{t(FEIL.hentKontrolloerer)}</p>
          </Varsel>
        ) : (
          <>
            <Form
              method="get"
              action="/innstillinger"
              className="skjema innstillinger__legg-til"
              role="search"
            >
              <input type="hidden" name="side" value="Legg til mottakskontrollør" />
              <div className="ds-field">
                <label className="ds-label" htmlFor="sok">
                  {t("innstillinger.kontrolloer.sokEtikett")}
                </label>
                <input className="ds-input" type="search" id="sok" name="sok" defaultValue={sok} />
              </div>
              <button className="ds-button" data-variant="secondary" type="submit">
                {t("innstillinger.kontrolloer.sok")}
              </button>
            </Form>
            {tilgjengelige.length === 0 ? (
              <p className="ds-paragraph">
                {t(s ? "innstillinger.kontrolloer.ingenTreff" : "innstillinger.kontrolloer.ingenFlere")}
              </p>
            ) : (
              <Form
                method="post"
                action={sideUrl("Legg til mottakskontrollør")}
                className="skjema innstillinger__legg-til"
              >
                <CsrfInput />
                <div className="ds-field">
                  <label className="ds-label" htmlFor="mottakskontrolloerId">
                    {t("innstillinger.profil.mottakskontrolloer")}
                  </label>
                  <select className="ds-input" id="mottakskontrolloerId" name="mottakskontrolloerId">
                    {tilgjengelige.map((k) => (
                      <option key={k.id} value={k.id}>
                        {k.navn} ({formaterOrganisasjonsnummer(k.organisasjonsnummer)})
                      </option>
                    ))}
                  </select>
                </div>
                <button
                  className="ds-button"
                  data-variant="primary"
                  type="submit"
                  name="intent"
                  value="legg-til-kontrolloer"
                >
                  {t("innstillinger.kontrolloer.leggTilKnapp")}
                </button>
              </Form>
            )}
          </>
        )}
      </section>
    </>
  );
}
