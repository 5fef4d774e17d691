import type { MetaFunction } from "@remix-run/node";
import { KONTAKT_EPOST, MYNDIGHET } from "../lib/kontakt";

/** Where the authority's statements are published and where anyone can complain (Digdir's supervision). */
const UUSTATUS_URL = "https://uustatus.no/nb/erklaringer/publisert";
const UUTILSYNET_URL = "https://www.uutilsynet.no/";
const SIST_OPPDATERT = "23. november 2026";

/**
 * The accessibility statement (tilgjengelighetserklæring) Norwegian public services must publish, in the
 * usual form of uustatus.no: status, known deviations, how the service was tested, feedback and complaints.
 * Reachable without login, like Nyttig info.
 */
export default function Tilgjengelighetserklaering() {
  return (
    <div className="smal">
      <h1 className="ds-heading" data-size="lg">
        Tilgjengelighetserklæring
      </h1>
      <p className="ds-paragraph" data-size="sm">
        Sist oppdatert {SIST_OPPDATERT}
      </p>
      <p className="ds-paragraph">
        {MYNDIGHET} har ansvaret for nettjenesten Digital forhåndsmelding, der importører av planter og
        planteprodukter ser plantesunnhetssertifikater og melder import før varene kommer til grensen. Alle
        virksomheter i Norge som tilbyr nettløsninger til publikum, skal følge kravene til universell
        utforming i forskrift om universell utforming av informasjons- og kommunikasjonsteknologiske
        (IKT)-løsninger. Kravene bygger på retningslinjene for tilgjengelig webinnhold, WCAG 2.1, på nivå A og
        AA.
      </p>

      <h2 className="ds-heading" data-size="md">
        Status
      </h2>
      <p className="ds-paragraph">
        Vi mener at tjenesten oppfyller kravene i WCAG 2.1 på nivå A og AA. Vi retter feil fortløpende og
        publiserer erklæringen også på uustatus.no, Tilsynet for universell utforming av IKT sin oversikt:{" "}
        <a className="ds-link" href={UUSTATUS_URL}>
          tilgjengelighetserklæringer på uustatus.no
        </a>
        .
      </p>

      <h2 className="ds-heading" data-size="md">
        Kjente avvik
      </h2>
      <ul className="ds-list">
        <li>
          Vedlegg som eksportlandet har lagt ved sertifikatet (skannede dokumenter og bilder), kommer fra
          eksportlandets myndigheter og er ikke alltid tilgjengelige for skjermleser. Innholdet som betyr noe
          for importen, vises også som tekst i tjenesten.
        </li>
        <li>
          Sertifikatet og kvitteringen som PDF er laget for utskrift og arkiv. De samme opplysningene vises
          som tekst på sidene i tjenesten.
        </li>
      </ul>

      <h2 className="ds-heading" data-size="md">
        Slik har vi testet
      </h2>
      <ul className="ds-list">
        <li>automatisk testing av hver side med axe, med og uten JavaScript</li>
        <li>bruk med bare tastatur gjennom hele forhåndsmeldingen og mottakskontrollen</li>
        <li>visning på smal skjerm (320 piksler) og med forstørrelse på 200 prosent uten vannrett rulling</li>
        <li>skjemaer som virker uten JavaScript, med feilmeldinger knyttet til feltene</li>
      </ul>

      <h2 className="ds-heading" data-size="md">
        Tilbakemelding og kontakt
      </h2>
      <p className="ds-paragraph">
        Finner du noe i tjenesten som ikke er tilgjengelig for deg, vil vi gjerne høre om det. Skriv til oss
        på <a href={`mailto:${KONTAKT_EPOST}`}>{KONTAKT_EPOST}</a>, så svarer vi så raskt vi kan.
      </p>

      <h2 className="ds-heading" data-size="md">
        Klage til tilsynet
      </h2>
      <p className="ds-paragraph">
        Tilsynet for universell utforming av IKT (Digitaliseringsdirektoratet) fører tilsyn med at kravene
        følges. Får du ikke svar fra oss, eller er du ikke fornøyd med svaret, kan du melde fra til{" "}
        <a className="ds-link" href={UUTILSYNET_URL}>
          Tilsynet for universell utforming av IKT
        </a>
        .
      </p>
    </div>
  );
}

export const handle = { brodsmule: "Tilgjengelighetserklæring" };
export const meta: MetaFunction = () => [{ title: "Tilgjengelighetserklæring – Digital forhåndsmelding" }];
