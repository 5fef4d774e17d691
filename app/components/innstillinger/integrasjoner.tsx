// The settings side "Integrasjoner" (issue 25 §2, docs/decisions/035-maskintilgang.md), section "Systemer med
// tilgang": which of the importer's systems may act for it through the API with a Maskinporten token, and
// whether they may only read or also change. Plain forms: adding keeps what was typed on error, removing asks
// for confirmation on its own URL (?fjernSystem=), both without JavaScript.
import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { formaterDato } from "../../../domain/format";
import type { SystemtilgangDto } from "../../../domain/schemas/systemtilgang";
import type { SystemSvar } from "../../lib/integrasjoner.server";
import type { action, loader } from "../../routes/innstillinger";
import { Bekreftelsespanel } from "../bekreftelsespanel";
import { CsrfInput } from "../csrf-input";
import { FeilOppsummering, feilFra, SendKnapp } from "../skjema";
import { useT } from "../sprak";
import { Tekstfelt } from "../tekstfelt";
import { Tabellramme, Varsel } from "../ui";
import { sideUrl } from "./felles";

const TILGANG: Record<string, string> = {
  read: "Lese",
  write: "Endre",
};

const tilgangTekst = (scopes: readonly string[]) =>
  scopes.length === 2 ? "Lese og endre" : scopes.map((s) => TILGANG[s] ?? s).join(", ");

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
        Integrasjoner
      </h2>
      <section aria-labelledby="systemer-tittel" className="seksjon">
        <h3 id="systemer-tittel" className="ds-heading" data-size="sm">
          Systemer med tilgang
        </h3>
        <p className="ds-paragraph">
          Virksomhetens egne systemer kan bruke API-et med et token fra Maskinporten. Et system får bare gjøre
          det du gir det tilgang til her, og handlingene vises i historikken som «System: navnet på systemet».
        </p>
        {fjernSvar?.lagreFeil ? (
          <Varsel farge="danger" rolle="alert">
            <p className="ds-paragraph">{fjernSvar.lagreFeil}</p>
          </Varsel>
        ) : null}
        {fjernSystem ? (
          <Bekreftelsespanel
            tittel="Fjerne tilgangen?"
            side={sideUrl("Integrasjoner")}
            intent="fjern-system"
            felt={{ id: fjernSystem.id }}
            bekreft="Ja, fjern tilgangen"
          >
            Vil du fjerne tilgangen for {fjernSystem.klientNavn} ({fjernSystem.klientId})? Systemet kan ikke
            lenger bruke API-et for virksomheten.
          </Bekreftelsespanel>
        ) : null}
        <Systemtabell systemer={systemer} />
        <h3 className="ds-heading" data-size="xs" id="legg-til-system-tittel">
          Gi et system tilgang
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
            etikett="Klient-ID"
            beskrivelse="Klient-ID-en systemet har i Maskinporten."
            autoComplete="off"
            maxLength={200}
          />
          <Tekstfelt
            felt={fields.klientNavn}
            etikett="Navn på systemet"
            beskrivelse="Vises i historikken til forhåndsmeldingene systemet endrer."
            autoComplete="off"
            maxLength={100}
          />
          <fieldset
            className="ds-fieldset"
            aria-invalid={scopeFeil ? true : undefined}
            aria-describedby={scopeFeil ? `${fields.scopes.id}-feil` : undefined}
          >
            <legend className="ds-label">Tilgang</legend>
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
                  {s === "read"
                    ? "Lese: sertifikater, forhåndsmeldinger og historikk"
                    : "Endre: opprette, fylle ut, sende inn og trekke tilbake forhåndsmeldinger"}
                </label>
              </div>
            ))}
          </fieldset>
          <div className="knapperad">
            <SendKnapp name="intent" value="legg-til-system" variant="secondary">
              Gi tilgang
            </SendKnapp>
          </div>
        </Form>
      </section>
    </>
  );
}

/** The systems that have access, each with a link to remove it. */
function Systemtabell({ systemer }: { systemer: SystemtilgangDto[] }) {
  return systemer.length === 0 ? (
    <p className="ds-paragraph">Ingen systemer har tilgang.</p>
  ) : (
    <Tabellramme etikett="Systemene som har tilgang">
      <table className="ds-table" data-border>
        <thead>
          <tr>
            <th scope="col">Navn</th>
            <th scope="col">Klient-ID</th>
            <th scope="col">Tilgang</th>
            <th scope="col">Lagt til</th>
            <th scope="col">
              <span className="skjult">Handling</span>
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
              <td>{tilgangTekst(s.scopes)}</td>
              <td>
                {formaterDato(s.lagtTil)}
                {s.lagtTilAv ? ` av ${s.lagtTilAv}` : ""}
              </td>
              <td>
                <Link
                  className="ds-button"
                  data-variant="tertiary"
                  data-size="sm"
                  to={sideUrl("Integrasjoner", { fjernSystem: String(s.id) })}
                  aria-label={`Fjern tilgangen for ${s.klientNavn}`}
                >
                  Fjern
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Tabellramme>
  );
}
