import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { formaterLangDato } from "../../domain/format";
import type { Noekkel } from "../../sprak/navnerom";
import type { T } from "../../sprak/oversetter";
import { useT } from "../components/sprak";
import { KONTAKT_EPOST } from "../lib/kontakt";
import { sidetittel } from "../lib/sidetittel";
import { ruteTekster } from "../lib/tekster.server";

const SIST_OPPDATERT = "2025-05-05";

const avsnitt = (t: T, id: Noekkel, verdier?: Record<string, string>) => (
  <p className="ds-paragraph">{t(id, verdier)}</p>
);

const SEKSJONER: Array<{ id: string; tittel: Noekkel; innhold: (t: T) => ReactNode }> = [
  {
    id: "land",
    tittel: "hjelp.nyttigInfo.land.tittel",
    innhold: (t) => (
      <>
        {avsnitt(t, "hjelp.nyttigInfo.land.tekst1")}
        {avsnitt(t, "hjelp.nyttigInfo.land.tekst2")}
      </>
    ),
  },
  {
    id: "automatisk-visning",
    tittel: "hjelp.nyttigInfo.automatisk.tittel",
    innhold: (t) => avsnitt(t, "hjelp.nyttigInfo.automatisk.tekst"),
  },
  {
    id: "sok",
    tittel: "hjelp.nyttigInfo.sok.tittel",
    innhold: (t) => avsnitt(t, "hjelp.nyttigInfo.sok.tekst"),
  },
  {
    id: "nye-sertifikatdata",
    tittel: "hjelp.nyttigInfo.nye.tittel",
    innhold: (t) => avsnitt(t, "hjelp.nyttigInfo.nye.tekst"),
  },
  {
    id: "reeksport",
    tittel: "hjelp.nyttigInfo.reeksport.tittel",
    innhold: (t) => avsnitt(t, "hjelp.nyttigInfo.reeksport.tekst"),
  },
  {
    id: "praktisk-fri",
    tittel: "hjelp.nyttigInfo.praktiskFri.tittel",
    innhold: (t) => avsnitt(t, "hjelp.nyttigInfo.praktiskFri.tekst"),
  },
  {
    id: "feil-i-sertifikatet",
    tittel: "hjelp.nyttigInfo.feil.tittel",
    innhold: (t) => avsnitt(t, "hjelp.nyttigInfo.feil.tekst", { epost: KONTAKT_EPOST }),
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const vis = new URL(request.url).searchParams.get("visMerInfo");
  return {
    aapen: SEKSJONER.some((s) => s.id === vis) ? vis : null,
    ...(await ruteTekster(request, "routes/nyttig-info")),
  };
}

/** Help page with accordion sections; ?visMerInfo=<id> opens that section and brings it into view. */
export default function NyttigInfo() {
  const { aapen } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="smal">
      <h1 className="ds-heading" data-size="lg">
        {t("hjelp.nyttigInfo.tittel")}
      </h1>
      <p className="ds-paragraph" data-size="sm">
        {t("hjelp.nyttigInfo.sistOppdatert", { dato: formaterLangDato(SIST_OPPDATERT, t.sprak) })}
      </p>
      <div className="trekkspill">
        {SEKSJONER.map((s) => (
          <details key={s.id} id={s.id} className="ds-details" open={aapen === s.id}>
            {/* autoFocus scrolls the opened section into view without JavaScript */}
            {/* biome-ignore lint/a11y/noAutofocus: the user asked for this section by its link */}
            <summary autoFocus={aapen === s.id}>{t(s.tittel)}</summary>
            <div className="trekkspill__innhold">{s.innhold(t)}</div>
          </details>
        ))}
      </div>
    </div>
  );
}

export const handle = { brodsmule: "hjelp.nyttigInfo.tittel" };
export const meta: MetaFunction = ({ matches }) => sidetittel(matches, "hjelp.nyttigInfo.tittel");
