import type { MetaFunction } from "@remix-run/node";
import { Link, useRouteLoaderData } from "@remix-run/react";
import { wizardSteg } from "../../domain/importmelding-ruting";
import { Flagg, Part, sertifikatUrl } from "../components/importmelding";
import { Varsel } from "../components/ui";
import { meldingSidetittel } from "../lib/sidetittel";
import type { loader as meldingLoader } from "./importmelding.$id";

/** Step 1: confirm sender and receiver as the certificate gives them (SPEC §2 "Avsender step"). */
export default function Avsender() {
  const data = useRouteLoaderData<typeof meldingLoader>("routes/importmelding.$id");
  if (!data) return null;
  const m = data.melding;
  const steg = wizardSteg(m);
  // A returning user (from /importmelding/{id}, which opens here, SPEC §2) is offered the first
  // unfinished step (ADR 007 "Resuming a draft").
  const fortsett = steg.fortsett === "avsender" || steg.fortsett === "innmelder" ? undefined : steg.fortsett;
  const nummer = fortsett ? steg.spoersmaalNummer(fortsett.replace(/^dokumentkontroll\//, "")) : undefined;
  const fortsettTekst = nummer
    ? `Fortsett med dokumentkontrollen (spørsmål ${nummer.nummer} av ${nummer.antall})`
    : fortsett === "ankomst-info"
      ? "Fortsett med ankomst"
      : "Gå til oppsummeringen";
  return (
    <div className="smal">
      <h1 className="ds-heading" data-size="lg">
        Bekreft avsender og mottaker
      </h1>
      {fortsett ? (
        <Varsel farge="info" tittel="Du har allerede begynt på denne forhåndsmeldingen">
          <p className="ds-paragraph">Det du har fylt ut, er lagret. Du kan fortsette der du slapp.</p>
          <Link className="ds-button" data-variant="primary" to={steg.url(fortsett)}>
            {fortsettTekst}
          </Link>
        </Varsel>
      ) : null}
      <p className="ds-paragraph">
        Opplysningene er hentet fra sertifikatet{" "}
        <a className="ds-link" href={sertifikatUrl(m)} target="_blank" rel="noreferrer">
          {m.sertifikat.nummer}
          <span className="skjult"> (åpnes i ny fane)</span>
        </a>
        . Kontroller at de stemmer med sendingen.
      </p>
      <div className="to-kolonner">
        <Part part={m.avsender} tittel="Avsender (eksportør)" nivaa={2} />
        <Part part={m.mottaker} tittel="Mottaker (importør)" nivaa={2} />
      </div>
      <p className="ds-paragraph">
        Eksportland: <Flagg kode={m.eksportLand.kode} /> {m.eksportLand.navn}
      </p>
      <Varsel farge="info" tittel="Stemmer ikke opplysningene?">
        <p className="ds-paragraph">
          Ta kontakt med eksportøren og be om et erstattende sertifikat. Du kan ikke endre opplysningene i
          sertifikatet her.
        </p>
      </Varsel>
      <div className="knapperad">
        <Link
          className="ds-button"
          data-variant="primary"
          to={steg.url(steg.neste("avsender") ?? "innmelder")}
        >
          Bekreft og gå videre
        </Link>
      </div>
    </div>
  );
}

export const meta: MetaFunction = (args) => meldingSidetittel(args, "Avsender");
