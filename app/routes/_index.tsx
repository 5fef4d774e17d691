import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireVirksomhet } from "../lib/bruker.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { avgiver, bruker } = await requireVirksomhet(request, context);
  return json({ avgiver, navn: bruker.navn });
}

export default function Hjem() {
  const { avgiver, navn } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1 className="ds-heading" data-size="lg">
        {avgiver.navn}
      </h1>
      <p className="ds-paragraph hjem-orgnr">Org.nr. {avgiver.formatertOrganisasjonsnummer}</p>
      <p className="ds-paragraph">Velkommen, {navn}.</p>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Hjem – Digital forhåndsmelding" }];
