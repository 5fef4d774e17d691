import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { wizardSteg } from "../../domain/importmelding-ruting";
import { AnkomstSkjema } from "../components/ankomst-skjema";
import { ankomstAction, ankomstLoader } from "../lib/ankomst.server";
import { meldingSidetittel } from "../lib/sidetittel";
import type { loader as meldingLoader } from "./importmelding.$id";

export async function loader(args: LoaderFunctionArgs) {
  return await ankomstLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return ankomstAction(args, `/importmelding/${args.params.id}/oppsummering`);
}

export default function AnkomstInfo() {
  const data = useRouteLoaderData<typeof meldingLoader>("routes/importmelding.$id");
  const ankomst = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!data) return null;
  const m = data.melding;
  const steg = wizardSteg(m);
  return (
    <AnkomstSkjema
      melding={m}
      data={ankomst}
      actionData={actionData}
      tittel="Ankomst"
      ingress={`Oppgi hvor og når sendingen kommer${m.kunDokumentkontroll ? "" : ", og hvem som gjør mottakskontrollen"}. Du kan endre dette helt til mottakskontrollen er gjort.`}
      tilbake={steg.url(steg.forrige("ankomst-info") ?? "innmelder")}
      tilbakeTekst="Forrige"
      lagreTekst="Lagre og gå videre"
    />
  );
}

export const handle = { tittel: "Ankomst" };
export const meta: MetaFunction = (args) => meldingSidetittel(args, "Ankomst");
