import type { ImportmeldingVisning } from "../../domain/importmelding";
import { useT } from "./sprak";

/**
 * The status tracker: Registrert, Ankommet (hidden when only document control), Vurdert (SPEC §2). A
 * withdrawn notification goes no further: Registrert, then Trukket tilbake, with no next step (issue 23
 * item 9). One the authority assessed before arrival never arrived under it (ADR 041): Registrert, then
 * what the authority decided, «Frigitt før ankomst» (or «Avvist …»), with no arrival step.
 */
export function Statusforloep({ melding: m }: { melding: ImportmeldingVisning }) {
  const t = useT();
  const steg =
    m.status === "TILBAKETRUKKET" || m.vurdertFoerAnkomst
      ? [
          { navn: t("importmelding.forloep.registrert"), ferdig: true },
          {
            navn: m.vurdertFoerAnkomst
              ? t(`kodeverk.foerAnkomst.${m.status as "FRIGITT" | "AVVIST" | "DELVIS_AVVIST"}`)
              : t("importmelding.forloep.trukketTilbake"),
            ferdig: true,
          },
        ]
      : [
          { navn: t("importmelding.forloep.registrert"), ferdig: m.erRegistrert },
          ...(m.kunDokumentkontroll
            ? []
            : [{ navn: t("importmelding.forloep.ankommet"), ferdig: m.erAnkommet }]),
          { navn: t("importmelding.forloep.vurdert"), ferdig: m.erVurdert },
        ];
  const aktiv = steg.findIndex((s) => !s.ferdig);
  return (
    <ol className="statusforloep" aria-label={t("importmelding.forloep.etikett")}>
      {steg.map((s, i) => (
        <li
          key={s.navn}
          className={s.ferdig ? "statusforloep__steg statusforloep__steg--ferdig" : "statusforloep__steg"}
          aria-current={i === aktiv ? "step" : undefined}
        >
          <span aria-hidden="true" className="statusforloep__merke">
            {s.ferdig ? "✓" : i + 1}
          </span>
          {s.navn}
          <span className="skjult">
            {s.ferdig ? t("importmelding.fullfoert") : i === aktiv ? t("importmelding.forloep.neste") : ""}
          </span>
        </li>
      ))}
    </ol>
  );
}
