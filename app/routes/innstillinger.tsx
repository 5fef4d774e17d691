import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { REGELVERK_AVKRYSSING_TEKST, REGELVERK_MELDING } from "../../domain/schemas/tekster";
import { hentEpostFeil } from "../components/epost-banner";
import { FEIL, type Kort, LAGRET, lesSide, type Svar, sideUrl } from "../components/innstillinger/felles";
import { Integrasjoner } from "../components/innstillinger/integrasjoner";
import { LeggTilKontrolloer, RegistrereKontrolloer } from "../components/innstillinger/mottakskontrolloer";
import { Profil } from "../components/innstillinger/profil";
import { Sidenavigasjon } from "../components/innstillinger/sidenavigasjon";
import { Varslinger } from "../components/innstillinger/varslinger";
import { Webhooker } from "../components/innstillinger/webhooker";
import { Varsel } from "../components/ui";
import { type ApiClient, ApiFeil } from "../lib/api.server";
import { type Importoer, loginUrl, requireVirksomhet } from "../lib/bruker.server";
import { lesSkjema } from "../lib/csrf.server";
import { hentSystemtilganger, systemtilgangHandling } from "../lib/integrasjoner.server";
import { tekster } from "../lib/tekster.server";
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
  const epostFeil = side === "Varslinger" ? await hentEpostFeil(api, avgiver) : false;
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
      // the forms' validation messages (ADR 047)
      ...(await tekster(request, "validering")),
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
  const feil = (e: unknown, reserve: string, ekstra: Partial<Svar> = {}) => {
    if (e instanceof ApiFeil)
      return data<Svar>({ intent, feil: e.melding ?? reserve, ...ekstra }, { status: 400 });
    throw e;
  };
  const system = await systemtilgangHandling(intent, formData, api, orgnr, opts);
  if (system) return system;
  const webhook = await webhookHandling(intent, formData, api, avgiver, loginUrl(request));
  if (webhook !== undefined) return webhook;
  switch (intent) {
    case "bekreft-regelverk": {
      const valg = formData.get("bekreftelse");
      if (valg !== "bekreftet" && valg !== "vil-ikke-melde") {
        return data<Svar>({ intent, feil: REGELVERK_MELDING }, { status: 400 });
      }
      if (valg === "vil-ikke-melde") {
        return {
          intent,
          melding: "Ingenting er lagret. Virksomheten kan ikke melde import før regelverket er bekreftet.",
        } satisfies Svar;
      }
      if (formData.get("harLestRegelverk") !== "ja") {
        return data<Svar>({ intent, feil: REGELVERK_AVKRYSSING_TEKST, bekreftelse: valg }, { status: 400 });
      }
      try {
        await api.put(`${base}/${avgiver.importoerId}/lestregelverk`, { harLestRegelverk: true }, opts);
      } catch (e) {
        return feil(e, FEIL.regelverk);
      }
      return redirect(sideUrl("Profil", { lagret: "regelverk" }));
    }
    case "legg-til-epost": {
      const epostadresse = String(formData.get("epostadresse") ?? "");
      if (epostadresse.trim() === "") {
        return data<Svar>({ intent, feil: "Skriv inn en e-postadresse", epostadresse }, { status: 400 });
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
      if (!/^\d{1,15}$/.test(id)) return data<Svar>({ intent, feil: FEIL.slettEpost }, { status: 400 });
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
        melding: skalHaEpost ? "Du får varsler på e-post." : "Du får ikke lenger varsler på e-post.",
      } satisfies Svar;
    }
    case "vurderingsvarsel": {
      const varsleVurderinger = formData.get("varsleVurderinger") === "ja";
      try {
        await api.put(`${base}/vurderingsvarsel`, { varsleVurderinger }, opts);
      } catch (e) {
        return feil(e, FEIL.vurderingsvarsel);
      }
      return {
        intent,
        melding: varsleVurderinger
          ? "Du får e-post når Mattilsynet har vurdert en forhåndsmelding."
          : "Du får ikke lenger e-post om vurderinger.",
      } satisfies Svar;
    }
    case "mottakskontrolloer": {
      const erMottakskontrolloer = formData.get("erMottakskontrolloer") === "ja";
      try {
        await api.put(`${base}/${avgiver.importoerId}/mottakskontrolloer`, { erMottakskontrolloer }, opts);
      } catch (e) {
        return feil(e, FEIL.registrer);
      }
      return {
        intent,
        melding: erMottakskontrolloer
          ? "Virksomheten er registrert som mottakskontrollør."
          : "Virksomheten er ikke lenger registrert som mottakskontrollør.",
      } satisfies Svar;
    }
    case "legg-til-kontrolloer":
    case "fjern-kontrolloer": {
      const id = Number(formData.get("mottakskontrolloerId"));
      if (!Number.isSafeInteger(id) || id <= 0) {
        return data<Svar>({ intent, feil: "Velg en mottakskontrollør" }, { status: 400 });
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
      return data<Svar>({ intent, feil: "Ukjent handling" }, { status: 400 });
  }
}

/** Settings (SPEC §2 "Settings (query side)"): four sides chosen by ?side=, each a plain form without JS. */
export default function Innstillinger() {
  const { side, lagret } = useLoaderData<typeof loader>();
  return (
    <div className="innstillinger">
      <h1 className="ds-heading" data-size="lg">
        Innstillinger
      </h1>
      <div className="innstillinger__oppsett">
        <Sidenavigasjon side={side} />
        <div className="innstillinger__innhold">
          {lagret ? (
            <Varsel farge="success" rolle="status">
              <p className="ds-paragraph">{lagret}</p>
            </Varsel>
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

export const handle = { brodsmule: "Innstillinger" };
export const meta: MetaFunction = () => [{ title: "Innstillinger – Digital forhåndsmelding" }];
