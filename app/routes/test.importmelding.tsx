import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { CsrfInput } from "../components/csrf-input";
import { Avkrysning } from "../components/skjema";
import { lesSkjema } from "../lib/csrf.server";
import { FLAGG_COOKIE, hentFlagg, settCookie, slettCookie } from "../lib/preferanser.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const sok = new URL(request.url).searchParams;
  const kvittering =
    sok.get("lagret") === "1"
      ? "Valgene er lagret for denne nettleseren."
      : sok.get("tilbakestilt") === "1"
        ? "Denne nettleseren bruker nå serveroppsettet."
        : null;
  return { flagg: await hentFlagg(request, context), server: context.config.features, kvittering };
}

/** Saves this browser's override of the feature flags in a cookie (SPEC §2 /test/importmelding). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { formData } = await lesSkjema(request, context);
  if (formData.get("intent") === "tilbakestill") {
    return redirect("/test/importmelding?tilbakestilt=1", {
      headers: { "Set-Cookie": await slettCookie(FLAGG_COOKIE, context.config.secureCookies) },
    });
  }
  const verdi = {
    visImportmelding: formData.get("visImportmelding") === "på",
    visRisikovurdering: formData.get("visRisikovurdering") === "på",
  };
  return redirect("/test/importmelding?lagret=1", {
    headers: { "Set-Cookie": await settCookie(FLAGG_COOKIE, verdi, context) },
  });
}

export default function TestImportmelding() {
  const { flagg, server, kvittering } = useLoaderData<typeof loader>();
  return (
    <div className="smal">
      <h1 className="ds-heading" data-size="lg">
        Funksjonsbrytere
      </h1>
      <p className="ds-paragraph">
        Her kan du slå funksjoner av eller på for denne nettleseren. Valget lagres i en informasjonskapsel.
      </p>
      {kvittering ? (
        <div className="ds-alert varsel" data-color="success" role="status">
          <p className="ds-paragraph">{kvittering}</p>
        </div>
      ) : null}
      <Form method="post" className="skjema">
        <CsrfInput />
        <fieldset className="ds-fieldset">
          <legend>Funksjoner</legend>
          <Avkrysning
            id="visImportmelding"
            tekst={`Vis forhåndsmeldinger (visImportmelding)${server.visImportmelding ? " – på i serveroppsettet" : ""}`}
            name="visImportmelding"
            value="på"
            defaultChecked={flagg.visImportmelding}
          />
          <Avkrysning
            id="visRisikovurdering"
            tekst={`Vis risikovurderinger (visRisikovurdering)${server.visRisikovurdering ? " – på i serveroppsettet" : ""}`}
            name="visRisikovurdering"
            value="på"
            defaultChecked={flagg.visRisikovurdering}
          />
        </fieldset>
        <div className="knapperad">
          <button className="ds-button" data-variant="primary" type="submit" name="intent" value="lagre">
            Lagre
          </button>
          <button
            className="ds-button"
            data-variant="secondary"
            type="submit"
            name="intent"
            value="tilbakestill"
          >
            Bruk serveroppsettet
          </button>
        </div>
      </Form>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Funksjonsbrytere – Digital forhåndsmelding" }];
