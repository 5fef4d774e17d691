// The regulation dialog of the summary page (SPEC §5), loaded when it opens (React.lazy in
// routes/importmelding.$id.oppsummering.tsx): its form (conform) is not in the summary's first-load JavaScript
// (ADR 047: 8.5 KB gzip of the page's budget). Rendered whole on the server (entry.server.tsx onAllReady).
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Link, useLocation } from "@remix-run/react";
import type { ImportmeldingVisning } from "../../domain/importmelding";
import { valider } from "../lib/valider";
import { Dialog } from "./dialog";
import { Regelverkbekreftelse } from "./regelverk-bekreftelse";
import { FeilOppsummering, feilFra, MeldingSkjema, SendKnapp } from "./skjema";
import { useT } from "./sprak";
import { Varsel } from "./ui";

/**
 * The regulation dialog (SPEC §5) that 'Send inn' opens when the responsible importer has not confirmed the
 * regulations: the confirmation form, or, for one who cannot confirm for it, who must.
 */
export default function RegelverkDialog({
  melding: m,
  apen,
  kanBekrefte,
  svar,
}: {
  melding: ImportmeldingVisning;
  apen: boolean;
  kanBekrefte: boolean;
  /** The action's answer: the form's errors, or a save the API refused. */
  svar: { result?: SubmissionResult<string[]> | null; lagreFeil?: string | null } | undefined;
}) {
  const { pathname } = useLocation();
  const t = useT();
  const [form, fields] = useForm({
    id: "regelverk",
    lastResult: svar?.result ?? undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => valider(formData, (s) => s.bekreftRegelverkSkjema),
  });
  const navn = m.ansvarligImportoer.navn;
  return (
    <Dialog id="bekreft-regelverk" apen={apen} tittel={t("felles.regelverk.tittel")} lukkTil={pathname}>
      {/* Inside the dialog, so it is seen and focused also when the dialog is modal (SPEC §5). */}
      <FeilOppsummering feil={feilFra([fields.bekreftelse, fields.harLestRegelverk])} />
      {kanBekrefte ? (
        <p className="ds-paragraph">{t("importmelding.regelverk.maaBekrefte")}</p>
      ) : (
        <>
          <p className="ds-paragraph">{t("importmelding.regelverk.kanIkkeSendes", { navn })}</p>
          <p className="ds-paragraph">{t("importmelding.regelverk.hvemBekrefter", { navn })}</p>
        </>
      )}
      {svar?.lagreFeil && apen ? (
        <Varsel farge="danger" rolle="alert">
          <p className="ds-paragraph">{t.melding(svar.lagreFeil)}</p>
        </Varsel>
      ) : null}
      {kanBekrefte ? null : (
        <div className="knapperad">
          <Link className="ds-button" data-variant="primary" to={pathname} replace data-trygt-valg>
            {t("importmelding.regelverk.lukk")}
          </Link>
        </div>
      )}
      {kanBekrefte ? (
        <MeldingSkjema versjon={m.versjon} {...getFormProps(form)} className="skjema skjema--stablet">
          {/* the one confirmation (ADR 060), with conform's fields: validated in the browser too */}
          <Regelverkbekreftelse bekreftelse={fields.bekreftelse} harLestRegelverk={fields.harLestRegelverk} />
          <div className="knapperad">
            <SendKnapp name="intent" value="bekreft-regelverk">
              {t("importmelding.regelverk.bekreftOgSend")}
            </SendKnapp>
            <Link className="ds-button" data-variant="secondary" to={pathname} replace>
              {t("felles.avbryt")}
            </Link>
          </div>
        </MeldingSkjema>
      ) : null}
    </Dialog>
  );
}
