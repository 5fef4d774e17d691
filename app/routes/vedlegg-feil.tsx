import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useT } from "../components/sprak";
import { Varsel } from "../components/ui";
import { sidetittel } from "../lib/sidetittel";
import { tekster } from "../lib/tekster.server";

export const loader = ({ request }: LoaderFunctionArgs) => tekster(request, "sertifikat");

/** 'Får ikke åpnet vedlegg' (SPEC §8) as a page of its own, so it also works without JavaScript. */
export default function VedleggFeil() {
  const t = useT();
  return (
    <div className="smal">
      <h1 className="skjult">{t("sertifikat.vedlegg.tittel")}</h1>
      <Varsel farge="danger" tittel={t("sertifikat.vedleggFeil.tittel")}>
        <p className="ds-paragraph">{t("sertifikat.vedleggFeil.tekst")}</p>
        <p>
          <a className="ds-button" data-variant="secondary" href="/sertifikater">
            {t("sertifikat.vedleggFeil.lukk")}
          </a>
        </p>
      </Varsel>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => sidetittel(matches, "sertifikat.vedleggFeil.tittel");
