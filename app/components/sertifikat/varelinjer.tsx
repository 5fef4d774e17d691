import { Link } from "@remix-run/react";
import { formaterDato } from "../../../domain/format";
import { landNavn, pakkeNavn, plantedelVisning, tilsiktetBrukVisning } from "../../../domain/kodeverk";
import { formaterTall } from "../../../domain/mengde";
import { eppoLenke } from "../../../domain/risiko/eppo-lenke";
import { ALVORLIGHETSGRAD_FARGE } from "../../../domain/status";
import { Merke, Opplysninger, Sidevelger, Tabellramme } from "../ui";

import { BehandlingListe, Funn, Mengder, sorteringsLenke, TOLLTARIFF_URL, varelinjesideLenke } from "./deler";
import type { SideVerdier as Side } from "./typer";

/** The goods lines of the certificate page: the table (or cards on small screens), totals and sorting. */
export function Varelinjer({
  s,
  flagg,
  sok,
  sortering,
  linjeVurdering,
  linjer,
  sammeBehandlinger,
  neste,
  dokumentSok,
  dokumentBase,
  totaler,
}: Pick<
  Side,
  | "s"
  | "flagg"
  | "sok"
  | "sortering"
  | "linjeVurdering"
  | "linjer"
  | "sammeBehandlinger"
  | "neste"
  | "dokumentSok"
  | "dokumentBase"
  | "totaler"
>) {
  const alle = s.varelinjeOppsummering;
  const fra = alle.sidenummer * alle.antallElementerPerSide + 1;
  const til = fra + s.varelinjer.length - 1;
  return (
    <section id="varelinjer" aria-labelledby="varelinjer-tittel">
      <div className="seksjonshode">
        <h2 id="varelinjer-tittel" className="ds-heading" data-size="sm">
          Varelinjer ({formaterTall(alle.antall)})
        </h2>
        <div className="knapperad">
          <a className="ds-link" href={`${dokumentBase}/excel?${dokumentSok}`} download>
            Last ned varelinjer (Excel)
          </a>
          <a className="ds-link" href={`${dokumentBase}/pdf?${dokumentSok}`}>
            Last ned sertifikatet (PDF)
          </a>
        </div>
      </div>
      {alle.antallSider > 1 ? (
        <p className="ds-paragraph" id="varelinjer-utvalg">
          Viser varelinje {formaterTall(fra)}–{formaterTall(til)} av {formaterTall(alle.antall)}. Alle
          varelinjene er med i Excel-filen.
        </p>
      ) : null}
      {s.varelinjer.length === 0 ? (
        <p className="ds-paragraph">Sertifikatet har ingen varelinjer.</p>
      ) : (
        <Tabellramme etikett="Varelinjer i sertifikatet">
          <table className="ds-table varetabell" data-border>
            <caption className="skjult">Varelinjer i sertifikatet</caption>
            <thead>
              <tr>
                <th scope="col">Nr.</th>
                <th scope="col">Navn</th>
                <th
                  scope="col"
                  aria-sort={sortering === "ASC" ? "ascending" : sortering === "DESC" ? "descending" : "none"}
                >
                  <Link to={sorteringsLenke(sok, neste)} preventScrollReset>
                    Botanisk navn
                    <span className="skjult">
                      {sortering === "ASC"
                        ? ", sortert stigende. Sorter synkende"
                        : sortering === "DESC"
                          ? ", sortert synkende. Sorter stigende"
                          : ". Sorter stigende"}
                    </span>
                    <span aria-hidden="true">
                      {sortering === "ASC" ? " ▲" : sortering === "DESC" ? " ▼" : " ↕"}
                    </span>
                  </Link>
                </th>
                <th scope="col">Mengde</th>
                <th scope="col">Opprinnelse</th>
                {flagg.visRisikovurdering ? <th scope="col">Vurdering</th> : null}
              </tr>
            </thead>
            <tbody>
              {linjer.map((l) => {
                const v = linjeVurdering.get(String(l.sorteringsnummer));
                return (
                  <tr key={l.sorteringsnummer}>
                    <td>{l.sorteringsnummer}</td>
                    <td>{l.navn ?? "–"}</td>
                    <td className="botanisk">{l.botaniskNavn ?? "Mangler"}</td>
                    <td>
                      <Mengder linje={l} />
                    </td>
                    <td>
                      {l.opprinnelsesland.map((o) => (o.kode ? landNavn(o.kode) : o.navn)).join(", ") ||
                        "Mangler"}
                    </td>
                    {flagg.visRisikovurdering ? (
                      <td>
                        {v ? (
                          <Merke farge={ALVORLIGHETSGRAD_FARGE[v.alvorlighetsgrad]}>
                            {v.alvorlighetsgrad === "ALT_OK"
                              ? "OK"
                              : v.alvorlighetsgrad === "FORBUD"
                                ? "Forbud"
                                : v.alvorlighetsgrad === "VARSEL"
                                  ? "Varsel"
                                  : "Ufullstendig"}
                          </Merke>
                        ) : null}
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </Tabellramme>
      )}
      <Sidevelger
        aktiv={alle.sidenummer + 1}
        antallSider={alle.antallSider}
        lenke={(side) => varelinjesideLenke(sok, sortering, side)}
        etikett="Sider med varelinjer"
      />
      <Opplysninger rader={totaler} />
      {linjer.map((l) => {
        const v = linjeVurdering.get(String(l.sorteringsnummer));
        const eppo = v?.eppoKode ?? l.klassifisering.eppoKoder[0];
        return (
          <details key={l.sorteringsnummer} className="ds-details varelinje-detaljer">
            <summary>
              Detaljer for varelinje {l.sorteringsnummer}: {l.navn ?? l.botaniskNavn ?? "uten navn"}
            </summary>
            <div className="varelinje-detaljer__innhold">
              <Opplysninger
                rader={[
                  ["Navn", l.navn],
                  ["Botanisk navn", l.botaniskNavn],
                  ["Beskrivelse", l.beskrivelse],
                  [
                    "EPPO-kode",
                    eppo ? (
                      <a key="eppo" className="ds-link" href={eppoLenke(eppo)}>
                        {eppo} (skadegjørerdatabasen)
                      </a>
                    ) : undefined,
                  ],
                  [
                    "Varenummer (HS)",
                    l.klassifisering.hsKode ? (
                      <a
                        key="hs"
                        className="ds-link"
                        href={`${TOLLTARIFF_URL}/${encodeURIComponent(l.klassifisering.hsKode)}`}
                      >
                        {l.klassifisering.hsKode}
                      </a>
                    ) : undefined,
                  ],
                  ["Plantedel", plantedelVisning(l.klassifisering.plantedel)],
                  ["Tilstand", l.klassifisering.tilstander.join(", ") || undefined],
                  ["Tilsiktet bruk", tilsiktetBrukVisning(l.klassifisering)],
                  ["Mengde", <Mengder key="m" linje={l} />],
                  [
                    "Pakker",
                    l.pakker
                      .map((p) => `${p.antall ?? ""} ${p.pakkeKode ? pakkeNavn(p.pakkeKode) : ""}`.trim())
                      .join(", ") || undefined,
                  ],
                  ["Pakkebeskrivelse", l.pakkebeskrivelse],
                  ["Kjennetegn", l.kjennetegn.join(", ") || undefined],
                  [
                    "Opprinnelse",
                    l.opprinnelsesland
                      .map((o) => [o.kode ? landNavn(o.kode) : o.navn, o.landsdel].filter(Boolean).join(", "))
                      .join("; ") || "Mangler",
                  ],
                  [
                    "Tilleggserklæringer",
                    l.varelinjeTilleggserklaering.tilleggserklaeringer.join(" ") || undefined,
                  ],
                  ["Importtillatelse", l.varelinjeTilleggserklaering.importtillatelseserklaering],
                  [
                    "Inspeksjonsdato",
                    l.varelinjeTilleggserklaering.inspeksjonsdato
                      ? formaterDato(l.varelinjeTilleggserklaering.inspeksjonsdato) ||
                        l.varelinjeTilleggserklaering.inspeksjonsdato
                      : undefined,
                  ],
                  [
                    "Offisiell tilleggsinformasjon",
                    l.varelinjeTilleggserklaering.offisiellTilleggsInformasjon.join(" ") || undefined,
                  ],
                ]}
              />
              {!sammeBehandlinger ? (
                <>
                  <h3 className="ds-heading" data-size="2xs">
                    Behandlinger
                  </h3>
                  <BehandlingListe behandlinger={l.behandlinger} />
                </>
              ) : null}
              {l.reeksportSertifiseringsErklaering ? (
                <>
                  <h3 className="ds-heading" data-size="2xs">
                    Reeksport
                  </h3>
                  <Opplysninger
                    rader={[
                      [
                        "Opprinnelig sertifikat",
                        l.reeksportSertifiseringsErklaering.ephytoSertifikatReferanse,
                      ],
                      [
                        "Utstedt av",
                        l.reeksportSertifiseringsErklaering.kontraktsinngaaendePart?.kode
                          ? landNavn(l.reeksportSertifiseringsErklaering.kontraktsinngaaendePart.kode)
                          : l.reeksportSertifiseringsErklaering.kontraktsinngaaendePart?.navn,
                      ],
                      [
                        "Grunnlag",
                        l.reeksportSertifiseringsErklaering.originalSertifikat
                          ? "Originalt sertifikat"
                          : l.reeksportSertifiseringsErklaering.bekreftetKopi
                            ? "Bekreftet kopi"
                            : undefined,
                      ],
                      [
                        "Pakking",
                        l.reeksportSertifiseringsErklaering.ompakket
                          ? "Ompakket"
                          : l.reeksportSertifiseringsErklaering.pakket
                            ? "Pakket"
                            : undefined,
                      ],
                      [
                        "Containere",
                        l.reeksportSertifiseringsErklaering.nyeContainere
                          ? "Nye containere"
                          : l.reeksportSertifiseringsErklaering.originaleContainere
                            ? "Originale containere"
                            : undefined,
                      ],
                      [
                        "Tilleggsinspeksjon",
                        l.reeksportSertifiseringsErklaering.tilleggsinspeksjon === undefined
                          ? undefined
                          : l.reeksportSertifiseringsErklaering.tilleggsinspeksjon
                            ? "Ja"
                            : "Nei",
                      ],
                    ]}
                  />
                </>
              ) : null}
              {flagg.visRisikovurdering && v?.funn.length ? (
                <>
                  <h3 className="ds-heading" data-size="2xs">
                    Risikovurdering
                  </h3>
                  <Funn funn={v.funn} />
                </>
              ) : null}
            </div>
          </details>
        );
      })}
    </section>
  );
}
