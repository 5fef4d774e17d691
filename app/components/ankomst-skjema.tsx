import type { SubmissionResult } from "@conform-to/react";
import { getFormProps, useForm } from "@conform-to/react";
import { Link, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { formaterOrganisasjonsnummer } from "../../domain/format";
import type { ImportmeldingVisning, MottakskontrolloerValg } from "../../domain/importmelding";
import type { AnkomstSkjema as AnkomstSkjemaVerdier } from "../../domain/schemas/importmelding";
import { SKADEGJOERER_TELEFON } from "../../domain/sen-melding";
import { STANDARD_KLOKKESLETT, TIDSROM } from "../../domain/tidsrom";
import type { Noekkel } from "../../sprak/navnerom";
import { useKlientvalidering } from "../lib/klientvalidering";
import { valider } from "../lib/valider";
import { Dialog } from "./dialog";
import { FeilOppsummering, type Felt, feilFra, MeldingSkjema, Radiogruppe, SendKnapp } from "./skjema";
import { lenke, Tekst, useT } from "./sprak";
import { Tekstfelt } from "./tekstfelt";
import { LagreFeil, Varsel } from "./ui";

export interface AnkomstData {
  kontrolloerer: MottakskontrolloerValg[];
  kontrolloerFeil: boolean;
  idag: string;
}

export interface AnkomstActionData {
  result?: SubmissionResult<string[]> | null;
  senMelding?: boolean;
  lagreFeil?: string | null;
  konflikt?: boolean;
}

/** The fields of the arrival form, as the late-notice dialog passes them on. */
const ANKOMST_FELT = [
  "adresselinje1",
  "adresselinje2",
  "postnummer",
  "poststed",
  "dato",
  "klokkeslett",
  "mottakskontrolloerId",
] as const satisfies readonly (keyof AnkomstSkjemaVerdier)[];

/** The arrival form (SPEC §5 "Arrival form") with the late-notice dialog, for the wizard and for 'Endre'. */
export function AnkomstSkjema({
  melding: m,
  data,
  actionData,
  tittel,
  ingress,
  tilbake,
  tilbakeTekst,
  lagreTekst,
}: {
  melding: ImportmeldingVisning;
  data: AnkomstData;
  actionData: AnkomstActionData | undefined;
  tittel: string;
  ingress: string;
  tilbake: string;
  tilbakeTekst: string;
  lagreTekst: string;
}) {
  const { pathname, search } = useLocation();
  const ankomst = m.ankomstInfo[0];
  const [visSenMelding, setVisSenMelding] = useState(!!actionData?.senMelding);
  useEffect(() => setVisSenMelding(!!actionData?.senMelding), [actionData]);
  useKlientvalidering();
  // Without JavaScript the date is a text field: a browser's date field sends nothing for an impossible
  // date (2026-02-30), and the server could only say it is missing. With JavaScript it is the browser's
  // date picker, and an impossible date is caught before sending (validity.badInput).
  const [datovelger, setDatovelger] = useState(false);
  useEffect(() => setDatovelger(true), []);
  const [form, fields] = useForm({
    id: "ankomstskjema",
    lastResult: actionData?.result ?? undefined,
    defaultValue: {
      adresselinje1: ankomst?.kontrollAdresse.linje1 ?? "",
      adresselinje2: ankomst?.kontrollAdresse.linje2 ?? "",
      postnummer: ankomst?.kontrollAdresse.postnummer ?? "",
      poststed: ankomst?.kontrollAdresse.poststed ?? "",
      dato: ankomst?.ankomstTid?.dato ?? "",
      klokkeslett: ankomst?.ankomstTid?.klokkeslett ?? STANDARD_KLOKKESLETT,
      mottakskontrolloerId: ankomst?.mottakskontrolloer ? String(ankomst.mottakskontrolloer.importoerId) : "",
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ form, formData }) => {
      const dato = form.elements.namedItem("dato");
      // Something typed that is not a date: the browser gives "" as if nothing was typed.
      if (dato instanceof HTMLInputElement && dato.validity.badInput) formData.set("dato", "ugyldig");
      return valider(formData, (s) =>
        s.ankomstSkjema({ kunDokumentkontroll: m.kunDokumentkontroll, idag: data.idag }),
      );
    },
  });
  const feil = feilFra([
    fields.adresselinje1,
    fields.postnummer,
    fields.poststed,
    fields.dato,
    fields.klokkeslett,
    fields.mottakskontrolloerId,
  ]);
  const { idag } = data;
  const t = useT();
  return (
    <div className="smal">
      <FeilOppsummering feil={feil} />
      <h1 className="ds-heading" data-size="lg">
        {tittel}
      </h1>
      <p className="ds-paragraph">{ingress}</p>
      <LagreFeil svar={actionData} />
      <Dialog
        id="sen-melding"
        apen={visSenMelding}
        tittel={t("importmelding.ankomst.senTittel")}
        lukkTil={pathname + search}
        vedLukk={() => setVisSenMelding(false)}
        fokusEtterLukk="#ankomstskjema button[type=submit]"
        farge="warning"
      >
        <p className="ds-paragraph">{t("importmelding.ankomst.senTekst")}</p>
        <p className="ds-paragraph">
          {t("importmelding.ankomst.senSkadegjoerere", { telefon: SKADEGJOERER_TELEFON })}
        </p>
        {/* Its own form carrying the values just checked, so it never depends on the page's form below
            being loaded (without JavaScript the dialog comes first in the page). */}
        <SenMeldingSkjema versjon={m.versjon} actionData={actionData} />
      </Dialog>
      <MeldingSkjema versjon={m.versjon} {...getFormProps(form)} className="skjema skjema--stablet">
        <fieldset className="ds-fieldset">
          <legend className="ds-heading" data-size="xs">
            {t("importmelding.ankomst.kontrollsted")}
          </legend>
          <Tekstfelt
            felt={fields.adresselinje1}
            etikett={t("importmelding.ankomst.adresselinje1")}
            autoComplete="address-line1"
          />
          <Tekstfelt
            felt={fields.adresselinje2}
            etikett={t("importmelding.ankomst.adresselinje2")}
            valgfri
            autoComplete="address-line2"
          />
          <Tekstfelt
            felt={fields.postnummer}
            etikett={t("importmelding.ankomst.postnummer")}
            bredde="kort"
            inputMode="numeric"
            maxLength={4}
            autoComplete="postal-code"
          />
          <Tekstfelt
            felt={fields.poststed}
            etikett={t("importmelding.ankomst.poststed")}
            autoComplete="address-level2"
          />
        </fieldset>
        <fieldset className="ds-fieldset">
          <legend className="ds-heading" data-size="xs">
            {t("importmelding.ankomst.forventet")}
          </legend>
          <Tekstfelt
            felt={fields.dato}
            etikett={t("importmelding.ankomst.dato")}
            type={datovelger ? "date" : "text"}
            bredde="middels"
            beskrivelse={t("importmelding.ankomst.datoHint", { dato: idag })}
          />
          <Radiogruppe
            felt={fields.klokkeslett}
            legende={t("importmelding.ankomst.tidspunkt")}
            valg={TIDSROM.map((r) => ({
              verdi: r.klokkeslett,
              tekst: t(`kodeverk.tidsrom.${r.klokkeslett.replace(":", "")}` as Noekkel),
            }))}
          />
        </fieldset>
        <KontrolloerValg melding={m} data={data} felt={fields.mottakskontrolloerId} />
        <div className="knapperad">
          <Link className="ds-button" data-variant="secondary" to={tilbake}>
            {tilbakeTekst}
          </Link>
          <SendKnapp name="intent" value="ankomst-lagre">
            {lagreTekst}
          </SendKnapp>
        </div>
      </MeldingSkjema>
    </div>
  );
}

/** The late-notice dialog's own form: the values just checked, and 'Jeg forstår – lagre' or 'Avbryt'. */
function SenMeldingSkjema({
  versjon,
  actionData,
}: {
  versjon: number;
  actionData: AnkomstActionData | undefined;
}) {
  const t = useT();
  return (
    <MeldingSkjema versjon={versjon} className="knapperad">
      {ANKOMST_FELT.map((navn) => {
        const verdi = actionData?.result?.initialValue?.[navn];
        return typeof verdi === "string" ? (
          <input key={navn} type="hidden" name={navn} value={verdi} />
        ) : null;
      })}
      <button
        className="ds-button"
        data-variant="primary"
        type="submit"
        name="intent"
        value="ankomst-bekreft"
      >
        {t("importmelding.ankomst.senBekreft")}
      </button>
      <button
        className="ds-button"
        data-variant="secondary"
        type="submit"
        name="intent"
        value="ankomst-avbryt"
      >
        {t("felles.avbryt")}
      </button>
    </MeldingSkjema>
  );
}

/**
 * The reception controller: the choice, or why there is none (only document control, none registered, or
 * the list could not be fetched), and the notice when the saved one can no longer be chosen.
 */
function KontrolloerValg({
  melding: m,
  data,
  felt,
}: {
  melding: ImportmeldingVisning;
  data: AnkomstData;
  felt: Felt;
}) {
  const { pathname, search } = useLocation();
  const t = useT();
  const { kontrolloerer, kontrolloerFeil } = data;
  const ankomst = m.ankomstInfo[0];
  // The controller saved on the notification is no longer one to choose (removed by the importer since,
  // or deregistered): SPEC §8 "Chosen controller not found" (issue 23 item 5).
  const valgt = ankomst?.mottakskontrolloer;
  const ikkeFunnet =
    !m.kunDokumentkontroll &&
    !kontrolloerFeil &&
    !!valgt &&
    !kontrolloerer.some((k) => k.importoerId === valgt.importoerId);
  const feilmeldingKontrolloer = felt.errors?.length ? (
    <p className="ds-validation-message feilmelding" id={felt.errorId} data-color="danger">
      {t.melding(felt.errors[0]!)}
    </p>
  ) : null;
  return (
    <>
      {ikkeFunnet ? (
        <Varsel farge="danger" tittel={t("felles.lagreFeil.tittel")}>
          <p className="ds-paragraph">{t("importmelding.kontrolloer.ikkeFunnet")}</p>
          <p className="ds-paragraph">
            {t("importmelding.kontrolloer.ikkeUtnevnt", {
              navn: valgt?.virksomhetNavn ?? t("importmelding.kontrolloer.ukjent"),
            })}
            {kontrolloerer.length > 0 ? t("importmelding.kontrolloer.velgAnnen") : ""}
          </p>
        </Varsel>
      ) : null}
      {m.kunDokumentkontroll ? (
        <p className="ds-paragraph">{t("importmelding.kontrolloer.kunDokument")}</p>
      ) : kontrolloerFeil || kontrolloerer.length === 0 ? (
        // No controller to choose: the error summary's link for the controller lands here.
        <div id={felt.id} tabIndex={-1}>
          {kontrolloerFeil ? (
            <>
              {feilmeldingKontrolloer}
              <Varsel farge="danger" tittel={t("felles.lagreFeil.tittel")}>
                <p className="ds-paragraph">{t("importmelding.kontrolloer.hentingFeilet")}</p>
                <a className="ds-button" data-variant="secondary" href={pathname + search}>
                  {t("importmelding.kontrolloer.proevIgjen")}
                </a>
              </Varsel>
            </>
          ) : (
            // SPEC §5: the title 'Mottakskontrollør ikke valgt', then its message, then what to do.
            <Varsel farge="warning" tittel={t("importmelding.kontrolloer.ikkeValgt")}>
              {feilmeldingKontrolloer}
              <p className="ds-paragraph">
                <Tekst
                  id="importmelding.kontrolloer.ingen"
                  deler={[
                    lenke("/innstillinger?side=Legg+til+mottakskontroll%C3%B8r", { className: "ds-link" }),
                  ]}
                />
              </p>
            </Varsel>
          )}
        </div>
      ) : (
        <Radiogruppe
          felt={felt}
          legende={t("importmelding.kontrolloer.legende")}
          feilTittel={t("importmelding.kontrolloer.ikkeValgt")}
          beskrivelse={t("importmelding.kontrolloer.beskrivelse")}
          valg={kontrolloerer.map((k) => ({
            verdi: String(k.importoerId),
            tekst: t("importmelding.kontrolloer.valg", {
              navn: k.navn,
              orgnr: formaterOrganisasjonsnummer(k.organisasjonsnummer),
            }),
          }))}
        />
      )}
    </>
  );
}

/** 'Endre' on the registered page: the same form, back to the registered page. */
export function AnkomstRedigering({
  melding,
  data,
  actionData,
  tilbake,
}: {
  melding: ImportmeldingVisning;
  data: AnkomstData;
  actionData: unknown;
  tilbake: string;
}) {
  const t = useT();
  return (
    <AnkomstSkjema
      melding={melding}
      data={data}
      actionData={actionData as AnkomstActionData | undefined}
      tittel={t("importmelding.ankomst.endreTittel")}
      ingress={t("importmelding.ankomst.endreIngress", { nummer: melding.nummer })}
      tilbake={tilbake}
      tilbakeTekst={t("felles.avbryt")}
      lagreTekst={t("importmelding.ankomst.lagreEndringene")}
    />
  );
}
