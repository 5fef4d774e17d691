import { Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { formaterDatoTid } from "../../domain/format";
import type { HendelseVisning } from "../../domain/historikk";
import type { HistorikkOversikt, Oppfoering } from "../../domain/historikk-oversikt";
import { useT } from "./sprak";

/** The anchor of a page's first entry: where "Vis eldre/nyeste hendelser" lands, JS on and off (ADR 059). */
const START = "historikk-start";

/**
 * The notification's history (Historikk, ADR 033 and 059): newest first, one page at a time. The milestones
 * (created, submitted, arrived, assessed …) are entries of their own with their details; the changes between
 * them are grouped by kind in a <details> («Egen referanse endret 22 ganger»), so they are one step away and
 * work without JavaScript. Each event says what happened, when (Oslo time) and who did it (name and
 * organisation, or Mattilsynet / ePhyto-hub). "Vis eldre hendelser" is a plain link (?foer=<id>#historikk-start):
 * without JavaScript the browser focuses the page's first entry by its anchor, with JavaScript the effect below
 * does (a client navigation would leave focus on <body>).
 */
export function Historikk({
  side,
  foer,
  sti,
  klasse = "kort",
}: {
  /** null: the import API could not give the history (the section says so). */
  side: HistorikkOversikt | null;
  /** The cursor of the page shown (null: the newest). */
  foer: number | null;
  /** The page's path, for the paging links. */
  sti: string;
  klasse?: string;
}) {
  const t = useT();
  const { hash, key } = useLocation();
  const start = useRef<HTMLLIElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation (its key) to the anchor moves focus
  useEffect(() => {
    if (hash === `#${START}`) start.current?.focus();
  }, [hash, key]);
  return (
    <section className={`${klasse} historikk`} aria-labelledby="historikk-tittel" id="historikk">
      <h2 id="historikk-tittel" className="ds-heading" data-size="sm">
        {t("importmelding.historikk.tittel")}
      </h2>
      {foer !== null ? (
        <p className="ds-paragraph" data-size="sm">
          {t("importmelding.historikk.viserEldre")}{" "}
          <Link className="ds-link" to={`${sti}#${START}`} preventScrollReset>
            {t("importmelding.historikk.visNyeste")}
          </Link>
        </p>
      ) : null}
      {side === null ? (
        <p className="ds-paragraph">{t("importmelding.historikk.utilgjengelig")}</p>
      ) : side.oppfoeringer.length === 0 ? (
        <p className="ds-paragraph">{t("importmelding.historikk.ingen")}</p>
      ) : (
        <ol className="historikk__liste">
          {side.oppfoeringer.map((o, i) => (
            <li
              key={noekkel(o)}
              className={o.type === "MILEPAEL" ? "historikk__milepael" : "historikk__endringer"}
              {...(i === 0 ? { id: START, ref: start, tabIndex: -1 } : {})}
            >
              {o.type === "MILEPAEL" ? <Hendelse h={o.hendelse} milepael /> : <Endringer o={o} />}
            </li>
          ))}
        </ol>
      )}
      {side !== null && side.eldre !== null ? (
        <p className="ds-paragraph">
          <Link className="ds-link" to={`${sti}?foer=${side.eldre}#${START}`} preventScrollReset>
            {t("importmelding.historikk.visEldre")}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

const noekkel = (o: Oppfoering) => (o.type === "MILEPAEL" ? o.hendelse.id : `e${o.hendelser[0]?.id}`);

function Hvem({ h }: { h: HendelseVisning }) {
  const t = useT();
  return (
    <>
      <time dateTime={h.tidspunkt}>{formaterDatoTid(h.tidspunkt, t.sprak)}</time>
      {" – "}
      {h.utfoertAv}
    </>
  );
}

/** The details of an event, one line each. */
function Linjer({ h }: { h: HendelseVisning }) {
  if (h.linjer.length === 0) return null;
  return (
    <ul className="historikk__linjer">
      {h.linjer.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one event never reorder
        <li key={i} className="ds-paragraph" data-size="sm">
          {l}
        </li>
      ))}
    </ul>
  );
}

/** One event: its title (a milestone's; a group's events share the group's), when and who, and its details. */
function Hendelse({ h, milepael = false }: { h: HendelseVisning; milepael?: boolean }) {
  return (
    <div className="historikk__hendelse">
      {milepael ? <p className="ds-paragraph historikk__tittel">{h.tittel}</p> : null}
      <p className="ds-paragraph historikk__hvem" data-size="sm">
        <Hvem h={h} />
      </p>
      <Linjer h={h} />
    </div>
  );
}

/** A run of changes of one kind: the kind, how many and the newest in the summary, every one inside. */
function Endringer({ o }: { o: Extract<Oppfoering, { type: "ENDRINGER" }> }) {
  const t = useT();
  const [nyeste] = o.hendelser;
  if (!nyeste) return null;
  const antall = o.hendelser.length;
  return (
    <details className="historikk__gruppe">
      <summary>
        <span className="historikk__tittel">
          {antall === 1 ? o.tittel : t("importmelding.historikk.gruppe", { tittel: o.tittel, antall })}
        </span>{" "}
        <span className="historikk__hvem">
          {antall === 1 ? (
            <Hvem h={nyeste} />
          ) : (
            t("importmelding.historikk.sist", {
              tid: formaterDatoTid(nyeste.tidspunkt, t.sprak),
              hvem: nyeste.utfoertAv,
            })
          )}
        </span>
      </summary>
      {antall === 1 ? (
        <div className="historikk__hendelse">
          <Linjer h={nyeste} />
        </div>
      ) : (
        <ol className="historikk__liste historikk__gruppeliste">
          {o.hendelser.map((h) => (
            <li key={h.id}>
              <Hendelse h={h} />
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
