import type { ImportmeldingVisning } from "../../domain/importmelding";
import { Tekst, useT } from "./sprak";

/**
 * Said where the notification waits for the authority when no risk rules are approved (automatiskVurdering
 * UTEN_REGELSETT, ADR 046): nothing is released by itself, so the importer knows it is not stuck.
 */
export function UtenRegelsett({ melding: m }: { melding: ImportmeldingVisning }) {
  const t = useT();
  return m.automatiskVurdering === "UTEN_REGELSETT" ? (
    <p className="ds-paragraph">{t("importmelding.vurdering.utenRegelsett")}</p>
  ) : null;
}

/** A submitted notification with document control only waits for the authority's assessment: the card says so. */
export function VenterPaaMattilsynet({ melding: m }: { melding: ImportmeldingVisning }) {
  const t = useT();
  if (m.status !== "REGISTRERT" || !m.kunDokumentkontroll) return null;
  return (
    <section className="kort" aria-labelledby="vurdering-tittel">
      <h2 id="vurdering-tittel" className="ds-heading" data-size="sm">
        {t("importmelding.vurdering.tittel")}
      </h2>
      <p className="ds-paragraph">
        <Tekst id="importmelding.vurdering.venter" deler={[<strong key="venter" />]} />
      </p>
      <UtenRegelsett melding={m} />
    </section>
  );
}

/** The decision letter's reference with a rejection (ADR 045). */
export function Vedtaksbrev({ melding: m }: { melding: ImportmeldingVisning }) {
  const t = useT();
  return m.vedtaksbrevReferanse ? (
    <p className="ds-paragraph">
      {t("importmelding.vurdering.vedtaksbrev", { referanse: m.vedtaksbrevReferanse })}
    </p>
  ) : null;
}
