import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteLoaderData,
} from "@remix-run/react";
import { useState } from "react";
import { SPRAK, SPRAKNAVN } from "../../../sprak/sprak";
import type { loader as rootLoader } from "../../root";
import type { action, loader } from "../../routes/innstillinger";
import { Bekreftelsespanel } from "../bekreftelsespanel";
import { CsrfInput } from "../csrf-input";
import { EpostBanner } from "../epost-banner";
import { useHydrert } from "../hydrert";
import { useT } from "../sprak";
import { Varsel } from "../ui";
import { Bryter } from "./bryter";
import { type Svar, sideUrl } from "./felles";

/** The action's answer on the Varslinger side: «Språk i e-postvarsel» sends the chosen language back on error. */
export type VarslingSvar = Svar & { sprak?: string };

export function Varslinger() {
  const { importoer, slettEpost, epostFeil } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as VarslingSvar | undefined;
  const t = useT();
  const hydrert = useHydrert();
  const leggTil = actionData?.intent === "legg-til-epost" ? actionData : undefined;
  const slettSvar = actionData?.intent === "slett-epost" ? actionData : undefined;
  const [epost, settEpost] = useState(leggTil?.epostadresse ?? "");
  // Assessments exist only with the notifications (SPEC §6): with the flag off there is nothing to alert about.
  const visImportmelding = useRouteLoaderData<typeof rootLoader>("root")?.flagg.visImportmelding ?? false;
  return (
    <>
      <h2 className="ds-heading" data-size="md">
        {t("innstillinger.varslinger.tittel")}
      </h2>
      <EpostBanner feiler={epostFeil} />
      <section aria-labelledby="epost-tittel" className="seksjon">
        <h3 id="epost-tittel" className="ds-heading" data-size="sm">
          {t("innstillinger.varslinger.epost.tittel")}
        </h3>
        {slettSvar?.feil ? (
          <Varsel farge="danger" rolle="alert">
            <p className="ds-paragraph">{slettSvar.feil}</p>
          </Varsel>
        ) : null}
        {slettEpost ? (
          <Bekreftelsespanel
            tittel="innstillinger.varslinger.slett.tittel"
            side={sideUrl("Varslinger")}
            intent="slett-epost"
            felt={{ id: slettEpost.id }}
            bekreft="innstillinger.varslinger.slett.bekreft"
          >
            {t("innstillinger.varslinger.slett.tekst", { epostadresse: slettEpost.epostadresse })}
          </Bekreftelsespanel>
        ) : null}
        {importoer.epostadresser.length === 0 ? (
          <p className="ds-paragraph">{t("innstillinger.varslinger.epost.ingen")}</p>
        ) : (
          <ul className="innstillinger__liste" aria-label={t("innstillinger.varslinger.epost.liste")}>
            {importoer.epostadresser.map((e) => (
              <li key={e.id}>
                <span className="bryt-ord">{e.epostadresse}</span>
                <Link
                  className="ds-button"
                  data-variant="tertiary"
                  data-size="sm"
                  to={sideUrl("Varslinger", { slettEpost: String(e.id) })}
                  aria-label={t("innstillinger.varslinger.epost.slettNavn", { epostadresse: e.epostadresse })}
                >
                  {t("innstillinger.varslinger.epost.slett")}
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
              {t("innstillinger.varslinger.epost.ny")}
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
            {t("innstillinger.varslinger.epost.leggTil")}
          </button>
        </Form>
      </section>
      <section aria-labelledby="varsel-tittel" className="seksjon">
        <h3 id="varsel-tittel" className="ds-heading" data-size="sm">
          {t("innstillinger.varslinger.varsel.tittel")}
        </h3>
        <Bryter
          intent="epostvarsel"
          navn="skalHaEpost"
          paa={importoer.skalHaEpost}
          etikett={t("innstillinger.varslinger.varsel.sertifikater")}
        />
        {visImportmelding ? (
          <Bryter
            intent="vurderingsvarsel"
            navn="varsleVurderinger"
            paa={importoer.varsleVurderinger}
            etikett={t("innstillinger.varslinger.varsel.vurderinger")}
            beskrivelse={t("innstillinger.varslinger.varsel.vurderingerHjelp")}
          />
        ) : null}
      </section>
      <EpostSprak
        lagret={importoer.epostSprak}
        svar={actionData?.intent === "epostsprak" ? actionData : undefined}
      />
    </>
  );
}

/**
 * «Språk i e-postvarsel» (issue 33 item 2, ADR 055): three radio buttons and «Lagre språk», a plain form with
 * or without JavaScript. The language names are written in their own language, each with its `lang`. A refused
 * save keeps the choice the person made; the saved one shows once the page's data is read again.
 */
function EpostSprak({ lagret, svar }: { lagret: string; svar: VarslingSvar | undefined }) {
  const t = useT();
  const navigasjon = useNavigation();
  const valgt = svar?.feil && svar.sprak ? svar.sprak : lagret;
  const sender = navigasjon.state === "submitting" && navigasjon.formData?.get("intent") === "epostsprak";
  const beskrevetAv = ["epostsprak-hjelp", svar?.feil ? "epostsprak-feil" : ""].filter(Boolean).join(" ");
  return (
    <section aria-labelledby="epostsprak-tittel" className="seksjon">
      <h3 id="epostsprak-tittel" className="ds-heading" data-size="sm">
        {t("innstillinger.varslinger.sprak.tittel")}
      </h3>
      <Form method="post" action={sideUrl("Varslinger")} className="skjema skjema--stablet">
        <CsrfInput />
        <fieldset
          className="ds-fieldset"
          aria-labelledby="epostsprak-tittel"
          aria-describedby={beskrevetAv}
          aria-invalid={svar?.feil ? true : undefined}
          key={valgt}
        >
          <p className="ds-paragraph hjelpetekst" data-size="sm" id="epostsprak-hjelp">
            {t("innstillinger.varslinger.sprak.hjelp")}
          </p>
          {svar?.feil ? (
            <p className="ds-validation-message feilmelding" id="epostsprak-feil" data-color="danger">
              {svar.feil}
            </p>
          ) : null}
          {SPRAK.map((s) => (
            <div className="ds-field radio" key={s}>
              <input
                className="ds-input"
                type="radio"
                id={`epostsprak-${s}`}
                name="sprak"
                value={s}
                defaultChecked={valgt === s}
              />
              <label className="ds-label" data-weight="regular" htmlFor={`epostsprak-${s}`} lang={s}>
                {SPRAKNAVN[s]}
              </label>
            </div>
          ))}
        </fieldset>
        <div className="knapperad">
          <button
            className="ds-button"
            data-variant="secondary"
            type="submit"
            name="intent"
            value="epostsprak"
            aria-disabled={sender || undefined}
          >
            {t("innstillinger.varslinger.sprak.lagre")}
          </button>
        </div>
        <p className="ds-paragraph" role="status" data-size="sm">
          {!sender && svar?.melding ? svar.melding : ""}
        </p>
      </Form>
    </section>
  );
}
