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
import { Opplysninger, Varsel } from "../components/ui";
import { ApiFeil } from "../lib/api.server";
import { feilmelding, hentMelding, historikkLoader, lesMeldingSkjema } from "../lib/importmelding.server";
import { useKlientvalidering } from "../lib/klientvalidering";
import { meldingSidetittel } from "../lib/sidetittel";
import type { loader as rootLoader } from "../root";
import type { loader as meldingLoader } from "./importmelding.$id";

/** The regulation dialog, loaded when it opens (its form is not in the page's first-load JavaScript). */
const RegelverkDialog = lazy(() => import("../components/regelverk-dialog"));

const INNSENDING_FEILET = "En feil oppstod ved innsending av forhåndsmelding";

const ansvarligMaaBekrefte = (navn: string) =>
  `${navn} må selv bekrefte kjennskap til regelverket før forhåndsmeldingen kan sendes inn.`;

export async function loader(args: LoaderFunctionArgs) {
  return { historikk: await historikkLoader(args) };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api, base, formData, versjon, avgiver, id } = await lesMeldingSkjema(request, context, params);
  const melding = await hentMelding(request, api, base);
  const intent = formData.get("intent");

  if (intent === "bekreft-regelverk") {
    const submission = parseWithZod(formData, { schema: bekreftRegelverkSkjema });
    if (submission.status !== "success") {
      return data({ regelverk: true, result: submission.reply(), lagreFeil: null }, { status: 400 });
    }
    if (submission.value.bekreftelse === "vil-ikke-melde")
      return redirect(`/importmelding/${id}/oppsummering?ikkeSendt=1`);
    if (melding.ansvarligImportoer.id !== avgiver.importoerId) {
      return data(
        {
          regelverk: true,
          result: submission.reply(),
          lagreFeil: ansvarligMaaBekrefte(melding.ansvarligImportoer.navn),
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
    return data({ regelverk: false, result: null, lagreFeil: "Ukjent handling" }, { status: 400 });
  } else if (!melding.harLestRegelverk) {
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
  const ansvarlig = m.ansvarligImportoer.navn;
  return (
    <>
      {/* SPEC §8 "Regulation not confirmed": said before 'Send inn', not after (issue 23 item 6). */}
      {!m.harLestRegelverk ? (
        <Varsel farge="warning">
          <p className="ds-paragraph">
            <strong>{ansvarlig} har ikke bekreftet kjennskap til regelverket.</strong>{" "}
            {kanBekrefte ? (
              <>
                Du blir bedt om å bekrefte det når du sender inn. Du kan også gjøre det under{" "}
                <Link className="ds-link" to="/innstillinger?side=Profil">
                  Innstillinger, Profil
                </Link>
                .
              </>
            ) : (
              `Forhåndsmeldingen kan sendes inn når ${ansvarlig} selv har bekreftet det under Innstillinger, Profil.`
            )}
          </p>
        </Varsel>
      ) : null}
      <IkkeMottakerVarsel melding={m} />
      {new URLSearchParams(search).get("ikkeSendt") === "1" ? (
        <Varsel farge="info" rolle="status" tittel="Forhåndsmeldingen er ikke sendt inn">
          <p className="ds-paragraph">
            Du svarte at virksomheten ikke skal melde import. Ingenting er sendt til Mattilsynet, og
            bekreftelsen av regelverket er ikke lagret. Forhåndsmeldingen ligger som påbegynt og kan sendes
            inn senere, når virksomheten har bekreftet at den kjenner regelverket.
          </p>
        </Varsel>
      ) : null}
      {actionData?.lagreFeil && !visRegelverk ? (
        <Varsel farge="danger" rolle="alert" tittel={INNSENDING_FEILET}>
          <p className="ds-paragraph">{actionData.lagreFeil}</p>
        </Varsel>
      ) : null}
    </>
  );
}

/** The responsible importer, the own reference and the submitter, with a link to change the last two. */
function AnsvarligImportoer({ melding: m, steg }: { melding: ImportmeldingVisning; steg: WizardSteg }) {
  return (
    <section className="seksjon" aria-labelledby="ansvarlig-tittel">
      <h2 id="ansvarlig-tittel" className="ds-heading" data-size="sm">
        Ansvarlig importør
      </h2>
      <dl className="opplysninger">
        <div className="opplysninger__rad">
          <dt>Importør</dt>
          <dd>
            {m.ansvarligImportoer.navn} (org.nr.{" "}
            {formaterOrganisasjonsnummer(m.ansvarligImportoer.organisasjonsnummer)})
          </dd>
        </div>
        <div className="opplysninger__rad">
          <dt>Egen referanse</dt>
          <dd>{m.egenReferanse ?? "Ikke angitt"}</dd>
        </div>
        <div className="opplysninger__rad">
          <dt>Innmelder</dt>
          <dd>
            {m.innmelder
              ? [m.innmelder.navn, m.innmelder.epost, m.innmelder.telefonnummer].filter(Boolean).join(", ")
              : "Ikke angitt"}{" "}
            <RedigerLenke til={steg.url("innmelder")} hva="innmelder og egen referanse" />
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
  useKlientvalidering();
  if (!data) return null;
  const m = data.melding;
  const steg = wizardSteg(m);
  const ankomst = m.ankomstInfo[0];
  const visRegelverk = !!actionData?.regelverk || new URLSearchParams(search).get("regelverk") === "1";
  // Only the responsible importer itself can confirm the regulations (ADR 007): a reception controller
  // preparing the notification for it is told who must, before and instead of submitting (issue 23 item 6).
  const kanBekrefte = m.ansvarligImportoer.id === rot?.avgiver?.importoerId;
  const mangler = [
    !m.innmelder ? "innmelder" : undefined,
    !steg.dokumentkontrollFerdig ? "svar på dokumentkontrollen" : undefined,
    !steg.ankomstRegistrert ? "ankomstinformasjon" : undefined,
  ].filter(Boolean);
  return (
    <div className="smal">
      {/* First on the page: without JavaScript it is the section the user sees; with it, a modal. */}
      {visRegelverk ? (
        <Suspense fallback={null}>
          <RegelverkDialog melding={m} apen kanBekrefte={kanBekrefte} svar={actionData} />
        </Suspense>
      ) : null}
      <h1 className="ds-heading" data-size="lg">
        Oppsummering
      </h1>
      <Innsendingsvarsler melding={m} kanBekrefte={kanBekrefte} visRegelverk={visRegelverk} />
      <AnsvarligImportoer melding={m} steg={steg} />
      {m.dokumentkontrollSpoersmaal.length > 0 ? (
        <section className="seksjon" aria-labelledby="dokument-tittel">
          <h2 id="dokument-tittel" className="ds-heading" data-size="sm">
            Dokumentkontroll
          </h2>
          <Kontrollsvar spoersmaal={m.dokumentkontrollSpoersmaal} />
          {steg.foersteAvvikSti ? (
            <RedigerLenke
              til={steg.url(steg.foersteAvvikSti)}
              tekst="Rediger svar"
              hva="i dokumentkontrollen"
            />
          ) : null}
        </section>
      ) : null}
      <section className="seksjon" aria-labelledby="ankomst-tittel">
        <h2 id="ankomst-tittel" className="ds-heading" data-size="sm">
          Ankomst
        </h2>
        <Opplysninger
          rader={[
            ["Kontrollsted", <Ankomststed key="sted" ankomst={ankomst} />],
            ["Forventet ankomst", <ForventetAnkomst key="tid" ankomst={ankomst} />],
            [
              "Mottakskontrollør",
              m.kunDokumentkontroll ? undefined : (kontrolloerTekst(ankomst) ?? "Ikke valgt"),
            ],
          ]}
        />
        <RedigerLenke til={steg.url("ankomst-info")} hva="ankomst" />
      </section>
      <Sendingsoversikt melding={m} />

      <MeldingSkjema versjon={m.versjon} className="knapperad innsending">
        <Link className="ds-button" data-variant="secondary" to={steg.url("ankomst-info")}>
          Forrige
        </Link>
        <SendKnapp name="intent" value="send-inn" disabled={!steg.kanSendesInn}>
          Send inn
        </SendKnapp>
      </MeldingSkjema>
      {!steg.kanSendesInn ? (
        <p className="ds-paragraph" data-size="sm">
          Du kan sende inn når du har fylt ut {mangler.join(" og ")}.
        </p>
      ) : null}
      <Historikk side={historikk.side} foer={historikk.foer} sti={pathname} klasse="seksjon" />
    </div>
  );
}

export const handle = { tittel: "Oppsummering" };
export const meta: MetaFunction = (args) => meldingSidetittel(args, "Oppsummering");
