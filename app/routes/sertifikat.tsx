import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteError,
} from "@remix-run/react";
import { formaterDato, formaterDatoTid, formaterOrganisasjonsnummer } from "../../domain/format";
import { landNavn } from "../../domain/kodeverk";
import { tilServerSide } from "../../domain/pagination";
import type { SertifikatVisning } from "../../domain/sertifikat";
import {
  EKSPORTERKLAERING,
  finansiellErklaering,
  friForPestTekst,
  refererteDokumenterTekster,
  tekster,
  totalTekst,
  transportutstyrTekster,
  UKJENT_AARSAK,
  UKJENT_NUMMER,
} from "../../domain/sertifikat-tekst";
import {
  ALVORLIGHETSGRAD_FARGE,
  alvorlighetsgradRekkefoelge,
  type Farge,
  STATUS_TEKST,
} from "../../domain/status";
import { medVarelinjeside } from "../../domain/varelinjeside";
import { grensepanel, IngenTilgang, NoeGikkFeil } from "../components/panels";
import { AdresseLinjer, BehandlingListe, tekstListe } from "../components/sertifikat/deler";
import { Handlingsomraade } from "../components/sertifikat/handlingsomraade";
import { Varelinjer } from "../components/sertifikat/varelinjer";
import { Vedlegg } from "../components/sertifikat/vedlegg";
import { Merke, Opplysninger, Varsel } from "../components/ui";
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
  if (!s) {
    return (
      <div className="smal">
        <h1 className="ds-heading" data-size="lg">
          Sertifikat
        </h1>
        <Varsel farge="warning" tittel="Fant ikke sertifikatet">
          <p className="ds-paragraph">{data.ikkeFunnet}</p>
          <p className="ds-paragraph">
            Søkte etter sertifikatnummer «{sok.sertifikatnummer || "–"}», dato {sok.dato || "–"} og land{" "}
            {sok.avsenderland ? landNavn(sok.avsenderland) : "–"}.
          </p>
        </Varsel>
        <p>
          <Link className="ds-link" to="/">
            Søk på nytt fra forsiden
          </Link>
        </p>
      </div>
    );
  }
  const linjeVurdering = new Map(s.vurdering.varelinjer.map((v) => [String(v.id), v]));
  // the API sorted and paged the goods lines; what the page says about all of them is in the summary
  const alle = s.varelinjeOppsummering;
  const linjer = s.varelinjer;
  const sammeBehandlinger = alle.behandlinger === "LIKE";
  const opprinnelse = alle.opprinnelsesland;
  const risikoBannere = [...s.vurdering.risikoVurdering].sort(
    (a, b) =>
      alvorlighetsgradRekkefoelge(a.alvorlighetsgrad) - alvorlighetsgradRekkefoelge(b.alvorlighetsgrad),
  );
  // A certificate without goods lines cannot be notified: the action area says so instead of offering it.
  const utenVarelinjer = s.varelinjer.length === 0 && !s.importMeldingId;
  const visHandling =
    flagg.visImportmelding &&
    s.erPapirloest &&
    (s.kanOppretteImportmelding || s.kanEndreImportmelding || utenVarelinjer || !!s.annenForhaandsmelding);
  const neste = sortering === "ASC" ? "DESC" : "ASC";
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
  const reeksport = s.type === "Reeksport" ? alle.reeksport : undefined;
  const refererte = refererteDokumenterTekster(s);
  const fargeForMeldeplikt: Farge =
    s.meldepliktigVurdering.kode === "MELDEPLIKTIG"
      ? "warning"
      : s.meldepliktigVurdering.kode === "IKKE_MELDEPLIKTIG"
        ? "success"
        : "neutral";
  return (
    <article className="sertifikat">
      <header className="sertifikat__hode">
        <p className="ds-paragraph sertifikat__overtittel">
          {s.type === "Reeksport" ? "Plantesunnhetssertifikat for reeksport" : "Plantesunnhetssertifikat"}
        </p>
        <h1 className="ds-heading" data-size="lg">
          {s.nummer}
        </h1>
        <div className="merkerad">
          {/* A replaced certificate is 'Erstattet', as in the list (issue 23 item 9); withdrawn stays withdrawn */}
          {s.erstattetAvSertifikat && s.statusKode !== "40" ? (
            <Merke farge="neutral">Erstattet</Merke>
          ) : s.statusTekst ? (
            <Merke farge={s.statusKode === "40" ? "danger" : "info"}>{s.statusTekst}</Merke>
          ) : null}
          {s.type ? <Merke farge="neutral">{s.type}</Merke> : null}
          <Merke farge={fargeForMeldeplikt}>{s.meldepliktigVurdering.visningstekst}</Merke>
        </div>
        <Opplysninger
          rader={[
            ["Utstedt", s.utstedtDag ? formaterDato(s.utstedtDag) : formaterDato(s.utstedtDato)],
            ["Status endret", formaterDatoTid(s.statusSistEndret)],
            ["Utstedt av", s.utsteder],
          ]}
        />
      </header>

      {s.erstatterSertifikat ? (
        <Varsel farge="info" tittel="Erstatter et annet sertifikat">
          <p className="ds-paragraph">
            Dette sertifikatet erstatter sertifikat{" "}
            {s.erstatterSertifikat.lenke ? (
              <Link
                className="ds-link"
                to={`/sertifikat?${new URLSearchParams({ ...s.erstatterSertifikat.lenke })}`}
              >
                {s.erstatterSertifikat.nummer ?? UKJENT_NUMMER}
              </Link>
            ) : (
              <strong>{s.erstatterSertifikat.nummer ?? UKJENT_NUMMER}</strong>
            )}
            . Årsak: {s.erstatterSertifikat.grunn ?? UKJENT_AARSAK}
            {s.erstatterSertifikat.dato
              ? ` (${formaterDato(s.erstatterSertifikat.dato) || s.erstatterSertifikat.dato})`
              : ""}
            .
          </p>
        </Varsel>
      ) : null}
      {s.erstattetAvSertifikat ? (
        <Varsel farge="warning" tittel="Sertifikatet er erstattet">
          <p className="ds-paragraph">
            Dette sertifikatet er erstattet av{" "}
            <Link
              className="ds-link"
              to={`/sertifikat?${new URLSearchParams({
                sertifikatnummer: s.erstattetAvSertifikat.nummer,
                dato: s.erstattetAvSertifikat.dato,
                avsenderland: s.erstattetAvSertifikat.avsenderland,
              })}`}
            >
              {s.erstattetAvSertifikat.nummer}
            </Link>
            . Bruk det nye sertifikatet.
          </p>
        </Varsel>
      ) : null}

      {flagg.visRisikovurdering
        ? risikoBannere.map((r) => (
            <Varsel
              key={`${r.type}-${r.alvorlighetsgrad}`}
              farge={ALVORLIGHETSGRAD_FARGE[r.alvorlighetsgrad]}
              tittel={r.tittel}
            >
              <ul className="ds-list">
                {r.beskrivelse.map((b) => (
                  <li key={b.tekst}>
                    {b.tekst}
                    {b.lenke ? (
                      <>
                        {" "}
                        <a className="ds-link" href={b.lenke}>
                          Les regelverket
                        </a>
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            </Varsel>
          ))
        : null}

      {visHandling ? (
        <Handlingsomraade data={data} actionData={actionData} navigation={navigation} s={s} sok={sok} />
      ) : null}

      <section aria-labelledby="transport-tittel">
        <h2 id="transport-tittel" className="ds-heading" data-size="sm">
          Transport
        </h2>
        <ol className="transportlinje">
          <li>
            <span className="transportlinje__etikett">Opprinnelse</span>
            {opprinnelse.length ? opprinnelse.map((k) => landNavn(k)).join(", ") : "–"}
          </li>
          <li>
            <span className="transportlinje__etikett">Eksport</span>
            {s.eksportLand?.kode ? landNavn(s.eksportLand.kode) : (s.eksportLand?.navn ?? "–")}
          </li>
          {s.transittland.length ? (
            <li>
              <span className="transportlinje__etikett">Transitt</span>
              {s.transittland.map((t) => (t.kode ? landNavn(t.kode) : t.navn)).join(", ")}
            </li>
          ) : null}
          <li>
            <span className="transportlinje__etikett">Import</span>
            {s.importLand?.kode ? landNavn(s.importLand.kode) : (s.importLand?.navn ?? "–")}
          </li>
        </ol>
        <Opplysninger
          rader={[
            [
              "Transportmåte",
              s.transportmidler
                .map((t) => [t.transportMetode, t.navn, t.id].filter(Boolean).join(", "))
                .join("; ") || "Annen transport",
            ],
            [
              "Ankomststed",
              [s.ankomststed?.navn, s.ankomststed?.lokasjonkode].filter(Boolean).join(", ") || undefined,
            ],
            ["Containere og plomber", tekstListe(transportutstyrTekster(s))],
            ["Inspeksjonssted", tekster([s.inspeksjonssted])[0]],
            ["Kjennetegn på sendingen", tekstListe(tekster(s.kjennetegn))],
          ]}
        />
      </section>

      <div className="to-kolonner">
        <section aria-labelledby="eksportoer-tittel">
          <h2 id="eksportoer-tittel" className="ds-heading" data-size="sm">
            Eksportør
          </h2>
          <p className="ds-paragraph adresse">
            <strong>{s.avsender?.navn ?? "Ikke oppgitt"}</strong>
            <AdresseLinjer adresse={s.avsender?.adresse} />
          </p>
        </section>
        <section aria-labelledby="importoer-tittel">
          <h2 id="importoer-tittel" className="ds-heading" data-size="sm">
            Importør
          </h2>
          <p className="ds-paragraph adresse">
            <strong>{s.mottaker?.navn ?? "Ikke oppgitt"}</strong>
            {s.mottaker?.organisasjonsnummer ? (
              <span className="adresselinje">
                Org.nr. {formaterOrganisasjonsnummer(s.mottaker.organisasjonsnummer)}
              </span>
            ) : null}
            <AdresseLinjer adresse={s.mottaker?.adresse} />
          </p>
        </section>
      </div>

      <section aria-labelledby="tillegg-tittel">
        <h2 id="tillegg-tittel" className="ds-heading" data-size="sm">
          Tilleggserklæringer
        </h2>
        {s.tilleggserklaering.tilleggserklaeringer.length ||
        s.tilleggserklaering.offisiellTilleggsinformasjon.length ||
        s.tilleggserklaering.importtillatelse ||
        s.tilleggserklaering.datoForInspeksjon ? (
          <>
            <ul className="ds-list">
              {s.tilleggserklaering.tilleggserklaeringer.map((t) => (
                <li key={t}>{t}</li>
              ))}
              {s.tilleggserklaering.offisiellTilleggsinformasjon.map((t) => (
                <li key={t}>{t}</li>
              ))}
            </ul>
            <Opplysninger
              rader={[
                ["Importtillatelse", s.tilleggserklaering.importtillatelse],
                [
                  "Dato for inspeksjon",
                  s.tilleggserklaering.datoForInspeksjon
                    ? formaterDato(s.tilleggserklaering.datoForInspeksjon) ||
                      s.tilleggserklaering.datoForInspeksjon
                    : undefined,
                ],
              ]}
            />
          </>
        ) : (
          <p className="ds-paragraph">Ingen tilleggserklæringer på sertifikatnivå.</p>
        )}
      </section>

      <Varelinjer
        s={s}
        flagg={flagg}
        sok={sok}
        sortering={sortering}
        linjeVurdering={linjeVurdering}
        linjer={linjer}
        sammeBehandlinger={sammeBehandlinger}
        neste={neste}
        dokumentSok={dokumentSok}
        dokumentBase={dokumentBase}
        totaler={totaler}
      />

      <section aria-labelledby="behandlinger-tittel">
        <h2 id="behandlinger-tittel" className="ds-heading" data-size="sm">
          Behandlinger
        </h2>
        {sammeBehandlinger ? (
          <>
            <p className="ds-paragraph">Alle varelinjer har de samme behandlingene:</p>
            <BehandlingListe behandlinger={alle.fellesBehandlinger} />
          </>
        ) : alle.behandlinger === "ULIKE" ? (
          <p className="ds-paragraph">Varelinjene har ulike behandlinger. Se detaljene for hver varelinje.</p>
        ) : (
          <p className="ds-paragraph">Ingen behandlinger</p>
        )}
      </section>

      <Vedlegg s={s} refererte={refererte} />

      <section aria-labelledby="erklaering-tittel">
        <h2 id="erklaering-tittel" className="ds-heading" data-size="sm">
          {s.type === "Reeksport" ? "Reeksporterklæring" : "Eksporterklæring"}
        </h2>
        {reeksport ? (
          "felles" in reeksport ? (
            <p className="ds-paragraph">{reeksport.felles}</p>
          ) : (
            <Opplysninger
              rader={reeksport.perLinje.map((l) => [`Varelinje ${l.sorteringsnummer}`, l.tekst])}
            />
          )
        ) : (
          <p className="ds-paragraph">{EKSPORTERKLAERING}</p>
        )}
        <Opplysninger rader={[["Fri for skadegjørere", friForPestTekst(s)]]} />
        <h3 className="ds-heading" data-size="2xs">
          Finansiell erklæring
        </h3>
        <p className="ds-paragraph">{finansiellErklaering(s)}</p>
      </section>

      <section aria-labelledby="signatur-tittel">
        <h2 id="signatur-tittel" className="ds-heading" data-size="sm">
          Signatur
        </h2>
        <Opplysninger
          rader={[
            ["Signert av", s.signatur?.navn],
            ["Sted", s.signatur?.sted],
            ["Dato", s.signatur?.dato ? formaterDato(s.signatur.dato) || s.signatur.dato : undefined],
            ["Myndighet", s.signatur?.organisasjon ?? s.utsteder],
          ]}
        />
        {!s.signatur ? <p className="ds-paragraph">Ingen signatur oppgitt.</p> : null}
      </section>
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
  const error = useRouteError();
  if (isRouteErrorResponse(error) && (error.status === 401 || error.status === 403)) return <IngenTilgang />;
  const grense = isRouteErrorResponse(error) ? grensepanel(error) : null;
  if (grense) return grense;
  return <NoeGikkFeil tekst="Klarte ikke å hente sertifikatet" />;
}
