import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { type Importoer, requireVirksomhet } from "../lib/bruker.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, avgiver } = await requireVirksomhet(request, context);
  const importoer = await api.getJson<Importoer>(`/import/register/v1/${avgiver.organisasjonsnummer}`, {
    redirectOn401: "/mangler-autorisasjon",
  });
  return json({ avgiver, importoer });
}

/** Settings, Profil: the importer profile as registered with the authority. */
export default function Innstillinger() {
  const { avgiver, importoer } = useLoaderData<typeof loader>();
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
        <dt>Kjennskap til regelverket</dt>
        <dd>{importoer.harLestRegelverk ? "Bekreftet" : "Ikke bekreftet"}</dd>
        <dt>Mottakskontrollør</dt>
        <dd>{importoer.erMottakskontrolloer ? "Ja, registrert som mottakskontrollør" : "Nei"}</dd>
        <dt>E-postadresser for varsler</dt>
        <dd>
          {importoer.epostadresser.length === 0
            ? "Ingen registrerte e-postadresser"
            : importoer.epostadresser.map((e) => e.epostadresse).join(", ")}
        </dd>
      </dl>
    </div>
  );
}

export const handle = { brodsmule: "Innstillinger" };
export const meta: MetaFunction = () => [{ title: "Innstillinger – Digital forhåndsmelding" }];
