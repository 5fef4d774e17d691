// The regulation dialog of the summary page (SPEC §5), loaded when it opens (React.lazy in
// routes/importmelding.$id.oppsummering.tsx): its form (conform) is not in the summary's first-load JavaScript
// (ADR 047: 8.5 KB gzip of the page's budget). Rendered whole on the server (entry.server.tsx onAllReady).
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Link, useLocation } from "@remix-run/react";
import { type MouseEvent, useState } from "react";
import type { ImportmeldingVisning } from "../../domain/importmelding";
import { REGELVERK_AVKRYSSING_TEKST } from "../../domain/schemas/tekster";
import { valider } from "../lib/valider";
import { Dialog } from "./dialog";
import {
  Avkrysning,
  FeilOppsummering,
  type Felt,
  feilFra,
  MeldingSkjema,
  Radiogruppe,
  SendKnapp,
} from "./skjema";
import { useT } from "./sprak";
import { Varsel } from "./ui";

/**
 * The regulation checkbox (SPEC §5): its text 'Denne boksen må hukes av …' describes it, and once ticked it
 * cannot be unticked. With JavaScript a click that would untick it is cancelled (aria-readonly); a box
 * that came back ticked from the server (also without JavaScript) is shown ticked and disabled, and its
 * value is sent with a hidden field.
 */
function RegelverkAvkrysning({ felt }: { felt: Felt }) {
  const t = useT();
  const fraServer = felt.initialValue === "ja";
  const [krysset, settKrysset] = useState(false);
  const feil = felt.errors?.[0];
  const beskrivelseId = feil ? felt.errorId : felt.descriptionId;
  const laastPaaKlient = krysset && !fraServer;
  return (
    <>
      {fraServer ? <input type="hidden" name={felt.name} value="ja" /> : null}
      <Avkrysning
        id={felt.id}
        tekst={t("importmelding.regelverk.avkrysning")}
        name={fraServer ? undefined : felt.name}
        value="ja"
        defaultChecked={fraServer}
        disabled={fraServer || undefined}
        aria-invalid={feil ? true : undefined}
        aria-describedby={beskrivelseId}
        aria-readonly={laastPaaKlient || undefined}
        onClick={(e: MouseEvent<HTMLInputElement>) => {
          if (!e.currentTarget.checked && krysset) e.preventDefault();
          else if (e.currentTarget.checked) settKrysset(true);
        }}
      />
      {feil ? (
        <p className="ds-validation-message feilmelding" id={felt.errorId} data-color="danger">
          {t.melding(feil)}
        </p>
      ) : (
        <p className="ds-paragraph hjelpetekst" data-size="sm" id={felt.descriptionId}>
          {t.melding(REGELVERK_AVKRYSSING_TEKST)}
          {fraServer || laastPaaKlient ? t("importmelding.regelverk.kanIkkeFjernes") : null}
        </p>
      )}
    </>
  );
}

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
    <Dialog
      id="bekreft-regelverk"
      apen={apen}
      tittel={t("importmelding.regelverk.tittel")}
      lukkTil={pathname}
    >
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
          <Radiogruppe
            felt={fields.bekreftelse}
            legende={t("importmelding.regelverk.legende")}
            valg={[
              { verdi: "bekreftet", tekst: t("importmelding.regelverk.ja") },
              { verdi: "vil-ikke-melde", tekst: t("importmelding.regelverk.nei") },
            ]}
          />
          <RegelverkAvkrysning felt={fields.harLestRegelverk} />
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
