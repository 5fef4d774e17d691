import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { useLoaderData, useNavigation, useRouteLoaderData, useSubmit } from "@remix-run/react";
import { useRef } from "react";
import { antallTekst, landEtikett, ORD } from "../../domain/antall";
import { formaterDato } from "../../domain/format";
import { klemSide, tilServerSide } from "../../domain/pagination";
import {
  fraSoekeparametre,
  MELDEPLIKT_GRUPPER,
  type MeldepliktGruppe,
  SertifikaterAdresse,
} from "../../domain/schemas/listefilter";
import type { Eksportland, SertifikatListe } from "../../domain/sertifikat-visning";
import { MELDEPLIKTIG_TEKST, meldepliktFarge, STATUS_TEKST } from "../../domain/status";
import { Filterfelt, Filterpanel, Resultater } from "../components/liste";
import { Avkrysningsgruppe } from "../components/skjema";
import { Merke } from "../components/ui";
import { loginUrl, requireVirksomhet } from "../lib/bruker.server";
import type { loader as rootLoader } from "../root";

const SIDESTOERRELSE = 15;

/** The requirement filter: 'Mulig meldepliktig' covers both UFULLSTENDIG and IKKE_VURDERT (SPEC §4). */
const MELDEPLIKT_VALG = (
  ["MELDEPLIKTIG", "UFULLSTENDIG", "IKKE_MELDEPLIKTIG"] as const satisfies readonly MeldepliktGruppe[]
).map((verdi) => ({ verdi, tekst: MELDEPLIKTIG_TEKST[verdi] }));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, avgiver } = await requireVirksomhet(request, context);
  const url = new URL(request.url);
  const { sidenummer: side, ...f } = SertifikaterAdresse.parse(fraSoekeparametre(url.searchParams));
  const koder = f.meldepliktigVurdering.flatMap((v) => MELDEPLIKT_GRUPPER[v]);
  try {
    const [liste, land] = await Promise.all([
      api.getJson<SertifikatListe>(
        `/import/v2/${avgiver.organisasjonsnummer}/${avgiver.importoerId}/sertifikater`,
        {
          searchParams: {
            avsender: f.avsender,
            sertifikatnummer: f.sertifikatnummer,
            avsenderland: f.avsenderland,
            meldepliktigVurdering: koder,
            sidenummer: tilServerSide(side),
            antall: SIDESTOERRELSE,
          },
          redirectOn401: loginUrl(request),
        },
      ),
      // Counts of this importer's certificates per country, not everyone's.
      api.getJson<Eksportland[]>("/import/v2/eksportland", {
        searchParams: { orgnr: avgiver.organisasjonsnummer, importoerId: avgiver.importoerId },
        redirectOn401: loginUrl(request),
      }),
    ]);
    const aktiv = klemSide(side, liste.paginering.antallSider);
    if (aktiv !== side && liste.paginering.antallSider > 0) {
      // Past the last page (or an invalid number): show the nearest page that exists.
      url.searchParams.set("sidenummer", String(aktiv));
      throw redirect(`/sertifikater?${url.searchParams}`);
    }
    return { liste, land, filter: f, aktiv, feil: false as const, sok: url.searchParams.toString() };
  } catch (e) {
    if (e instanceof Response) throw e;
    console.error("Henting av sertifikater feilet", e);
    return {
      liste: null,
      land: [] as Eksportland[],
      filter: f,
      aktiv: 1,
      feil: true as const,
      sok: url.searchParams.toString(),
    };
  }
}

export default function Sertifikater() {
  const data = useLoaderData<typeof loader>();
  // Notifications are named only with the flag on (SPEC §6)
  const visImportmelding = useRouteLoaderData<typeof rootLoader>("root")?.flagg.visImportmelding ?? false;
  const submit = useSubmit();
  const navigation = useNavigation();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const f = data.filter;
  const harFilter = !!(
    f.avsender ||
    f.sertifikatnummer ||
    f.avsenderland.length ||
    f.meldepliktigVurdering.length
  );
  // With JavaScript the GET form submits itself on change (debounced for text); every change goes back to page 1.
  const vedEndring = (form: HTMLFormElement | null, forsinkelse: number) => {
    if (!form) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const fd = new FormData(form);
      for (const k of ["avsender", "sertifikatnummer"]) if (!String(fd.get(k) ?? "").trim()) fd.delete(k);
      submit(fd, { method: "get", replace: true, preventScrollReset: true });
    }, forsinkelse);
  };
  const lenkeTilSide = (side: number) => {
    const p = new URLSearchParams(data.sok);
    p.set("sidenummer", String(side));
    return `/sertifikater?${p}`;
  };
  const laster = navigation.state === "loading" && navigation.location.pathname === "/sertifikater";
  return (
    <div className="listeside">
      <h1 className="ds-heading" data-size="lg">
        Alle ePhytosertifikater
      </h1>
      <div className="listeside__oppsett">
        {/* On small screens the filters fold away behind 'Vis filter' so the results are on the first
            screen; on wide screens (app.css) the panel is always open and the summary hidden. */}
        <details className="filtervindu">
          <summary className="ds-button filtervindu__knapp" data-variant="secondary">
            Vis filter
          </summary>
          <Filterpanel
            aktivt={harFilter}
            nullstillTil="/sertifikater"
            aria-label="Filtrer sertifikater"
            onChange={(e) =>
              vedEndring(
                e.currentTarget,
                (e.target as HTMLElement).tagName === "INPUT" &&
                  (e.target as HTMLInputElement).type === "text"
                  ? 400
                  : 0,
              )
            }
          >
            <Filterfelt id="avsender" navn="avsender" etikett="Avsender" verdi={f.avsender} />
            <Filterfelt
              id="sertifikatnummer"
              navn="sertifikatnummer"
              etikett="Sertifikatnummer"
              verdi={f.sertifikatnummer}
            />
            <Avkrysningsgruppe
              legende="Meldeplikt"
              navn="meldepliktigVurdering"
              idPrefiks="meldeplikt"
              valg={MELDEPLIKT_VALG}
              valgte={f.meldepliktigVurdering}
            />
            <Avkrysningsgruppe
              legende="Avsenderland"
              navn="avsenderland"
              idPrefiks="land"
              valg={data.land.map((l) => ({ verdi: l.kode, tekst: landEtikett(l) }))}
              valgte={f.avsenderland}
              rullbar
            />
          </Filterpanel>
        </details>
        <Resultater
          tittel="Sertifikater"
          laster={laster}
          feilTittel={data.feil ? "Henting av sertifikater feilet" : null}
          liste={
            data.liste
              ? { antall: data.liste.sertifikatListe.length, paginering: data.liste.paginering }
              : null
          }
          filtrert={harFilter}
          tom="Vi fant ingen sertifikater å vise på denne siden."
          ord={ORD.sertifikat}
          aktivSide={data.aktiv}
          lenkeTilSide={lenkeTilSide}
        >
          <ul className="sertifikatliste">
            {data.liste?.sertifikatListe.map((s) => (
              <li key={s.id} className="sertifikatkort">
                <h3 className="ds-heading" data-size="xs">
                  <a
                    href={`/sertifikat?${new URLSearchParams({ sertifikatnummer: s.nummer, dato: s.utstedtDato, avsenderland: s.eksportLand.kode })}`}
                    target="_blank"
                    rel="noreferrer"
                  >
                    {s.nummer}
                    <span className="skjult"> (åpnes i ny fane)</span>
                  </a>
                </h3>
                <p className="ds-paragraph" data-size="sm">
                  {s.avsender ?? "Ukjent avsender"} · {s.eksportLand.navn} · utstedt{" "}
                  {formaterDato(s.utstedtDato)} · {antallTekst(s.antallVarelinjer, ORD.varelinje)}
                </p>
                <div className="merkerad">
                  <Merke farge={meldepliktFarge(s.meldepliktigVurdering.kode)}>
                    {s.meldepliktigVurdering.visningstekst}
                  </Merke>
                  {s.erstattet ? <Merke farge="neutral">Erstattet</Merke> : null}
                  {visImportmelding && s.importMeldingStatus ? (
                    <Merke farge="info">Forhåndsmelding: {STATUS_TEKST[s.importMeldingStatus]}</Merke>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </Resultater>
      </div>
    </div>
  );
}

export const handle = { brodsmule: "Sertifikater" };
export const meta: MetaFunction = () => [{ title: "Alle ePhytosertifikater – Digital forhåndsmelding" }];
