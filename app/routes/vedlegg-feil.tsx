import type { MetaFunction } from "@remix-run/node";
import { useT } from "../components/sprak";
import { Varsel } from "../components/ui";
import { sidetittel } from "../lib/sidetittel";

/**
 * 'Får ikke åpnet vedlegg' (SPEC §8) as a page of its own, so it also works without JavaScript. Its texts are in
 * "felles", which the root sends on every page: the page needs no loader.
 */
export default function VedleggFeil() {
  const t = useT();
  return (
    <div className="smal">
      <h1 className="skjult">{t("felles.vedleggFeil.overskrift")}</h1>
      <Varsel farge="danger" tittel={t("felles.vedleggFeil.tittel")}>
        <p className="ds-paragraph">{t("felles.vedleggFeil.tekst")}</p>
        <p>
          <a className="ds-button" data-variant="secondary" href="/sertifikater">
            {t("felles.vedleggFeil.lukk")}
          </a>
        </p>
      </Varsel>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => sidetittel(matches, "felles.vedleggFeil.tittel");
