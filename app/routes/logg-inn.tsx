import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { erForMange } from "../components/panels";
import { tryggReturnTo } from "../lib/auth.server";
import { hentInnlogget } from "../lib/bruker.server";
import { appGrense, stoppHvisAdresseSperret } from "../lib/grense.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const returnTo = tryggReturnTo(url.searchParams.get("returnTo"));
  if (await hentInnlogget(request, context)) throw redirect(returnTo);
  // An address that has used up its login starts is told so here, before it tries again (ADR 026).
  await stoppHvisAdresseSperret(context, request, appGrense().innloggingIp);
  return { returnTo, utloept: url.searchParams.get("utloept") === "1" };
}

export default function LoggInn() {
  const { returnTo, utloept } = useLoaderData<typeof loader>();
  const startUrl = `/oauth2/authorization/idporten${returnTo !== "/" ? `?returnTo=${encodeURIComponent(returnTo)}` : ""}`;
  return (
    <div className="smal">
      <h1 className="ds-heading" data-size="lg">
        Logg inn
      </h1>
      {utloept ? (
        <div className="ds-alert" data-color="info">
          <p className="ds-paragraph">
            Du har blitt logget ut fordi økten utløp. Logg inn igjen for å fortsette.
          </p>
        </div>
      ) : null}
      <p className="ds-paragraph">
        I digital forhåndsmelding ser du de elektroniske plantesunnhetssertifikatene (ePhyto) som er sendt til
        din virksomhet, og du melder importen til Mattilsynet før varene passerer grensen.
      </p>
      <p className="ds-paragraph">
        Du logger inn med ID-porten og velger deretter virksomheten du representerer.
      </p>
      <p>
        <a className="ds-button" data-variant="primary" href={startUrl}>
          Logg inn med ID-porten
        </a>
      </p>
      <p className="ds-paragraph">
        Første gang?{" "}
        <a className="ds-link" href="/dokumenter/kom-i-gang-med-digital-forhandsmelding.pdf">
          Last ned veiledningen «Kom i gang med digital forhåndsmelding» (PDF)
        </a>
      </p>
    </div>
  );
}

export const meta: MetaFunction = ({ error }) => [
  { title: `${erForMange(error) ? "For mange forsøk" : "Logg inn"} – Digital forhåndsmelding` },
];
