import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CsrfInput } from "../components/csrf-input";
import { Varsel } from "../components/ui";
import { ApiFeil } from "../lib/api.server";
import { type Importoer, loginUrl, requireVirksomhet } from "../lib/bruker.server";
import { lesSkjema } from "../lib/csrf.server";

export const REGELVERK_AVKRYSSING = "Denne boksen må hukes av for at din bedrift skal kunne melde import.";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, avgiver } = await requireVirksomhet(request, context);
  try {
    const importoer = await api.getJson<Importoer>(`/import/register/v1/${avgiver.organisasjonsnummer}`, {
      redirectOn401: "/mangler-autorisasjon",
    });
    return json({ avgiver, importoer });
  } catch (e) {
    // 401/403 on a load: the no-access panel (SPEC §7), not 'Noe gikk feil'.
    if (e instanceof ApiFeil && (e.status === 401 || e.status === 403)) {
      throw new Response("Ingen tilgang", { status: 403 });
    }
    throw e;
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, avgiver, session } = await requireVirksomhet(request, context);
  const { formData } = await lesSkjema(request, context, session);
  if (formData.get("intent") !== "bekreft-regelverk")
    return json({ feil: "Ukjent handling" }, { status: 400 });
  if (formData.get("harLestRegelverk") !== "ja") {
    return json({ feil: "Du må huke av for at virksomheten kjenner regelverket." }, { status: 400 });
  }
  try {
    await api.put(
      `/import/register/v1/${avgiver.organisasjonsnummer}/${avgiver.importoerId}/lestregelverk`,
      { harLestRegelverk: true },
      { redirectOn401: loginUrl(request) },
    );
  } catch (e) {
    if (e instanceof ApiFeil)
      return json({ feil: e.melding ?? "Klarte ikke å lagre bekreftelsen." }, { status: 400 });
    throw e;
  }
  return redirect("/innstillinger?lagret=regelverk");
}

/** Settings, Profil: the importer profile as registered with the authority, and the regulation confirmation. */
export default function Innstillinger() {
  const { avgiver, importoer } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="smal">
      <h1 className="ds-heading" data-size="lg">
        Innstillinger
      </h1>
      <h2 className="ds-heading" data-size="sm">
        Profil
      </h2>
      <dl className="opplysninger">
        <dt>Virksomhet</dt>
        <dd>{importoer.navn}</dd>
        <dt>Organisasjonsnummer</dt>
        <dd>{avgiver.formatertOrganisasjonsnummer}</dd>
        {avgiver.adresse ? (
          <>
            <dt>Adresse</dt>
            <dd>{avgiver.adresse}</dd>
          </>
        ) : null}
        <dt>Mottakskontrollør</dt>
        <dd>{importoer.erMottakskontrolloer ? "Ja, registrert som mottakskontrollør" : "Nei"}</dd>
        <dt>E-postadresser for varsler</dt>
        <dd>
          {importoer.epostadresser.length === 0
            ? "Ingen registrerte e-postadresser"
            : importoer.epostadresser.map((e) => e.epostadresse).join(", ")}
        </dd>
      </dl>
      <section aria-labelledby="regelverk-tittel" className="seksjon">
        <h2 id="regelverk-tittel" className="ds-heading" data-size="sm">
          Kjennskap til regelverket
        </h2>
        <p className="ds-paragraph">
          For å melde import av planter må virksomheten kjenne regelverket, blant annet forskrift om
          plantehelse og kravene til forhåndsmelding og mottakskontroll.
        </p>
        {actionData?.feil ? (
          <Varsel farge="danger" rolle="alert">
            <p className="ds-paragraph">{actionData.feil}</p>
          </Varsel>
        ) : null}
        <Form method="post" className="skjema">
          <CsrfInput />
          <div className="ds-field">
            <input
              className="ds-input"
              type="checkbox"
              id="harLestRegelverk"
              name="harLestRegelverk"
              value="ja"
              defaultChecked={importoer.harLestRegelverk}
              disabled={importoer.harLestRegelverk}
              aria-describedby="regelverk-hjelp"
            />
            <label className="ds-label" data-weight="regular" htmlFor="harLestRegelverk">
              Virksomheten kjenner regelverket for import av planter
            </label>
          </div>
          <p className="ds-paragraph" data-size="sm" id="regelverk-hjelp">
            {REGELVERK_AVKRYSSING}
          </p>
          {importoer.harLestRegelverk ? (
            <p className="ds-paragraph">Bekreftet.</p>
          ) : (
            <button
              className="ds-button"
              data-variant="primary"
              type="submit"
              name="intent"
              value="bekreft-regelverk"
            >
              Lagre
            </button>
          )}
        </Form>
      </section>
    </div>
  );
}

export const handle = { brodsmule: "Innstillinger" };
export const meta: MetaFunction = () => [{ title: "Innstillinger – Digital forhåndsmelding" }];
