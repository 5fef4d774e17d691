import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { pakkeNavn, plantedelVisning, tilsiktetBruk, tilsiktetBrukVisning } from "../../domain/kodeverk";
import { tilServerSide } from "../../domain/pagination";
import { refererteDokumenterTekster, totalTekst } from "../../domain/sertifikat-tekst";
import type { SertifikatVisning } from "../../domain/sertifikat-visning";
import { sertifikatstatusNavn } from "../../domain/statusnavn";
import { medVarelinjeside } from "../../domain/varelinjeside";
import type { Noekkel } from "../../sprak/navnerom";
import type { T } from "../../sprak/oversetter";
import { Feilgrense } from "../components/feilgrense";
import type { Regelverksvar } from "../components/regelverk-bekreftelse";
import { Erklaering, Signatur } from "../components/sertifikat/erklaering";
import { Handlingsomraade } from "../components/sertifikat/handlingsomraade";
import {
  Erstatning,
  Forkortet,
  IkkeFunnet,
  Risikobannere,
  SertifikatHode,
} from "../components/sertifikat/hode";
import { Behandlinger, Parter, Tilleggserklaeringer, Transport } from "../components/sertifikat/sending";
import { Varelinjer } from "../components/sertifikat/varelinjer";
import { Vedlegg } from "../components/sertifikat/vedlegg";
import { useT } from "../components/sprak";
import { ApiFeil } from "../lib/api.server";
import { loginUrl, requireVirksomhet } from "../lib/bruker.server";
import { lesSkjema } from "../lib/csrf.server";
import { medRetryAfter } from "../lib/grense.server";
import { landnavnFor, landnavnTabell } from "../lib/landnavn.server";
import { hentFlagg } from "../lib/preferanser.server";
import { lagreRegelverk, lesRegelverk } from "../lib/regelverk.server";
import { sidetittel } from "../lib/sidetittel";
import { oversetterFor, ruteTekster, sprakFor } from "../lib/tekster.server";

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
    // whether the importer has confirmed the regulations comes with the certificate (one call, not two)
    const svar = await api.getJson<SertifikatVisning>(`${base}/sertifikat`, {
      searchParams: { ...sok, varelinjeside: side, sortering: sortering ?? undefined },
      redirectOn401: loginUrl(request),
    });
    const t = await oversetterFor(request);
    const sertifikat = medVarelinjeside(t, svar, side, sortering);
    // what no section shows stays out of the page's data (ADR 082): single fetch writes it into the HTML
    const { mottatt: _m, dokumentnavn: _d, typeKode: _k, harLestRegelverk: _h, ...vist } = sertifikat;
    return {
      sertifikat: {
        ...vist,
        // the header's status badge in the reader's language (the API's statusTekst is bokmål, for its readers)
        statusTekst: sertifikatstatusNavn(t, svar.statusKode),
        landnavn: landnavnTabell(t.sprak, landkoder(sertifikat)),
        linjetekster: linjetekster(t, sertifikat.varelinjer),
      },
      harLestRegelverk: svar.harLestRegelverk,
      avgiver: { organisasjonsnummer: avgiver.organisasjonsnummer, importoerId: avgiver.importoerId },
      sok,
      sortering,
      flagg,
      ikkeFunnet: null,
      // the regulation form's messages (validering) only while the importer has not confirmed (ADR 060)
      ...(await ruteTekster(
        request,
        "routes/sertifikat",
        ...(svar.harLestRegelverk ? [] : ["validering" as const]),
      )),
    };
  } catch (e) {
    if (e instanceof ApiFeil && (e.status === 404 || e.status === 400)) {
      return data(
        {
          sertifikat: null,
          harLestRegelverk: false,
          avgiver: { organisasjonsnummer: avgiver.organisasjonsnummer, importoerId: avgiver.importoerId },
          sok,
          sortering,
          flagg,
          // the API's message is already in the reader's language (apiFor sends it); null: the page's own
          ikkeFunnet: e.melding ?? null,
          sokLand: sok.avsenderland ? landnavnFor(await sprakFor(request))(sok.avsenderland) : null,
          ...(await ruteTekster(request, "routes/sertifikat")),
        },
        { status: e.status },
      );
    }
    if (e instanceof ApiFeil && e.status === 403) throw new Response("Ingen tilgang", { status: 403 });
    throw e;
  }
}

/**
 * The country codes the page's sections show (transport, parties, this page of lines), for their names in the
 * reader's language (app/components/sertifikat/deler.tsx `landTekst`). A country the certificate wrote by name
 * only is shown as written.
 */
function landkoder(s: ReturnType<typeof medVarelinjeside<SertifikatVisning>>): Array<string | undefined> {
  return [
    s.eksportLand?.kode,
    s.importLand?.kode,
    ...s.transittland.map((l) => l.kode),
    s.avsender?.adresse?.landkode,
    s.mottaker?.adresse?.landkode,
    ...s.varelinjeOppsummering.opprinnelsesland,
    ...s.varelinjer.flatMap((l) => [
      ...l.opprinnelsesland.map((o) => o.kode),
      l.reeksportSertifiseringsErklaering?.kontraktsinngaaendePart?.kode,
    ]),
  ];
}

/**
 * The code-list words of this page's goods lines in the reader's language, by sorting number: the plant part
 * (an IPPC class), the intended use (SPEC §9's list; a use not in it as the certificate gives it) and the
 * packages. Named here so the code tables stay out of the page's JavaScript.
 */
function linjetekster(
  t: T,
  linjer: SertifikatVisning["varelinjer"],
): Record<string, { plantedel?: string; tilsiktetBruk?: string; pakker?: string }> {
  const tekster: Record<string, { plantedel?: string; tilsiktetBruk?: string; pakker?: string }> = {};
  for (const l of linjer) {
    const k = l.klassifisering;
    const bruk = tilsiktetBruk(k.tilsiktetBrukKode) ?? tilsiktetBruk(k.tilsiktetBruk?.trim());
    const id = `kodeverk.tilsiktetBruk.${bruk?.kode}` as Noekkel;
    tekster[l.sorteringsnummer] = {
      plantedel: plantedelVisning(t, k.plantedel),
      tilsiktetBruk: bruk && t.har(id) ? t(id) : tilsiktetBrukVisning(k),
      pakker:
        l.pakker
          .map((p) => `${p.antall ?? ""} ${p.pakkeKode ? pakkeNavn(p.pakkeKode) : ""}`.trim())
          .join(", ") || undefined,
    };
  }
  return tekster;
}

/** The create form's answer: the refusal (SPEC's toast), the regulation form's state, the chosen importer. */
interface OpprettSvar {
  feil?: string;
  /** 'Nei, vi skal ikke melde import': nothing stored, nothing created. */
  melding?: string;
  regelverk?: Regelverksvar;
  ansvarligImportoerId?: number;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, avgiver, session } = await requireVirksomhet(request, context);
  const { formData } = await lesSkjema(request, context, session);
  const t = await oversetterFor(request);
  if (formData.get("intent") !== "opprett")
    return data<OpprettSvar>({ feil: t("sertifikat.handling.ukjent") }, { status: 400 });
  const valgt = Number(formData.get("ansvarligImportoerId") ?? avgiver.importoerId);
  const ansvarligImportoerId = Number.isInteger(valgt) && valgt > 0 ? valgt : avgiver.importoerId;
  // An importer that has not confirmed the regulations confirms them in the same form (issue 36 item 12, ADR
  // 060): the confirmation is stored first, then the notification is created; a refused confirmation creates
  // nothing and keeps the answers.
  if (formData.get("regelverk") === "ja") {
    const lest = lesRegelverk(formData);
    if (lest.utfall === "ugyldig")
      return data<OpprettSvar>({ regelverk: lest.svar, ansvarligImportoerId }, { status: 400 });
    if (lest.utfall === "vil-ikke-melde")
      return data<OpprettSvar>({
        regelverk: lest.svar,
        melding: t("felles.regelverk.ikkeLagret"),
        ansvarligImportoerId,
      });
    try {
      await lagreRegelverk(api, avgiver, request);
    } catch (e) {
      if (!(e instanceof ApiFeil)) throw e;
      return data<OpprettSvar>(
        { feil: e.melding ?? t("sertifikat.handling.opprettFeilet"), ansvarligImportoerId },
        { status: 400 },
      );
    }
  }
  try {
    const { id } = await api.postJson<{ id: number }>(
      `/import/importmelding/v2/${avgiver.organisasjonsnummer}/${avgiver.importoerId}`,
      {
        ansvarligImportoerId,
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
      return data<OpprettSvar>(
        { feil: e.melding ?? t("sertifikat.handling.opprettFeilet"), ansvarligImportoerId },
        { status: 400 },
      );
    }
    throw e;
  }
}

export default function Sertifikat() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const t = useT();
  const { sertifikat: s, flagg, sok } = data;
  const sortering = data.sortering as "ASC" | "DESC" | null;
  if (!s)
    return <IkkeFunnet sok={sok} land={"sokLand" in data ? data.sokLand : null} melding={data.ikkeFunnet} />;
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
    totalTekst(t, s.mengdeOppsummering[k], alle.mengdeDekning[k], alle.antall);
  const totaler: Array<[string, string | undefined]> = [
    [t("sertifikat.totaler.totaltAntall"), total("totaltAntall")],
    [t("sertifikat.totaler.totalNettoVekt"), total("totalNettoVekt")],
    [t("sertifikat.totaler.totalBruttoVekt"), total("totalBruttoVekt")],
    [t("sertifikat.totaler.totaltNettoVolum"), total("totalNettoVolum")],
    [t("sertifikat.totaler.totaltBruttoVolum"), total("totalBruttoVolum")],
  ];
  return (
    <article className="sertifikat">
      <SertifikatHode s={s} />
      <Erstatning s={s} />
      <Forkortet s={s} />
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
      <Vedlegg s={s} refererte={refererteDokumenterTekster(t, s)} />
      <Erklaering s={s} />
      <Signatur s={s} />
      {flagg.visImportmelding && s.importMeldingStatus && !s.kanEndreImportmelding ? (
        <p className="ds-paragraph">
          {t("sertifikat.forhaandsmeldingStatus", {
            status: t(`sertifikat.status.${s.importMeldingStatus}`),
          })}
        </p>
      ) : null}
    </article>
  );
}

const tittel = (data: unknown, t: T) => {
  const d = data as { sertifikat?: { nummer: string } | null } | undefined;
  return d?.sertifikat
    ? t("sertifikat.side.tittelNummer", { nummer: d.sertifikat.nummer })
    : t("sertifikat.side.tittel");
};

export const handle = { brodsmule: tittel };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  sidetittel(matches, (t) => tittel(data, t));

/** A 429's Retry-After reaches the browser (this route has its own ErrorBoundary). */
export const headers = medRetryAfter;

export function ErrorBoundary() {
  return <Feilgrense feiltekst="sertifikat.side.feil" />;
}
