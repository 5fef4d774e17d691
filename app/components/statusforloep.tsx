import type { ImportmeldingVisning } from "../../domain/importmelding";

/**
 * The status tracker: Registrert, Ankommet (hidden when only document control), Vurdert (SPEC §2). A
 * withdrawn notification goes no further: Registrert, then Trukket tilbake, with no next step (issue 23
 * item 9). One the authority assessed before arrival never arrived under it (ADR 041): Registrert, then
 * what the authority decided, «Frigitt før ankomst» (or «Avvist …»), with no arrival step.
 */
export function Statusforloep({ melding: m }: { melding: ImportmeldingVisning }) {
  const steg =
    m.status === "TILBAKETRUKKET" || m.vurdertFoerAnkomst
      ? [
          { navn: "Registrert", ferdig: true },
          { navn: m.vurdertFoerAnkomst ? m.statusTekst : "Trukket tilbake", ferdig: true },
        ]
      : [
          { navn: "Registrert", ferdig: m.erRegistrert },
          ...(m.kunDokumentkontroll ? [] : [{ navn: "Ankommet", ferdig: m.erAnkommet }]),
          { navn: "Vurdert", ferdig: m.erVurdert },
        ];
  const aktiv = steg.findIndex((s) => !s.ferdig);
  return (
    <ol className="statusforloep" aria-label="Status for forhåndsmeldingen">
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
          <span className="skjult">{s.ferdig ? " (fullført)" : i === aktiv ? " (neste)" : ""}</span>
        </li>
      ))}
    </ol>
  );
}
