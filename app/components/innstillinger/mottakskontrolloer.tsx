import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { formaterOrganisasjonsnummer } from "../../../domain/format";
import type { action, loader } from "../../routes/innstillinger";
import { Bekreftelsespanel } from "../bekreftelsespanel";
import { CsrfInput } from "../csrf-input";
import { Varsel } from "../ui";
import { Bryter } from "./bryter";
import { FEIL, type Svar, sideUrl } from "./felles";

export function RegistrereKontrolloer() {
  const { importoer } = useLoaderData<typeof loader>();
  return (
    <>
      <h2 className="ds-heading" data-size="md">
        Registrere som mottakskontrollør
      </h2>
      <p className="ds-paragraph">
        En mottakskontrollør gjør mottakskontroll for andre virksomheter. Når virksomheten er registrert, kan
        andre importører legge den til som mottakskontrollør.
      </p>
      <Bryter
        intent="mottakskontrolloer"
        navn="erMottakskontrolloer"
        paa={importoer.erMottakskontrolloer}
        etikett="Registrer virksomheten som mottakskontrollør"
      />
      {importoer.erMottakskontrolloer ? (
        <section aria-labelledby="kontrolloer-for-tittel" className="seksjon">
          <h3 id="kontrolloer-for-tittel" className="ds-heading" data-size="sm">
            Mottakskontrollør for
          </h3>
          {importoer.mottakskontrolloerFor.length === 0 ? (
            <p className="ds-paragraph">Ingen virksomheter har lagt dere til som mottakskontrollør ennå.</p>
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
        Legg til mottakskontrollør
      </h2>
      <p className="ds-paragraph">
        Mottakskontrollørene du legger til, kan forhåndsmelde og gjøre mottakskontroll på vegne av
        virksomheten.
      </p>
      {svar?.feil ? (
        <Varsel farge="danger" rolle="alert">
          <p className="ds-paragraph">{svar.feil}</p>
        </Varsel>
      ) : null}
      <section aria-labelledby="mine-kontrolloerer" className="seksjon">
        <h3 id="mine-kontrolloerer" className="ds-heading" data-size="sm">
          Dine mottakskontrollører
        </h3>
        {fjernKontrolloer ? (
          <Bekreftelsespanel
            tittel="Fjerne mottakskontrolløren?"
            side={sideUrl("Legg til mottakskontrollør")}
            intent="fjern-kontrolloer"
            felt={{ mottakskontrolloerId: fjernKontrolloer.id }}
            bekreft="Ja, fjern"
          >
            Vil du fjerne {fjernKontrolloer.navn} (
            {formaterOrganisasjonsnummer(fjernKontrolloer.organisasjonsnummer)}) som mottakskontrollør? Den
            kan ikke lenger forhåndsmelde eller gjøre mottakskontroll på vegne av virksomheten.
          </Bekreftelsespanel>
        ) : null}
        {importoer.mottakskontrolloerer.length === 0 ? (
          <p className="ds-paragraph">Du har ingen registrerte mottakskontrollører.</p>
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
                  aria-label={`Fjern ${k.navn}`}
                >
                  Fjern
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="legg-til-tittel" className="seksjon">
        <h3 id="legg-til-tittel" className="ds-heading" data-size="sm">
          Legg til
        </h3>
        {kontrolloerFeil ? (
          <Varsel farge="danger">
            <p className="ds-paragraph">{FEIL.hentKontrolloerer}</p>
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
                  Søk etter mottakskontrollør
                </label>
                <input className="ds-input" type="search" id="sok" name="sok" defaultValue={sok} />
              </div>
              <button className="ds-button" data-variant="secondary" type="submit">
                Søk
              </button>
            </Form>
            {tilgjengelige.length === 0 ? (
              <p className="ds-paragraph">
                {s
                  ? "Ingen mottakskontrollører passer søket."
                  : "Ingen flere registrerte mottakskontrollører."}
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
                    Mottakskontrollør
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
                  Legg til mottakskontrollør
                </button>
              </Form>
            )}
          </>
        )}
      </section>
    </>
  );
}
