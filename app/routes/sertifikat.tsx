import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import {
  Form,
  isRouteErrorResponse,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteError,
} from "@remix-run/react";
import { harSammeBehandlinger } from "../../domain/behandlinger";
import { formaterDato, formaterDatoTid, formaterOrganisasjonsnummer } from "../../domain/format";
import { landNavn, pakkeNavn, plantedelVisning, tilsiktetBrukVisning } from "../../domain/kodeverk";
import { eppoLenke } from "../../domain/risiko/eppo-lenke";
import type { RisikoFunn } from "../../domain/risiko/vurder";
import {
  type Adresse,
  type Behandling,
  FOR_GAMMELT_SERTIFIKAT_MELDING,
  type Mengde,
  type SertifikatVisning,
  type Varelinje,
} from "../../domain/sertifikat";
import {
  EKSPORTERKLAERING,
  finansiellErklaering,
  friForPestTekst,
  mengdeLinjer,
  mengderTekst,
  reeksportErklaering,
  refererteDokumenterTekster,
  tekster,
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
import { sorterNorsk } from "../../domain/text";
import { CsrfInput } from "../components/csrf-input";
import { IngenTilgang, NoeGikkFeil } from "../components/panels";
import { Merke, Opplysninger, Tabellramme, Varsel } from "../components/ui";
import { ApiFeil } from "../lib/api.server";
import { type Importoer, loginUrl, requireVirksomhet } from "../lib/bruker.server";
import { lesSkjema } from "../lib/csrf.server";
import { hentFlagg } from "../lib/preferanser.server";

const TOLLTARIFF_URL = "https://tolltariffen.toll.no/tolltariff/2024";

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
  const flagg = hentFlagg(request, context);
  const base = `/import/v2/${avgiver.organisasjonsnummer}/${avgiver.importoerId}`;
  try {
    const [sertifikat, importoer] = await Promise.all([
      api.getJson<SertifikatVisning>(`${base}/sertifikat`, {
        searchParams: sok,
        redirectOn401: loginUrl(request),
      }),
      api.getJson<Importoer>(`/import/register/v1/${avgiver.organisasjonsnummer}`, {
        redirectOn401: loginUrl(request),
      }),
    ]);
    return json({
      sertifikat,
      harLestRegelverk: importoer.harLestRegelverk,
      avgiver,
      sok,
      sortering,
      flagg,
      ikkeFunnet: null,
    });
  } catch (e) {
    if (e instanceof ApiFeil && (e.status === 404 || e.status === 400)) {
      return json(
        {
          sertifikat: null,
          harLestRegelverk: false,
          avgiver,
          sok,
          sortering,
          flagg,
          ikkeFunnet: e.melding ?? "Ingen treff basert på dine søkekriterier",
        },
        { status: 404 },
      );
    }
    if (e instanceof ApiFeil && e.status === 403) throw new Response("Ingen tilgang", { status: 403 });
    throw e;
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, avgiver, session } = await requireVirksomhet(request, context);
  const { formData } = await lesSkjema(request, context, session);
  if (formData.get("intent") !== "opprett") return json({ feil: "Ukjent handling" }, { status: 400 });
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
      return json({ feil: e.melding ?? "Feil oppstod ved oppretting av forhåndsmelding" }, { status: 400 });
    }
    throw e;
  }
}

function AdresseLinjer({ adresse }: { adresse?: Adresse }) {
  if (!adresse) return null;
  const linjer = [
    adresse.linje1,
    adresse.linje2,
    adresse.linje3,
    adresse.linje4,
    adresse.linje5,
    [adresse.postnummer, adresse.poststed].filter(Boolean).join(" "),
    adresse.land ?? (adresse.landkode ? landNavn(adresse.landkode) : undefined),
  ].filter((l): l is string => !!l);
  return (
    <>
      {linjer.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: address lines have no identity of their own
        <span key={i} className="adresselinje">
          {l}
        </span>
      ))}
    </>
  );
}

/** The quantities of a line that may be shown (SPEC §5: with a unit, not negative); "–" when none. */
function Mengder({ linje }: { linje: Pick<Varelinje, "mengde"> }) {
  const deler = mengdeLinjer(linje);
  return deler.length ? deler.join(", ") : <>–</>;
}

/** Several texts as a list, one as it is, none as missing (undefined). */
function Tekster({ tekster: t }: { tekster: string[] }) {
  if (t.length <= 1) return t[0] ?? null;
  return (
    <ul className="ds-list">
      {t.map((x, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the texts are listed in certificate order
        <li key={i}>{x}</li>
      ))}
    </ul>
  );
}

const tekstListe = (t: string[]) => (t.length ? <Tekster tekster={t} /> : undefined);

function BehandlingListe({ behandlinger }: { behandlinger: Behandling[] }) {
  if (behandlinger.length === 0) return <p className="ds-paragraph">Ingen behandlinger</p>;
  return (
    <ul className="ds-list">
      {behandlinger.map((b, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: treatments are listed in certificate order
        <li key={i}>
          {b.beskrivelse ?? b.behandlingstype ?? "Behandling"}
          {b.kjemikalier.length ? `, ${b.kjemikalier.join(", ")}` : ""}
          {b.startdato
            ? ` (${formaterDato(b.startdato) || b.startdato}${b.sluttdato ? `–${formaterDato(b.sluttdato) || b.sluttdato}` : ""})`
            : ""}
          {b.tilleggsbeskrivelse ? `. ${b.tilleggsbeskrivelse}` : ""}
        </li>
      ))}
    </ul>
  );
}

function Funn({ funn }: { funn: RisikoFunn[] }) {
  const sortert = [...funn].sort(
    (a, b) =>
      alvorlighetsgradRekkefoelge(a.alvorlighetsgrad) - alvorlighetsgradRekkefoelge(b.alvorlighetsgrad),
  );
  return (
    <ul className="ds-list funnliste">
      {sortert.map((f, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: findings are listed in display order
        <li key={i}>
          <Merke farge={ALVORLIGHETSGRAD_FARGE[f.alvorlighetsgrad]}>
            {f.alvorlighetsgrad === "FORBUD"
              ? "Forbud"
              : f.alvorlighetsgrad === "VARSEL"
                ? "Varsel"
                : "Kan ikke vurderes"}
          </Merke>{" "}
          {f.tekst}
          {f.lenke ? (
            <>
              {" "}
              <a className="ds-link" href={f.lenke}>
                Les regelverket
              </a>
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function sorteringsLenke(
  sok: { sertifikatnummer: string; dato: string; avsenderland: string },
  retning: "ASC" | "DESC",
) {
  const p = new URLSearchParams({ ...sok, sortering: retning });
  return `/sertifikat?${p}#varelinjer`;
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
  const linjer = sortering ? sorterNorsk(s.varelinjer, (l) => l.botaniskNavn, sortering) : s.varelinjer;
  const sammeBehandlinger = harSammeBehandlinger(s.varelinjer);
  const opprinnelse = [
    ...new Set(s.varelinjer.flatMap((l) => l.opprinnelsesland.map((o) => o.kode ?? o.navn ?? ""))),
  ].filter(Boolean);
  const risikoBannere = [...s.vurdering.risikoVurdering].sort(
    (a, b) =>
      alvorlighetsgradRekkefoelge(a.alvorlighetsgrad) - alvorlighetsgradRekkefoelge(b.alvorlighetsgrad),
  );
  const visHandling =
    flagg.visImportmelding && s.erPapirloest && (s.kanOppretteImportmelding || s.kanEndreImportmelding);
  const neste = sortering === "ASC" ? "DESC" : "ASC";
  const dokumentSok = new URLSearchParams({
    sertifikatnummer: s.nummer,
    dato: s.utstedtDag ?? sok.dato,
    avsenderland: s.eksportLand?.kode ?? sok.avsenderland,
  });
  const dokumentBase = `/dokument/import/v2/${data.avgiver.organisasjonsnummer}/${data.avgiver.importoerId}/sertifikat`;
  const totaler: Array<[string, Mengde[]]> = [
    ["Totalt antall", s.mengdeOppsummering.totaltAntall],
    ["Total nettovekt", s.mengdeOppsummering.totalNettoVekt],
    ["Total bruttovekt", s.mengdeOppsummering.totalBruttoVekt],
    ["Totalt nettovolum", s.mengdeOppsummering.totalNettoVolum],
    ["Totalt bruttovolum", s.mengdeOppsummering.totalBruttoVolum],
  ];
  const reeksport = s.type === "Reeksport" ? reeksportErklaering(s) : undefined;
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
          {s.statusTekst ? (
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
        <section className="handlingsomraade" aria-labelledby="handling-tittel">
          <h2 id="handling-tittel" className="ds-heading" data-size="sm">
            Digital forhåndsmelding
          </h2>
          {actionData?.feil ? (
            <Varsel farge="danger" rolle="alert" tittel="Feil oppstod ved oppretting av forhåndsmelding">
              <p className="ds-paragraph">{actionData.feil}</p>
            </Varsel>
          ) : null}
          {s.kanEndreImportmelding && s.importMeldingId ? (
            <Link className="ds-button" data-variant="primary" to={`/importmelding/${s.importMeldingId}`}>
              Gå til digital forhåndsmelding
            </Link>
          ) : s.erForGammel ? (
            <Varsel farge="info">
              <p className="ds-paragraph">{FOR_GAMMELT_SERTIFIKAT_MELDING}</p>
            </Varsel>
          ) : (
            <>
              {!data.harLestRegelverk ? (
                <Varsel farge="warning" tittel="Bekreft kjennskap til regelverket">
                  <p className="ds-paragraph">
                    Før du kan melde import må virksomheten bekrefte at den kjenner regelverket for import av
                    planter.{" "}
                    <Link className="ds-link" to="/innstillinger?side=profil">
                      Gå til profilen
                    </Link>
                  </p>
                </Varsel>
              ) : null}
              {s.kandidatImportoerer.some((k) => !k.harLestRegelverk && k.id !== data.avgiver.importoerId) ? (
                <Varsel farge="info" tittel="Noen virksomheter har ikke bekreftet regelverket">
                  <p className="ds-paragraph">
                    En forhåndsmelding kan bare sendes inn når den ansvarlige importøren selv har bekreftet
                    kjennskap til regelverket. Som mottakskontrollør kan du ikke bekrefte det for en annen
                    virksomhet: be virksomheten bekrefte det under Innstillinger, Profil, før du melder for
                    den.
                  </p>
                </Varsel>
              ) : null}
              <Form method="post" className="skjema">
                <CsrfInput />
                <input type="hidden" name="sertifikatnummer" value={s.nummer} />
                <input type="hidden" name="dato" value={s.utstedtDag ?? sok.dato} />
                <input type="hidden" name="avsenderland" value={s.eksportLand?.kode ?? sok.avsenderland} />
                {s.kandidatImportoerer.length > 1 ? (
                  <fieldset className="ds-fieldset">
                    <legend className="ds-label">Ansvarlig importør</legend>
                    {s.kandidatImportoerer.map((k, i) => (
                      <div className="ds-field radio" key={k.id}>
                        <input
                          className="ds-input"
                          type="radio"
                          id={`ansvarlig-${k.id}`}
                          name="ansvarligImportoerId"
                          value={k.id}
                          defaultChecked={i === 0}
                        />
                        <label className="ds-label" data-weight="regular" htmlFor={`ansvarlig-${k.id}`}>
                          {k.navn} ({formaterOrganisasjonsnummer(k.organisasjonsnummer)})
                          {k.paaSertifikatet ? " – står på sertifikatet" : ""}
                          {k.harLestRegelverk ? "" : " – har ikke bekreftet kjennskap til regelverket"}
                        </label>
                      </div>
                    ))}
                  </fieldset>
                ) : (
                  <input
                    type="hidden"
                    name="ansvarligImportoerId"
                    value={s.kandidatImportoerer[0]?.id ?? data.avgiver.importoerId}
                  />
                )}
                <button
                  className="ds-button"
                  data-variant="primary"
                  type="submit"
                  name="intent"
                  value="opprett"
                  disabled={navigation.state !== "idle"}
                >
                  Opprett digital forhåndsmelding
                </button>
              </Form>
            </>
          )}
        </section>
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

      <section id="varelinjer" aria-labelledby="varelinjer-tittel">
        <div className="seksjonshode">
          <h2 id="varelinjer-tittel" className="ds-heading" data-size="sm">
            Varelinjer ({s.varelinjer.length})
          </h2>
          <div className="knapperad">
            <a className="ds-link" href={`${dokumentBase}/excel?${dokumentSok}`} download>
              Last ned varelinjer (Excel)
            </a>
            <a className="ds-link" href={`${dokumentBase}/pdf?${dokumentSok}`}>
              Last ned sertifikatet (PDF)
            </a>
          </div>
        </div>
        {s.varelinjer.length === 0 ? (
          <p className="ds-paragraph">Sertifikatet har ingen varelinjer.</p>
        ) : (
          <Tabellramme etikett="Varelinjer i sertifikatet">
            <table className="ds-table varetabell" data-border>
              <caption className="skjult">Varelinjer i sertifikatet</caption>
              <thead>
                <tr>
                  <th scope="col">Nr.</th>
                  <th scope="col">Navn</th>
                  <th
                    scope="col"
                    aria-sort={
                      sortering === "ASC" ? "ascending" : sortering === "DESC" ? "descending" : "none"
                    }
                  >
                    <Link to={sorteringsLenke(sok, neste)} preventScrollReset>
                      Botanisk navn
                      <span className="skjult">
                        {sortering === "ASC"
                          ? ", sortert stigende. Sorter synkende"
                          : sortering === "DESC"
                            ? ", sortert synkende. Sorter stigende"
                            : ". Sorter stigende"}
                      </span>
                      <span aria-hidden="true">
                        {sortering === "ASC" ? " ▲" : sortering === "DESC" ? " ▼" : " ↕"}
                      </span>
                    </Link>
                  </th>
                  <th scope="col">Mengde</th>
                  <th scope="col">Opprinnelse</th>
                  {flagg.visRisikovurdering ? <th scope="col">Vurdering</th> : null}
                </tr>
              </thead>
              <tbody>
                {linjer.map((l) => {
                  const v = linjeVurdering.get(String(l.sorteringsnummer));
                  return (
                    <tr key={l.sorteringsnummer}>
                      <td>{l.sorteringsnummer}</td>
                      <td>{l.navn ?? "–"}</td>
                      <td className="botanisk">{l.botaniskNavn ?? "Mangler"}</td>
                      <td>
                        <Mengder linje={l} />
                      </td>
                      <td>
                        {l.opprinnelsesland.map((o) => (o.kode ? landNavn(o.kode) : o.navn)).join(", ") ||
                          "Mangler"}
                      </td>
                      {flagg.visRisikovurdering ? (
                        <td>
                          {v ? (
                            <Merke farge={ALVORLIGHETSGRAD_FARGE[v.alvorlighetsgrad]}>
                              {v.alvorlighetsgrad === "ALT_OK"
                                ? "OK"
                                : v.alvorlighetsgrad === "FORBUD"
                                  ? "Forbud"
                                  : v.alvorlighetsgrad === "VARSEL"
                                    ? "Varsel"
                                    : "Ufullstendig"}
                            </Merke>
                          ) : null}
                        </td>
                      ) : null}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </Tabellramme>
        )}
        <Opplysninger rader={totaler.map(([k, v]) => [k, mengderTekst(v)])} />
        {linjer.map((l) => {
          const v = linjeVurdering.get(String(l.sorteringsnummer));
          const eppo = v?.eppoKode ?? l.klassifisering.eppoKoder[0];
          return (
            <details key={l.sorteringsnummer} className="ds-details varelinje-detaljer">
              <summary>
                Detaljer for varelinje {l.sorteringsnummer}: {l.navn ?? l.botaniskNavn ?? "uten navn"}
              </summary>
              <div className="varelinje-detaljer__innhold">
                <Opplysninger
                  rader={[
                    ["Navn", l.navn],
                    ["Botanisk navn", l.botaniskNavn],
                    ["Beskrivelse", l.beskrivelse],
                    [
                      "EPPO-kode",
                      eppo ? (
                        <a key="eppo" className="ds-link" href={eppoLenke(eppo)}>
                          {eppo} (skadegjørerdatabasen)
                        </a>
                      ) : undefined,
                    ],
                    [
                      "Varenummer (HS)",
                      l.klassifisering.hsKode ? (
                        <a
                          key="hs"
                          className="ds-link"
                          href={`${TOLLTARIFF_URL}/${encodeURIComponent(l.klassifisering.hsKode)}`}
                        >
                          {l.klassifisering.hsKode}
                        </a>
                      ) : undefined,
                    ],
                    ["Plantedel", plantedelVisning(l.klassifisering.plantedel)],
                    ["Tilstand", l.klassifisering.tilstander.join(", ") || undefined],
                    ["Tilsiktet bruk", tilsiktetBrukVisning(l.klassifisering)],
                    ["Mengde", <Mengder key="m" linje={l} />],
                    [
                      "Pakker",
                      l.pakker
                        .map((p) => `${p.antall ?? ""} ${p.pakkeKode ? pakkeNavn(p.pakkeKode) : ""}`.trim())
                        .join(", ") || undefined,
                    ],
                    ["Pakkebeskrivelse", l.pakkebeskrivelse],
                    ["Kjennetegn", l.kjennetegn.join(", ") || undefined],
                    [
                      "Opprinnelse",
                      l.opprinnelsesland
                        .map((o) =>
                          [o.kode ? landNavn(o.kode) : o.navn, o.landsdel].filter(Boolean).join(", "),
                        )
                        .join("; ") || "Mangler",
                    ],
                    [
                      "Tilleggserklæringer",
                      l.varelinjeTilleggserklaering.tilleggserklaeringer.join(" ") || undefined,
                    ],
                    ["Importtillatelse", l.varelinjeTilleggserklaering.importtillatelseserklaering],
                    [
                      "Inspeksjonsdato",
                      l.varelinjeTilleggserklaering.inspeksjonsdato
                        ? formaterDato(l.varelinjeTilleggserklaering.inspeksjonsdato) ||
                          l.varelinjeTilleggserklaering.inspeksjonsdato
                        : undefined,
                    ],
                    [
                      "Offisiell tilleggsinformasjon",
                      l.varelinjeTilleggserklaering.offisiellTilleggsInformasjon.join(" ") || undefined,
                    ],
                  ]}
                />
                {!sammeBehandlinger ? (
                  <>
                    <h3 className="ds-heading" data-size="2xs">
                      Behandlinger
                    </h3>
                    <BehandlingListe behandlinger={l.behandlinger} />
                  </>
                ) : null}
                {l.reeksportSertifiseringsErklaering ? (
                  <>
                    <h3 className="ds-heading" data-size="2xs">
                      Reeksport
                    </h3>
                    <Opplysninger
                      rader={[
                        [
                          "Opprinnelig sertifikat",
                          l.reeksportSertifiseringsErklaering.ephytoSertifikatReferanse,
                        ],
                        [
                          "Utstedt av",
                          l.reeksportSertifiseringsErklaering.kontraktsinngaaendePart?.kode
                            ? landNavn(l.reeksportSertifiseringsErklaering.kontraktsinngaaendePart.kode)
                            : l.reeksportSertifiseringsErklaering.kontraktsinngaaendePart?.navn,
                        ],
                        [
                          "Grunnlag",
                          l.reeksportSertifiseringsErklaering.originalSertifikat
                            ? "Originalt sertifikat"
                            : l.reeksportSertifiseringsErklaering.bekreftetKopi
                              ? "Bekreftet kopi"
                              : undefined,
                        ],
                        [
                          "Pakking",
                          l.reeksportSertifiseringsErklaering.ompakket
                            ? "Ompakket"
                            : l.reeksportSertifiseringsErklaering.pakket
                              ? "Pakket"
                              : undefined,
                        ],
                        [
                          "Containere",
                          l.reeksportSertifiseringsErklaering.nyeContainere
                            ? "Nye containere"
                            : l.reeksportSertifiseringsErklaering.originaleContainere
                              ? "Originale containere"
                              : undefined,
                        ],
                        [
                          "Tilleggsinspeksjon",
                          l.reeksportSertifiseringsErklaering.tilleggsinspeksjon === undefined
                            ? undefined
                            : l.reeksportSertifiseringsErklaering.tilleggsinspeksjon
                              ? "Ja"
                              : "Nei",
                        ],
                      ]}
                    />
                  </>
                ) : null}
                {flagg.visRisikovurdering && v?.funn.length ? (
                  <>
                    <h3 className="ds-heading" data-size="2xs">
                      Risikovurdering
                    </h3>
                    <Funn funn={v.funn} />
                  </>
                ) : null}
              </div>
            </details>
          );
        })}
      </section>

      <section aria-labelledby="behandlinger-tittel">
        <h2 id="behandlinger-tittel" className="ds-heading" data-size="sm">
          Behandlinger
        </h2>
        {sammeBehandlinger ? (
          <>
            <p className="ds-paragraph">Alle varelinjer har de samme behandlingene:</p>
            <BehandlingListe behandlinger={s.varelinjer[0]?.behandlinger ?? []} />
          </>
        ) : s.varelinjer.some((l) => l.behandlinger.length) ? (
          <p className="ds-paragraph">Varelinjene har ulike behandlinger. Se detaljene for hver varelinje.</p>
        ) : (
          <p className="ds-paragraph">Ingen behandlinger</p>
        )}
      </section>

      <section aria-labelledby="vedlegg-tittel">
        <h2 id="vedlegg-tittel" className="ds-heading" data-size="sm">
          Vedlegg
        </h2>
        {s.vedlegg.length === 0 ? (
          <p className="ds-paragraph">Ingen vedlegg</p>
        ) : (
          <ul className="vedleggsliste">
            {s.vedlegg.map((v) => (
              <li key={v.id}>
                <span className="vedlegg__navn">{v.filnavn ?? v.identifikator ?? "Vedlegg"}</span>
                {v.identifikator && v.filnavn ? (
                  <span className="vedlegg__id"> ({v.identifikator})</span>
                ) : null}
                {v.informasjon ? <span className="vedlegg__info"> – {v.informasjon}</span> : null}{" "}
                {v.kanAapneVedlegg ? (
                  <a className="ds-link" href={`/vedlegg/${v.id}`} target="_blank" rel="noreferrer">
                    Åpne {v.filtype.toUpperCase()}
                    <span className="skjult"> {v.filnavn} (åpnes i ny fane)</span>
                  </a>
                ) : (
                  <a
                    className="ds-link"
                    href={`/vedlegg/${v.id}?last-ned=1`}
                    download={v.filnavn ?? undefined}
                  >
                    Last ned{v.filtype ? ` ${v.filtype.toUpperCase()}` : ""}
                    <span className="skjult"> {v.filnavn}</span>
                  </a>
                )}
              </li>
            ))}
          </ul>
        )}
        {refererte.length ? (
          <>
            <h3 className="ds-heading" data-size="2xs">
              Refererte dokumenter
            </h3>
            <ul className="ds-list">
              {refererte.map((d, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the documents are listed in certificate order
                <li key={i}>{d}</li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

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
      {s.importMeldingStatus && !s.kanEndreImportmelding ? (
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

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && (error.status === 401 || error.status === 403)) return <IngenTilgang />;
  return <NoeGikkFeil tekst="Klarte ikke å hente sertifikatet" />;
}
