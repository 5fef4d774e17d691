// The top of the certificate page (app/routes/sertifikat.tsx): the heading with its badges, the notices of a
// replaced or replacing certificate, and the risk banners; and the page shown when no certificate was found.
import { Link } from "@remix-run/react";
import { formaterDato, formaterDatoTid } from "../../../domain/format";
import { landNavn } from "../../../domain/kodeverk";
import { UKJENT_AARSAK, UKJENT_NUMMER } from "../../../domain/sertifikat-tekst";
import { ALVORLIGHETSGRAD_FARGE, alvorlighetsgradRekkefoelge, meldepliktFarge } from "../../../domain/status";
import { Merke, Opplysninger, Varsel } from "../ui";
import type { SideVerdier as Side } from "./typer";

export function IkkeFunnet({ sok, melding }: Pick<Side, "sok"> & { melding: string | null }) {
  return (
    <div className="smal">
      <h1 className="ds-heading" data-size="lg">
        Sertifikat
      </h1>
      <Varsel farge="warning" tittel="Fant ikke sertifikatet">
        <p className="ds-paragraph">{melding}</p>
        <p className="ds-paragraph">
          Søkte etter sertifikatnummer «{sok.sertifikatnummer || "–"}», dato {sok.dato || "–"} og land{" "}
          {sok.avsenderland ? landNavn(sok.avsenderland) : "–"}.
        </p>
      </Varsel>
      <p>
        <Link className="ds-link" to="/">
          Søk på nytt fra forsiden
        </Link>
      </p>
    </div>
  );
}

export function SertifikatHode({ s }: Pick<Side, "s">) {
  return (
    <header className="sertifikat__hode">
      <p className="ds-paragraph sertifikat__overtittel">
        {s.type === "Reeksport" ? "Plantesunnhetssertifikat for reeksport" : "Plantesunnhetssertifikat"}
      </p>
      <h1 className="ds-heading" data-size="lg">
        {s.nummer}
      </h1>
      <div className="merkerad">
        {/* A replaced certificate is 'Erstattet', as in the list (issue 23 item 9); withdrawn stays withdrawn */}
        {s.erstattetAvSertifikat && s.statusKode !== "40" ? (
          <Merke farge="neutral">Erstattet</Merke>
        ) : s.statusTekst ? (
          <Merke farge={s.statusKode === "40" ? "danger" : "info"}>{s.statusTekst}</Merke>
        ) : null}
        {s.type ? <Merke farge="neutral">{s.type}</Merke> : null}
        <Merke farge={meldepliktFarge(s.meldepliktigVurdering.kode)}>
          {s.meldepliktigVurdering.visningstekst}
        </Merke>
      </div>
      <Opplysninger
        rader={[
          ["Utstedt", s.utstedtDag ? formaterDato(s.utstedtDag) : formaterDato(s.utstedtDato)],
          ["Status endret", formaterDatoTid(s.statusSistEndret)],
          ["Utstedt av", s.utsteder],
        ]}
      />
    </header>
  );
}

/** The certificate this one replaces, and the one that replaced it. */
export function Erstatning({ s }: Pick<Side, "s">) {
  return (
    <>
      {s.erstatterSertifikat ? (
        <Varsel farge="info" tittel="Erstatter et annet sertifikat">
          <p className="ds-paragraph">
            Dette sertifikatet erstatter sertifikat{" "}
            {s.erstatterSertifikat.lenke ? (
              <Link
                className="ds-link"
                to={`/sertifikat?${new URLSearchParams({ ...s.erstatterSertifikat.lenke })}`}
              >
                {s.erstatterSertifikat.nummer ?? UKJENT_NUMMER}
              </Link>
            ) : (
              <strong>{s.erstatterSertifikat.nummer ?? UKJENT_NUMMER}</strong>
            )}
            . Årsak: {s.erstatterSertifikat.grunn ?? UKJENT_AARSAK}
            {s.erstatterSertifikat.dato
              ? ` (${formaterDato(s.erstatterSertifikat.dato) || s.erstatterSertifikat.dato})`
              : ""}
            .
          </p>
        </Varsel>
      ) : null}
      {s.erstattetAvSertifikat ? (
        <Varsel farge="warning" tittel="Sertifikatet er erstattet">
          <p className="ds-paragraph">
            Dette sertifikatet er erstattet av{" "}
            <Link
              className="ds-link"
              to={`/sertifikat?${new URLSearchParams({
                sertifikatnummer: s.erstattetAvSertifikat.nummer,
                dato: s.erstattetAvSertifikat.dato,
                avsenderland: s.erstattetAvSertifikat.avsenderland,
              })}`}
            >
              {s.erstattetAvSertifikat.nummer}
            </Link>
            . Bruk det nye sertifikatet.
          </p>
        </Varsel>
      ) : null}
    </>
  );
}

/** The risk assessment's banners, the most severe first. */
export function Risikobannere({ s }: Pick<Side, "s">) {
  const risikoBannere = [...s.vurdering.risikoVurdering].sort(
    (a, b) =>
      alvorlighetsgradRekkefoelge(a.alvorlighetsgrad) - alvorlighetsgradRekkefoelge(b.alvorlighetsgrad),
  );
  return (
    <>
      {risikoBannere.map((r) => (
        <Varsel
          key={`${r.type}-${r.alvorlighetsgrad}`}
          farge={ALVORLIGHETSGRAD_FARGE[r.alvorlighetsgrad]}
          tittel={r.tittel}
        >
          <ul className="ds-list">
            {r.beskrivelse.map((b) => (
              <li key={b.tekst}>
                {b.tekst}
                {b.lenke ? (
                  <>
                    {" "}
                    <a className="ds-link" href={b.lenke}>
                      Les regelverket
                    </a>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </Varsel>
      ))}
    </>
  );
}
