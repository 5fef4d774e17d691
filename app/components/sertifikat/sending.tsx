// The certificate page's sections on the consignment (app/routes/sertifikat.tsx): transport, the parties,
// the additional declarations and the treatments.
import { formaterDato, formaterOrganisasjonsnummer } from "../../../domain/format";
import { landNavn } from "../../../domain/kodeverk";
import { tekster, transportutstyrTekster } from "../../../domain/sertifikat-tekst";
import { Opplysninger } from "../ui";
import { AdresseLinjer, BehandlingListe, tekstListe } from "./deler";
import type { SideVerdier as Side } from "./typer";

export function Transport({ s }: Pick<Side, "s">) {
  const opprinnelse = s.varelinjeOppsummering.opprinnelsesland;
  return (
    <section aria-labelledby="transport-tittel">
      <h2 id="transport-tittel" className="ds-heading" data-size="sm">
        Transport
      </h2>
      <ol className="transportlinje">
        <li>
          <span className="transportlinje__etikett">Opprinnelse</span>
          {opprinnelse.length ? opprinnelse.map((k) => landNavn(k)).join(", ") : "–"}
        </li>
        <li>
          <span className="transportlinje__etikett">Eksport</span>
          {s.eksportLand?.kode ? landNavn(s.eksportLand.kode) : (s.eksportLand?.navn ?? "–")}
        </li>
        {s.transittland.length ? (
          <li>
            <span className="transportlinje__etikett">Transitt</span>
            {s.transittland.map((t) => (t.kode ? landNavn(t.kode) : t.navn)).join(", ")}
          </li>
        ) : null}
        <li>
          <span className="transportlinje__etikett">Import</span>
          {s.importLand?.kode ? landNavn(s.importLand.kode) : (s.importLand?.navn ?? "–")}
        </li>
      </ol>
      <Opplysninger
        rader={[
          [
            "Transportmåte",
            s.transportmidler
              .map((t) => [t.transportMetode, t.navn, t.id].filter(Boolean).join(", "))
              .join("; ") || "Annen transport",
          ],
          [
            "Ankomststed",
            [s.ankomststed?.navn, s.ankomststed?.lokasjonkode].filter(Boolean).join(", ") || undefined,
          ],
          ["Containere og plomber", tekstListe(transportutstyrTekster(s))],
          ["Inspeksjonssted", tekster([s.inspeksjonssted])[0]],
          ["Kjennetegn på sendingen", tekstListe(tekster(s.kjennetegn))],
        ]}
      />
    </section>
  );
}

/** The exporter and the importer, side by side. */
export function Parter({ s }: Pick<Side, "s">) {
  return (
    <div className="to-kolonner">
      <section aria-labelledby="eksportoer-tittel">
        <h2 id="eksportoer-tittel" className="ds-heading" data-size="sm">
          Eksportør
        </h2>
        <p className="ds-paragraph adresse">
          <strong>{s.avsender?.navn ?? "Ikke oppgitt"}</strong>
          <AdresseLinjer adresse={s.avsender?.adresse} />
        </p>
      </section>
      <section aria-labelledby="importoer-tittel">
        <h2 id="importoer-tittel" className="ds-heading" data-size="sm">
          Importør
        </h2>
        <p className="ds-paragraph adresse">
          <strong>{s.mottaker?.navn ?? "Ikke oppgitt"}</strong>
          {s.mottaker?.organisasjonsnummer ? (
            <span className="adresselinje">
              Org.nr. {formaterOrganisasjonsnummer(s.mottaker.organisasjonsnummer)}
            </span>
          ) : null}
          <AdresseLinjer adresse={s.mottaker?.adresse} />
        </p>
      </section>
    </div>
  );
}

export function Tilleggserklaeringer({ s }: Pick<Side, "s">) {
  const t = s.tilleggserklaering;
  return (
    <section aria-labelledby="tillegg-tittel">
      <h2 id="tillegg-tittel" className="ds-heading" data-size="sm">
        Tilleggserklæringer
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
              ["Importtillatelse", t.importtillatelse],
              [
                "Dato for inspeksjon",
                t.datoForInspeksjon ? formaterDato(t.datoForInspeksjon) || t.datoForInspeksjon : undefined,
              ],
            ]}
          />
        </>
      ) : (
        <p className="ds-paragraph">Ingen tilleggserklæringer på sertifikatnivå.</p>
      )}
    </section>
  );
}

/** The treatments of all goods lines, when they are the same (the summary says so over all of them). */
export function Behandlinger({ s }: Pick<Side, "s">) {
  const alle = s.varelinjeOppsummering;
  return (
    <section aria-labelledby="behandlinger-tittel">
      <h2 id="behandlinger-tittel" className="ds-heading" data-size="sm">
        Behandlinger
      </h2>
      {alle.behandlinger === "LIKE" ? (
        <>
          <p className="ds-paragraph">Alle varelinjer har de samme behandlingene:</p>
          <BehandlingListe behandlinger={alle.fellesBehandlinger} />
        </>
      ) : alle.behandlinger === "ULIKE" ? (
        <p className="ds-paragraph">Varelinjene har ulike behandlinger. Se detaljene for hver varelinje.</p>
      ) : (
        <p className="ds-paragraph">Ingen behandlinger</p>
      )}
    </section>
  );
}
