import { type ActionFunctionArgs, data, redirect } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { Varsel } from "../components/ui";
import { feilmelding, lesMeldingSkjema } from "../lib/importmelding.server";

export const loader = ({ params }: { params: { id?: string } }) =>
  redirect(`/importmelding/${params.id ?? ""}`);

/** Deletes a draft (SPEC §7 DELETE): only UNDER_REGISTRERING; the API refuses anything else. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api, base } = await lesMeldingSkjema(request, context, params);
  try {
    await api.delete(base);
  } catch (e) {
    if (e instanceof Response) throw e;
    return data({ feil: feilmelding(e, "Klarte ikke å slette forhåndsmeldingen") }, { status: 400 });
  }
  return redirect("/?slettet=1");
}

export default function Slett() {
  const data = useActionData<typeof action>();
  return (
    <div className="smal">
      <h1 className="ds-heading" data-size="lg">
        Slett forhåndsmelding
      </h1>
      <Varsel farge="danger" rolle="alert">
        <p className="ds-paragraph">{data?.feil ?? "Forhåndsmeldingen kunne ikke slettes."}</p>
      </Varsel>
    </div>
  );
}
