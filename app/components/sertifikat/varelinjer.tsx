import { Link } from "@remix-run/react";
import { ALVORLIGHETSGRAD_FARGE } from "../../../domain/status";
import { useT } from "../sprak";
import { Merke, Opplysninger, Sidevelger, Tabellramme } from "../ui";
import { type Landnavn, landTekst, Mengder, sorteringsLenke, varelinjesideLenke } from "./deler";
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
  const t = useT();
  const alle = s.varelinjeOppsummering;
  const fra = alle.sidenummer * alle.antallElementerPerSide + 1;
  const til = fra + s.varelinjer.length - 1;
  return (
    <section id="varelinjer" aria-labelledby="varelinjer-tittel">
      <div className="seksjonshode">
        <h2 id="varelinjer-tittel" className="ds-heading" data-size="sm">
          {t("sertifikat.varelinjer.tittel", { antall: alle.antall })}
        </h2>
        <div className="knapperad">
          <a className="ds-link" href={`${dokumentBase}/excel?${dokumentSok}`} download>
            {t("sertifikat.varelinjer.excel")}
          </a>
          <a className="ds-link" href={`${dokumentBase}/pdf?${dokumentSok}`}>
            {t("sertifikat.varelinjer.pdf")}
          </a>
        </div>
      </div>
      {alle.antallSider > 1 ? (
        <p className="ds-paragraph" id="varelinjer-utvalg">
          {t("sertifikat.varelinjer.utvalg", { fra, til, antall: alle.antall })}
        </p>
      ) : null}
      {s.varelinjer.length === 0 ? (
        <p className="ds-paragraph">{t("sertifikat.varelinjer.ingen")}</p>
      ) : (
        <VarelinjeTabell
          linjer={linjer}
          linjeVurdering={linjeVurdering}
          flagg={flagg}
          sok={sok}
          sortering={sortering}
          neste={neste}
          landnavn={s.landnavn}
        />
      )}
      <Sidevelger
        aktiv={alle.sidenummer + 1}
        antallSider={alle.antallSider}
        lenke={(side) => varelinjesideLenke(sok, sortering, side)}
        etikett={t("sertifikat.varelinjer.sider")}
      />
      <Opplysninger rader={totaler} />
      {linjer.map((l) => (
        <VarelinjeDetaljer
          key={l.sorteringsnummer}
          l={l}
          v={linjeVurdering.get(String(l.sorteringsnummer))}
          flagg={flagg}
          sammeBehandlinger={sammeBehandlinger}
          landnavn={s.landnavn}
          tekster={s.linjetekster[l.sorteringsnummer]}
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
  landnavn,
}: Pick<Side, "linjer" | "linjeVurdering" | "flagg" | "sok" | "sortering" | "neste"> & {
  landnavn: Landnavn;
}) {
  const t = useT();
  return (
    <Tabellramme etikett={t("sertifikat.varelinjer.tabell")}>
      <table className="ds-table varetabell" data-border>
        <caption className="skjult">{t("sertifikat.varelinjer.tabell")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("sertifikat.varelinjer.nr")}</th>
            <th scope="col">{t("sertifikat.varelinjer.navn")}</th>
            <th
              scope="col"
              aria-sort={sortering === "ASC" ? "ascending" : sortering === "DESC" ? "descending" : "none"}
            >
              <Link to={sorteringsLenke(sok, neste)} preventScrollReset>
                {t("sertifikat.varelinjer.botaniskNavn")}
                <span className="skjult">
                  {t(
                    sortering === "ASC"
                      ? "sertifikat.varelinjer.sortertStigende"
                      : sortering === "DESC"
                        ? "sertifikat.varelinjer.sortertSynkende"
                        : "sertifikat.varelinjer.usortert",
                  )}
                </span>
                <span aria-hidden="true">
                  {sortering === "ASC" ? " ▲" : sortering === "DESC" ? " ▼" : " ↕"}
                </span>
              </Link>
            </th>
            <th scope="col">{t("sertifikat.varelinjer.mengde")}</th>
            <th scope="col">{t("sertifikat.varelinjer.opprinnelse")}</th>
            {flagg.visRisikovurdering ? <th scope="col">{t("sertifikat.varelinjer.vurdering")}</th> : null}
          </tr>
        </thead>
        <tbody>
          {linjer.map((l) => {
            const v = linjeVurdering.get(String(l.sorteringsnummer));
            return (
              <tr key={l.sorteringsnummer}>
                <td>{l.sorteringsnummer}</td>
                <td>{l.navn ?? "–"}</td>
                <td className="botanisk">{l.botaniskNavn ?? t("sertifikat.varelinjer.mangler")}</td>
                <td>
                  <Mengder linje={l} />
                </td>
                <td>
                  {l.opprinnelsesland.map((o) => landTekst(landnavn, o)).join(", ") ||
                    t("sertifikat.varelinjer.mangler")}
                </td>
                {flagg.visRisikovurdering ? (
                  <td>
                    {v ? (
                      <Merke farge={ALVORLIGHETSGRAD_FARGE[v.alvorlighetsgrad]}>
                        {t(`sertifikat.alvorlighet.${v.alvorlighetsgrad}`)}
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
