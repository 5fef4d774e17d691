import type { SideVerdier as Side } from "./typer";

export function Vedlegg({ s, refererte }: Pick<Side, "s" | "refererte">) {
  return (
    <section aria-labelledby="vedlegg-tittel">
      <h2 id="vedlegg-tittel" className="ds-heading" data-size="sm">
        Vedlegg
      </h2>
      {s.vedlegg.length === 0 ? (
        <p className="ds-paragraph">Ingen vedlegg</p>
      ) : (
        <ul className="vedleggsliste">
          {s.vedlegg.map((v) => (
            <li key={v.id}>
              <span className="vedlegg__navn">{v.filnavn ?? v.identifikator ?? "Vedlegg"}</span>
              {v.identifikator && v.filnavn ? (
                <span className="vedlegg__id"> ({v.identifikator})</span>
              ) : null}
              {v.informasjon ? <span className="vedlegg__info"> – {v.informasjon}</span> : null}{" "}
              {v.kanAapneVedlegg ? (
                <a className="ds-link" href={`/vedlegg/${v.id}`} target="_blank" rel="noreferrer">
                  Åpne {v.filtype.toUpperCase()}
                  <span className="skjult"> {v.filnavn} (åpnes i ny fane)</span>
                </a>
              ) : (
                <a className="ds-link" href={`/vedlegg/${v.id}?last-ned=1`} download={v.filnavn ?? undefined}>
                  Last ned{v.filtype ? ` ${v.filtype.toUpperCase()}` : ""}
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
            Refererte dokumenter
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
