import type { MetaFunction } from "@remix-run/node";
import { MYNDIGHET, MYNDIGHET_URL } from "../lib/kontakt";

export default function Utlogget() {
  return (
    <div className="smal">
      <h1 className="ds-heading" data-size="lg">
        Du er logget ut
      </h1>
      <p className="ds-paragraph">Du er nå logget ut av digital forhåndsmelding og ID-porten.</p>
      <p className="knapperad">
        <a className="ds-button" data-variant="primary" href="/logg-inn">
          Logg inn igjen
        </a>
        <a className="ds-button" data-variant="secondary" href={MYNDIGHET_URL}>
          Gå til {MYNDIGHET.toLowerCase() === "mattilsynet" ? "mattilsynet.no" : MYNDIGHET}
        </a>
      </p>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Logget ut – Digital forhåndsmelding" }];
