// The certificate page's sections on the consignment (app/routes/sertifikat.tsx): transport, the parties,
// the additional declarations and the treatments.
import { formaterDato, formaterOrganisasjonsnummer } from "../../../domain/format";
import { tekster, transportutstyrTekster } from "../../../domain/sertifikat-tekst";
import { useT } from "../sprak";
import { Opplysninger } from "../ui";
import { AdresseLinjer, BehandlingListe, landTekst, tekstListe } from "./deler";
import type { SideVerdier as Side } from "./typer";

export function Transport({ s }: Pick<Side, "s">) {
  const t = useT();
  const opprinnelse = s.varelinjeOppsummering.opprinnelsesland;
  return (
    <section aria-labelledby="transport-tittel">
      <h2 id="transport-tittel" className="ds-heading" data-size="sm">
        {t("sertifikat.transport.tittel")}
      </h2>
      <ol className="transportlinje">
        <li>
          <span className="transportlinje__etikett">{t("sertifikat.transport.opprinnelse")}</span>
          {opprinnelse.length ? opprinnelse.map((k) => landTekst(s.landnavn, { kode: k })).join(", ") : "–"}
        </li>
        <li>
          <span className="transportlinje__etikett">{t("sertifikat.transport.eksport")}</span>
          {landTekst(s.landnavn, s.eksportLand) ?? "–"}
        </li>
        {s.transittland.length ? (
          <li>
            <span className="transportlinje__etikett">{t("sertifikat.transport.transitt")}</span>
            {s.transittland.map((l) => landTekst(s.landnavn, l)).join(", ")}
          </li>
        ) : null}
        <li>
          <span className="transportlinje__etikett">{t("sertifikat.transport.import")}</span>
          {landTekst(s.landnavn, s.importLand) ?? "–"}
        </li>
      </ol>
      <Opplysninger
        rader={[
          [
            t("sertifikat.transport.transportmaate"),
            s.transportmidler
              .map((m) => [m.transportMetode, m.navn, m.id].filter(Boolean).join(", "))
              .join("; ") || t("sertifikat.transport.annen"),
          ],
          [
            t("sertifikat.transport.ankomststed"),
            [s.ankomststed?.navn, s.ankomststed?.lokasjonkode].filter(Boolean).join(", ") || undefined,
          ],
          [t("sertifikat.transport.containere"), tekstListe(transportutstyrTekster(t, s))],
          [t("sertifikat.transport.inspeksjonssted"), tekster([s.inspeksjonssted])[0]],
          [t("sertifikat.transport.kjennetegn"), tekstListe(tekster(s.kjennetegn))],
        ]}
      />
    </section>
  );
}

/** The exporter and the importer, side by side. */
export function Parter({ s }: Pick<Side, "s">) {
  const t = useT();
  return (
    <div className="to-kolonner">
      <section aria-labelledby="eksportoer-tittel">
        <h2 id="eksportoer-tittel" className="ds-heading" data-size="sm">
          {t("sertifikat.parter.eksportoer")}
        </h2>
        <p className="ds-paragraph adresse">
          <strong>{s.avsender?.navn ?? t("sertifikat.parter.ikkeOppgitt")}</strong>
          <AdresseLinjer adresse={s.avsender?.adresse} landnavn={s.landnavn} />
        </p>
      </section>
      <section aria-labelledby="importoer-tittel">
        <h2 id="importoer-tittel" className="ds-heading" data-size="sm">
          {t("sertifikat.parter.importoer")}
        </h2>
        <p className="ds-paragraph adresse">
          <strong>{s.mottaker?.navn ?? t("sertifikat.parter.ikkeOppgitt")}</strong>
          {s.mottaker?.organisasjonsnummer ? (
            <span className="adresselinje">
              {t("sertifikat.parter.orgnr", {
                orgnr: formaterOrganisasjonsnummer(s.mottaker.organisasjonsnummer),
              })}
            </span>
          ) : null}
          <AdresseLinjer adresse={s.mottaker?.adresse} landnavn={s.landnavn} />
        </p>
      </section>
    </div>
  );
}

export function Tilleggserklaeringer({ s }: Pick<Side, "s">) {
  const tr = useT();
  const t = s.tilleggserklaering;
  return (
    <section aria-labelledby="tillegg-tittel">
      <h2 id="tillegg-tittel" className="ds-heading" data-size="sm">
        {tr("sertifikat.tillegg.tittel")}
      </h2>
      {t.tilleggserklaeringer.length ||
      t.offisiellTilleggsinformasjon.length ||
      t.importtillatelse ||
      t.datoForInspeksjon ? (
        <>
          <ul className="ds-list">
            {t.tilleggserklaeringer.map((e) => (
              <li key={e}>{e}</li>
            ))}
            {t.offisiellTilleggsinformasjon.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
          <Opplysninger
            rader={[
              [tr("sertifikat.tillegg.importtillatelse"), t.importtillatelse],
              [
                tr("sertifikat.tillegg.datoForInspeksjon"),
                t.datoForInspeksjon
                  ? formaterDato(t.datoForInspeksjon, tr.sprak) || t.datoForInspeksjon
                  : undefined,
              ],
            ]}
          />
        </>
      ) : (
        <p className="ds-paragraph">{tr("sertifikat.tillegg.ingen")}</p>
      )}
    </section>
  );
}

/** The treatments of all goods lines, when they are the same (the summary says so over all of them). */
export function Behandlinger({ s }: Pick<Side, "s">) {
  const t = useT();
  const alle = s.varelinjeOppsummering;
  return (
    <section aria-labelledby="behandlinger-tittel">
      <h2 id="behandlinger-tittel" className="ds-heading" data-size="sm">
        {t("sertifikat.behandlinger.tittel")}
      </h2>
      {alle.behandlinger === "LIKE" ? (
        <>
          <p className="ds-paragraph">{t("sertifikat.behandlinger.like")}</p>
          <BehandlingListe behandlinger={alle.fellesBehandlinger} />
        </>
      ) : alle.behandlinger === "ULIKE" ? (
        <p className="ds-paragraph">{t("sertifikat.behandlinger.ulike")}</p>
      ) : (
        <p className="ds-paragraph">{t("sertifikat.behandlinger.ingen")}</p>
      )}
    </section>
  );
}
