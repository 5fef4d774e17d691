// The settings side "Integrasjoner" (issue 25 §2, docs/decisions/035-maskintilgang.md), section "Systemer med
// tilgang": which of the importer's systems may act for it through the API with a Maskinporten token, and
// whether they may only read or also change (write implies read: one choice of two, issue 36 item 1, ADR 057).
// Plain forms: adding keeps what was typed on error, changing the access opens its form on its own URL
// (?endreSystem=) and removing asks for confirmation on its own (?fjernSystem=), all without JavaScript.
import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigationType } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { formaterDato } from "../../../domain/format";
import type { Systemscope, SystemtilgangDto } from "../../../domain/schemas/systemtilgang";
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

/** The access a system has, as the one choice the forms offer: read, or read and write. */
const niva = (scopes: readonly string[]): Systemscope => (scopes.includes("write") ? "write" : "read");

/** A system's access in a word or two; a scope the page does not know is shown as its code. */
const tilgangTekst = (t: T, scopes: readonly string[]) =>
  scopes.length === 2
    ? t("innstillinger.integrasjoner.tilgangBegge")
    : scopes.map((s) => (erScope(s) ? t(`innstillinger.integrasjoner.tilgangKort.${s}`) : s)).join(", ");

/**
 * The section, new after each save that redirected here (?lagret=): with JavaScript the add form's state (conform
 * keeps it across the redirect) would otherwise show the last refused attempt's errors again, and its summary would
 * take focus from the confirmation (issue 36 item 4). A refused attempt keeps the form (no ?lagret=).
 */
export function Integrasjoner() {
  const { lagret } = useLoaderData<typeof loader>();
  const { key } = useLocation();
  return <Systemer key={lagret ? key : "skjema"} />;
}

function Systemer() {
  const { integrasjoner } = useLoaderData<typeof loader>();
  const t = useT();
  const svar = useActionData<typeof action>() as SystemSvar | undefined;
  const systemer: SystemtilgangDto[] = integrasjoner?.systemer ?? [];
  const fjernSystem = integrasjoner?.fjernSystem ?? null;
  const endreSystem = integrasjoner?.endreSystem ?? null;
  const leggTil = svar?.intent === "legg-til-system" ? svar : undefined;
  const fjernSvar = svar?.intent === "fjern-system" ? svar : undefined;
  const endreSvar = svar?.intent === "endre-system" ? svar : undefined;
  const [form, fields] = useForm({
    id: "legg-til-system",
    lastResult: leggTil?.result,
    defaultValue: { klientId: "", klientNavn: "", scopes: ["read"] },
    shouldValidate: "onSubmit",
  });
  const valgteScopes = fields.scopes.value;
  const valgt = (Array.isArray(valgteScopes) ? valgteScopes : [valgteScopes]).filter(
    (v): v is string => typeof v === "string",
  );
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
        {endreSystem ? <EndreTilgang system={endreSystem} lagreFeil={endreSvar?.lagreFeil} /> : null}
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
          <Tilgangsvalg
            idPrefiks={fields.scopes.id}
            navn={fields.scopes.name}
            valgt={valgt.length > 0 ? niva(valgt) : undefined}
            noekkel={form.key}
            feil={scopeFeil}
          />
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
              {/* Wraps between words only (at 1280 px «Lagersystemet» was broken mid-word); the table scrolls in
                  its frame when a name is longer than the page. The client id may break anywhere. */}
              <td>{s.klientNavn}</td>
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
                <div className="knapperad">
                  <Link
                    className="ds-button"
                    data-variant="tertiary"
                    data-size="sm"
                    to={sideUrl("Integrasjoner", { endreSystem: String(s.id) })}
                    aria-label={t("innstillinger.integrasjoner.endreFor", { navn: s.klientNavn })}
                  >
                    {t("innstillinger.integrasjoner.endre")}
                  </Link>
                  <Link
                    className="ds-button"
                    data-variant="tertiary"
                    data-size="sm"
                    to={sideUrl("Integrasjoner", { fjernSystem: String(s.id) })}
                    aria-label={t("innstillinger.integrasjoner.fjernFor", { navn: s.klientNavn })}
                  >
                    {t("innstillinger.fjern")}
                  </Link>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Tabellramme>
  );
}

/**
 * «Tilgang»: read, or read and write, as two radio buttons (issue 36 item 1, ADR 057). Write without read cannot be
 * chosen: a system that may submit must see what it submits. Both forms post `scopes` (the API's field).
 */
function Tilgangsvalg({
  idPrefiks,
  navn,
  valgt,
  noekkel,
  feil,
}: {
  idPrefiks: string;
  navn: string;
  valgt?: Systemscope;
  /** Makes the buttons new when the form is reset (conform's form key). */
  noekkel?: string;
  feil?: string;
}) {
  const t = useT();
  return (
    <fieldset
      className="ds-fieldset"
      aria-invalid={feil ? true : undefined}
      aria-describedby={feil ? `${idPrefiks}-feil` : undefined}
    >
      <legend className="ds-label">{t("innstillinger.integrasjoner.tilgang")}</legend>
      {feil ? (
        <p className="ds-validation-message feilmelding" id={`${idPrefiks}-feil`} data-color="danger">
          {t.melding(feil)}
        </p>
      ) : null}
      {(["read", "write"] as const).map((s) => (
        <div className="ds-field radio" key={s}>
          <input
            className="ds-input"
            type="radio"
            id={`${idPrefiks}-${s}`}
            name={navn}
            value={s}
            defaultChecked={valgt === s}
            key={`${noekkel ?? ""}-${s}`}
          />
          <label className="ds-label" data-weight="regular" htmlFor={`${idPrefiks}-${s}`}>
            {t(`innstillinger.integrasjoner.scope.${s}`)}
          </label>
        </div>
      ))}
    </fieldset>
  );
}

/**
 * «Endre tilgang» for a granted system, in place (?endreSystem=): its own form, so it works without JavaScript.
 * With JavaScript focus moves to its heading when it opens, where a keyboard user continues.
 */
function EndreTilgang({ system, lagreFeil }: { system: SystemtilgangDto; lagreFeil?: string }) {
  const t = useT();
  const tittel = useRef<HTMLHeadingElement>(null);
  // Only when it opens in the page (a client navigation), not when the page is loaded with it.
  const navigasjon = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: when another system's form opens
  useEffect(() => {
    if (navigasjon !== "POP") tittel.current?.focus();
  }, [system.id]);
  const side = sideUrl("Integrasjoner", { endreSystem: String(system.id) });
  return (
    <div className="endre-tilgang">
      <h4 className="ds-heading bryt-ord" data-size="xs" id="endre-system-tittel" tabIndex={-1} ref={tittel}>
        {t("innstillinger.integrasjoner.endreFor", { navn: system.klientNavn })}
      </h4>
      {lagreFeil ? (
        <Varsel farge="danger" rolle="alert">
          <p className="ds-paragraph">{t.melding(lagreFeil)}</p>
        </Varsel>
      ) : null}
      <Form
        method="post"
        action={side}
        className="skjema skjema--stablet"
        aria-labelledby="endre-system-tittel"
      >
        <CsrfInput />
        <input type="hidden" name="id" value={system.id} />
        <p className="ds-paragraph bryt-ord">
          {t("innstillinger.integrasjoner.endreTekst", {
            navn: system.klientNavn,
            klientId: system.klientId,
          })}
        </p>
        <Tilgangsvalg
          idPrefiks="endre-scopes"
          navn="scopes"
          valgt={niva(system.scopes)}
          noekkel={String(system.id)}
        />
        <div className="knapperad">
          <SendKnapp name="intent" value="endre-system">
            {t("innstillinger.integrasjoner.lagreTilgang")}
          </SendKnapp>
          <Link className="ds-button" data-variant="secondary" to={sideUrl("Integrasjoner")}>
            {t("felles.avbryt")}
          </Link>
        </div>
      </Form>
    </div>
  );
}
