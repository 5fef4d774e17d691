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
import { mottakskontrolloerSkjema } from "../../domain/schemas/importmelding";
import { FeilOppsummering, feilFra, MeldingSkjema, SendKnapp } from "../components/skjema";
import { useT } from "../components/sprak";
import { Tekstfelt } from "../components/tekstfelt";
import { LagreFeil } from "../components/ui";
import { hentBrukerInfo } from "../lib/bruker.server";
import { hentMelding, lagreFeilet, lesMeldingSkjema } from "../lib/importmelding.server";
import { useKlientvalidering } from "../lib/klientvalidering";
import { meldingSidetittel } from "../lib/sidetittel";
import { valider } from "../lib/valider";
import type { loader as meldingLoader } from "./importmelding.$id";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return await hentBrukerInfo(request, context);
}

/** The person who does the reception control: name and phone (SPEC §2 "Reception controller page"). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api, base, formData, versjon, avgiver, id } = await lesMeldingSkjema(request, context, params);
  const submission = parseWithZod(formData, { schema: mottakskontrolloerSkjema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), lagreFeil: null }, { status: 400 });
  const melding = await hentMelding(request, api, base);
  const ankomst = melding.ankomstInfo[0];
  const kontrolloerId = ankomst?.mottakskontrolloer?.importoerId;
  if (!ankomst || !kontrolloerId) {
    return data(
      { result: submission.reply(), lagreFeil: "importmelding.mottakskontrolloer.ingen" },
      { status: 400 },
    );
  }
  const person = { importoerId: kontrolloerId, ...submission.value };
  const body = melding.tilgang.eier
    ? {
        id: ankomst.id,
        ankomsttid: ankomst.ankomsttid,
        kontrollAdresse: ankomst.kontrollAdresse,
        mottakskontrolloer: person,
        versjon,
      }
    : { mottakskontrolloer: { ...person, importoerId: avgiver.importoerId }, versjon };
  try {
    await api.put(`${base}/ankomstinfo/${ankomst.id}`, body);
  } catch (e) {
    return lagreFeilet(e, "importmelding.mottakskontrolloer.lagreFeilet", context.logger, {
      result: submission.reply(),
    });
  }
  const foerste = melding.mottakskontrollSpoersmaal[0];
  return redirect(
    foerste ? `/importmelding/${id}/mottakskontroll/${foerste.path}` : `/importmelding/${id}/registrert`,
  );
}

export default function Mottakskontrolloer() {
  const data = useRouteLoaderData<typeof meldingLoader>("routes/importmelding.$id");
  const person = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const t = useT();
  const kontrolloer = data?.melding.ankomstInfo[0]?.mottakskontrolloer;
  useKlientvalidering();
  const [form, fields] = useForm({
    id: "mottakskontrolloer",
    lastResult: actionData?.result,
    defaultValue: {
      navn: kontrolloer?.navn ?? person.navn ?? "",
      telefonnummer: kontrolloer?.telefonnummer ?? person.telefonnummer ?? "",
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => valider(formData, (s) => s.mottakskontrolloerSkjema),
  });
  if (!data) return null;
  const m = data.melding;
  return (
    <div className="smal">
      <FeilOppsummering feil={feilFra([fields.navn, fields.telefonnummer])} />
      <p className="ds-paragraph sertifikat__overtittel">
        {t("importmelding.mottakskontrolloer.overtittel", { nummer: m.nummer })}
      </p>
      <h1 className="ds-heading" data-size="lg">
        {t("importmelding.mottakskontrolloer.tittel")}
      </h1>
      <p className="ds-paragraph">
        {kontrolloer?.virksomhetNavn
          ? t("importmelding.mottakskontrolloer.ingressMedKontrolloer", {
              navn: kontrolloer.virksomhetNavn,
            })
          : t("importmelding.mottakskontrolloer.ingress")}
      </p>
      <LagreFeil svar={actionData} />
      <MeldingSkjema versjon={m.versjon} {...getFormProps(form)} className="skjema skjema--stablet">
        <Tekstfelt felt={fields.navn} etikett={t("importmelding.innmelder.navn")} autoComplete="name" />
        <Tekstfelt
          felt={fields.telefonnummer}
          etikett={t("importmelding.innmelder.telefonnummer")}
          type="tel"
          autoComplete="tel"
          bredde="middels"
        />
        <div className="knapperad">
          <Link className="ds-button" data-variant="secondary" to={`/importmelding/${m.id}/registrert`}>
            {t("importmelding.forrige")}
          </Link>
          <SendKnapp>{t("importmelding.mottakskontrolloer.start")}</SendKnapp>
        </div>
      </MeldingSkjema>
    </div>
  );
}

export const handle = { tittel: "importmelding.kontrolloer.legende" };
export const meta: MetaFunction = (args) => meldingSidetittel(args, "importmelding.kontrolloer.legende");
