import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { wizardSteg } from "../../domain/importmelding-ruting";
import { AnkomstSkjema } from "../components/ankomst-skjema";
import { useT } from "../components/sprak";
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
  const t = useT();
  if (!data) return null;
  const m = data.melding;
  const steg = wizardSteg(m);
  return (
    <AnkomstSkjema
      melding={m}
      data={ankomst}
      actionData={actionData}
      tittel={t("importmelding.steg.Ankomst")}
      ingress={
        m.kunDokumentkontroll
          ? t("importmelding.ankomst.ingressKunDokument")
          : t("importmelding.ankomst.ingress")
      }
      tilbake={steg.url(steg.forrige("ankomst-info") ?? "innmelder")}
      tilbakeTekst={t("importmelding.forrige")}
      lagreTekst={t("importmelding.lagreOgGaaVidere")}
    />
  );
}

export const handle = { tittel: "importmelding.steg.Ankomst" };
export const meta: MetaFunction = (args) => meldingSidetittel(args, "importmelding.steg.Ankomst");
