import { Link } from "@remix-run/react";
import { formaterDatoTid } from "../../domain/format";
import type { HistorikkSide } from "../../domain/historikk";
import { useT } from "./sprak";

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
  const t = useT();
  return (
    <section className={`${klasse} historikk`} aria-labelledby="historikk-tittel" id="historikk">
      <h2 id="historikk-tittel" className="ds-heading" data-size="sm">
        {t("importmelding.historikk.tittel")}
      </h2>
      {foer !== null ? (
        <p className="ds-paragraph" data-size="sm">
          {t("importmelding.historikk.viserEldre")}{" "}
          <Link className="ds-link" to={`${sti}#historikk`} preventScrollReset>
            {t("importmelding.historikk.visNyeste")}
          </Link>
        </p>
      ) : null}
      {side === null ? (
        <p className="ds-paragraph">{t("importmelding.historikk.utilgjengelig")}</p>
      ) : side.hendelser.length === 0 ? (
        <p className="ds-paragraph">{t("importmelding.historikk.ingen")}</p>
      ) : (
        <ol className="historikk__liste">
          {side.hendelser.map((h) => (
            <li key={h.id} className="historikk__hendelse">
              <p className="ds-paragraph historikk__tittel">{h.tittel}</p>
              <p className="ds-paragraph historikk__hvem" data-size="sm">
                <time dateTime={h.tidspunkt}>{formaterDatoTid(h.tidspunkt, t.sprak)}</time>
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
            {t("importmelding.historikk.visEldre")}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
