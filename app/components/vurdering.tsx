import { VEDTAKSBREV_REFERANSE } from "../../domain/historikk";
import type { ImportmeldingVisning } from "../../domain/importmelding";

/** The texts of what the importer is told while the authority assesses (ADR 046), in one place. */
export const VURDERING_TEKST = {
  venterTittel: "Venter på Mattilsynet",
  venterDokumentkontroll: "Mattilsynet vurderer forhåndsmeldingen og frigir eller avviser sendingen.",
  utenRegelsett:
    "Mattilsynet vurderer for tiden alle forhåndsmeldinger selv, og ingen sendinger frigis automatisk.",
} as const;

/**
 * Said where the notification waits for the authority when no risk rules are approved (automatiskVurdering
 * UTEN_REGELSETT, ADR 046): nothing is released by itself, so the importer knows it is not stuck.
 */
export function UtenRegelsett({ melding: m }: { melding: ImportmeldingVisning }) {
  return m.automatiskVurdering === "UTEN_REGELSETT" ? (
    <p className="ds-paragraph">{VURDERING_TEKST.utenRegelsett}</p>
  ) : null;
}

/** A submitted notification with document control only waits for the authority's assessment: the card says so. */
export function VenterPaaMattilsynet({ melding: m }: { melding: ImportmeldingVisning }) {
  if (m.status !== "REGISTRERT" || !m.kunDokumentkontroll) return null;
  return (
    <section className="kort" aria-labelledby="vurdering-tittel">
      <h2 id="vurdering-tittel" className="ds-heading" data-size="sm">
        Vurdering
      </h2>
      <p className="ds-paragraph">
        <strong>{`${VURDERING_TEKST.venterTittel}.`}</strong> {VURDERING_TEKST.venterDokumentkontroll}
      </p>
      <UtenRegelsett melding={m} />
    </section>
  );
}

/** The decision letter's reference with a rejection (ADR 045). */
export function Vedtaksbrev({ melding: m }: { melding: ImportmeldingVisning }) {
  return m.vedtaksbrevReferanse ? (
    <p className="ds-paragraph">{`${VEDTAKSBREV_REFERANSE}: ${m.vedtaksbrevReferanse}`}</p>
  ) : null;
}
