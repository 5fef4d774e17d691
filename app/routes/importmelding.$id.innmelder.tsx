import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { wizardSteg } from "../../domain/importmelding-ruting";
import { innmelderSkjema } from "../../domain/schemas/importmelding";
import { SertifikatLenke } from "../components/importmelding";
import { FeilOppsummering, feilFra, MeldingSkjema, SendKnapp } from "../components/skjema";
import { useT } from "../components/sprak";
import { Tekstfelt } from "../components/tekstfelt";
import { LagreFeil, Varsel } from "../components/ui";
import { hentBrukerInfo } from "../lib/bruker.server";
import { hentKopi, hentMelding, lagreFeilet, lesMeldingSkjema } from "../lib/importmelding.server";
import { useKlientvalidering } from "../lib/klientvalidering";
import { meldingSidetittel } from "../lib/sidetittel";
import { valider } from "../lib/valider";
import type { loader as meldingLoader } from "./importmelding.$id";

/**
 * Prefill from the logged-in person's contact info (SPEC §7 brukerInfo) when nothing is saved yet. After «Bruk
 * svarene fra IM-…» (?svarFra=, ADR 061) the copy as the history recorded it: which, and what it skipped.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const svarFra = new URL(request.url).searchParams.get("svarFra");
  const [brukerInfo, kopi] = await Promise.all([
    hentBrukerInfo(request, context),
    svarFra && /^\d{1,15}$/.test(svarFra) ? hentKopi(request, context, params, Number(svarFra)) : null,
  ]);
  return { brukerInfo, kopi };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api, base, formData, versjon } = await lesMeldingSkjema(request, context, params);
  const submission = parseWithZod(formData, { schema: innmelderSkjema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), lagreFeil: null }, { status: 400 });
  const { navn, epost, telefonnummer, egenReferanse } = submission.value;
  try {
    // One step, one write: name, contact and own reference together (issue 15, item 6).
    await api.put(`${base}/innmelder`, {
      navn,
      epost,
      telefonnummer,
      egenReferanse: egenReferanse ?? null,
      versjon,
    });
    const melding = await hentMelding(request, api, base);
    const steg = wizardSteg(melding);
    return redirect(steg.url(steg.neste("innmelder") ?? "oppsummering"));
  } catch (e) {
    return lagreFeilet(e, "importmelding.innmelder.lagreFeilet", context.logger, {
      result: submission.reply(),
    });
  }
}

export default function Innmelder() {
  const data = useRouteLoaderData<typeof meldingLoader>("routes/importmelding.$id");
  const { brukerInfo, kopi } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const t = useT();
  const m = data?.melding;
  useKlientvalidering();
  const [form, fields] = useForm({
    id: "innmelder",
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    defaultValue: {
      navn: m?.innmelder?.navn ?? brukerInfo.navn ?? "",
      epost: m?.innmelder?.epost ?? "",
      telefonnummer: m?.innmelder?.telefonnummer ?? brukerInfo.telefonnummer ?? "",
      egenReferanse: m?.egenReferanse ?? "",
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => valider(formData, (s) => s.innmelderSkjema),
  });
  if (!m) return null;
  const steg = wizardSteg(m);
  const feil = feilFra([fields.navn, fields.epost, fields.telefonnummer, fields.egenReferanse]);
  return (
    <div className="smal">
      <FeilOppsummering feil={feil} />
      <h1 className="ds-heading" data-size="lg">
        {t("importmelding.innmelder.tittel")}
      </h1>
      <p className="ds-paragraph">
        {t("importmelding.innmelder.intro")}{" "}
        <SertifikatLenke melding={m}>{t("importmelding.innmelder.seSertifikatet")}</SertifikatLenke>
      </p>
      {kopi ? <KopiertVarsel kopi={kopi} /> : null}
      <LagreFeil svar={actionData} />
      <MeldingSkjema versjon={m.versjon} {...getFormProps(form)} className="skjema skjema--stablet">
        <Tekstfelt felt={fields.navn} etikett={t("importmelding.innmelder.navn")} autoComplete="name" />
        <Tekstfelt
          felt={fields.epost}
          etikett={t("importmelding.innmelder.epost")}
          type="email"
          autoComplete="email"
        />
        <Tekstfelt
          felt={fields.telefonnummer}
          etikett={t("importmelding.innmelder.telefonnummer")}
          type="tel"
          valgfri
          autoComplete="tel"
          bredde="middels"
        />
        <Tekstfelt
          felt={fields.egenReferanse}
          etikett={t("importmelding.innmelder.egenReferanse")}
          valgfri
          beskrivelse={t("importmelding.innmelder.egenReferanseHint")}
        />
        <div className="knapperad">
          <Link className="ds-button" data-variant="secondary" to={steg.url("avsender")}>
            {t("importmelding.forrige")}
          </Link>
          <SendKnapp>{t("importmelding.lagreOgGaaVidere")}</SendKnapp>
        </div>
      </MeldingSkjema>
    </div>
  );
}

/** What the copy filled in, and the controller it could not take (the person chooses one under Ankomst). */
function KopiertVarsel({ kopi }: { kopi: { nummer: string; kontrolloerIkkeKopiert: string | null } }) {
  const t = useT();
  return (
    <Varsel farge={kopi.kontrolloerIkkeKopiert ? "warning" : "success"} rolle="status">
      <p className="ds-paragraph">{t("importmelding.bruk.kopiert", { nummer: kopi.nummer })}</p>
      {kopi.kontrolloerIkkeKopiert ? (
        <p className="ds-paragraph">
          {t("importmelding.bruk.kontrolloerIkkeKopiert", { navn: kopi.kontrolloerIkkeKopiert })}
        </p>
      ) : null}
    </Varsel>
  );
}

export const handle = { tittel: "importmelding.innmelder.side" };
export const meta: MetaFunction = (args) => meldingSidetittel(args, "importmelding.innmelder.side");
