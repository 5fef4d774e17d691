import { Link } from "@remix-run/react";
import { formaterDato, formaterDatoTid } from "../../domain/format";
import type { ImportmeldingVisning, PartVisning } from "../../domain/importmelding";
import type { StepperSteg } from "../../domain/importmelding-ruting";
import { CopyVerdi } from "./kopier";
import { Merke, Tabellramme, Varsel } from "./ui";

/** The wizard's stepper: completed steps are links; the current one is marked. */
export function Stepper({ steg, id }: { steg: StepperSteg[]; id: number }) {
  return (
    <nav className="stepper" aria-label="Steg i forhåndsmeldingen">
      <ol>
        {steg.map((s, i) => (
          <li key={s.navn} className={s.aktiv ? "stepper__steg stepper__steg--aktiv" : "stepper__steg"}>
            <span className="stepper__nummer" aria-hidden="true">
              {s.fullfoert && !s.aktiv ? "✓" : i + 1}
            </span>
            {s.fullfoert && !s.aktiv ? (
              <Link to={`/importmelding/${id}/${s.sti}`}>
                {s.navn}
                <span className="skjult"> (fullført)</span>
              </Link>
            ) : (
              <span aria-current={s.aktiv ? "step" : undefined}>{s.navn}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A flag from the country code's regional indicator symbols (decorative). */
export function Flagg({ kode }: { kode: string }) {
  if (!/^[A-Z]{2}$/.test(kode)) return null;
  const flagg = String.fromCodePoint(...[...kode].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
  return (
    <span className="flagg" aria-hidden="true">
      {flagg}
    </span>
  );
}

export function Part({ part, tittel, nivaa = 3 }: { part: PartVisning; tittel: string; nivaa?: 2 | 3 }) {
  const Overskrift = nivaa === 2 ? "h2" : "h3";
  const a = part.adresse;
  const linjer = [a.linje1, a.linje2, a.linje3, a.linje4, a.linje5].filter((l): l is string => !!l);
  return (
    <div className="part">
      <Overskrift className="ds-heading" data-size="2xs">
        {tittel}
      </Overskrift>
      <p className="ds-paragraph adresse">
        <strong>{part.navn ?? "Ikke oppgitt"}</strong>
        {linjer.map((l) => (
          <span key={l} className="adresselinje">
            {l}
          </span>
        ))}
      </p>
    </div>
  );
}

export function sertifikatUrl(m: ImportmeldingVisning): string {
  return `/sertifikat?${new URLSearchParams({
    sertifikatnummer: m.sertifikat.nummer,
    dato: m.sertifikat.utstedtDato,
    avsenderland: m.sertifikat.avsenderland,
  })}`;
}

/** The evidence pack of a submitted notification (issue 24 §3, ADR 038): one ZIP file with every document. */
export function DokumentasjonLenke({
  melding: m,
  avgiver,
}: {
  melding: ImportmeldingVisning;
  avgiver: { organisasjonsnummer: string; importoerId: number | null } | null | undefined;
}) {
  if (!avgiver?.importoerId) return null;
  const href = `/dokument/import/v2/importmelding/${avgiver.organisasjonsnummer}/${avgiver.importoerId}/${m.id}/dokumentasjon`;
  return (
    <p className="ds-paragraph">
      <a className="ds-link" href={href} download>
        Last ned dokumentasjon (ZIP)
      </a>
    </p>
  );
}

/** Sender, export country, receiver and goods lines: the rest of the summary. */
export function Sendingsoversikt({ melding: m }: { melding: ImportmeldingVisning }) {
  return (
    <>
      <section className="seksjon" aria-labelledby="sending-tittel">
        <h2 id="sending-tittel" className="ds-heading" data-size="sm">
          Sendingen
        </h2>
        <div className="to-kolonner">
          <Part part={m.avsender} tittel="Avsender" />
          <Part part={m.mottaker} tittel="Mottaker" />
        </div>
        <dl className="opplysninger">
          <div className="opplysninger__rad">
            <dt>Eksportland</dt>
            <dd>
              <Flagg kode={m.eksportLand.kode} /> {m.eksportLand.navn}
            </dd>
          </div>
          <div className="opplysninger__rad">
            <dt>Sertifikat</dt>
            <dd>
              <a className="ds-link" href={sertifikatUrl(m)} target="_blank" rel="noreferrer">
                {m.sertifikat.nummer}
                <span className="skjult"> (åpnes i ny fane)</span>
              </a>{" "}
              utstedt {formaterDato(m.utstedtDato)}
            </dd>
          </div>
        </dl>
      </section>
      <section className="seksjon" aria-labelledby="varer-tittel">
        <h2 id="varer-tittel" className="ds-heading" data-size="sm">
          Varelinjer
        </h2>
        <Tabellramme etikett="Varelinjer i forhåndsmeldingen">
          <table className="ds-table" data-border>
            <thead>
              <tr>
                <th scope="col">Nr.</th>
                <th scope="col">Navn</th>
                <th scope="col">Botanisk navn</th>
                <th scope="col">Mengde</th>
                <th scope="col">Opprinnelse</th>
              </tr>
            </thead>
            <tbody>
              {m.varelinjer.map((l) => (
                <tr key={l.sorteringsnummer}>
                  <td>{l.sorteringsnummer}</td>
                  <td>{l.navn ?? "–"}</td>
                  <td className="botanisk">{l.botaniskNavn ?? "Mangler"}</td>
                  <td>
                    {Object.values(l.mengde)
                      .map((q) => q?.visningsMengde)
                      .filter(Boolean)
                      .join(", ") || "–"}
                  </td>
                  <td>{l.opprinnelsesland.map((o) => o.navn ?? o.kode).join(", ") || "Mangler"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Tabellramme>
      </section>
    </>
  );
}

export function StatusMerke({ melding }: { melding: ImportmeldingVisning }) {
  return <Merke farge={melding.statusFarge}>{melding.statusTekst}</Merke>;
}

/** 'Digital forhåndsmelding' with the number (copyable), the status badge and when it last changed. */
export function MeldingHode({ melding: m }: { melding: ImportmeldingVisning }) {
  return (
    <>
      <h1 className="ds-heading" data-size="lg">
        Digital forhåndsmelding <span className="meldingsnummer">{m.nummer}</span>
      </h1>
      <CopyVerdi verdi={m.nummer} visVerdi={false} />
      <div className="merkerad">
        <StatusMerke melding={m} />
        <span className="ds-paragraph" data-size="sm">
          Sist endret {formaterDatoTid(m.statusEndret)}
        </span>
      </div>
    </>
  );
}

/**
 * The responsible importer is not on the certificate (ADR 027, issue 34 item 1): the notification is never
 * released automatically but waits for the authority, and gives way to the consignee's own until the authority
 * has assessed it. Said before it is submitted (the summary) and while it waits (registered, arrived).
 */
export function IkkeMottakerVarsel({ melding: m }: { melding: ImportmeldingVisning }) {
  const venter = m.status === "REGISTRERT" || m.status === "ANKOMMET";
  if (m.ansvarligPaaSertifikatet || !(venter || m.status === "UNDER_REGISTRERING")) return null;
  return (
    <Varsel
      farge="warning"
      tittel={venter ? "Venter på Mattilsynet" : "Forhåndsmeldingen blir ikke frigitt automatisk"}
    >
      <p className="ds-paragraph">
        {m.ansvarligImportoer.navn} står ikke som mottaker på sertifikatet. Derfor blir sendingen ikke frigitt
        automatisk, men venter på at Mattilsynet vurderer forhåndsmeldingen.
      </p>
      <p className="ds-paragraph">
        Hvis mottakeren på sertifikatet melder sendingen selv før Mattilsynet har vurdert den,{" "}
        {venter
          ? "trekkes denne forhåndsmeldingen tilbake."
          : "slettes eller trekkes denne forhåndsmeldingen tilbake."}
      </p>
    </Varsel>
  );
}
