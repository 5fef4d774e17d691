import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { formaterDato, osloDato } from "../../domain/format";
import type { KopiResultat, SvarKilde } from "../../domain/importmelding";
import { importmeldingSti, wizardSteg } from "../../domain/importmelding-ruting";
import { Flagg, Part, SertifikatLenke } from "../components/importmelding";
import { MeldingSkjema, SendKnapp } from "../components/skjema";
import { Tekst, useT } from "../components/sprak";
import { LagreFeil, Varsel } from "../components/ui";
import { loginUrl } from "../lib/bruker.server";
import { lagreFeilet, lesMeldingSkjema, requireMelding } from "../lib/importmelding.server";
import { meldingSidetittel } from "../lib/sidetittel";
import type { loader as meldingLoader } from "./importmelding.$id";

/**
 * «Bruk svarene fra IM-…» (issue 36 item 14, ADR 061): the importer's last submitted notification from this
 * consignor, if any, offered as a choice. Beyond SPEC: when the API cannot say, nothing is offered.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, base } = await requireMelding(request, context, params);
  const kilde = await api
    .getJson<{ kilde: SvarKilde | null }>(`${base}/svarkilde`, { redirectOn401: loginUrl(request) })
    .then((s) => s.kilde)
    .catch((e: unknown) => {
      if (e instanceof Response) throw e;
      context.logger?.error({ err: e }, "Henting av svarkilden feilet");
      return null;
    });
  return { kilde };
}

/** The person chose to use the answers: copied by the API in one go, then the first step with them filled in. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api, base, id, formData, versjon } = await lesMeldingSkjema(request, context, params);
  const kildeId = Number(formData.get("kildeId"));
  try {
    const resultat = await api.postJson<KopiResultat>(`${base}/kopier-svar`, { kildeId, versjon });
    return redirect(`${importmeldingSti(id, "innmelder")}?svarFra=${resultat.kilde.id}`);
  } catch (e) {
    return lagreFeilet(e, "importmelding.bruk.feilet", context.logger);
  }
}

/** Step 1: confirm sender and receiver as the certificate gives them (SPEC §2 "Avsender step"). */
export default function Avsender() {
  const data = useRouteLoaderData<typeof meldingLoader>("routes/importmelding.$id");
  const { kilde } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const t = useT();
  if (!data) return null;
  const m = data.melding;
  const steg = wizardSteg(m);
  // A returning user (from /importmelding/{id}, which opens here, SPEC §2) is offered the first
  // unfinished step (ADR 007 "Resuming a draft").
  const fortsett = steg.fortsett === "avsender" || steg.fortsett === "innmelder" ? undefined : steg.fortsett;
  const nummer = fortsett ? steg.spoersmaalNummer(fortsett.replace(/^dokumentkontroll\//, "")) : undefined;
  const fortsettTekst = nummer
    ? t("importmelding.avsender.fortsettDokumentkontroll", { nummer: nummer.nummer, antall: nummer.antall })
    : fortsett === "ankomst-info"
      ? t("importmelding.avsender.fortsettAnkomst")
      : t("importmelding.avsender.tilOppsummering");
  return (
    <div className="smal">
      <h1 className="ds-heading" data-size="lg">
        {t("importmelding.avsender.tittel")}
      </h1>
      {fortsett ? (
        <Varsel farge="info" tittel={t("importmelding.avsender.begyntTittel")}>
          <p className="ds-paragraph">{t("importmelding.avsender.begyntTekst")}</p>
          <Link className="ds-button" data-variant="primary" to={steg.url(fortsett)}>
            {fortsettTekst}
          </Link>
        </Varsel>
      ) : null}
      <p className="ds-paragraph">
        <Tekst
          id="importmelding.avsender.hentet"
          verdier={{ nummer: m.sertifikat.nummer }}
          deler={[<SertifikatLenke key="sertifikat" melding={m} />]}
        />
      </p>
      <div className="to-kolonner">
        <Part part={m.avsender} tittel={t("importmelding.avsender.avsender")} nivaa={2} />
        <Part part={m.mottaker} tittel={t("importmelding.avsender.mottaker")} nivaa={2} />
      </div>
      <p className="ds-paragraph">
        {t("importmelding.avsender.eksportland")} <Flagg kode={m.eksportLand.kode} />{" "}
        <span>{m.eksportLand.navn}</span>
      </p>
      <Varsel farge="info" tittel={t("importmelding.avsender.stemmerIkkeTittel")}>
        <p className="ds-paragraph">{t("importmelding.avsender.stemmerIkkeTekst")}</p>
      </Varsel>
      <LagreFeil svar={actionData} />
      {/* offered on a fresh draft only: once it has a notifier, the person has answered or copied already */}
      {kilde && !m.innmelder ? <BrukSvarene kilde={kilde} versjon={m.versjon} /> : null}
      <div className="knapperad">
        <Link
          className="ds-button"
          data-variant="primary"
          to={steg.url(steg.neste("avsender") ?? "innmelder")}
        >
          {t("importmelding.avsender.bekreft")}
        </Link>
      </div>
    </div>
  );
}

/** The offer: which notification and when, what it fills in, and the button that takes it. */
function BrukSvarene({ kilde, versjon }: { kilde: SvarKilde; versjon: number }) {
  const t = useT();
  return (
    <section className="panel" aria-labelledby="bruk-svarene-tittel">
      <h2 className="ds-heading" data-size="sm" id="bruk-svarene-tittel">
        {t("importmelding.bruk.tittel", { nummer: kilde.nummer })}
      </h2>
      <p className="ds-paragraph">
        {t("importmelding.bruk.tekst", {
          nummer: kilde.nummer,
          dato: formaterDato(osloDato(new Date(kilde.sendtInn)), t.sprak),
        })}
      </p>
      <MeldingSkjema versjon={versjon}>
        <input type="hidden" name="kildeId" value={kilde.id} />
        <SendKnapp variant="secondary">{t("importmelding.bruk.knapp", { nummer: kilde.nummer })}</SendKnapp>
      </MeldingSkjema>
    </section>
  );
}

export const meta: MetaFunction = (args) => meldingSidetittel(args, "importmelding.steg.Avsender");
