import { Link } from "@remix-run/react";
import { formaterDatoTid } from "../../domain/format";
import type { HistorikkSide } from "../../domain/historikk";

/**
 * The notification's history (Historikk, ADR 033): newest first, one page at a time. Each event says what
 * happened, when (Oslo time) and who did it (name and organisation, or Mattilsynet / ePhyto-hub), with its
 * details. "Vis eldre hendelser" is a plain link (?foer=<id>), so it works without JavaScript.
 */
export function Historikk({
  side,
  foer,
  sti,
  klasse = "kort",
}: {
  /** null: the import API could not give the history (the section says so). */
  side: HistorikkSide | null;
  /** The cursor of the page shown (null: the newest). */
  foer: number | null;
  /** The page's path, for the paging links. */
  sti: string;
  klasse?: string;
}) {
  return (
    <section className={`${klasse} historikk`} aria-labelledby="historikk-tittel" id="historikk">
      <h2 id="historikk-tittel" className="ds-heading" data-size="sm">
        Historikk
      </h2>
      {foer !== null ? (
        <p className="ds-paragraph" data-size="sm">
          Viser eldre hendelser.{" "}
          <Link className="ds-link" to={`${sti}#historikk`} preventScrollReset>
            Vis nyeste hendelser
          </Link>
        </p>
      ) : null}
      {side === null ? (
        <p className="ds-paragraph">Historikken kan ikke vises akkurat nå. Prøv igjen senere.</p>
      ) : side.hendelser.length === 0 ? (
        <p className="ds-paragraph">Ingen hendelser.</p>
      ) : (
        <ol className="historikk__liste">
          {side.hendelser.map((h) => (
            <li key={h.id} className="historikk__hendelse">
              <p className="ds-paragraph historikk__tittel">{h.tittel}</p>
              <p className="ds-paragraph historikk__hvem" data-size="sm">
                <time dateTime={h.tidspunkt}>{formaterDatoTid(h.tidspunkt)}</time>
                {" – "}
                {h.utfoertAv}
              </p>
              {h.linjer.length > 0 ? (
                <ul className="historikk__linjer">
                  {h.linjer.map((l, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one event never reorder
                    <li key={i} className="ds-paragraph" data-size="sm">
                      {l}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {side !== null && side.eldre !== null ? (
        <p className="ds-paragraph">
          <Link className="ds-link" to={`${sti}?foer=${side.eldre}#historikk`} preventScrollReset>
            Vis eldre hendelser
          </Link>
        </p>
      ) : null}
    </section>
  );
}
