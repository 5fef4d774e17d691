import { Link } from "@remix-run/react";
import { landNavn } from "../../../domain/kodeverk";
import { formaterTall } from "../../../domain/mengde";
import { ALVORLIGHETSGRAD_FARGE } from "../../../domain/status";
import { Merke, Opplysninger, Sidevelger, Tabellramme } from "../ui";

import { Mengder, sorteringsLenke, varelinjesideLenke } from "./deler";
import type { SideVerdier as Side } from "./typer";
import { VarelinjeDetaljer } from "./varelinje-detaljer";

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
        <VarelinjeTabell
          linjer={linjer}
          linjeVurdering={linjeVurdering}
          flagg={flagg}
          sok={sok}
          sortering={sortering}
          neste={neste}
        />
      )}
      <Sidevelger
        aktiv={alle.sidenummer + 1}
        antallSider={alle.antallSider}
        lenke={(side) => varelinjesideLenke(sok, sortering, side)}
        etikett="Sider med varelinjer"
      />
      <Opplysninger rader={totaler} />
      {linjer.map((l) => (
        <VarelinjeDetaljer
          key={l.sorteringsnummer}
          l={l}
          v={linjeVurdering.get(String(l.sorteringsnummer))}
          flagg={flagg}
          sammeBehandlinger={sammeBehandlinger}
        />
      ))}
    </section>
  );
}

/** The table of the page's goods lines, sorted by botanical name by the column's link. */
function VarelinjeTabell({
  linjer,
  linjeVurdering,
  flagg,
  sok,
  sortering,
  neste,
}: Pick<Side, "linjer" | "linjeVurdering" | "flagg" | "sok" | "sortering" | "neste">) {
  return (
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
  );
}
