import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { tilServerSide } from "../../domain/pagination";
import { refererteDokumenterTekster, totalTekst } from "../../domain/sertifikat-tekst";
import type { SertifikatVisning } from "../../domain/sertifikat-visning";
import { STATUS_TEKST } from "../../domain/status";
import { medVarelinjeside } from "../../domain/varelinjeside";
import { Feilgrense } from "../components/feilgrense";
import { Erklaering, Signatur } from "../components/sertifikat/erklaering";
import { Handlingsomraade } from "../components/sertifikat/handlingsomraade";
import { Erstatning, IkkeFunnet, Risikobannere, SertifikatHode } from "../components/sertifikat/hode";
import { Behandlinger, Parter, Tilleggserklaeringer, Transport } from "../components/sertifikat/sending";
import { Varelinjer } from "../components/sertifikat/varelinjer";
import { Vedlegg } from "../components/sertifikat/vedlegg";
import { ApiFeil } from "../lib/api.server";
import { type Importoer, loginUrl, requireVirksomhet } from "../lib/bruker.server";
import { lesSkjema } from "../lib/csrf.server";
import { medRetryAfter } from "../lib/grense.server";
import { hentFlagg } from "../lib/preferanser.server";

function noekler(url: URL) {
  return {
    sertifikatnummer: url.searchParams.get("sertifikatnummer")?.trim() ?? "",
    dato: url.searchParams.get("dato")?.trim() ?? "",
    avsenderland: url.searchParams.get("avsenderland")?.trim().toUpperCase() ?? "",
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, avgiver } = await requireVirksomhet(request, context);
  const url = new URL(request.url);
  const sok = noekler(url);
  const sortering =
    url.searchParams.get("sortering") === "DESC"
      ? "DESC"
      : url.searchParams.get("sortering") === "ASC"
        ? "ASC"
        : null;
  // one page of goods lines (ADR 018 "Grenser"); 1-based in the address, as the lists' pages
  const side = tilServerSide(Number(url.searchParams.get("varelinjeside") ?? "1"));
  const flagg = await hentFlagg(request, context);
  const base = `/import/v2/${avgiver.organisasjonsnummer}/${avgiver.importoerId}`;
  try {
    const [svar, importoer] = await Promise.all([
      api.getJson<SertifikatVisning>(`${base}/sertifikat`, {
        searchParams: { ...sok, varelinjeside: side, sortering: sortering ?? undefined },
        redirectOn401: loginUrl(request),
      }),
      api.getJson<Importoer>(`/import/register/v1/${avgiver.organisasjonsnummer}`, {
        redirectOn401: loginUrl(request),
      }),
    ]);
    return {
      sertifikat: medVarelinjeside(svar, side, sortering),
      harLestRegelverk: importoer.harLestRegelverk,
      avgiver,
      sok,
      sortering,
      flagg,
      ikkeFunnet: null,
    };
  } catch (e) {
    if (e instanceof ApiFeil && (e.status === 404 || e.status === 400)) {
      return data(
        {
          sertifikat: null,
          harLestRegelverk: false,
          avgiver,
          sok,
          sortering,
          flagg,
          ikkeFunnet: e.melding ?? "Ingen treff basert på dine søkekriterier",
        },
        { status: e.status },
      );
    }
    if (e instanceof ApiFeil && e.status === 403) throw new Response("Ingen tilgang", { status: 403 });
    throw e;
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, avgiver, session } = await requireVirksomhet(request, context);
  const { formData } = await lesSkjema(request, context, session);
  if (formData.get("intent") !== "opprett") return data({ feil: "Ukjent handling" }, { status: 400 });
  const ansvarlig = Number(formData.get("ansvarligImportoerId") ?? avgiver.importoerId);
  try {
    const { id } = await api.postJson<{ id: number }>(
      `/import/importmelding/v2/${avgiver.organisasjonsnummer}/${avgiver.importoerId}`,
      {
        ansvarligImportoerId: Number.isInteger(ansvarlig) && ansvarlig > 0 ? ansvarlig : avgiver.importoerId,
        ansvarligDokumentkontrollId: avgiver.importoerId,
        eksportLand: String(formData.get("avsenderland") ?? ""),
        nummer: String(formData.get("sertifikatnummer") ?? ""),
        utstedtDato: String(formData.get("dato") ?? ""),
      },
      { redirectOn401: loginUrl(request) },
    );
    return redirect(`/importmelding/${id}`);
  } catch (e) {
    if (e instanceof ApiFeil) {
      const eksisterende = (e.body as { importMeldingId?: number } | undefined)?.importMeldingId;
      if (e.status === 409 && eksisterende) return redirect(`/importmelding/${eksisterende}`);
      return data({ feil: e.melding ?? "Feil oppstod ved oppretting av forhåndsmelding" }, { status: 400 });
    }
    throw e;
  }
}

export default function Sertifikat() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { sertifikat: s, flagg, sok } = data;
  const sortering = data.sortering as "ASC" | "DESC" | null;
  if (!s) return <IkkeFunnet sok={sok} melding={data.ikkeFunnet} />;
  const linjeVurdering = new Map(s.vurdering.varelinjer.map((v) => [String(v.id), v]));
  // the API sorted and paged the goods lines; what the page says about all of them is in the summary
  const alle = s.varelinjeOppsummering;
  // A certificate without goods lines cannot be notified: the action area says so instead of offering it.
  const utenVarelinjer = s.varelinjer.length === 0 && !s.importMeldingId;
  const visHandling =
    flagg.visImportmelding &&
    s.erPapirloest &&
    (s.kanOppretteImportmelding || s.kanEndreImportmelding || utenVarelinjer || !!s.annenForhaandsmelding);
  const dokumentSok = new URLSearchParams({
    sertifikatnummer: s.nummer,
    dato: s.utstedtDag ?? sok.dato,
    avsenderland: s.eksportLand?.kode ?? sok.avsenderland,
  });
  const dokumentBase = `/dokument/import/v2/${data.avgiver.organisasjonsnummer}/${data.avgiver.importoerId}/sertifikat`;
  const total = (k: keyof typeof alle.mengdeDekning) =>
    totalTekst(s.mengdeOppsummering[k], alle.mengdeDekning[k], alle.antall);
  const totaler: Array<[string, string | undefined]> = [
    ["Totalt antall", total("totaltAntall")],
    ["Total nettovekt", total("totalNettoVekt")],
    ["Total bruttovekt", total("totalBruttoVekt")],
    ["Totalt nettovolum", total("totalNettoVolum")],
    ["Totalt bruttovolum", total("totalBruttoVolum")],
  ];
  return (
    <article className="sertifikat">
      <SertifikatHode s={s} />
      <Erstatning s={s} />
      {flagg.visRisikovurdering ? <Risikobannere s={s} /> : null}
      {visHandling ? (
        <Handlingsomraade data={data} actionData={actionData} navigation={navigation} s={s} sok={sok} />
      ) : null}
      <Transport s={s} />
      <Parter s={s} />
      <Tilleggserklaeringer s={s} />
      <Varelinjer
        s={s}
        flagg={flagg}
        sok={sok}
        sortering={sortering}
        linjeVurdering={linjeVurdering}
        linjer={s.varelinjer}
        sammeBehandlinger={alle.behandlinger === "LIKE"}
        neste={sortering === "ASC" ? "DESC" : "ASC"}
        dokumentSok={dokumentSok}
        dokumentBase={dokumentBase}
        totaler={totaler}
      />
      <Behandlinger s={s} />
      <Vedlegg s={s} refererte={refererteDokumenterTekster(s)} />
      <Erklaering s={s} />
      <Signatur s={s} />
      {flagg.visImportmelding && s.importMeldingStatus && !s.kanEndreImportmelding ? (
        <p className="ds-paragraph">Forhåndsmelding: {STATUS_TEKST[s.importMeldingStatus]}</p>
      ) : null}
    </article>
  );
}

export const handle = {
  brodsmule: (data: unknown) => {
    const d = data as { sertifikat?: { nummer: string } | null } | undefined;
    return d?.sertifikat ? `Sertifikat ${d.sertifikat.nummer}` : "Sertifikat";
  },
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data?.sertifikat
      ? `Sertifikat ${data.sertifikat.nummer} – Digital forhåndsmelding`
      : "Sertifikat – Digital forhåndsmelding",
  },
];

/** A 429's Retry-After reaches the browser (this route has its own ErrorBoundary). */
export const headers = medRetryAfter;

export function ErrorBoundary() {
  return <Feilgrense feiltekst="Klarte ikke å hente sertifikatet" />;
}
