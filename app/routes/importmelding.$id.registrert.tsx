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
import { Ankomststed, ForventetAnkomst, Kontrollsvar, kontrolloerTekst } from "../components/kontrollsvar";
import { Avkrysning, MeldingSkjema, SendKnapp } from "../components/skjema";
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
          console.warn("Lagring av egen referanse feilet", e);
        }
      }
      return redirect(`/importmelding/${id}/registrert`);
    }
    case "trekk-tilbake": {
      try {
        await api.putJson<StatusSvar>(`${base}/status`, { status: "TILBAKETRUKKET", versjon });
      } catch (e) {
        if (e instanceof Response) throw e;
        return data(
          { feil: feilmelding(e, "Klarte ikke å trekke tilbake forhåndsmeldingen") },
          { status: 400 },
        );
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
      return data({ feil: "Ukjent handling" }, { status: 400 });
  }
}

function FysiskKontroll({ m, sendt }: { m: ImportmeldingVisning; sendt: boolean }) {
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
        Fysisk kontroll
      </h2>
      {ikkeUtnevnt ? (
        <Varsel farge="warning">
          <p className="ds-paragraph">
            {kontrolloerTekst(ankomst)} er ikke lenger utnevnt som mottakskontrollør for{" "}
            {m.ansvarligImportoer.navn}.{" "}
            {kanEndres && eier && !sendt ? "Velg en annen mottakskontrollør med «Endre»." : ""}
          </p>
        </Varsel>
      ) : null}
      <Opplysninger
        rader={[
          ["Kontrollsted", <Ankomststed key="sted" ankomst={ankomst} />],
          ["Forventet ankomst", <ForventetAnkomst key="tid" ankomst={ankomst} />],
          ["Mottakskontrollør", kontrolloerTekst(ankomst) ?? "Ikke valgt"],
          [
            "Mottakskontroll",
            // Reported arrived, then withdrawn when the consignee notified the shipment itself (ADR 027): the
            // control that was reported stays shown.
            m.erAnkommet || m.faktiskAnkommet ? (
              <Kontrollsvar
                key="svar"
                spoersmaal={m.mottakskontrollSpoersmaal}
                ikkeBesvart="Ikke gjennomført"
              />
            ) : (
              "Gjennomføres når forsendelsen har kommet"
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
              Start kontroll
            </Link>
          ) : (
            <button className="ds-button" data-variant="primary" type="button" disabled>
              Start kontroll
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
  return (
    <Dialog id="sendt" apen={apen} tittel="Forhåndsmeldingen ble sendt" lukkTil={pathname} farge="success">
      <p className="ds-paragraph">
        Mattilsynet har mottatt forhåndsmeldingen {m.nummer}. Du kan endre ankomststed og tidspunkt helt til
        mottakskontrollen er gjort.
      </p>
      <Form method="post" className="skjema">
        <CsrfInput />
        <Avkrysning id="ikkeVisIgjen" tekst="Ikke vis denne meldingen igjen" name="ikkeVisIgjen" value="ja" />
        <SendKnapp name="intent" value="skjul-sendt">
          Lukk
        </SendKnapp>
      </Form>
    </Dialog>
  );
}

/** 'Trekk tilbake' and the dialog that asks before the owner withdraws a registered notification. */
function TrekkTilbake({ m }: { m: ImportmeldingVisning }) {
  const { search, pathname } = useLocation();
  return (
    <>
      <Link
        className="ds-button"
        data-variant="secondary"
        data-color="danger"
        to={`${pathname}?trekk=1`}
        preventScrollReset
      >
        Trekk tilbake
      </Link>
      <Dialog
        id="trekk"
        apen={new URLSearchParams(search).get("trekk") === "1"}
        tittel="Trekk forhåndsmelding"
        lukkTil={pathname}
        farge="danger"
      >
        <p className="ds-paragraph">
          Vil du trekke tilbake forhåndsmeldingen {m.nummer}? Den blir da ikke behandlet videre av
          Mattilsynet.
        </p>
        <MeldingSkjema versjon={m.versjon} className="knapperad">
          <SendKnapp name="intent" value="trekk-tilbake">
            Trekk forhåndsmelding
          </SendKnapp>
          <Link className="ds-button" data-variant="secondary" to={pathname} replace data-trygt-valg>
            Avbryt
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
        <Varsel farge="info" rolle="status" tittel="Forhåndsmeldingen er allerede sendt inn">
          <p className="ds-paragraph">
            Forhåndsmeldingen var allerede sendt inn til Mattilsynet, og den er ikke sendt inn en gang til.
          </p>
        </Varsel>
      ) : null}
      {feil ? (
        <Varsel farge="danger" rolle="alert" tittel="Noe gikk galt">
          <p className="ds-paragraph">{feil}</p>
        </Varsel>
      ) : null}
      {tilbaketrukket ? (
        <Varsel
          farge="warning"
          tittel="Forhåndsmeldingen er trukket tilbake"
          rolle={sok.get("trukket") === "1" ? "status" : undefined}
        >
          <p className="ds-paragraph">Forhåndsmeldingen vil ikke bli behandlet videre av Mattilsynet.</p>
        </Varsel>
      ) : null}
      <Statusforloep melding={m} />
      <IkkeMottakerVarsel melding={m} />
      <SendtDialog m={m} apen={visSendt} />
      <VenterPaaMattilsynet melding={m} />

      <section className="kort" aria-labelledby="ansvarlig-tittel">
        <h2 id="ansvarlig-tittel" className="ds-heading" data-size="sm">
          Ansvarlig importør
        </h2>
        <p className="ds-paragraph">
          {m.ansvarligImportoer.navn} (org.nr.{" "}
          {formaterOrganisasjonsnummer(m.ansvarligImportoer.organisasjonsnummer)})
        </p>
        <EgenReferanse m={m} redigerer={sok.get("endre") === "referanse"} eier={eier} />
      </section>

      {m.dokumentkontrollSpoersmaal.length ? (
        <section className="kort" aria-labelledby="dokument-tittel">
          <h2 id="dokument-tittel" className="ds-heading" data-size="sm">
            Dokumentkontroll
          </h2>
          <Kontrollsvar spoersmaal={m.dokumentkontrollSpoersmaal} />
        </section>
      ) : null}
      {!m.kunDokumentkontroll ? (
        <FysiskKontroll m={m} sendt={tilbaketrukket} />
      ) : (
        <section className="kort" aria-labelledby="ankomst-tittel">
          <h2 id="ankomst-tittel" className="ds-heading" data-size="sm">
            Ankomst
          </h2>
          <p className="ds-paragraph">
            Forventet ankomst: <ForventetAnkomst ankomst={m.ankomstInfo[0]} />,{" "}
            <Ankomststed ankomst={m.ankomstInfo[0]} />
          </p>
          {registrert && eier ? <EndreAnkomst id={m.id} /> : null}
        </section>
      )}

      <section className="kort" aria-labelledby="sertifikat-tittel">
        <h2 id="sertifikat-tittel" className="ds-heading" data-size="sm">
          Sertifikat
        </h2>
        <p className="ds-paragraph">
          {m.sertifikat.type ?? "Sertifikat"} {m.sertifikat.nummer}, {m.eksportLand.navn}.{" "}
          <a className="ds-link" href={sertifikatUrl(m)} target="_blank" rel="noreferrer">
            Åpne sertifikatet
            <span className="skjult"> (åpnes i ny fane)</span>
          </a>
        </p>
      </section>
      <Sendingsoversikt melding={m} />

      {!m.erAnkommet && kvittering ? (
        <p>
          <a className="ds-link" href={kvittering}>
            Kvittering (PDF)
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
  const kanEndres = eier && (m.status === "REGISTRERT" || m.status === "ANKOMMET");
  if (redigerer && kanEndres) {
    return (
      <MeldingSkjema versjon={m.versjon} className="skjema egen-referanse">
        <div className="ds-field">
          <label className="ds-label" htmlFor="egenReferanse">
            Egen referanse
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
          Lagre
        </SendKnapp>
      </MeldingSkjema>
    );
  }
  return (
    <p className="ds-paragraph">
      Egen referanse: {m.egenReferanse ?? "Ikke angitt"}{" "}
      {kanEndres ? (
        <Link className="ds-link" to={`/importmelding/${m.id}/registrert?endre=referanse`}>
          Endre
          <span className="skjult"> egen referanse</span>
        </Link>
      ) : null}
    </p>
  );
}

export const handle = { tittel: "Forhåndsmelding" };
export const meta: MetaFunction = (args) => meldingSidetittel(args, "Registrert");

/** 'Endre' for the arrival info: the arrival form as a section of the registered page. */
function EndreAnkomst({ id }: { id: number }) {
  return (
    <Link className="ds-button" data-variant="secondary" to={`/importmelding/${id}/registrert?endre=ankomst`}>
      Endre
      <span className="skjult"> ankomstinformasjon</span>
    </Link>
  );
}
