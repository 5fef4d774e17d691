import { Link } from "@remix-run/react";
import { KONTAKT_EPOST, MYNDIGHET, tilbakemeldingUrl, VEILEDER_URL } from "../lib/kontakt";
import { lenke, Tekst, useT } from "./sprak";

/** Footer: info page, plant import guide, contact mailbox, feedback (SPEC §1) and the accessibility statement. */
export function Bunntekst() {
  const t = useT();
  return (
    <footer className="app-bunntekst">
      <div className="app-bunntekst__innhold">
        <p className="app-bunntekst__avsender">{t("felles.bunntekst.avsender", { myndighet: MYNDIGHET })}</p>
        <ul>
          <li>
            <Link to="/nyttig-info">{t("felles.bunntekst.nyttigInfo")}</Link>
          </li>
          <li>
            <a href={VEILEDER_URL}>{t("felles.bunntekst.veileder")}</a>
          </li>
          <li>
            <Tekst
              id="felles.bunntekst.kontakt"
              verdier={{ epost: KONTAKT_EPOST }}
              deler={[lenke(`mailto:${KONTAKT_EPOST}`)]}
            />
          </li>
          <li>
            <a href={tilbakemeldingUrl(t("felles.bunntekst.tilbakemeldingEmne"))}>
              {t("felles.bunntekst.tilbakemelding")}
            </a>
          </li>
          <li>
            <Link to="/tilgjengelighetserklaering">{t("felles.bunntekst.tilgjengelighet")}</Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}
