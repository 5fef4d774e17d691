import { type ActionFunctionArgs, data, redirect } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { Varsel } from "../components/ui";
import { feilmelding, lesMeldingSkjema } from "../lib/importmelding.server";
import { oversetterFor } from "../lib/tekster.server";

export const loader = ({ params }: { params: { id?: string } }) =>
  redirect(`/importmelding/${params.id ?? ""}`);

/** Deletes a draft (SPEC §7 DELETE): only UNDER_REGISTRERING; the API refuses anything else. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api, base } = await lesMeldingSkjema(request, context, params);
  try {
    await api.delete(base);
  } catch (e) {
    if (e instanceof Response) throw e;
    // this page is outside the notification's layout and its loader redirects, so it gets no messages of
    // its own: the answer carries its texts, in the reader's language
    const t = await oversetterFor(request);
    return data(
      {
        tittel: t("importmelding.utkast.slett"),
        feil: t.melding(feilmelding(e, "importmelding.slett.feilet")),
      },
      { status: 400 },
    );
  }
  return redirect("/?slettet=1");
}

export default function Slett() {
  const data = useActionData<typeof action>();
  if (!data) return null;
  return (
    <div className="smal">
      <h1 className="ds-heading" data-size="lg">
        {data.tittel}
      </h1>
      <Varsel farge="danger" rolle="alert">
        <p className="ds-paragraph">{data.feil}</p>
      </Varsel>
    </div>
  );
}
