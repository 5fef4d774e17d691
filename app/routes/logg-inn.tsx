import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { erForMange } from "../components/panels";
import { Tekst, useT } from "../components/sprak";
import { tryggReturnTo } from "../lib/auth.server";
import { hentInnlogget } from "../lib/bruker.server";
import { appGrense, stoppHvisAdresseSperret } from "../lib/grense.server";
import { sidetittel } from "../lib/sidetittel";
import { ruteTekster } from "../lib/tekster.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const returnTo = tryggReturnTo(url.searchParams.get("returnTo"));
  if (await hentInnlogget(request, context)) throw redirect(returnTo);
  // An address that has used up its login starts is told so here, before it tries again (ADR 026).
  await stoppHvisAdresseSperret(context, request, appGrense(context).innloggingIp);
  return {
    returnTo,
    utloept: url.searchParams.get("utloept") === "1",
    ...(await ruteTekster(request, "routes/logg-inn")),
  };
}

export default function LoggInn() {
  const { returnTo, utloept } = useLoaderData<typeof loader>();
  const t = useT();
  const startUrl = `/oauth2/authorization/idporten${returnTo !== "/" ? `?returnTo=${encodeURIComponent(returnTo)}` : ""}`;
  return (
    <div className="smal">
      <h1 className="ds-heading" data-size="lg">
        {t("innlogging.loggInn.tittel")}
      </h1>
      {utloept ? (
        <div className="ds-alert" data-color="info">
          <p className="ds-paragraph">{t("innlogging.loggInn.utloept")}</p>
        </div>
      ) : null}
      <p className="ds-paragraph">{t("innlogging.loggInn.intro")}</p>
      <p className="ds-paragraph">{t("innlogging.loggInn.idporten")}</p>
      <p>
        <a className="ds-button" data-variant="primary" href={startUrl}>
          {t("innlogging.loggInn.knapp")}
        </a>
      </p>
      <p className="ds-paragraph">
        {t("innlogging.loggInn.foersteGang")}{" "}
        <a className="ds-link" href="/dokumenter/kom-i-gang-med-digital-forhandsmelding.pdf">
          {/* the guide exists in bokmål only: its title keeps its language */}
          <Tekst id="innlogging.loggInn.veiledning" deler={[<span key="tittel" lang="nb" />]} />
        </a>
      </p>
    </div>
  );
}

export const meta: MetaFunction = ({ error, matches }) =>
  sidetittel(matches, erForMange(error) ? "felles.forMange.tittel" : "innlogging.loggInn.tittel");
