import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { formaterDato, formaterDatoTid } from "../../domain/format";
import type { ImportmeldingVisning, PartVisning } from "../../domain/importmelding";
import type { StepperSteg } from "../../domain/importmelding-ruting";
import { statusNavn } from "../../domain/statusnavn";
import { CopyVerdi } from "./kopier";
import { Tekst, useT } from "./sprak";
import { Merke, Tabellramme, Varsel } from "./ui";

/** The wizard's stepper: completed steps are links; the current one is marked. */
export function Stepper({ steg, id }: { steg: StepperSteg[]; id: number }) {
  const t = useT();
  return (
    <nav className="stepper" aria-label={t("importmelding.stepper.etikett")}>
      <ol>
        {steg.map((s, i) => (
          <li key={s.navn} className={s.aktiv ? "stepper__steg stepper__steg--aktiv" : "stepper__steg"}>
            <span className="stepper__nummer" aria-hidden="true">
              {s.fullfoert && !s.aktiv ? "✓" : i + 1}
            </span>
            {s.fullfoert && !s.aktiv ? (
              <Link to={`/importmelding/${id}/${s.sti}`}>
                {t(`importmelding.steg.${s.navn}`)}
                <span className="skjult">{t("importmelding.fullfoert")}</span>
              </Link>
            ) : (
              <span aria-current={s.aktiv ? "step" : undefined}>{t(`importmelding.steg.${s.navn}`)}</span>
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
  const t = useT();
  const Overskrift = nivaa === 2 ? "h2" : "h3";
  const a = part.adresse;
  const linjer = [a.linje1, a.linje2, a.linje3, a.linje4, a.linje5].filter((l): l is string => !!l);
  return (
    <div className="part">
      <Overskrift className="ds-heading" data-size="2xs">
        {tittel}
      </Overskrift>
      <p className="ds-paragraph adresse">
        <strong>{part.navn ?? t("importmelding.ikkeOppgitt")}</strong>
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

/** A link to the notification's certificate in a new tab (the text is the caller's; <Tekst> fills it in). */
export function SertifikatLenke({
  melding,
  children,
}: {
  melding: ImportmeldingVisning;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <a className="ds-link" href={sertifikatUrl(melding)} target="_blank" rel="noreferrer">
      {children}
      <span className="skjult">{t("importmelding.nyFane")}</span>
    </a>
  );
}

/** The evidence pack of a submitted notification (issue 24 §3, ADR 038): one ZIP file with every document. */
export function DokumentasjonLenke({
  melding: m,
  avgiver,
}: {
  melding: ImportmeldingVisning;
  avgiver: { organisasjonsnummer: string; importoerId: number | null } | null | undefined;
}) {
  const t = useT();
  if (!avgiver?.importoerId) return null;
  const href = `/dokument/import/v2/importmelding/${avgiver.organisasjonsnummer}/${avgiver.importoerId}/${m.id}/dokumentasjon`;
  return (
    <p className="ds-paragraph">
      <a className="ds-link" href={href} download>
        {t("importmelding.dokumentasjon.lastNed")}
      </a>
    </p>
  );
}

/** Sender, export country, receiver and goods lines: the rest of the summary. */
export function Sendingsoversikt({ melding: m }: { melding: ImportmeldingVisning }) {
  const t = useT();
  return (
    <>
      <section className="seksjon" aria-labelledby="sending-tittel">
        <h2 id="sending-tittel" className="ds-heading" data-size="sm">
          {t("importmelding.sending.tittel")}
        </h2>
        <div className="to-kolonner">
          <Part part={m.avsender} tittel={t("importmelding.sending.avsender")} />
          <Part part={m.mottaker} tittel={t("importmelding.sending.mottaker")} />
        </div>
        <dl className="opplysninger">
          <div className="opplysninger__rad">
            <dt>{t("importmelding.sending.eksportland")}</dt>
            <dd>
              <Flagg kode={m.eksportLand.kode} /> {m.eksportLand.navn}
            </dd>
          </div>
          <div className="opplysninger__rad">
            <dt>{t("importmelding.sending.sertifikat")}</dt>
            <dd>
              <SertifikatLenke melding={m}>{m.sertifikat.nummer}</SertifikatLenke>{" "}
              {t("importmelding.sending.utstedt", { dato: formaterDato(m.utstedtDato, t.sprak) })}
            </dd>
          </div>
        </dl>
      </section>
      <section className="seksjon" aria-labelledby="varer-tittel">
        <h2 id="varer-tittel" className="ds-heading" data-size="sm">
          {t("importmelding.varer.tittel")}
        </h2>
        <Tabellramme etikett={t("importmelding.varer.etikett")}>
          <table className="ds-table" data-border>
            <thead>
              <tr>
                <th scope="col">{t("importmelding.varer.nr")}</th>
                <th scope="col">{t("importmelding.varer.navn")}</th>
                <th scope="col">{t("importmelding.varer.botaniskNavn")}</th>
                <th scope="col">{t("importmelding.varer.mengde")}</th>
                <th scope="col">{t("importmelding.varer.opprinnelse")}</th>
              </tr>
            </thead>
            <tbody>
              {m.varelinjer.map((l) => (
                <tr key={l.sorteringsnummer}>
                  <td>{l.sorteringsnummer}</td>
                  <td>{l.navn ?? "–"}</td>
                  <td className="botanisk">{l.botaniskNavn ?? t("importmelding.varer.mangler")}</td>
                  <td>
                    {Object.values(l.mengde)
                      .map((q) => q?.visningsMengde)
                      .filter(Boolean)
                      .join(", ") || "–"}
                  </td>
                  <td>
                    {l.opprinnelsesland.map((o) => o.navn ?? o.kode).join(", ") ||
                      t("importmelding.varer.mangler")}
                  </td>
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
  const t = useT();
  return <Merke farge={melding.statusFarge}>{statusNavn(t, melding)}</Merke>;
}

/** 'Digital forhåndsmelding' with the number (copyable), the status badge and when it last changed. */
export function MeldingHode({ melding: m }: { melding: ImportmeldingVisning }) {
  const t = useT();
  return (
    <>
      <h1 className="ds-heading" data-size="lg">
        <Tekst
          id="importmelding.hode.tittel"
          verdier={{ nummer: m.nummer }}
          deler={[<span key="nummer" className="meldingsnummer" />]}
        />
      </h1>
      <CopyVerdi verdi={m.nummer} visVerdi={false} />
      <div className="merkerad">
        <StatusMerke melding={m} />
        <span className="ds-paragraph" data-size="sm">
          {t("importmelding.hode.sistEndret", { tidspunkt: formaterDatoTid(m.statusEndret, t.sprak) })}
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
  const t = useT();
  const venter = m.status === "REGISTRERT" || m.status === "ANKOMMET";
  if (m.ansvarligPaaSertifikatet || !(venter || m.status === "UNDER_REGISTRERING")) return null;
  return (
    <Varsel
      farge="warning"
      tittel={t(venter ? "importmelding.ikkeMottaker.tittelVenter" : "importmelding.ikkeMottaker.tittel")}
    >
      <p className="ds-paragraph">
        {t("importmelding.ikkeMottaker.tekst", { navn: m.ansvarligImportoer.navn })}
      </p>
      <p className="ds-paragraph">
        {t("importmelding.ikkeMottaker.viker", { venter: venter ? "ja" : "nei" })}
      </p>
    </Varsel>
  );
}
