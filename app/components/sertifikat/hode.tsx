// The top of the certificate page (app/routes/sertifikat.tsx): the heading with its badges, the notices of a
// replaced or replacing certificate, and the risk banners; and the page shown when no certificate was found.
import { Link } from "@remix-run/react";
import { formaterDato, formaterDatoTid } from "../../../domain/format";
import { MAKS_FRITEKST } from "../../../domain/fritekst";
import { ALVORLIGHETSGRAD_FARGE, alvorlighetsgradRekkefoelge, meldepliktFarge } from "../../../domain/status";
import { Tekst, useT } from "../sprak";
import { Merke, Opplysninger, Varsel } from "../ui";
import type { SideVerdier as Side } from "./typer";

export function IkkeFunnet({
  sok,
  land,
  melding,
}: Pick<Side, "sok"> & {
  /** The searched country's name in the reader's language (the loader's). */
  land: string | null;
  /** The API's message (in the reader's language), or null for the page's own. */
  melding: string | null;
}) {
  const t = useT();
  return (
    <div className="smal">
      <h1 className="ds-heading" data-size="lg">
        {t("sertifikat.side.tittel")}
      </h1>
      <Varsel farge="warning" tittel={t("sertifikat.ikkeFunnet.tittel")}>
        <p className="ds-paragraph">{melding ?? t("sertifikat.side.ingenTreff")}</p>
        <p className="ds-paragraph">
          {t("sertifikat.ikkeFunnet.soekte", {
            nummer: sok.sertifikatnummer || "–",
            dato: sok.dato || "–",
            land: land || "–",
          })}
        </p>
      </Varsel>
      <p>
        <Link className="ds-link" to="/">
          {t("sertifikat.ikkeFunnet.soekPaaNytt")}
        </Link>
      </p>
    </div>
  );
}

export function SertifikatHode({ s }: Pick<Side, "s">) {
  const t = useT();
  return (
    <header className="sertifikat__hode">
      <p className="ds-paragraph sertifikat__overtittel">
        {t(s.type === "Reeksport" ? "sertifikat.hode.overtittelReeksport" : "sertifikat.hode.overtittel")}
      </p>
      <h1 className="ds-heading" data-size="lg">
        {s.nummer}
      </h1>
      <div className="merkerad">
        {/* A replaced certificate is 'Erstattet', as in the list (issue 23 item 9); withdrawn stays withdrawn */}
        {s.erstattetAvSertifikat && s.statusKode !== "40" ? (
          <Merke farge="neutral">{t("sertifikat.erstattet")}</Merke>
        ) : s.statusTekst ? (
          <Merke farge={s.statusKode === "40" ? "danger" : "info"}>{s.statusTekst}</Merke>
        ) : null}
        {s.type ? <Merke farge="neutral">{t(`sertifikat.hode.type.${s.type}`)}</Merke> : null}
        <Merke farge={meldepliktFarge(s.meldepliktigVurdering.kode)}>
          {t(`sertifikat.meldeplikt.${s.meldepliktigVurdering.kode}`)}
        </Merke>
      </div>
      <Opplysninger
        rader={[
          [t("sertifikat.hode.utstedt"), formaterDato(s.utstedtDag || s.utstedtDato, t.sprak)],
          [t("sertifikat.hode.statusEndret"), formaterDatoTid(s.statusSistEndret, t.sprak)],
          [t("sertifikat.hode.utstedtAv"), s.utsteder],
        ]}
      />
    </header>
  );
}

/** Free-text fields longer than the page shows (issue 34 item 5): they are cut with a mark; the XML has them whole. */
export function Forkortet({ s }: Pick<Side, "s">) {
  const t = useT();
  if (!s.forkortedeFelt?.length) return null;
  return (
    <Varsel farge="warning" tittel={t("sertifikat.forkortet.tittel")}>
      <p className="ds-paragraph">
        {t("sertifikat.forkortet.tekst", { maks: MAKS_FRITEKST, felt: s.forkortedeFelt.join(", ") })}
      </p>
    </Varsel>
  );
}

/** The certificate this one replaces, and the one that replaced it. */
export function Erstatning({ s }: Pick<Side, "s">) {
  const t = useT();
  const e = s.erstatterSertifikat;
  return (
    <>
      {e ? (
        <Varsel farge="info" tittel={t("sertifikat.erstatning.erstatterTittel")}>
          <p className="ds-paragraph">
            <Tekst
              id={e.dato ? "sertifikat.erstatning.erstatterDato" : "sertifikat.erstatning.erstatter"}
              verdier={{
                nummer: e.nummer ?? t("sertifikat.erstatning.ukjentNummer"),
                grunn: e.grunn ?? t("sertifikat.erstatning.ukjentAarsak"),
                dato: e.dato ? formaterDato(e.dato, t.sprak) || e.dato : "",
              }}
              deler={[
                e.lenke ? (
                  <Link
                    key="lenke"
                    className="ds-link"
                    to={`/sertifikat?${new URLSearchParams({ ...e.lenke })}`}
                  />
                ) : (
                  <strong key="nummer" />
                ),
              ]}
            />
          </p>
        </Varsel>
      ) : null}
      {s.erstattetAvSertifikat ? (
        <Varsel farge="warning" tittel={t("sertifikat.erstatning.erstattetTittel")}>
          <p className="ds-paragraph">
            <Tekst
              id="sertifikat.erstatning.erstattetAv"
              verdier={{ nummer: s.erstattetAvSertifikat.nummer }}
              deler={[
                <Link
                  key="lenke"
                  className="ds-link"
                  to={`/sertifikat?${new URLSearchParams({
                    sertifikatnummer: s.erstattetAvSertifikat.nummer,
                    dato: s.erstattetAvSertifikat.dato,
                    avsenderland: s.erstattetAvSertifikat.avsenderland,
                  })}`}
                />,
              ]}
            />
          </p>
        </Varsel>
      ) : null}
    </>
  );
}

/**
 * The risk assessment's banners, the most severe first. Their titles and texts are the approved rule set's, as
 * Mattilsynet wrote them (data, in bokmål): marked `lang="nb"` on a page in another language (docs/sprak.md).
 */
export function Risikobannere({ s }: Pick<Side, "s">) {
  const t = useT();
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
          tittel={<span lang="nb">{r.tittel}</span>}
        >
          <ul className="ds-list">
            {r.beskrivelse.map((b) => (
              <li key={b.tekst}>
                <span lang="nb">{b.tekst}</span>
                {b.lenke ? (
                  <>
                    {" "}
                    <a className="ds-link" href={b.lenke}>
                      {t("sertifikat.lesRegelverket")}
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
