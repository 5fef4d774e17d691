import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useT } from "../components/sprak";
import { MYNDIGHET, MYNDIGHET_URL } from "../lib/kontakt";
import { sidetittel } from "../lib/sidetittel";
import { ruteTekster } from "../lib/tekster.server";

export const loader = ({ request }: LoaderFunctionArgs) => ruteTekster(request, "routes/utlogget");

export default function Utlogget() {
  const t = useT();
  return (
    <div className="smal">
      <h1 className="ds-heading" data-size="lg">
        {t("innlogging.utlogget.tittel")}
      </h1>
      <p className="ds-paragraph">{t("innlogging.utlogget.tekst")}</p>
      <p className="knapperad">
        <a className="ds-button" data-variant="primary" href="/logg-inn">
          {t("innlogging.utlogget.loggInnIgjen")}
        </a>
        <a className="ds-button" data-variant="secondary" href={MYNDIGHET_URL}>
          {t("innlogging.utlogget.gaaTil", {
            nettsted: MYNDIGHET.toLowerCase() === "mattilsynet" ? "mattilsynet.no" : MYNDIGHET,
          })}
        </a>
      </p>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => sidetittel(matches, "innlogging.utlogget.sidetittel");
