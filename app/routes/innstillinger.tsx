import {
  type ActionFunctionArgs,
  type AppLoadContext,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { useLoaderData, useLocation, useNavigationType } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { Noekkel } from "../../sprak/navnerom";
import { erSprak } from "../../sprak/sprak";
import { hentEpostFeil } from "../components/epost-banner";
import { FEIL, type Kort, LAGRET, lesSide, type Svar, sideUrl } from "../components/innstillinger/felles";
import { Integrasjoner } from "../components/innstillinger/integrasjoner";
import { LeggTilKontrolloer, RegistrereKontrolloer } from "../components/innstillinger/mottakskontrolloer";
import { Profil } from "../components/innstillinger/profil";
import { Sidenavigasjon } from "../components/innstillinger/sidenavigasjon";
import { Varslinger, type VarslingSvar } from "../components/innstillinger/varslinger";
import { Webhooker } from "../components/innstillinger/webhooker";
import { useT } from "../components/sprak";
import { Varsel } from "../components/ui";
import { type ApiClient, ApiFeil } from "../lib/api.server";
import { type Importoer, loginUrl, requireVirksomhet } from "../lib/bruker.server";
import { lesSkjema } from "../lib/csrf.server";
import { hentSystemtilganger, systemtilgangHandling } from "../lib/integrasjoner.server";
import { hentFlagg } from "../lib/preferanser.server";
import { lagreRegelverk, lesRegelverk } from "../lib/regelverk.server";
import { sidetittel } from "../lib/sidetittel";
import { oversetterFor, ruteTekster } from "../lib/tekster.server";
import { hentWebhooker, webhookHandling } from "../lib/webhooker.server";

async function hentImportoer(api: ApiClient, orgnr: string) {
  return api.getJson<Importoer>(`/import/register/v1/${orgnr}`, { redirectOn401: "/mangler-autorisasjon" });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, avgiver } = await requireVirksomhet(request, context);
  const url = new URL(request.url);
  const side = lesSide(url.searchParams.get("side"));
  let importoer: Importoer;
  try {
    importoer = await hentImportoer(api, avgiver.organisasjonsnummer);
  } catch (e) {
    // 401/403 on a load: the no-access panel (SPEC §7), not 'Noe gikk feil'.
    if (e instanceof ApiFeil && (e.status === 401 || e.status === 403)) {
      throw new Response("Ingen tilgang", { status: 403 });
    }
    throw e;
  }
  let alleKontrolloerer: Kort[] = [];
  let kontrolloerFeil = false;
  if (side === "Legg til mottakskontrollør") {
    try {
      alleKontrolloerer = await api.getJson<Kort[]>(
        `/import/mottakskontrolloerer/v1?orgnr=${avgiver.organisasjonsnummer}`,
        { redirectOn401: loginUrl(request) },
      );
    } catch (e) {
      // SPEC §7: a 404 is an empty list.
      if (!(e instanceof ApiFeil)) throw e;
      if (e.status !== 404) kontrolloerFeil = true;
    }
  }
  // The e-mail health banner belongs on the Varslinger side (issue 10, ADR 012).
  const epostFeil = side === "Varslinger" ? await hentEpostFeil(api, avgiver, context.logger) : false;
  const integrasjoner =
    side === "Integrasjoner"
      ? await hentSystemtilganger(api, avgiver.organisasjonsnummer, url, { redirectOn401: loginUrl(request) })
      : null;
  const webhooker =
    side === "Integrasjoner" ? await hentWebhooker(api, avgiver, url, loginUrl(request)) : null;
  const lagret = url.searchParams.get("lagret");
  const slettId = Number(url.searchParams.get("slettEpost"));
  const fjernId = Number(url.searchParams.get("fjernKontrolloer"));
  return data(
    {
      avgiver,
      importoer,
      side,
      alleKontrolloerer,
      kontrolloerFeil,
      sok: url.searchParams.get("sok")?.slice(0, 100) ?? "",
      lagret: lagret ? (LAGRET[lagret] ?? null) : null,
      slettEpost: importoer.epostadresser.find((e) => e.id === slettId) ?? null,
      fjernKontrolloer: importoer.mottakskontrolloerer.find((k) => k.id === fjernId) ?? null,
      epostFeil,
      integrasjoner,
      webhooker,
      // the page's messages and the forms' validation messages (ADR 047)
      ...(await ruteTekster(request, "routes/innstillinger")),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, avgiver, session } = await requireVirksomhet(request, context);
  const { formData } = await lesSkjema(request, context, session);
  const orgnr = avgiver.organisasjonsnummer;
  const base = `/import/register/v1/${orgnr}`;
  const intent = String(formData.get("intent") ?? "");
  const opts = { redirectOn401: loginUrl(request) };
  // The answers are texts in the user's language (the Varslinger side shows them as they are); the API's
  // own messages come in it already (apiFor sends the language).
  const t = await oversetterFor(request);
  const avvis = (melding: string, ekstra: Partial<Svar> = {}) =>
    data<Svar>({ intent, feil: t.melding(melding), ...ekstra }, { status: 400 });
  const feil = (e: unknown, reserve: Noekkel, ekstra: Partial<Svar> = {}) => {
    if (e instanceof ApiFeil) return avvis(e.melding ?? reserve, ekstra);
    throw e;
  };
  const svar = (melding: Noekkel): Svar => ({ intent, melding: t(melding) });
  const system = await systemtilgangHandling(intent, formData, api, orgnr, opts);
  if (system) return system;
  const webhook = await webhookHandling(intent, formData, api, avgiver, loginUrl(request));
  if (webhook !== undefined) return webhook;
  const varsling = await varslingHandling(intent, formData, api, base, request, context);
  if (varsling !== undefined) return varsling;
  switch (intent) {
    case "bekreft-regelverk": {
      // the one confirmation form (ADR 060): its answers and messages are the same on every page
      const lest = lesRegelverk(formData);
      if (lest.utfall === "ugyldig") return data<Svar>({ intent, regelverk: lest.svar }, { status: 400 });
      if (lest.utfall === "vil-ikke-melde")
        return { ...svar("felles.regelverk.ikkeLagret"), regelverk: lest.svar } satisfies Svar;
      try {
        await lagreRegelverk(api, avgiver, request);
      } catch (e) {
        return feil(e, FEIL.regelverk);
      }
      return redirect(sideUrl("Profil", { lagret: "regelverk" }));
    }
    case "mottakskontrolloer": {
      const erMottakskontrolloer = formData.get("erMottakskontrolloer") === "ja";
      try {
        await api.put(`${base}/${avgiver.importoerId}/mottakskontrolloer`, { erMottakskontrolloer }, opts);
      } catch (e) {
        return feil(e, FEIL.registrer);
      }
      return svar(
        erMottakskontrolloer
          ? "innstillinger.svar.kontrolloerRegistrert"
          : "innstillinger.svar.kontrolloerIkkeRegistrert",
      );
    }
    case "legg-til-kontrolloer":
    case "fjern-kontrolloer": {
      const id = Number(formData.get("mottakskontrolloerId"));
      if (!Number.isSafeInteger(id) || id <= 0) {
        return avvis("innstillinger.svar.velgKontrolloer");
      }
      try {
        const importoer = await hentImportoer(api, orgnr);
        const naa = importoer.mottakskontrolloerer.map((k) => k.id);
        const ny = intent === "legg-til-kontrolloer" ? [...naa, id] : naa.filter((k) => k !== id);
        await api.put(
          `${base}/${avgiver.importoerId}/mottakskontrolloerer`,
          { mottakskontrolloerIds: ny },
          opts,
        );
      } catch (e) {
        return feil(e, FEIL.kontrolloerer);
      }
      return redirect(
        sideUrl("Legg til mottakskontrollør", {
          lagret: intent === "legg-til-kontrolloer" ? "kontrolloer-lagt-til" : "kontrolloer-fjernet",
        }),
      );
    }
    default:
      return avvis("innstillinger.ukjentHandling");
  }
}

/**
 * The Varslinger side's actions (SPEC §2; issue 33: its texts from the catalogue `innstillinger`, ADR 055):
 * e-mail addresses, the two alert switches and «Språk i e-postvarsel». Undefined for any other intent.
 */
async function varslingHandling(
  intent: string,
  formData: FormData,
  api: ApiClient,
  base: string,
  request: Request,
  context: AppLoadContext,
) {
  const opts = { redirectOn401: loginUrl(request) };
  const t = await oversetterFor(request);
  const feil = (e: unknown, reserve: Noekkel, ekstra: Partial<VarslingSvar> = {}) => {
    if (e instanceof ApiFeil) {
      const melding = e.melding ? t.melding(e.melding) : t(reserve);
      return data<VarslingSvar>({ intent, feil: melding, ...ekstra }, { status: 400 });
    }
    throw e;
  };
  switch (intent) {
    case "legg-til-epost": {
      const epostadresse = String(formData.get("epostadresse") ?? "");
      if (epostadresse.trim() === "") {
        return data<Svar>(
          { intent, feil: t("innstillinger.varslinger.epost.mangler"), epostadresse },
          { status: 400 },
        );
      }
      try {
        await api.putJson(`${base}/epost`, { epostadresse }, opts);
      } catch (e) {
        return feil(e, FEIL.lagreEpost, { epostadresse });
      }
      return redirect(sideUrl("Varslinger", { lagret: "epost-lagt-til" }));
    }
    case "slett-epost": {
      const id = String(formData.get("id") ?? "");
      if (!/^\d{1,15}$/.test(id)) return data<Svar>({ intent, feil: t(FEIL.slettEpost) }, { status: 400 });
      try {
        await api.delete(`${base}/epost/${id}`, opts);
      } catch (e) {
        return feil(e, FEIL.slettEpost);
      }
      return redirect(sideUrl("Varslinger", { lagret: "epost-slettet" }));
    }
    case "epostvarsel": {
      const skalHaEpost = formData.get("skalHaEpost") === "ja";
      try {
        await api.put(`${base}/epostvarsel`, { skalHaEpost }, opts);
      } catch (e) {
        return feil(e, FEIL.epostvarsel);
      }
      return {
        intent,
        melding: t(
          skalHaEpost
            ? "innstillinger.varslinger.varsel.sertifikaterPaa"
            : "innstillinger.varslinger.varsel.sertifikaterAv",
        ),
      } satisfies Svar;
    }
    case "vurderingsvarsel": {
      // Not offered with the flag visImportmelding off (there are no notifications to assess), so not taken.
      if (!(await hentFlagg(request, context)).visImportmelding) {
        return data<VarslingSvar>({ intent, feil: t("innstillinger.ukjentHandling") }, { status: 400 });
      }
      const varsleVurderinger = formData.get("varsleVurderinger") === "ja";
      try {
        await api.put(`${base}/vurderingsvarsel`, { varsleVurderinger }, opts);
      } catch (e) {
        return feil(e, FEIL.vurderingsvarsel);
      }
      return {
        intent,
        melding: t(
          varsleVurderinger
            ? "innstillinger.varslinger.varsel.vurderingerPaa"
            : "innstillinger.varslinger.varsel.vurderingerAv",
        ),
      } satisfies Svar;
    }
    case "epostsprak": {
      // «Språk i e-postvarsel» (ADR 055): an unknown value is refused here, with nothing sent to the API.
      const sprak = formData.get("sprak");
      if (!erSprak(sprak)) {
        return data<VarslingSvar>(
          { intent, feil: t("innstillinger.varslinger.sprak.ugyldig") },
          { status: 400 },
        );
      }
      try {
        await api.put(`${base}/epostsprak`, { sprak }, opts);
      } catch (e) {
        return feil(e, "innstillinger.varslinger.sprak.lagreFeil", { sprak });
      }
      return {
        intent,
        sprak,
        melding: t("innstillinger.varslinger.sprak.lagret", { sprak }),
      } satisfies VarslingSvar;
    }
    default:
      return undefined;
  }
}

/** Settings (SPEC §2 "Settings (query side)"): four sides chosen by ?side=, each a plain form without JS. */
export default function Innstillinger() {
  const { side, lagret } = useLoaderData<typeof loader>();
  const t = useT();
  const bekreftelse = useRef<HTMLDivElement>(null);
  const { key } = useLocation();
  const navigasjon = useNavigationType();
  // With JavaScript a save that redirects here (?lagret=) is a client navigation: the button that sent it was
  // disabled while sending, or its form is gone («Lagre tilgang»), so focus fell to <body> (issue 36 item 4).
  // It goes to the confirmation, where a keyboard user continues; never away from where the page put it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: after each navigation (the same message again too)
  useEffect(() => {
    const aktiv = document.activeElement;
    // A page loaded with it (no client navigation, "POP") keeps the browser's focus at the top.
    if (lagret && navigasjon !== "POP" && (!aktiv || aktiv === document.body)) bekreftelse.current?.focus();
  }, [lagret, key]);
  return (
    <div className="innstillinger">
      <h1 className="ds-heading" data-size="lg">
        {t("innstillinger.tittel")}
      </h1>
      <div className="innstillinger__oppsett">
        <Sidenavigasjon side={side} />
        <div className="innstillinger__innhold">
          {lagret ? (
            <div ref={bekreftelse} tabIndex={-1} className="innstillinger__bekreftelse">
              <Varsel farge="success" rolle="status">
                <p className="ds-paragraph">{t(lagret)}</p>
              </Varsel>
            </div>
          ) : null}
          {side === "Profil" ? <Profil /> : null}
          {side === "Varslinger" ? <Varslinger /> : null}
          {side === "Registrere som mottakskontrollør" ? <RegistrereKontrolloer /> : null}
          {side === "Legg til mottakskontrollør" ? <LeggTilKontrolloer /> : null}
          {side === "Integrasjoner" ? (
            <>
              <Integrasjoner />
              <Webhooker />
            </>
          ) : null}
        </div>
      </div>
    </div>
  );
}

export const handle = { brodsmule: "innstillinger.tittel" };
export const meta: MetaFunction = ({ matches }) => sidetittel(matches, "innstillinger.tittel");
