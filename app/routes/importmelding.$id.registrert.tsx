import { parseWithZod } from "@conform-to/zod/v4";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { formaterOrganisasjonsnummer } from "../../domain/format";
import type { ImportmeldingVisning, StatusSvar } from "../../domain/importmelding";
import { egenReferanseSkjema } from "../../domain/schemas/importmelding";
import { CsrfInput } from "../components/csrf-input";
import { Dialog } from "../components/dialog";
import { Historikk } from "../components/historikk";
import {
  DokumentasjonLenke,
  IkkeMottakerVarsel,
  MeldingHode,
  Sendingsoversikt,
  sertifikatUrl,
} from "../components/importmelding";
import {
  Ankomststed,
  ForventetAnkomst,
  Kontrollsvar,
  kontrolloerTekst,
  RedigerLenke,
} from "../components/kontrollsvar";
import { Avkrysning, MeldingSkjema, SendKnapp } from "../components/skjema";
import { Tekst, useT } from "../components/sprak";
import { Statusforloep } from "../components/statusforloep";
import { Opplysninger, Varsel } from "../components/ui";
import { VenterPaaMattilsynet } from "../components/vurdering";
import { ankomstAction, ankomstLoader } from "../lib/ankomst.server";
import { feilmelding, historikkLoader, lesMeldingSkjema } from "../lib/importmelding.server";
import { lesCookie, settCookie } from "../lib/preferanser.server";
import { meldingSidetittel } from "../lib/sidetittel";
import type { loader as rootLoader } from "../root";
import type { loader as meldingLoader } from "./importmelding.$id";

/**
 * The arrival form ('Endre', ?endre=ankomst) with conform and the client validation is loaded when it is
 * shown, not with the page (the page's first load stays within the budget, ADR 025). The server renders it
 * in full before it answers (entry.server.tsx waits for everything), so it is there without JavaScript.
 */
const AnkomstRedigering = lazy(() =>
  import("../components/ankomst-skjema").then((m) => ({ default: m.AnkomstRedigering })),
);

const SKJUL_SENDT_DIALOG_COOKIE = "skjulImportmeldingOpprettetModal";

export async function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const skjulSendt = (await lesCookie(args.request, SKJUL_SENDT_DIALOG_COOKIE)) === "ja";
  const ankomst = url.searchParams.get("endre") === "ankomst" ? await ankomstLoader(args) : null;
  const historikk = ankomst ? null : await historikkLoader(args);
  return { skjulSendt, ankomst, historikk };
}

export async function action(args: ActionFunctionArgs) {
  const { request, context, params } = args;
  const cloned = request.clone();
  const { api, base, formData, versjon, id } = await lesMeldingSkjema(request, context, params);
  const intent = formData.get("intent");
  switch (intent) {
    case "egenreferanse": {
      const submission = parseWithZod(formData, { schema: egenReferanseSkjema });
      if (submission.status === "success") {
        try {
          await api.put(`${base}/egenreferanse`, {
            egenReferanse: submission.value.egenReferanse ?? null,
            versjon,
          });
        } catch (e) {
          if (e instanceof Response) throw e;
          // SPEC §8: a failure to save the own reference is only logged.
          context.logger?.warn({ err: e }, "Lagring av egen referanse feilet");
        }
      }
      return redirect(`/importmelding/${id}/registrert`);
    }
    case "trekk-tilbake": {
      try {
        await api.putJson<StatusSvar>(`${base}/status`, { status: "TILBAKETRUKKET", versjon });
      } catch (e) {
        if (e instanceof Response) throw e;
        return data({ feil: feilmelding(e, "importmelding.registrert.trekkFeilet") }, { status: 400 });
      }
      // ?trukket=1: the page announces that it was withdrawn (role=status)
      return redirect(`/importmelding/${id}/registrert?trukket=1`);
    }
    case "skjul-sendt": {
      const headers = new Headers();
      if (formData.get("ikkeVisIgjen") === "ja") {
        headers.append("Set-Cookie", await settCookie(SKJUL_SENDT_DIALOG_COOKIE, "ja", context));
      }
      return redirect(`/importmelding/${id}/registrert`, { headers });
    }
    case "ankomst-lagre":
    case "ankomst-bekreft":
    case "ankomst-avbryt":
      return ankomstAction({ ...args, request: cloned }, `/importmelding/${id}/registrert?endret=ankomst`);
    default:
      return data({ feil: "importmelding.registrert.ukjentHandling" }, { status: 400 });
  }
}

function FysiskKontroll({ m, sendt }: { m: ImportmeldingVisning; sendt: boolean }) {
  const t = useT();
  const ankomst = m.ankomstInfo[0];
  const kanEndres = m.status === "REGISTRERT" && !m.erAnkommet;
  // Only the owning importer may change the arrival; the appointed controller starts the control.
  const eier = m.tilgang.eier;
  const harKontrolloer = !!ankomst?.mottakskontrolloer;
  // Removed from the importer's controllers since it was chosen: it stays on the notification (ADR 011),
  // but the page says so (issue 23 item 5).
  const ikkeUtnevnt = ankomst?.mottakskontrolloer?.erUtnevnt === false && !m.erAnkommet;
  return (
    <section className="kort" aria-labelledby="fysisk-tittel">
      <h2 id="fysisk-tittel" className="ds-heading" data-size="sm">
        {t("importmelding.registrert.fysiskKontroll")}
      </h2>
      {ikkeUtnevnt ? (
        <Varsel farge="warning">
          <p className="ds-paragraph">
            {t("importmelding.registrert.ikkeUtnevnt", {
              kontrolloer: kontrolloerTekst(ankomst) ?? "",
              importoer: m.ansvarligImportoer.navn,
            })}
            {kanEndres && eier && !sendt ? ` ${t("importmelding.registrert.velgAnnen")}` : ""}
          </p>
        </Varsel>
      ) : null}
      <Opplysninger
        rader={[
          [t("importmelding.ankomst.kontrollsted"), <Ankomststed key="sted" ankomst={ankomst} />],
          [t("importmelding.ankomst.forventet"), <ForventetAnkomst key="tid" ankomst={ankomst} />],
          [
            t("importmelding.kontrolloer.legende"),
            kontrolloerTekst(ankomst) ?? t("importmelding.registrert.ikkeValgt"),
          ],
          [
            t("importmelding.registrert.mottakskontroll"),
            // Reported arrived, then withdrawn when the consignee notified the shipment itself (ADR 027): the
            // control that was reported stays shown.
            m.erAnkommet || m.faktiskAnkommet ? (
              <Kontrollsvar
                key="svar"
                spoersmaal={m.mottakskontrollSpoersmaal}
                ikkeBesvart="importmelding.registrert.ikkeGjennomfoert"
              />
            ) : (
              t("importmelding.registrert.naarKommet")
            ),
          ],
        ]}
      />
      {kanEndres && !sendt ? (
        <div className="knapperad">
          {m.status === "REGISTRERT" && harKontrolloer ? (
            <Link
              className="ds-button"
              data-variant="primary"
              to={`/importmelding/${m.id}/mottakskontrolloer`}
            >
              {t("importmelding.registrert.startKontroll")}
            </Link>
          ) : (
            <button className="ds-button" data-variant="primary" type="button" disabled>
              {t("importmelding.registrert.startKontroll")}
            </button>
          )}
          {eier ? <EndreAnkomst id={m.id} /> : null}
        </div>
      ) : null}
    </section>
  );
}

/** Said once the notification is sent, until the user ticks 'Ikke vis denne meldingen igjen'. */
function SendtDialog({ m, apen }: { m: ImportmeldingVisning; apen: boolean }) {
  const { pathname } = useLocation();
  const t = useT();
  return (
    <Dialog
      id="sendt"
      apen={apen}
      tittel={t("importmelding.registrert.sendtTittel")}
      lukkTil={pathname}
      farge="success"
    >
      <p className="ds-paragraph">{t("importmelding.registrert.sendtTekst", { nummer: m.nummer })}</p>
      <Form method="post" className="skjema">
        <CsrfInput />
        <Avkrysning
          id="ikkeVisIgjen"
          tekst={t("importmelding.registrert.ikkeVisIgjen")}
          name="ikkeVisIgjen"
          value="ja"
        />
        <SendKnapp name="intent" value="skjul-sendt">
          {t("importmelding.registrert.lukk")}
        </SendKnapp>
      </Form>
    </Dialog>
  );
}

/** 'Trekk tilbake' and the dialog that asks before the owner withdraws a registered notification. */
function TrekkTilbake({ m }: { m: ImportmeldingVisning }) {
  const { search, pathname } = useLocation();
  const t = useT();
  return (
    <>
      <Link
        className="ds-button"
        data-variant="secondary"
        data-color="danger"
        to={`${pathname}?trekk=1`}
        preventScrollReset
      >
        {t("importmelding.registrert.trekkTilbake")}
      </Link>
      <Dialog
        id="trekk"
        apen={new URLSearchParams(search).get("trekk") === "1"}
        tittel={t("importmelding.registrert.trekkTittel")}
        lukkTil={pathname}
        farge="danger"
      >
        <p className="ds-paragraph">{t("importmelding.registrert.trekkSpoersmaal", { nummer: m.nummer })}</p>
        <MeldingSkjema versjon={m.versjon} className="knapperad">
          <SendKnapp name="intent" value="trekk-tilbake">
            {t("importmelding.registrert.trekkTittel")}
          </SendKnapp>
          <Link className="ds-button" data-variant="secondary" to={pathname} replace data-trygt-valg>
            {t("felles.avbryt")}
          </Link>
        </MeldingSkjema>
      </Dialog>
    </>
  );
}

export default function Registrert() {
  const data = useRouteLoaderData<typeof meldingLoader>("routes/importmelding.$id");
  const rot = useRouteLoaderData<typeof rootLoader>("root");
  const { skjulSendt, ankomst, historikk } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search, pathname } = useLocation();
  const t = useT();
  if (!data) return null;
  const m = data.melding;
  const sok = new URLSearchParams(search);
  const tilbaketrukket = m.status === "TILBAKETRUKKET";
  const registrert = m.status === "REGISTRERT";
  const visSendt = sok.get("sendt") === "1" && !skjulSendt && registrert;
  const avgiver = rot?.avgiver;
  const kvittering = avgiver
    ? `/dokument/import/v2/importmelding/${avgiver.organisasjonsnummer}/${avgiver.importoerId}/${m.id}`
    : undefined;
  const feil = actionData && "feil" in actionData ? actionData.feil : null;
  // Withdrawing, the arrival and the own reference belong to the owning importer (the API refuses others).
  const eier = m.tilgang.eier;
  if (ankomst && registrert && eier) {
    return (
      <Suspense fallback={null}>
        <AnkomstRedigering melding={m} data={ankomst} actionData={actionData} tilbake={pathname} />
      </Suspense>
    );
  }
  return (
    <div className="registrert">
      <MeldingHode melding={m} />
      {sok.get("alleredeSendt") === "1" ? (
        <Varsel farge="info" rolle="status" tittel={t("importmelding.registrert.alleredeSendtTittel")}>
          <p className="ds-paragraph">{t("importmelding.registrert.alleredeSendtTekst")}</p>
        </Varsel>
      ) : null}
      {feil ? (
        <Varsel farge="danger" rolle="alert" tittel={t("felles.lagreFeil.tittel")}>
          <p className="ds-paragraph">{t.melding(feil)}</p>
        </Varsel>
      ) : null}
      {tilbaketrukket ? (
        <Varsel
          farge="warning"
          tittel={t("importmelding.registrert.trukketTittel")}
          rolle={sok.get("trukket") === "1" ? "status" : undefined}
        >
          <p className="ds-paragraph">{t("importmelding.registrert.trukketTekst")}</p>
        </Varsel>
      ) : null}
      <Statusforloep melding={m} />
      <IkkeMottakerVarsel melding={m} />
      <SendtDialog m={m} apen={visSendt} />
      <VenterPaaMattilsynet melding={m} />

      <section className="kort" aria-labelledby="ansvarlig-tittel">
        <h2 id="ansvarlig-tittel" className="ds-heading" data-size="sm">
          {t("importmelding.registrert.ansvarlig")}
        </h2>
        <p className="ds-paragraph">
          {t("importmelding.registrert.importoer", {
            navn: m.ansvarligImportoer.navn,
            orgnr: formaterOrganisasjonsnummer(m.ansvarligImportoer.organisasjonsnummer),
          })}
        </p>
        <EgenReferanse m={m} redigerer={sok.get("endre") === "referanse"} eier={eier} />
      </section>

      {m.dokumentkontrollSpoersmaal.length ? (
        <section className="kort" aria-labelledby="dokument-tittel">
          <h2 id="dokument-tittel" className="ds-heading" data-size="sm">
            {t("importmelding.steg.Dokumentkontroll")}
          </h2>
          <Kontrollsvar spoersmaal={m.dokumentkontrollSpoersmaal} />
        </section>
      ) : null}
      {!m.kunDokumentkontroll ? (
        <FysiskKontroll m={m} sendt={tilbaketrukket} />
      ) : (
        <section className="kort" aria-labelledby="ankomst-tittel">
          <h2 id="ankomst-tittel" className="ds-heading" data-size="sm">
            {t("importmelding.steg.Ankomst")}
          </h2>
          <p className="ds-paragraph">
            <Tekst
              id="importmelding.registrert.forventetAnkomst"
              deler={[
                <ForventetAnkomst key="tid" ankomst={m.ankomstInfo[0]} />,
                <Ankomststed key="sted" ankomst={m.ankomstInfo[0]} />,
              ]}
            />
          </p>
          {registrert && eier ? <EndreAnkomst id={m.id} /> : null}
        </section>
      )}

      <section className="kort" aria-labelledby="sertifikat-tittel">
        <h2 id="sertifikat-tittel" className="ds-heading" data-size="sm">
          {t("importmelding.sending.sertifikat")}
        </h2>
        <p className="ds-paragraph">
          {m.sertifikat.type ?? t("importmelding.sending.sertifikat")} {m.sertifikat.nummer},{" "}
          {m.eksportLand.navn}.{" "}
          <a className="ds-link" href={sertifikatUrl(m)} target="_blank" rel="noreferrer">
            {t("importmelding.registrert.aapneSertifikatet")}
            <span className="skjult">{t("importmelding.nyFane")}</span>
          </a>
        </p>
      </section>
      <Sendingsoversikt melding={m} />

      {!m.erAnkommet && kvittering ? (
        <p>
          <a className="ds-link" href={kvittering}>
            {t("importmelding.registrert.kvittering")}
          </a>
        </p>
      ) : null}
      <DokumentasjonLenke melding={m} avgiver={avgiver} />
      {registrert && eier ? <TrekkTilbake m={m} /> : null}
      {historikk ? <Historikk side={historikk.side} foer={historikk.foer} sti={pathname} /> : null}
    </div>
  );
}

function EgenReferanse({
  m,
  redigerer,
  eier,
}: {
  m: ImportmeldingVisning;
  redigerer: boolean;
  eier: boolean;
}) {
  const t = useT();
  const kanEndres = eier && (m.status === "REGISTRERT" || m.status === "ANKOMMET");
  if (redigerer && kanEndres) {
    return (
      <MeldingSkjema versjon={m.versjon} className="skjema egen-referanse">
        <div className="ds-field">
          <label className="ds-label" htmlFor="egenReferanse">
            {t("importmelding.innmelder.egenReferanse")}
          </label>
          <input
            className="ds-input"
            id="egenReferanse"
            name="egenReferanse"
            defaultValue={m.egenReferanse ?? ""}
            maxLength={100}
          />
        </div>
        <SendKnapp name="intent" value="egenreferanse">
          {t("importmelding.registrert.lagre")}
        </SendKnapp>
      </MeldingSkjema>
    );
  }
  return (
    <p className="ds-paragraph">
      {t("importmelding.registrert.egenReferanse", {
        referanse: m.egenReferanse ?? t("importmelding.registrert.ikkeAngitt"),
      })}{" "}
      {kanEndres ? (
        <RedigerLenke
          til={`/importmelding/${m.id}/registrert?endre=referanse`}
          hva="importmelding.registrert.egenReferanseHva"
        />
      ) : null}
    </p>
  );
}

export const handle = { tittel: "importmelding.melding.tittelUtenNummer" };
export const meta: MetaFunction = (args) => meldingSidetittel(args, "importmelding.forloep.registrert");

/** 'Endre' for the arrival info: the arrival form as a section of the registered page. */
function EndreAnkomst({ id }: { id: number }) {
  const t = useT();
  return (
    <Link className="ds-button" data-variant="secondary" to={`/importmelding/${id}/registrert?endre=ankomst`}>
      <Tekst
        id="importmelding.endre"
        verdier={{ hva: t("importmelding.registrert.ankomstHva") }}
        deler={[<span key="hva" className="skjult" />]}
      />
    </Link>
  );
}
