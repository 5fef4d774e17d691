import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { CsrfInput } from "../components/csrf-input";
import { Avkrysning } from "../components/skjema";
import { useT } from "../components/sprak";
import { lesSkjema } from "../lib/csrf.server";
import { FLAGG_COOKIE, hentFlagg, settCookie, slettCookie } from "../lib/preferanser.server";
import { sidetittel } from "../lib/sidetittel";
import { tekster } from "../lib/tekster.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const sok = new URL(request.url).searchParams;
  const kvittering =
    sok.get("lagret") === "1"
      ? ("importmelding.test.lagret" as const)
      : sok.get("tilbakestilt") === "1"
        ? ("importmelding.test.tilbakestilt" as const)
        : null;
  return {
    flagg: await hentFlagg(request, context),
    server: context.config.features,
    kvittering,
    ...(await tekster(request, "importmelding")),
  };
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
  const t = useT();
  return (
    <div className="smal">
      <h1 className="ds-heading" data-size="lg">
        {t("importmelding.test.tittel")}
      </h1>
      <p className="ds-paragraph">{t("importmelding.test.ingress")}</p>
      {kvittering ? (
        <div className="ds-alert varsel" data-color="success" role="status">
          <p className="ds-paragraph">{t(kvittering)}</p>
        </div>
      ) : null}
      <Form method="post" className="skjema">
        <CsrfInput />
        <fieldset className="ds-fieldset">
          <legend>{t("importmelding.test.funksjoner")}</legend>
          <Avkrysning
            id="visImportmelding"
            tekst={t("importmelding.test.visImportmelding", {
              server: server.visImportmelding ? "paa" : "av",
            })}
            name="visImportmelding"
            value="på"
            defaultChecked={flagg.visImportmelding}
          />
          <Avkrysning
            id="visRisikovurdering"
            tekst={t("importmelding.test.visRisikovurdering", {
              server: server.visRisikovurdering ? "paa" : "av",
            })}
            name="visRisikovurdering"
            value="på"
            defaultChecked={flagg.visRisikovurdering}
          />
        </fieldset>
        <div className="knapperad">
          <button className="ds-button" data-variant="primary" type="submit" name="intent" value="lagre">
            {t("importmelding.test.lagre")}
          </button>
          <button
            className="ds-button"
            data-variant="secondary"
            type="submit"
            name="intent"
            value="tilbakestill"
          >
            {t("importmelding.test.brukServeroppsettet")}
          </button>
        </div>
      </Form>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => sidetittel(matches, "importmelding.test.tittel");
