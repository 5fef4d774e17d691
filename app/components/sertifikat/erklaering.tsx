// The end of the certificate page (app/routes/sertifikat.tsx): the export or re-export declaration and the
// signature.
import { formaterDato } from "../../../domain/format";
import { EKSPORTERKLAERING, finansiellErklaering, friForPestTekst } from "../../../domain/sertifikat-tekst";
import { Opplysninger } from "../ui";
import type { SideVerdier as Side } from "./typer";

export function Erklaering({ s }: Pick<Side, "s">) {
  const reeksport = s.type === "Reeksport" ? s.varelinjeOppsummering.reeksport : undefined;
  return (
    <section aria-labelledby="erklaering-tittel">
      <h2 id="erklaering-tittel" className="ds-heading" data-size="sm">
        {s.type === "Reeksport" ? "Reeksporterklæring" : "Eksporterklæring"}
      </h2>
      {reeksport ? (
        "felles" in reeksport ? (
          <p className="ds-paragraph">{reeksport.felles}</p>
        ) : (
          <Opplysninger rader={reeksport.perLinje.map((l) => [`Varelinje ${l.sorteringsnummer}`, l.tekst])} />
        )
      ) : (
        <p className="ds-paragraph">{EKSPORTERKLAERING}</p>
      )}
      <Opplysninger rader={[["Fri for skadegjørere", friForPestTekst(s)]]} />
      <h3 className="ds-heading" data-size="2xs">
        Finansiell erklæring
      </h3>
      <p className="ds-paragraph">{finansiellErklaering(s)}</p>
    </section>
  );
}

export function Signatur({ s }: Pick<Side, "s">) {
  return (
    <section aria-labelledby="signatur-tittel">
      <h2 id="signatur-tittel" className="ds-heading" data-size="sm">
        Signatur
      </h2>
      <Opplysninger
        rader={[
          ["Signert av", s.signatur?.navn],
          ["Sted", s.signatur?.sted],
          ["Dato", s.signatur?.dato ? formaterDato(s.signatur.dato) || s.signatur.dato : undefined],
          ["Myndighet", s.signatur?.organisasjon ?? s.utsteder],
        ]}
      />
      {!s.signatur ? <p className="ds-paragraph">Ingen signatur oppgitt.</p> : null}
    </section>
  );
}
