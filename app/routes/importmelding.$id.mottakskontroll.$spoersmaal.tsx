import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import {
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useParams,
  useRouteLoaderData,
} from "@remix-run/react";
import type { KeyboardEvent } from "react";
import { type ImportmeldingVisning, MENGDE_FELTER, type StatusSvar } from "../../domain/importmelding";
import { harKommentarfelt, kreverFaktiskMengde, LAVERE_MENGDE_SVAR } from "../../domain/kontrollspoersmaal";
import { formaterTall } from "../../domain/mengde";
import {
  innholdSamsvarerSkjema,
  kontrollsvarSkjema,
  tilKontrollsvarBody,
} from "../../domain/schemas/importmelding";
import { Dialog } from "../components/dialog";
import {
  type FeilLenke,
  FeilOppsummering,
  feilFra,
  MeldingSkjema,
  Radiogruppe,
  SendKnapp,
} from "../components/skjema";
import { Tekst, useT } from "../components/sprak";
import { Tekstomraade } from "../components/tekstfelt";
import { LagreFeil, Varsel } from "../components/ui";
import { type Importoer, loginUrl } from "../lib/bruker.server";
import { hentMelding, lagreFeilet, lesMeldingSkjema, requireMelding } from "../lib/importmelding.server";
import { useKlientvalidering } from "../lib/klientvalidering";
import { meldingSidetittel } from "../lib/sidetittel";
import { valider } from "../lib/valider";
import type { loader as meldingLoader } from "./importmelding.$id";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, avgiver } = await requireMelding(request, context, params);
  const importoer = await api.getJson<Importoer>(`/import/register/v1/${avgiver.organisasjonsnummer}`, {
    redirectOn401: loginUrl(request),
  });
  return { harLestRegelverk: importoer.harLestRegelverk };
}

function varelinjerMedMengde(melding: Pick<Awaited<ReturnType<typeof hentMelding>>, "varelinjer">) {
  return melding.varelinjer.map((l) => ({
    sorteringsnummer: l.sorteringsnummer,
    mengde: Object.fromEntries(
      MENGDE_FELTER.filter((f) => l.mengde[f]).map((f) => [f, { verdi: l.mengde[f]!.verdi }]),
    ),
  }));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api, base, formData, versjon, avgiver, id } = await lesMeldingSkjema(request, context, params);
  const melding = await hentMelding(request, api, base);
  const alle = melding.mottakskontrollSpoersmaal;
  const indeks = alle.findIndex((s) => s.path === params.spoersmaal);
  const spoersmaal = alle[indeks];
  if (!spoersmaal) throw redirect(`/importmelding/${id}`);
  const importoer = await api.getJson<Importoer>(`/import/register/v1/${avgiver.organisasjonsnummer}`);
  // SPEC §5: reception questions cannot be submitted before the regulations are confirmed.
  if (!importoer.harLestRegelverk) return { result: null, lagreFeil: null, profil: true };
  const innhold = spoersmaal.kode === "MOTTAK_INNHOLD_SAMSVARER";
  const submission = parseWithZod(formData, {
    schema: innhold
      ? innholdSamsvarerSkjema(varelinjerMedMengde(melding))
      : kontrollsvarSkjema(spoersmaal.kode),
  });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), lagreFeil: null, profil: false }, { status: 400 });
  }
  try {
    await api.put(
      `${base}/kontrollspoersmaal/${spoersmaal.id}`,
      tilKontrollsvarBody(submission.value, spoersmaal.id, versjon),
    );
    if (innhold) {
      const mengder = "faktiskeMengder" in submission.value ? submission.value.faktiskeMengder : [];
      await api.put(`${base}/mottakskontroll`, mengder);
    }
    const neste = alle[indeks + 1];
    if (neste) return redirect(`/importmelding/${id}/mottakskontroll/${neste.path}`);
    const svar = await api.putJson<StatusSvar>(`${base}/status`, { status: "ANKOMMET" });
    const frigitt = svar.status === "FRIGITT" || svar.status === "AUTOMATISK_FRIGITT";
    return redirect(`/importmelding/${id}/ankommet${frigitt ? "?frigitt=1" : ""}`);
  } catch (e) {
    return lagreFeilet(e, "importmelding.dokumentkontroll.lagreFeilet", context.logger, {
      result: submission.reply(),
      profil: false,
    });
  }
}

/** Escape puts the stored value back (SPEC §5 actual quantity fields), not what was last submitted. */
function tilbakestillVedEscape(e: KeyboardEvent<HTMLInputElement>) {
  if (e.key === "Escape") e.currentTarget.value = e.currentTarget.dataset.lagret ?? "";
}

/** What the user posted in the quantity fields (`faktisk[i].<felt>`), kept when the server refuses it. */
function innsendteMengder(result: unknown): Array<Record<string, unknown>> | undefined {
  const verdi = (result as { initialValue?: { faktisk?: unknown } } | null | undefined)?.initialValue
    ?.faktisk;
  return Array.isArray(verdi) ? (verdi as Array<Record<string, unknown>>) : undefined;
}

/** Said when the regulations are not confirmed: the reception control cannot be saved before they are. */
function ProfilDialog({ apen }: { apen: boolean }) {
  const { pathname } = useLocation();
  const t = useT();
  return (
    <Dialog
      id="profil"
      apen={apen}
      tittel={t("importmelding.mottakskontroll.profilTittel")}
      lukkTil={pathname}
    >
      <p className="ds-paragraph">{t("importmelding.mottakskontroll.profilTekst")}</p>
      <div className="knapperad">
        <Link className="ds-button" data-variant="primary" to="/innstillinger">
          {t("importmelding.mottakskontroll.tilProfil")}
        </Link>
        <Link className="ds-button" data-variant="secondary" to={pathname} replace>
          {t("felles.avbryt")}
        </Link>
      </div>
    </Dialog>
  );
}

/**
 * The actual quantity per goods line (SPEC §5), on the question whether the content matches the certificate:
 * each field shows the stored value, or what the user typed if the server refused it; Escape restores it.
 */
function FaktiskMengde({
  varelinjer,
  feil,
  innsendt,
}: {
  varelinjer: ImportmeldingVisning["varelinjer"];
  feil: Record<string, string[] | undefined>;
  innsendt: Array<Record<string, unknown>> | undefined;
}) {
  const t = useT();
  return (
    <div className="mengdeboks">
      <h2 className="ds-heading" data-size="xs">
        {t("importmelding.mottakskontroll.faktiskMengde")}
      </h2>
      <p className="ds-paragraph" data-size="sm">
        {t("importmelding.mottakskontroll.faktiskMengdeHint")}
      </p>
      {varelinjer.map((l, i) => (
        <fieldset key={l.sorteringsnummer} className="ds-fieldset mengdelinje">
          <legend className="ds-label">
            {t("importmelding.mottakskontroll.varelinje", {
              nummer: l.sorteringsnummer,
              navn: l.navn ?? l.botaniskNavn ?? t("importmelding.mottakskontroll.utenNavn"),
            })}
          </legend>
          <input type="hidden" name={`faktisk[${i}].varelinjeId`} value={l.sorteringsnummer} />
          {MENGDE_FELTER.filter((f) => l.mengde[f]).map((f) => {
            const q = l.mengde[f]!;
            const id = `faktisk-${i}-${f}`;
            const feilmelding = feil[`faktisk[${i}].${f}`]?.[0];
            const lagret = String(q.faktiskVerdi ?? q.verdi).replace(".", ",");
            // Never clear the user's input (GOV.UK): a refused entry comes back as typed (an
            // emptied field, which conform leaves out of the reply, stays empty).
            const skrevet = innsendt?.[i]?.[f];
            const vist = innsendt?.[i] ? (typeof skrevet === "string" ? skrevet : "") : lagret;
            return (
              <div className="ds-field felt" key={f} data-bredde="middels">
                <label className="ds-label" htmlFor={id}>
                  {t("importmelding.mottakskontroll.faktisk", {
                    felt: f,
                    // with the unit in the reader's language (the layout's loader made it)
                    oppgitt: q.visningsMengde ?? formaterTall(q.verdi, t.sprak),
                  })}
                </label>
                {feilmelding ? (
                  <p className="ds-validation-message feilmelding" id={`${id}-feil`} data-color="danger">
                    {t.melding(feilmelding)}
                  </p>
                ) : null}
                <input
                  className="ds-input"
                  id={id}
                  name={`faktisk[${i}].${f}`}
                  inputMode="decimal"
                  defaultValue={vist}
                  data-mengde=""
                  data-lagret={lagret}
                  aria-invalid={feilmelding ? true : undefined}
                  aria-describedby={feilmelding ? `${id}-feil` : undefined}
                  onKeyDown={tilbakestillVedEscape}
                />
              </div>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}

export default function Mottakskontroll() {
  const data = useRouteLoaderData<typeof meldingLoader>("routes/importmelding.$id");
  const { harLestRegelverk } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const params = useParams();
  const t = useT();
  const m = data?.melding;
  const alle = m?.mottakskontrollSpoersmaal ?? [];
  const indeks = alle.findIndex((s) => s.path === params.spoersmaal);
  const spoersmaal = alle[indeks];
  const erInnhold = spoersmaal?.kode === "MOTTAK_INNHOLD_SAMSVARER";
  useKlientvalidering();
  const [form, fields] = useForm({
    id: `mottak-${spoersmaal?.id}`,
    lastResult: actionData?.result ?? undefined,
    defaultValue: {
      svar: spoersmaal?.kontrollSvar?.kontrollSvar ?? "",
      kommentar: spoersmaal?.kontrollSvar?.kommentar ?? "",
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    // The same schema as the action, in the browser too, as on the other forms (issue 23 item 8)
    onValidate: ({ formData }) =>
      valider(formData, (s) =>
        erInnhold && m
          ? s.innholdSamsvarerSkjema(varelinjerMedMengde(m))
          : s.kontrollsvarSkjema(spoersmaal?.kode ?? "MOTTAK_FRI_FOR_PLANTESKADEGJOERERE"),
      ),
  });
  if (!m || !spoersmaal) return null;
  const sist = indeks === alle.length - 1;
  const forrige =
    indeks > 0
      ? `/importmelding/${m.id}/mottakskontroll/${alle[indeks - 1]!.path}`
      : `/importmelding/${m.id}/mottakskontrolloer`;
  const allErrors = form.allErrors as Record<string, string[] | undefined>;
  const mengdeFeil: FeilLenke[] = [];
  m.varelinjer.forEach((l, i) => {
    for (const f of MENGDE_FELTER) {
      const melding = allErrors[`faktisk[${i}].${f}`]?.[0];
      if (melding && l.mengde[f]) mengdeFeil.push({ id: `faktisk-${i}-${f}`, melding });
    }
  });
  const profilDialog = !!(actionData && "profil" in actionData && actionData.profil);
  // With JavaScript, choosing another answer than the lower quantity resets the quantity fields.
  const vedEndring = (e: React.FormEvent<HTMLFormElement>) => {
    const t = e.target as HTMLInputElement;
    if (t.name === "svar" && t.value !== LAVERE_MENGDE_SVAR) {
      for (const input of e.currentTarget.querySelectorAll<HTMLInputElement>("input[data-mengde]"))
        input.value = input.dataset.lagret ?? "";
    }
  };
  return (
    <div className="smal spoersmaal">
      <Link className="ds-link tilbakelenke" to={forrige}>
        {t("importmelding.tilbake")}
      </Link>
      <FeilOppsummering feil={[...feilFra([fields.svar, fields.kommentar]), ...mengdeFeil]} />
      <p className="ds-paragraph spoersmaal__nummer">
        {t("importmelding.mottakskontroll.nummer", { nummer: indeks + 1, antall: alle.length })}
      </p>
      <h1 className="ds-heading" data-size="md">
        {t(`kodeverk.spoersmaal.${spoersmaal.kode}`)}
      </h1>
      {spoersmaal.referanse ? (
        <p className="ds-paragraph" data-size="sm">
          <Tekst
            id="importmelding.dokumentkontroll.se"
            verdier={{ referanse: spoersmaal.referanse }}
            deler={[<span key="referanse" lang="nb" />]}
          />
        </p>
      ) : null}
      {!harLestRegelverk ? (
        <Varsel farge="info">
          <p className="ds-paragraph">
            {t("importmelding.mottakskontroll.ikkeBekreftet")}{" "}
            <Link className="ds-link" to="/innstillinger">
              {t("importmelding.mottakskontroll.tilProfilen")}
            </Link>
          </p>
        </Varsel>
      ) : null}
      <LagreFeil svar={actionData} />
      <ProfilDialog apen={profilDialog} />
      <MeldingSkjema
        versjon={m.versjon}
        {...getFormProps(form)}
        className="skjema skjema--stablet"
        onChange={vedEndring}
      >
        <Radiogruppe
          felt={fields.svar}
          legende={t("importmelding.mottakskontroll.legende")}
          valg={spoersmaal.svarAlternativer.map((a) => ({
            verdi: a.kontrollSvar,
            tekst: t(`kodeverk.svar.${a.kontrollSvar}`),
            avvik: harKommentarfelt(a.kontrollSvar),
            lavere: kreverFaktiskMengde(a.kontrollSvar),
          }))}
        />
        {erInnhold ? (
          <FaktiskMengde
            varelinjer={m.varelinjer}
            feil={allErrors}
            innsendt={innsendteMengder(actionData?.result)}
          />
        ) : null}
        <div className="avviksboks">
          <Tekstomraade
            felt={fields.kommentar}
            etikett={t("importmelding.meldingTilMattilsynet")}
            beskrivelse={t("importmelding.mottakskontroll.beskrivAvvik")}
          />
        </div>
        <div className="knapperad">
          <Link className="ds-button" data-variant="secondary" to={forrige}>
            {t("importmelding.forrige")}
          </Link>
          <SendKnapp>
            {sist ? t("importmelding.mottakskontroll.fullfoer") : t("importmelding.mottakskontroll.bekreft")}
          </SendKnapp>
        </div>
      </MeldingSkjema>
    </div>
  );
}

export const handle = { tittel: "importmelding.mottakskontroll.side" };
export const meta: MetaFunction = (args) =>
  meldingSidetittel(args, "importmelding.mottakskontroll.side", "mottakskontroll");
