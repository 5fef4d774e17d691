// The end of the certificate page (app/routes/sertifikat.tsx): the export or re-export declaration and the
// signature.
import { formaterDato } from "../../../domain/format";
import { finansiellErklaering, friForPestTekst } from "../../../domain/sertifikat-tekst";
import { useT } from "../sprak";
import { Opplysninger } from "../ui";
import type { SideVerdier as Side } from "./typer";

export function Erklaering({ s }: Pick<Side, "s">) {
  const t = useT();
  const reeksport = s.type === "Reeksport" ? s.varelinjeOppsummering.reeksport : undefined;
  return (
    <section aria-labelledby="erklaering-tittel">
      <h2 id="erklaering-tittel" className="ds-heading" data-size="sm">
        {t(s.type === "Reeksport" ? "sertifikat.erklaering.reeksport" : "sertifikat.erklaering.eksport")}
      </h2>
      {reeksport ? (
        "felles" in reeksport ? (
          <p className="ds-paragraph">{reeksport.felles}</p>
        ) : (
          <Opplysninger
            rader={reeksport.perLinje.map((l) => [
              t("sertifikat.erklaering.varelinje", { nummer: l.sorteringsnummer }),
              l.tekst,
            ])}
          />
        )
      ) : (
        <p className="ds-paragraph">{t("sertifikat.erklaering.eksportTekst")}</p>
      )}
      <Opplysninger rader={[[t("sertifikat.erklaering.friForSkadegjoerere"), friForPestTekst(t, s)]]} />
      <h3 className="ds-heading" data-size="2xs">
        {t("sertifikat.erklaering.finansiell")}
      </h3>
      <p className="ds-paragraph">{finansiellErklaering(t, s)}</p>
    </section>
  );
}

export function Signatur({ s }: Pick<Side, "s">) {
  const t = useT();
  return (
    <section aria-labelledby="signatur-tittel">
      <h2 id="signatur-tittel" className="ds-heading" data-size="sm">
        {t("sertifikat.signatur.tittel")}
      </h2>
      <Opplysninger
        rader={[
          [t("sertifikat.signatur.signertAv"), s.signatur?.navn],
          [t("sertifikat.signatur.sted"), s.signatur?.sted],
          [
            t("sertifikat.signatur.dato"),
            s.signatur?.dato ? formaterDato(s.signatur.dato, t.sprak) || s.signatur.dato : undefined,
          ],
          [t("sertifikat.signatur.myndighet"), s.signatur?.organisasjon ?? s.utsteder],
        ]}
      />
      {!s.signatur ? <p className="ds-paragraph">{t("sertifikat.signatur.ingen")}</p> : null}
    </section>
  );
}
