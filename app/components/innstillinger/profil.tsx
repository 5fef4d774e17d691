import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { action, loader } from "../../routes/innstillinger";
import { CsrfInput } from "../csrf-input";
import {
  Regelverkbekreftelse,
  RegelverketBekreftet,
  regelverkFeil,
  regelverkFelter,
} from "../regelverk-bekreftelse";
import { FeilOppsummering } from "../skjema";
import { useT } from "../sprak";
import { Varsel } from "../ui";
import { SIDE_TEKST, type Svar } from "./felles";

export function Profil() {
  const { importoer } = useLoaderData<typeof loader>();
  const t = useT();
  const actionData = useActionData<typeof action>() as Svar | undefined;
  const regelverkSvar = actionData?.intent === "bekreft-regelverk" ? actionData : undefined;
  const felter = regelverkFelter("regelverk", regelverkSvar?.regelverk);
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
        <p className="ds-paragraph">{t("felles.regelverk.tekst")}</p>
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
          <RegelverketBekreftet id="regelverk-harLestRegelverk" />
        ) : (
          <Form method="post" className="skjema skjema--stablet">
            <CsrfInput />
            <FeilOppsummering feil={regelverkFeil(felter)} />
            <Regelverkbekreftelse {...felter} />
            <div className="knapperad">
              <button
                className="ds-button"
                data-variant="primary"
                type="submit"
                name="intent"
                value="bekreft-regelverk"
              >
                {t("felles.regelverk.bekreft")}
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
