import { parseWithZod } from "@conform-to/zod/v4";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { formaterOrganisasjonsnummer } from "../../domain/format";
import type { ImportmeldingVisning, StatusSvar } from "../../domain/importmelding";
import { type WizardSteg, wizardSteg } from "../../domain/importmelding-ruting";
import { bekreftRegelverkSkjema } from "../../domain/schemas/importmelding";
import { melding } from "../../sprak/melding";
import { Historikk } from "../components/historikk";
import { IkkeMottakerVarsel, Sendingsoversikt } from "../components/importmelding";
import {
  Ankomststed,
  ForventetAnkomst,
  Kontrollsvar,
  kontrolloerTekst,
  RedigerLenke,
} from "../components/kontrollsvar";
import { MeldingSkjema, SendKnapp } from "../components/skjema";
import { Tekst, useT } from "../components/sprak";
import { Opplysninger, Varsel } from "../components/ui";
import { ApiFeil } from "../lib/api.server";
import { feilmelding, hentMelding, historikkLoader, lesMeldingSkjema } from "../lib/importmelding.server";
import { useKlientvalidering } from "../lib/klientvalidering";
import { meldingSidetittel } from "../lib/sidetittel";
import type { loader as rootLoader } from "../root";
import type { loader as meldingLoader } from "./importmelding.$id";

/** The regulation dialog, loaded when it opens (its form is not in the page's first-load JavaScript). */
const RegelverkDialog = lazy(() => import("../components/regelverk-dialog"));

const INNSENDING_FEILET = "importmelding.oppsummering.innsendingFeilet";

export async function loader(args: LoaderFunctionArgs) {
  return { historikk: await historikkLoader(args) };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api, base, formData, versjon, avgiver, id } = await lesMeldingSkjema(request, context, params);
  const meldingen = await hentMelding(request, api, base);
  const intent = formData.get("intent");

  if (intent === "bekreft-regelverk") {
    const submission = parseWithZod(formData, { schema: bekreftRegelverkSkjema });
    if (submission.status !== "success") {
      return data({ regelverk: true, result: submission.reply(), lagreFeil: null }, { status: 400 });
    }
    if (submission.value.bekreftelse === "vil-ikke-melde")
      return redirect(`/importmelding/${id}/oppsummering?ikkeSendt=1`);
    if (meldingen.ansvarligImportoer.id !== avgiver.importoerId) {
      return data(
        {
          regelverk: true,
          result: submission.reply(),
          lagreFeil: melding("importmelding.oppsummering.ansvarligMaaBekrefte", {
            navn: meldingen.ansvarligImportoer.navn,
          }),
        },
        { status: 400 },
      );
    }
    try {
      await api.put(
        `/import/register/v1/${avgiver.organisasjonsnummer}/${avgiver.importoerId}/lestregelverk`,
        {
          harLestRegelverk: true,
        },
      );
    } catch (e) {
      if (e instanceof Response) throw e;
      return data(
        { regelverk: true, result: submission.reply(), lagreFeil: feilmelding(e, INNSENDING_FEILET) },
        { status: 400 },
      );
    }
  } else if (intent !== "send-inn") {
    return data(
      { regelverk: false, result: null, lagreFeil: "importmelding.oppsummering.ukjentHandling" },
      { status: 400 },
    );
  } else if (!meldingen.harLestRegelverk) {
    // SPEC §5: the confirmation dialog opens instead of submitting; confirming it continues the submission.
    // For a responsible importer the acting one cannot confirm for (a reception controller preparing it,
    // ADR 007), the dialog says who must confirm, and nothing is sent (issue 23 item 6).
    return { regelverk: true, result: null, lagreFeil: null };
  }

  try {
    const svar = await api.putJson<StatusSvar>(`${base}/status`, { status: "REGISTRERT", versjon });
    return redirect(
      svar.status === "AUTOMATISK_FRIGITT"
        ? `/importmelding/${id}/ankommet?frigitt=1`
        : `/importmelding/${id}/registrert?sendt=1`,
    );
  } catch (e) {
    if (e instanceof Response) throw e;
    if (e instanceof ApiFeil && e.status === 409) {
      const naa = await hentMelding(request, api, base);
      // Sent from another tab or by a colleague: say so on the registered page, never register twice.
      if (naa.status !== "UNDER_REGISTRERING")
        return redirect(`/importmelding/${id}/registrert?alleredeSendt=1`);
    }
    return data(
      { regelverk: false, result: null, lagreFeil: feilmelding(e, INNSENDING_FEILET) },
      { status: 400 },
    );
  }
}

/** What stands in the way of submitting or came of trying: an unconfirmed regulation, a refusal, an error. */
function Innsendingsvarsler({
  melding: m,
  kanBekrefte,
  visRegelverk,
}: {
  melding: ImportmeldingVisning;
  kanBekrefte: boolean;
  visRegelverk: boolean;
}) {
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  const t = useT();
  const navn = m.ansvarligImportoer.navn;
  return (
    <>
      {/* SPEC §8 "Regulation not confirmed": said before 'Send inn', not after (issue 23 item 6). */}
      {!m.harLestRegelverk ? (
        <Varsel farge="warning">
          <p className="ds-paragraph">
            <strong>{t("importmelding.oppsummering.ikkeBekreftet", { navn })}</strong>{" "}
            {kanBekrefte ? (
              <Tekst
                id="importmelding.oppsummering.kanBekrefte"
                deler={[<Link key="profil" className="ds-link" to="/innstillinger?side=Profil" />]}
              />
            ) : (
              t("importmelding.oppsummering.kanIkkeBekrefte", { navn })
            )}
          </p>
        </Varsel>
      ) : null}
      <IkkeMottakerVarsel melding={m} />
      {new URLSearchParams(search).get("ikkeSendt") === "1" ? (
        <Varsel farge="info" rolle="status" tittel={t("importmelding.oppsummering.ikkeSendtTittel")}>
          <p className="ds-paragraph">{t("importmelding.oppsummering.ikkeSendtTekst")}</p>
        </Varsel>
      ) : null}
      {actionData?.lagreFeil && !visRegelverk ? (
        <Varsel farge="danger" rolle="alert" tittel={t(INNSENDING_FEILET)}>
          <p className="ds-paragraph">{t.melding(actionData.lagreFeil)}</p>
        </Varsel>
      ) : null}
    </>
  );
}

/** The responsible importer, the own reference and the submitter, with a link to change the last two. */
function AnsvarligImportoer({ melding: m, steg }: { melding: ImportmeldingVisning; steg: WizardSteg }) {
  const t = useT();
  return (
    <section className="seksjon" aria-labelledby="ansvarlig-tittel">
      <h2 id="ansvarlig-tittel" className="ds-heading" data-size="sm">
        {t("importmelding.oppsummering.ansvarligImportoer")}
      </h2>
      <dl className="opplysninger">
        <div className="opplysninger__rad">
          <dt>{t("importmelding.liste.importoer")}</dt>
          <dd>
            {t("importmelding.kontrolloer.valg", {
              navn: m.ansvarligImportoer.navn,
              orgnr: formaterOrganisasjonsnummer(m.ansvarligImportoer.organisasjonsnummer),
            })}
          </dd>
        </div>
        <div className="opplysninger__rad">
          <dt>{t("importmelding.innmelder.egenReferanse")}</dt>
          <dd>{m.egenReferanse ?? t("importmelding.oppsummering.ikkeAngitt")}</dd>
        </div>
        <div className="opplysninger__rad">
          <dt>{t("importmelding.innmelder.side")}</dt>
          <dd>
            {m.innmelder
              ? [m.innmelder.navn, m.innmelder.epost, m.innmelder.telefonnummer].filter(Boolean).join(", ")
              : t("importmelding.oppsummering.ikkeAngitt")}{" "}
            <RedigerLenke til={steg.url("innmelder")} hva="importmelding.oppsummering.endreInnmelder" />
          </dd>
        </div>
      </dl>
    </section>
  );
}

export default function Oppsummering() {
  const data = useRouteLoaderData<typeof meldingLoader>("routes/importmelding.$id");
  const rot = useRouteLoaderData<typeof rootLoader>("root");
  const actionData = useActionData<typeof action>();
  const { historikk } = useLoaderData<typeof loader>();
  const { search, pathname } = useLocation();
  const t = useT();
  useKlientvalidering();
  if (!data) return null;
  const m = data.melding;
  const steg = wizardSteg(m);
  const ankomst = m.ankomstInfo[0];
  const visRegelverk = !!actionData?.regelverk || new URLSearchParams(search).get("regelverk") === "1";
  // Only the responsible importer itself can confirm the regulations (ADR 007): a reception controller
  // preparing the notification for it is told who must, before and instead of submitting (issue 23 item 6).
  const kanBekrefte = m.ansvarligImportoer.id === rot?.avgiver?.importoerId;
  // what is missing (one to three parts, the list's words and commas are the message's)
  const [a, b, c] = [
    !m.innmelder ? t("importmelding.oppsummering.manglerInnmelder") : "",
    !steg.dokumentkontrollFerdig ? t("importmelding.oppsummering.manglerDokumentkontroll") : "",
    !steg.ankomstRegistrert ? t("importmelding.oppsummering.manglerAnkomst") : "",
  ].filter(Boolean);
  const mangler = { antall: [a, b, c].filter(Boolean).length, a: a ?? "", b: b ?? "", c: c ?? "" };
  return (
    <div className="smal">
      {/* First on the page: without JavaScript it is the section the user sees; with it, a modal. */}
      {visRegelverk ? (
        <Suspense fallback={null}>
          <RegelverkDialog melding={m} apen kanBekrefte={kanBekrefte} svar={actionData} />
        </Suspense>
      ) : null}
      <h1 className="ds-heading" data-size="lg">
        {t("importmelding.steg.Oppsummering")}
      </h1>
      <Innsendingsvarsler melding={m} kanBekrefte={kanBekrefte} visRegelverk={visRegelverk} />
      <AnsvarligImportoer melding={m} steg={steg} />
      {m.dokumentkontrollSpoersmaal.length > 0 ? (
        <section className="seksjon" aria-labelledby="dokument-tittel">
          <h2 id="dokument-tittel" className="ds-heading" data-size="sm">
            {t("importmelding.steg.Dokumentkontroll")}
          </h2>
          <Kontrollsvar spoersmaal={m.dokumentkontrollSpoersmaal} />
          {steg.foersteAvvikSti ? (
            <RedigerLenke
              til={steg.url(steg.foersteAvvikSti)}
              tekst="importmelding.oppsummering.redigerSvar"
              hva="importmelding.oppsummering.iDokumentkontrollen"
            />
          ) : null}
        </section>
      ) : null}
      <section className="seksjon" aria-labelledby="ankomst-tittel">
        <h2 id="ankomst-tittel" className="ds-heading" data-size="sm">
          {t("importmelding.steg.Ankomst")}
        </h2>
        <Opplysninger
          rader={[
            [t("importmelding.ankomst.kontrollsted"), <Ankomststed key="sted" ankomst={ankomst} />],
            [t("importmelding.ankomst.forventet"), <ForventetAnkomst key="tid" ankomst={ankomst} />],
            [
              t("importmelding.kontrolloer.legende"),
              m.kunDokumentkontroll
                ? undefined
                : (kontrolloerTekst(ankomst) ?? t("importmelding.oppsummering.ikkeValgt")),
            ],
          ]}
        />
        <RedigerLenke til={steg.url("ankomst-info")} hva="importmelding.oppsummering.endreAnkomst" />
      </section>
      <Sendingsoversikt melding={m} />

      <MeldingSkjema versjon={m.versjon} className="knapperad innsending">
        <Link className="ds-button" data-variant="secondary" to={steg.url("ankomst-info")}>
          {t("importmelding.forrige")}
        </Link>
        <SendKnapp name="intent" value="send-inn" disabled={!steg.kanSendesInn}>
          {t("importmelding.oppsummering.sendInn")}
        </SendKnapp>
      </MeldingSkjema>
      {!steg.kanSendesInn ? (
        <p className="ds-paragraph" data-size="sm">
          {t("importmelding.oppsummering.mangler", mangler)}
        </p>
      ) : null}
      <Historikk side={historikk.side} foer={historikk.foer} sti={pathname} klasse="seksjon" />
    </div>
  );
}

export const handle = { tittel: "importmelding.steg.Oppsummering" };
export const meta: MetaFunction = (args) => meldingSidetittel(args, "importmelding.steg.Oppsummering");
