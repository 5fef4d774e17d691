import type { MetaFunction } from "@remix-run/node";
import { Varsel } from "../components/ui";

/** 'Får ikke åpnet vedlegg' (SPEC §8) as a page of its own, so it also works without JavaScript. */
export default function VedleggFeil() {
  return (
    <div className="smal">
      <h1 className="skjult">Vedlegg</h1>
      <Varsel farge="danger" tittel="Får ikke åpnet vedlegg">
        <p className="ds-paragraph">
          Vedlegget kunne ikke hentes. Prøv igjen senere, eller kontakt oss hvis problemet vedvarer.
        </p>
        <p>
          <a className="ds-button" data-variant="secondary" href="/sertifikater">
            Lukk
          </a>
        </p>
      </Varsel>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Får ikke åpnet vedlegg – Digital forhåndsmelding" }];
