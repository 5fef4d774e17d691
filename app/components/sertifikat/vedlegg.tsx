import { useT } from "../sprak";
import type { SideVerdier as Side } from "./typer";

export function Vedlegg({ s, refererte }: Pick<Side, "s" | "refererte">) {
  const t = useT();
  return (
    <section aria-labelledby="vedlegg-tittel">
      <h2 id="vedlegg-tittel" className="ds-heading" data-size="sm">
        {t("sertifikat.vedlegg.tittel")}
      </h2>
      {s.vedlegg.length === 0 ? (
        <p className="ds-paragraph">{t("sertifikat.vedlegg.ingen")}</p>
      ) : (
        <ul className="vedleggsliste">
          {s.vedlegg.map((v) => (
            <li key={v.id}>
              <span className="vedlegg__navn">
                {v.filnavn ?? v.identifikator ?? t("sertifikat.vedlegg.tittel")}
              </span>
              {v.identifikator && v.filnavn ? (
                <span className="vedlegg__id"> ({v.identifikator})</span>
              ) : null}
              {v.informasjon ? <span className="vedlegg__info"> – {v.informasjon}</span> : null}{" "}
              {v.kanAapneVedlegg ? (
                <a className="ds-link" href={`/vedlegg/${v.id}`} target="_blank" rel="noreferrer">
                  {t("sertifikat.vedlegg.aapne", { filtype: v.filtype.toUpperCase() })}
                  <span className="skjult">
                    {" "}
                    {t("sertifikat.vedlegg.nyFane", { filnavn: v.filnavn ?? "" })}
                  </span>
                </a>
              ) : (
                <a className="ds-link" href={`/vedlegg/${v.id}?last-ned=1`} download={v.filnavn ?? undefined}>
                  {v.filtype
                    ? t("sertifikat.vedlegg.lastNedType", { filtype: v.filtype.toUpperCase() })
                    : t("sertifikat.vedlegg.lastNed")}
                  <span className="skjult"> {v.filnavn}</span>
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
      {refererte.length ? (
        <>
          <h3 className="ds-heading" data-size="2xs">
            {t("sertifikat.vedlegg.refererte")}
          </h3>
          <ul className="ds-list">
            {refererte.map((d, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the documents are listed in certificate order
              <li key={i}>{d}</li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
