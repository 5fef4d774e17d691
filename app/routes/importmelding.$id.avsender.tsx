import type { MetaFunction } from "@remix-run/node";
import { Link, useRouteLoaderData } from "@remix-run/react";
import { wizardSteg } from "../../domain/importmelding-ruting";
import { Flagg, Part, SertifikatLenke } from "../components/importmelding";
import { Tekst, useT } from "../components/sprak";
import { Varsel } from "../components/ui";
import { meldingSidetittel } from "../lib/sidetittel";
import type { loader as meldingLoader } from "./importmelding.$id";

/** Step 1: confirm sender and receiver as the certificate gives them (SPEC §2 "Avsender step"). */
export default function Avsender() {
  const data = useRouteLoaderData<typeof meldingLoader>("routes/importmelding.$id");
  const t = useT();
  if (!data) return null;
  const m = data.melding;
  const steg = wizardSteg(m);
  // A returning user (from /importmelding/{id}, which opens here, SPEC §2) is offered the first
  // unfinished step (ADR 007 "Resuming a draft").
  const fortsett = steg.fortsett === "avsender" || steg.fortsett === "innmelder" ? undefined : steg.fortsett;
  const nummer = fortsett ? steg.spoersmaalNummer(fortsett.replace(/^dokumentkontroll\//, "")) : undefined;
  const fortsettTekst = nummer
    ? t("importmelding.avsender.fortsettDokumentkontroll", { nummer: nummer.nummer, antall: nummer.antall })
    : fortsett === "ankomst-info"
      ? t("importmelding.avsender.fortsettAnkomst")
      : t("importmelding.avsender.tilOppsummering");
  return (
    <div className="smal">
      <h1 className="ds-heading" data-size="lg">
        {t("importmelding.avsender.tittel")}
      </h1>
      {fortsett ? (
        <Varsel farge="info" tittel={t("importmelding.avsender.begyntTittel")}>
          <p className="ds-paragraph">{t("importmelding.avsender.begyntTekst")}</p>
          <Link className="ds-button" data-variant="primary" to={steg.url(fortsett)}>
            {fortsettTekst}
          </Link>
        </Varsel>
      ) : null}
      <p className="ds-paragraph">
        <Tekst
          id="importmelding.avsender.hentet"
          verdier={{ nummer: m.sertifikat.nummer }}
          deler={[<SertifikatLenke key="sertifikat" melding={m} />]}
        />
      </p>
      <div className="to-kolonner">
        <Part part={m.avsender} tittel={t("importmelding.avsender.avsender")} nivaa={2} />
        <Part part={m.mottaker} tittel={t("importmelding.avsender.mottaker")} nivaa={2} />
      </div>
      <p className="ds-paragraph">
        {t("importmelding.avsender.eksportland")} <Flagg kode={m.eksportLand.kode} />{" "}
        <span>{m.eksportLand.navn}</span>
      </p>
      <Varsel farge="info" tittel={t("importmelding.avsender.stemmerIkkeTittel")}>
        <p className="ds-paragraph">{t("importmelding.avsender.stemmerIkkeTekst")}</p>
      </Varsel>
      <div className="knapperad">
        <Link
          className="ds-button"
          data-variant="primary"
          to={steg.url(steg.neste("avsender") ?? "innmelder")}
        >
          {t("importmelding.avsender.bekreft")}
        </Link>
      </div>
    </div>
  );
}

export const meta: MetaFunction = (args) => meldingSidetittel(args, "importmelding.steg.Avsender");
