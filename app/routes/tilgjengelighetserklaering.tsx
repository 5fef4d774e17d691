import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { formaterLangDato } from "../../domain/format";
import { lenke, Tekst, useT } from "../components/sprak";
import { KONTAKT_EPOST, MYNDIGHET } from "../lib/kontakt";
import { sidetittel } from "../lib/sidetittel";
import { ruteTekster } from "../lib/tekster.server";

/** Where the authority's statements are published and where anyone can complain (Digdir's supervision). */
const UUSTATUS_URL = "https://uustatus.no/nb/erklaringer/publisert";
const UUTILSYNET_URL = "https://www.uutilsynet.no/";
const SIST_OPPDATERT = "2026-11-27";

export const loader = ({ request }: LoaderFunctionArgs) =>
  ruteTekster(request, "routes/tilgjengelighetserklaering");

/**
 * The accessibility statement (tilgjengelighetserklæring) Norwegian public services must publish, in the
 * usual form of uustatus.no: status, known deviations, how the service was tested, feedback and complaints.
 * Reachable without login, like Nyttig info.
 */
export default function Tilgjengelighetserklaering() {
  const t = useT();
  return (
    <div className="smal">
      <h1 className="ds-heading" data-size="lg">
        {t("hjelp.erklaering.tittel")}
      </h1>
      <p className="ds-paragraph" data-size="sm">
        {t("hjelp.erklaering.sistOppdatert", { dato: formaterLangDato(SIST_OPPDATERT, t.sprak) })}
      </p>
      <p className="ds-paragraph">{t("hjelp.erklaering.intro", { myndighet: MYNDIGHET })}</p>

      <h2 className="ds-heading" data-size="md">
        {t("hjelp.erklaering.status.tittel")}
      </h2>
      <p className="ds-paragraph">
        <Tekst id="hjelp.erklaering.status.tekst" deler={[lenke(UUSTATUS_URL, { className: "ds-link" })]} />
      </p>

      <h2 className="ds-heading" data-size="md">
        {t("hjelp.erklaering.avvik.tittel")}
      </h2>
      <ul className="ds-list">
        <li>{t("hjelp.erklaering.avvik.vedlegg")}</li>
        <li>{t("hjelp.erklaering.avvik.pdf")}</li>
        <li>{t("hjelp.erklaering.avvik.data")}</li>
      </ul>

      <h2 className="ds-heading" data-size="md">
        {t("hjelp.erklaering.testet.tittel")}
      </h2>
      <ul className="ds-list">
        <li>{t("hjelp.erklaering.testet.axe")}</li>
        <li>{t("hjelp.erklaering.testet.tastatur")}</li>
        <li>{t("hjelp.erklaering.testet.zoom")}</li>
        <li>{t("hjelp.erklaering.testet.skjema")}</li>
      </ul>

      <h2 className="ds-heading" data-size="md">
        {t("hjelp.erklaering.kontakt.tittel")}
      </h2>
      <p className="ds-paragraph">
        <Tekst
          id="hjelp.erklaering.kontakt.tekst"
          verdier={{ epost: KONTAKT_EPOST }}
          deler={[lenke(`mailto:${KONTAKT_EPOST}`)]}
        />
      </p>

      <h2 className="ds-heading" data-size="md">
        {t("hjelp.erklaering.klage.tittel")}
      </h2>
      <p className="ds-paragraph">
        <Tekst id="hjelp.erklaering.klage.tekst" deler={[lenke(UUTILSYNET_URL, { className: "ds-link" })]} />
      </p>
    </div>
  );
}

export const handle = { brodsmule: "hjelp.erklaering.tittel" };
export const meta: MetaFunction = ({ matches }) => sidetittel(matches, "hjelp.erklaering.tittel");
