import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { type MouseEvent, useState } from "react";
import { formaterOrganisasjonsnummer } from "../../domain/format";
import type { ImportmeldingVisning, StatusSvar } from "../../domain/importmelding";
import { type WizardSteg, wizardSteg } from "../../domain/importmelding-ruting";
import { bekreftRegelverkSkjema } from "../../domain/schemas/importmelding";
import { REGELVERK_AVKRYSSING_TEKST } from "../../domain/schemas/tekster";
import { Dialog } from "../components/dialog";
import { Historikk } from "../components/historikk";
import { IkkeMottakerVarsel, Sendingsoversikt } from "../components/importmelding";
import {
  Ankomststed,
  ForventetAnkomst,
  Kontrollsvar,
  kontrolloerTekst,
  RedigerLenke,
} from "../components/kontrollsvar";
import {
  Avkrysning,
  FeilOppsummering,
  type Felt,
  feilFra,
  MeldingSkjema,
  Radiogruppe,
  SendKnapp,
} from "../components/skjema";
import { Opplysninger, Varsel } from "../components/ui";
import { ApiFeil } from "../lib/api.server";
import { feilmelding, hentMelding, historikkLoader, lesMeldingSkjema } from "../lib/importmelding.server";
import { useKlientvalidering, valider } from "../lib/klientvalidering";
import { meldingSidetittel } from "../lib/sidetittel";
import type { loader as rootLoader } from "../root";
import type { loader as meldingLoader } from "./importmelding.$id";

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

/**
 * The regulation checkbox (SPEC §5): its text 'Denne boksen må hukes av …' describes it, and once ticked it
 * cannot be unticked. With JavaScript a click that would untick it is cancelled (aria-readonly); a box
 * that came back ticked from the server (also without JavaScript) is shown ticked and disabled, and its
 * value is sent with a hidden field.
 */
function RegelverkAvkrysning({ felt }: { felt: Felt }) {
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
        tekst="Virksomheten kjenner regelverket for import av planter"
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
          {feil}
        </p>
      ) : (
        <p className="ds-paragraph hjelpetekst" data-size="sm" id={felt.descriptionId}>
          {REGELVERK_AVKRYSSING_TEKST}
          {fraServer || laastPaaKlient ? " Avkrysningen kan ikke fjernes." : null}
        </p>
      )}
    </>
  );
}

/**
 * The regulation dialog (SPEC §5) that 'Send inn' opens when the responsible importer has not confirmed the
 * regulations: the confirmation form, or, for one who cannot confirm for it, who must.
 */
function RegelverkDialog({
  melding: m,
  apen,
  kanBekrefte,
}: {
  melding: ImportmeldingVisning;
  apen: boolean;
  kanBekrefte: boolean;
}) {
  const actionData = useActionData<typeof action>();
  const { pathname } = useLocation();
  const [form, fields] = useForm({
    id: "regelverk",
    lastResult: actionData?.result ?? undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => valider(formData, (s) => s.bekreftRegelverkSkjema),
  });
  const ansvarlig = m.ansvarligImportoer.navn;
  return (
    <Dialog id="bekreft-regelverk" apen={apen} tittel="Bekreft kjennskap til regelverket" lukkTil={pathname}>
      {/* Inside the dialog, so it is seen and focused also when the dialog is modal (SPEC §5). */}
      <FeilOppsummering feil={feilFra([fields.bekreftelse, fields.harLestRegelverk])} />
      {kanBekrefte ? (
        <p className="ds-paragraph">
          For å sende inn forhåndsmeldingen må virksomheten bekrefte at den kjenner regelverket for import av
          planter.
        </p>
      ) : (
        <>
          <p className="ds-paragraph">
            Forhåndsmeldingen kan ikke sendes inn før {ansvarlig} har bekreftet at virksomheten kjenner
            regelverket for import av planter.
          </p>
          <p className="ds-paragraph">
            Bekreftelsen må gjøres av noen som representerer {ansvarlig}, under Innstillinger, Profil. Som
            mottakskontrollør kan du ikke bekrefte den for en annen virksomhet. Forhåndsmeldingen er lagret
            som påbegynt og kan sendes inn når bekreftelsen er gjort.
          </p>
        </>
      )}
      {actionData?.lagreFeil && apen ? (
        <Varsel farge="danger" rolle="alert">
          <p className="ds-paragraph">{actionData.lagreFeil}</p>
        </Varsel>
      ) : null}
      {kanBekrefte ? null : (
        <div className="knapperad">
          <Link className="ds-button" data-variant="primary" to={pathname} replace data-trygt-valg>
            Lukk
          </Link>
        </div>
      )}
      {kanBekrefte ? (
        <MeldingSkjema versjon={m.versjon} {...getFormProps(form)} className="skjema skjema--stablet">
          <Radiogruppe
            felt={fields.bekreftelse}
            legende="Kjenner virksomheten regelverket?"
            valg={[
              { verdi: "bekreftet", tekst: "Ja, vi bekrefter at virksomheten kjenner regelverket" },
              { verdi: "vil-ikke-melde", tekst: "Nei, vi skal ikke melde import" },
            ]}
          />
          <RegelverkAvkrysning felt={fields.harLestRegelverk} />
          <div className="knapperad">
            <SendKnapp name="intent" value="bekreft-regelverk">
              Bekreft og send inn
            </SendKnapp>
            <Link className="ds-button" data-variant="secondary" to={pathname} replace>
              Avbryt
            </Link>
          </div>
        </MeldingSkjema>
      ) : null}
    </Dialog>
  );
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
      <RegelverkDialog melding={m} apen={visRegelverk} kanBekrefte={kanBekrefte} />
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
