// The settings side "Integrasjoner" (issue 25 §2, docs/decisions/035-maskintilgang.md), section "Systemer med
// tilgang": which of the importer's systems may act for it through the API with a Maskinporten token, and
// whether they may only read or also change. Plain forms: adding keeps what was typed on error, removing asks
// for confirmation on its own URL (?fjernSystem=), both without JavaScript.
import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { formaterDato } from "../../../domain/format";
import type { SystemtilgangDto } from "../../../domain/schemas/systemtilgang";
import type { T } from "../../../sprak/oversetter";
import type { SystemSvar } from "../../lib/integrasjoner.server";
import type { action, loader } from "../../routes/innstillinger";
import { Bekreftelsespanel } from "../bekreftelsespanel";
import { CsrfInput } from "../csrf-input";
import { FeilOppsummering, feilFra, SendKnapp } from "../skjema";
import { useT } from "../sprak";
import { Tekstfelt } from "../tekstfelt";
import { Tabellramme, Varsel } from "../ui";
import { SIDE_TEKST, sideUrl } from "./felles";

const erScope = (s: string): s is "read" | "write" => s === "read" || s === "write";

/** A system's access in a word or two; a scope the page does not know is shown as its code. */
const tilgangTekst = (t: T, scopes: readonly string[]) =>
  scopes.length === 2
    ? t("innstillinger.integrasjoner.tilgangBegge")
    : scopes.map((s) => (erScope(s) ? t(`innstillinger.integrasjoner.tilgangKort.${s}`) : s)).join(", ");

export function Integrasjoner() {
  const { integrasjoner } = useLoaderData<typeof loader>();
  const t = useT();
  const svar = useActionData<typeof action>() as SystemSvar | undefined;
  const systemer: SystemtilgangDto[] = integrasjoner?.systemer ?? [];
  const fjernSystem = integrasjoner?.fjernSystem ?? null;
  const leggTil = svar?.intent === "legg-til-system" ? svar : undefined;
  const fjernSvar = svar?.intent === "fjern-system" ? svar : undefined;
  const [form, fields] = useForm({
    id: "legg-til-system",
    lastResult: leggTil?.result,
    defaultValue: { klientId: "", klientNavn: "", scopes: ["read"] },
    shouldValidate: "onSubmit",
  });
  const valgteScopes = fields.scopes.value;
  const valgt = (s: string) => (Array.isArray(valgteScopes) ? valgteScopes.includes(s) : valgteScopes === s);
  // "Velg minst én tilgang" is the list's, an unknown value its item's (scopes[0]).
  const scopeFeil = fields.scopes.errors?.[0] ?? Object.values(fields.scopes.allErrors ?? {})[0]?.[0];
  const feil = [
    ...feilFra([fields.klientId, fields.klientNavn]),
    ...(scopeFeil ? [{ id: `${fields.scopes.id}-read`, melding: scopeFeil }] : []),
  ];
  return (
    <>
      <FeilOppsummering feil={feil} />
      <h2 className="ds-heading" data-size="md">
        {t(SIDE_TEKST.Integrasjoner)}
      </h2>
      <section aria-labelledby="systemer-tittel" className="seksjon">
        <h3 id="systemer-tittel" className="ds-heading" data-size="sm">
          {t("innstillinger.integrasjoner.tittel")}
        </h3>
        <p className="ds-paragraph">{t("innstillinger.integrasjoner.tekst")}</p>
        {fjernSvar?.lagreFeil ? (
          <Varsel farge="danger" rolle="alert">
            <p className="ds-paragraph">{t.melding(fjernSvar.lagreFeil)}</p>
          </Varsel>
        ) : null}
        {fjernSystem ? (
          <Bekreftelsespanel
            tittel="innstillinger.integrasjoner.fjernTittel"
            side={sideUrl("Integrasjoner")}
            intent="fjern-system"
            felt={{ id: fjernSystem.id }}
            bekreft="innstillinger.integrasjoner.fjernBekreft"
          >
            {t("innstillinger.integrasjoner.fjernTekst", {
              navn: fjernSystem.klientNavn,
              klientId: fjernSystem.klientId,
            })}
          </Bekreftelsespanel>
        ) : null}
        <Systemtabell systemer={systemer} />
        <h3 className="ds-heading" data-size="xs" id="legg-til-system-tittel">
          {t("innstillinger.integrasjoner.leggTilTittel")}
        </h3>
        <Form
          method="post"
          action={sideUrl("Integrasjoner")}
          {...getFormProps(form)}
          aria-labelledby="legg-til-system-tittel"
          className="skjema skjema--stablet"
        >
          <CsrfInput />
          <Tekstfelt
            felt={fields.klientId}
            etikett={t("innstillinger.integrasjoner.klientId")}
            beskrivelse={t("innstillinger.integrasjoner.klientIdHjelp")}
            autoComplete="off"
            maxLength={200}
          />
          <Tekstfelt
            felt={fields.klientNavn}
            etikett={t("innstillinger.integrasjoner.navn")}
            beskrivelse={t("innstillinger.integrasjoner.navnHjelp")}
            autoComplete="off"
            maxLength={100}
          />
          <fieldset
            className="ds-fieldset"
            aria-invalid={scopeFeil ? true : undefined}
            aria-describedby={scopeFeil ? `${fields.scopes.id}-feil` : undefined}
          >
            <legend className="ds-label">{t("innstillinger.integrasjoner.tilgang")}</legend>
            {scopeFeil ? (
              <p
                className="ds-validation-message feilmelding"
                id={`${fields.scopes.id}-feil`}
                data-color="danger"
              >
                {t.melding(scopeFeil)}
              </p>
            ) : null}
            {(["read", "write"] as const).map((s) => (
              <div className="ds-field radio" key={s}>
                <input
                  className="ds-input"
                  type="checkbox"
                  id={`${fields.scopes.id}-${s}`}
                  name={fields.scopes.name}
                  value={s}
                  defaultChecked={valgt(s)}
                  key={`${form.key ?? ""}-${s}`}
                />
                <label className="ds-label" data-weight="regular" htmlFor={`${fields.scopes.id}-${s}`}>
                  {t(`innstillinger.integrasjoner.scope.${s}`)}
                </label>
              </div>
            ))}
          </fieldset>
          <div className="knapperad">
            <SendKnapp name="intent" value="legg-til-system" variant="secondary">
              {t("innstillinger.integrasjoner.giTilgang")}
            </SendKnapp>
          </div>
        </Form>
      </section>
    </>
  );
}

/** The systems that have access, each with a link to remove it. */
function Systemtabell({ systemer }: { systemer: SystemtilgangDto[] }) {
  const t = useT();
  return systemer.length === 0 ? (
    <p className="ds-paragraph">{t("innstillinger.integrasjoner.ingen")}</p>
  ) : (
    <Tabellramme etikett={t("innstillinger.integrasjoner.tabell")}>
      <table className="ds-table" data-border>
        <thead>
          <tr>
            <th scope="col">{t("innstillinger.integrasjoner.kolonne.navn")}</th>
            <th scope="col">{t("innstillinger.integrasjoner.klientId")}</th>
            <th scope="col">{t("innstillinger.integrasjoner.tilgang")}</th>
            <th scope="col">{t("innstillinger.integrasjoner.kolonne.lagtTil")}</th>
            <th scope="col">
              <span className="skjult">{t("innstillinger.integrasjoner.kolonne.handling")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {systemer.map((s) => (
            <tr key={s.id}>
              <td className="bryt-ord">{s.klientNavn}</td>
              <td className="bryt-ord">
                <code>{s.klientId}</code>
              </td>
              <td>{tilgangTekst(t, s.scopes)}</td>
              <td>
                {s.lagtTilAv
                  ? t("innstillinger.integrasjoner.lagtTilAv", {
                      dato: formaterDato(s.lagtTil, t.sprak),
                      navn: s.lagtTilAv,
                    })
                  : formaterDato(s.lagtTil, t.sprak)}
              </td>
              <td>
                <Link
                  className="ds-button"
                  data-variant="tertiary"
                  data-size="sm"
                  to={sideUrl("Integrasjoner", { fjernSystem: String(s.id) })}
                  aria-label={t("innstillinger.integrasjoner.fjernFor", { navn: s.klientNavn })}
                >
                  {t("innstillinger.fjern")}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Tabellramme>
  );
}
