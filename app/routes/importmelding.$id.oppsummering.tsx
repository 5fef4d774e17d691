import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, json, type MetaFunction, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { z } from "zod";
import { formaterOrganisasjonsnummer } from "../../domain/format";
import type { StatusSvar } from "../../domain/importmelding";
import { wizardSteg } from "../../domain/importmelding-ruting";
import { REGELVERK_AVKRYSSING_TEKST, regelverkSkjema } from "../../domain/schemas/importmelding";
import { CsrfInput } from "../components/csrf-input";
import { Dialog } from "../components/dialog";
import { Sendingsoversikt } from "../components/importmelding";
import {
  Ankomststed,
  ForventetAnkomst,
  Kontrollsvar,
  kontrolloerTekst,
  RedigerLenke,
} from "../components/kontrollsvar";
import { FeilOppsummering, feilFra, Radiogruppe, SendKnapp } from "../components/skjema";
import { Opplysninger, Varsel } from "../components/ui";
import { ApiFeil } from "../lib/api.server";
import { feilmelding, hentMelding, lesMeldingSkjema } from "../lib/importmelding.server";
import type { loader as meldingLoader } from "./importmelding.$id";

const INNSENDING_FEILET = "En feil oppstod ved innsending av forhåndsmelding";

/** The regulation confirmation: a choice is required, and 'bekreftet' needs the box ticked (SPEC §5). */
const bekreftRegelverkSkjema = regelverkSkjema
  .extend({ harLestRegelverk: z.string().optional() })
  .superRefine((v, ctx) => {
    if (v.bekreftelse === "bekreftet" && v.harLestRegelverk !== "ja") {
      ctx.addIssue({ code: "custom", path: ["harLestRegelverk"], message: REGELVERK_AVKRYSSING_TEKST });
    }
  });

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api, base, formData, versjon, avgiver, id } = await lesMeldingSkjema(request, context, params);
  const melding = await hentMelding(request, api, base);
  const intent = formData.get("intent");

  if (intent === "bekreft-regelverk") {
    const submission = parseWithZod(formData, { schema: bekreftRegelverkSkjema });
    if (submission.status !== "success") {
      return json({ regelverk: true, result: submission.reply(), lagreFeil: null }, { status: 400 });
    }
    if (submission.value.bekreftelse === "vil-ikke-melde")
      return redirect(`/importmelding/${id}/oppsummering?ikkeSendt=1`);
    if (melding.ansvarligImportoer.id !== avgiver.importoerId) {
      return json(
        {
          regelverk: true,
          result: submission.reply(),
          lagreFeil: `${melding.ansvarligImportoer.navn} må selv bekrefte kjennskap til regelverket før forhåndsmeldingen kan sendes inn.`,
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
      return json(
        { regelverk: true, result: submission.reply(), lagreFeil: feilmelding(e, INNSENDING_FEILET) },
        { status: 400 },
      );
    }
  } else if (intent !== "send-inn") {
    return json({ regelverk: false, result: null, lagreFeil: "Ukjent handling" }, { status: 400 });
  } else if (!melding.harLestRegelverk) {
    // The confirmation dialog opens instead of submitting; confirming it continues the submission.
    return json({ regelverk: true, result: null, lagreFeil: null });
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
    return json(
      { regelverk: false, result: null, lagreFeil: feilmelding(e, INNSENDING_FEILET) },
      { status: 400 },
    );
  }
}

export default function Oppsummering() {
  const data = useRouteLoaderData<typeof meldingLoader>("routes/importmelding.$id");
  const actionData = useActionData<typeof action>();
  const { search, pathname } = useLocation();
  const [form, fields] = useForm({
    id: "regelverk",
    lastResult: actionData?.result ?? undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: bekreftRegelverkSkjema }),
  });
  if (!data) return null;
  const m = data.melding;
  const steg = wizardSteg(m);
  const ankomst = m.ankomstInfo[0];
  const visRegelverk = !!actionData?.regelverk || new URLSearchParams(search).get("regelverk") === "1";
  const mangler = [
    !m.innmelder ? "innmelder" : undefined,
    !steg.dokumentkontrollFerdig ? "svar på dokumentkontrollen" : undefined,
    !steg.ankomstRegistrert ? "ankomstinformasjon" : undefined,
  ].filter(Boolean);
  return (
    <div className="smal">
      {visRegelverk ? (
        <FeilOppsummering feil={feilFra([fields.bekreftelse, fields.harLestRegelverk])} />
      ) : null}
      <h1 className="ds-heading" data-size="lg">
        Oppsummering
      </h1>
      {new URLSearchParams(search).get("ikkeSendt") === "1" ? (
        <Varsel farge="info" rolle="status">
          <p className="ds-paragraph">Forhåndsmeldingen er ikke sendt inn.</p>
        </Varsel>
      ) : null}
      {actionData?.lagreFeil && !visRegelverk ? (
        <Varsel farge="danger" rolle="alert" tittel={INNSENDING_FEILET}>
          <p className="ds-paragraph">{actionData.lagreFeil}</p>
        </Varsel>
      ) : null}
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

      <Dialog apen={visRegelverk} tittel="Bekreft kjennskap til regelverket" lukkTil={pathname}>
        <p className="ds-paragraph">
          For å sende inn forhåndsmeldingen må virksomheten bekrefte at den kjenner regelverket for import av
          planter.
        </p>
        {actionData?.lagreFeil && visRegelverk ? (
          <Varsel farge="danger" rolle="alert">
            <p className="ds-paragraph">{actionData.lagreFeil}</p>
          </Varsel>
        ) : null}
        <Form method="post" {...getFormProps(form)} className="skjema skjema--stablet">
          <CsrfInput />
          <input type="hidden" name="versjon" value={m.versjon} />
          <Radiogruppe
            felt={fields.bekreftelse}
            legende="Kjenner virksomheten regelverket?"
            valg={[
              { verdi: "bekreftet", tekst: "Ja, vi bekrefter at virksomheten kjenner regelverket" },
              { verdi: "vil-ikke-melde", tekst: "Nei, vi skal ikke melde import" },
            ]}
          />
          <div className="ds-field radio">
            <input
              className="ds-input"
              {...getInputProps(fields.harLestRegelverk, { type: "checkbox", value: "ja" })}
              key={fields.harLestRegelverk.key}
            />
            <label className="ds-label" data-weight="regular" htmlFor={fields.harLestRegelverk.id}>
              Virksomheten kjenner regelverket for import av planter
            </label>
          </div>
          {fields.harLestRegelverk.errors?.length ? (
            <p
              className="ds-validation-message feilmelding"
              id={fields.harLestRegelverk.errorId}
              data-color="danger"
            >
              {fields.harLestRegelverk.errors[0]}
            </p>
          ) : (
            <p className="ds-paragraph" data-size="sm">
              {REGELVERK_AVKRYSSING_TEKST}
            </p>
          )}
          <div className="knapperad">
            <SendKnapp name="intent" value="bekreft-regelverk">
              Bekreft og send inn
            </SendKnapp>
            <Link className="ds-button" data-variant="secondary" to={pathname} replace>
              Avbryt
            </Link>
          </div>
        </Form>
      </Dialog>

      <Form method="post" className="knapperad innsending">
        <CsrfInput />
        <input type="hidden" name="versjon" value={m.versjon} />
        <Link className="ds-button" data-variant="secondary" to={steg.url("ankomst-info")}>
          Forrige
        </Link>
        <SendKnapp name="intent" value="send-inn" disabled={!steg.kanSendesInn}>
          Send inn
        </SendKnapp>
      </Form>
      {!steg.kanSendesInn ? (
        <p className="ds-paragraph" data-size="sm">
          Du kan sende inn når du har fylt ut {mangler.join(" og ")}.
        </p>
      ) : null}
    </div>
  );
}

export const handle = { tittel: "Oppsummering" };
export const meta: MetaFunction = () => [{ title: "Oppsummering – Digital forhåndsmelding" }];
