import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { KONTAKT_EPOST } from "../lib/kontakt";

const SEKSJONER: Array<{ id: string; tittel: string; innhold: ReactNode }> = [
  {
    id: "land",
    tittel: "Land vi mottar sertifikater fra",
    innhold: (
      <>
        <p className="ds-paragraph">
          Vi mottar elektroniske plantesunnhetssertifikater (ePhyto) gjennom IPPCs ePhyto Hub fra land som
          sender sertifikater elektronisk til Norge. Med Belgia, Danmark, Frankrike, Italia, Nederland,
          Sverige (noen virksomheter) og Tyskland (noen delstater) har vi avtale om helt papirløse
          sertifikater.
        </p>
        <p className="ds-paragraph">
          For sertifikater fra andre land må originalsertifikatet på papir fortsatt følge sendingen.
        </p>
      </>
    ),
  },
  {
    id: "automatisk-visning",
    tittel: "Automatisk visning av egne sertifikater",
    innhold: (
      <p className="ds-paragraph">
        Et sertifikat vises automatisk for din virksomhet når mottakeren i sertifikatet har samme
        organisasjonsnummer eller nøyaktig samme navn som virksomheten i Enhetsregisteret. Be eksportøren
        bruke virksomhetens navn slik det står i Enhetsregisteret, gjerne sammen med organisasjonsnummeret.
      </p>
    ),
  },
  {
    id: "sok",
    tittel: "Søk etter sertifikater",
    innhold: (
      <p className="ds-paragraph">
        Sertifikater som ikke vises automatisk, finner du ved å søke på forsiden med avsenderland,
        sertifikatnummer og utstedelsesdato. Alle tre feltene må fylles ut. For sertifikater fra Nederland kan
        datoen avvike med inntil to dager.
      </p>
    ),
  },
  {
    id: "nye-sertifikatdata",
    tittel: "Nye sertifikatdata",
    innhold: (
      <p className="ds-paragraph">
        Når eksportlandet sender et nytt eller erstattende sertifikat, vises det så snart vi har mottatt det.
        Et erstattet sertifikat er merket med hvilket sertifikat som erstatter det.
      </p>
    ),
  },
  {
    id: "reeksport",
    tittel: "Reeksportsertifikater",
    innhold: (
      <p className="ds-paragraph">
        Ved reeksport skal sertifikatet fra opprinnelseslandet være vedlagt. Noen EU-land oppgir bare ett
        opprinnelsessertifikat selv om sendingen har flere, så kontroller dokumentene for hvert land som er
        oppført.
      </p>
    ),
  },
  {
    id: "praktisk-fri",
    tittel: "Praktisk talt fri for andre skadegjørere",
    innhold: (
      <p className="ds-paragraph">
        Sertifikatets erklæring om at varene er praktisk talt fri for andre skadegjørere betyr at det ikke er
        funnet flere skadegjørere enn det som kan forventes ved god produksjonspraksis.
      </p>
    ),
  },
  {
    id: "feil-i-sertifikatet",
    tittel: "Feil eller mangler i sertifikatet",
    innhold: (
      <p className="ds-paragraph">
        Finner du feil eller mangler i sertifikatet, ber du eksportøren om et erstattende sertifikat. Beskriv
        avviket i forhåndsmeldingen. Spørsmål kan sendes til {KONTAKT_EPOST}.
      </p>
    ),
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const vis = new URL(request.url).searchParams.get("visMerInfo");
  return { aapen: SEKSJONER.some((s) => s.id === vis) ? vis : null };
}

/** Help page with accordion sections; ?visMerInfo=<id> opens that section and brings it into view. */
export default function NyttigInfo() {
  const { aapen } = useLoaderData<typeof loader>();
  return (
    <div className="smal">
      <h1 className="ds-heading" data-size="lg">
        Nyttig info
      </h1>
      <p className="ds-paragraph" data-size="sm">
        Sist oppdatert 5. mai 2025
      </p>
      <div className="trekkspill">
        {SEKSJONER.map((s) => (
          <details key={s.id} id={s.id} className="ds-details" open={aapen === s.id}>
            {/* autoFocus scrolls the opened section into view without JavaScript */}
            {/* biome-ignore lint/a11y/noAutofocus: the user asked for this section by its link */}
            <summary autoFocus={aapen === s.id}>{s.tittel}</summary>
            <div className="trekkspill__innhold">{s.innhold}</div>
          </details>
        ))}
      </div>
    </div>
  );
}

export const handle = { brodsmule: "Nyttig info" };
export const meta: MetaFunction = () => [{ title: "Nyttig info – Digital forhåndsmelding" }];
