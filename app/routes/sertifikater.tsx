import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { useLoaderData, useNavigation, useRouteLoaderData, useSubmit } from "@remix-run/react";
import { useRef } from "react";
import { ORD } from "../../domain/antall";
import { formaterDato } from "../../domain/format";
import { klemSide, tilServerSide } from "../../domain/pagination";
import {
  fraSoekeparametre,
  MELDEPLIKT_GRUPPER,
  type MeldepliktGruppe,
  SertifikaterAdresse,
} from "../../domain/schemas/listefilter";
import {
  type Eksportland,
  type SertifikatListe,
  type SertifikatListeElement,
  sertifikatKort,
} from "../../domain/sertifikat-visning";
import { meldepliktFarge } from "../../domain/status";
import type { T } from "../../sprak/oversetter";
import { type AktivtFilter, Filterfelt, Filterpanel, Filtervindu, Resultater } from "../components/liste";
import { Avkrysningsgruppe } from "../components/skjema";
import { useT } from "../components/sprak";
import { Merke } from "../components/ui";
import { loginUrl, requireVirksomhet } from "../lib/bruker.server";
import { landvalgPaa, navngiLand } from "../lib/landnavn.server";
import { sidetittel } from "../lib/sidetittel";
import { ruteTekster, sprakFor } from "../lib/tekster.server";
import type { loader as rootLoader } from "../root";

const SIDESTOERRELSE = 15;

/**
 * What a row shows of a certificate (ADR 086): single fetch writes the loader data into the HTML and the browser
 * hydrates it, so the rows carry these and not the API's other fields (type, consignee, the duty's text,
 * the notification's id, when it was received).
 */
const rad = (s: SertifikatListeElement) => ({
  ...sertifikatKort(s),
  antallVarelinjer: s.antallVarelinjer,
  erstattet: s.erstattet,
  importMeldingStatus: s.importMeldingStatus,
});

/** The requirement filter: 'Mulig meldepliktig' covers both UFULLSTENDIG and IKKE_VURDERT (SPEC §4). */
const MELDEPLIKT_VALG = [
  "MELDEPLIKTIG",
  "UFULLSTENDIG",
  "IKKE_MELDEPLIKTIG",
] as const satisfies readonly MeldepliktGruppe[];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, avgiver } = await requireVirksomhet(request, context);
  const url = new URL(request.url);
  const { sidenummer: side, ...f } = SertifikaterAdresse.parse(fraSoekeparametre(url.searchParams));
  const sprak = await sprakFor(request);
  const tekst = await ruteTekster(request, "routes/sertifikater");
  const koder = f.meldepliktigVurdering.flatMap((v) => MELDEPLIKT_GRUPPER[v]);
  try {
    // One call: the list with the country filter's counts of this importer's certificates (not everyone's)
    const liste = await api.getJson<SertifikatListe>(
      `/import/v2/${avgiver.organisasjonsnummer}/${avgiver.importoerId}/sertifikater`,
      {
        searchParams: {
          avsender: f.avsender,
          sertifikatnummer: f.sertifikatnummer,
          avsenderland: f.avsenderland,
          meldepliktigVurdering: koder,
          sidenummer: tilServerSide(side),
          antall: SIDESTOERRELSE,
          fasetter: true,
        },
        redirectOn401: loginUrl(request),
      },
    );
    const aktiv = klemSide(side, liste.paginering.antallSider);
    if (aktiv !== side && liste.paginering.antallSider > 0) {
      // Past the last page (or an invalid number): show the nearest page that exists.
      url.searchParams.set("sidenummer", String(aktiv));
      throw redirect(`/sertifikater?${url.searchParams}`);
    }
    // country names in the reader's language (bokmål: the API's), the facet sorted by them
    navngiLand(
      sprak,
      liste.sertifikatListe.map((s) => s.eksportLand),
    );
    const { antallSider, antallElementer, flereEnnMaks } = liste.paginering;
    return {
      liste: {
        rader: liste.sertifikatListe.map(rad),
        paginering: { antallSider, antallElementer, flereEnnMaks },
      },
      land: landvalgPaa(sprak, liste.eksportland ?? []),
      filter: f,
      aktiv,
      feil: false as const,
      sok: url.searchParams.toString(),
      ...tekst,
    };
  } catch (e) {
    if (e instanceof Response) throw e;
    context.logger?.error({ err: e }, "Henting av sertifikater feilet");
    return {
      liste: null,
      land: [] as Eksportland[],
      filter: f,
      aktiv: 1,
      feil: true as const,
      sok: url.searchParams.toString(),
      ...tekst,
    };
  }
}

/** What the list is filtered on, as the panel's labels and the values as the panel shows them. */
function aktiveFiltre(
  f: {
    avsender?: string;
    sertifikatnummer?: string;
    meldepliktigVurdering: readonly MeldepliktGruppe[];
    avsenderland: readonly string[];
  },
  land: ReadonlyArray<{ kode: string; navn: string }>,
  t: T,
): AktivtFilter[] {
  const aktive: AktivtFilter[] = [];
  if (f.avsender) aktive.push({ felt: t("sertifikat.liste.avsender"), verdier: [f.avsender] });
  if (f.sertifikatnummer)
    aktive.push({ felt: t("sertifikat.liste.sertifikatnummer"), verdier: [f.sertifikatnummer] });
  if (f.meldepliktigVurdering.length > 0)
    aktive.push({
      felt: t("sertifikat.liste.meldeplikt"),
      verdier: f.meldepliktigVurdering.map((k) => t(`sertifikat.meldeplikt.${k}`)),
    });
  if (f.avsenderland.length > 0)
    aktive.push({
      felt: t("sertifikat.liste.avsenderland"),
      verdier: f.avsenderland.map((k) => land.find((l) => l.kode === k)?.navn ?? k),
    });
  return aktive;
}

export default function Sertifikater() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
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
  const aktive = aktiveFiltre(f, data.land, t);
  // the same hidden text in every row's link: made once (and one text node, not two)
  const nyFane = ` ${t("sertifikat.liste.nyFane")}`;
  return (
    <div className="listeside">
      <h1 className="ds-heading" data-size="lg">
        {t("sertifikat.liste.tittel")}
      </h1>
      <div className="listeside__oppsett">
        {/* On small screens the filters fold away behind 'Vis filter' so the results are on the first
            screen, with what is filtered on beside it; on wide screens (app.css) the panel is always open. */}
        <Filtervindu knapp={t("sertifikat.liste.visFilter")} aktive={aktive}>
          <Filterpanel
            aktivt={harFilter}
            nullstillTil="/sertifikater"
            aria-label={t("sertifikat.liste.filtrer")}
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
            <Filterfelt
              id="avsender"
              navn="avsender"
              etikett={t("sertifikat.liste.avsender")}
              verdi={f.avsender}
            />
            <Filterfelt
              id="sertifikatnummer"
              navn="sertifikatnummer"
              etikett={t("sertifikat.liste.sertifikatnummer")}
              verdi={f.sertifikatnummer}
            />
            <Avkrysningsgruppe
              legende={t("sertifikat.liste.meldeplikt")}
              navn="meldepliktigVurdering"
              idPrefiks="meldeplikt"
              valg={MELDEPLIKT_VALG.map((verdi) => ({ verdi, tekst: t(`sertifikat.meldeplikt.${verdi}`) }))}
              valgte={f.meldepliktigVurdering}
            />
            <Avkrysningsgruppe
              legende={t("sertifikat.liste.avsenderland")}
              navn="avsenderland"
              idPrefiks="land"
              valg={data.land.map((l) => ({
                verdi: l.kode,
                tekst: t(l.flereEnnMaks ? "sertifikat.liste.landOver" : "sertifikat.liste.land", {
                  land: l.navn,
                  antall: l.antall,
                }),
              }))}
              valgte={f.avsenderland}
              rullbar
            />
          </Filterpanel>
        </Filtervindu>
        <Resultater
          tittel={t("sertifikat.liste.sertifikater")}
          laster={laster}
          feilTittel={data.feil ? t("sertifikat.liste.hentingFeilet") : null}
          liste={data.liste ? { antall: data.liste.rader.length, paginering: data.liste.paginering } : null}
          filtrert={harFilter}
          tom={t("sertifikat.liste.tom")}
          ord={ORD.sertifikat}
          aktivSide={data.aktiv}
          lenkeTilSide={lenkeTilSide}
        >
          <ul className="sertifikatliste">
            {data.liste?.rader.map((s) => (
              <li key={s.id} className="sertifikatkort">
                <h3 className="ds-heading" data-size="xs">
                  <a
                    href={`/sertifikat?${new URLSearchParams({ sertifikatnummer: s.nummer, dato: s.utstedtDato, avsenderland: s.eksportLand.kode })}`}
                    target="_blank"
                    rel="noreferrer"
                  >
                    {s.nummer}
                    <span className="skjult">{nyFane}</span>
                  </a>
                </h3>
                <p className="ds-paragraph" data-size="sm">
                  {t("sertifikat.liste.kort", {
                    navn: s.avsender ?? t("sertifikat.liste.ukjentAvsender"),
                    land: s.eksportLand.navn,
                    dato: formaterDato(s.utstedtDato, t.sprak),
                    antall: s.antallVarelinjer,
                  })}
                </p>
                <div className="merkerad">
                  <Merke farge={meldepliktFarge(s.meldeplikt)}>
                    {t(`sertifikat.meldeplikt.${s.meldeplikt}`)}
                  </Merke>
                  {s.erstattet ? <Merke farge="neutral">{t("sertifikat.erstattet")}</Merke> : null}
                  {visImportmelding && s.importMeldingStatus ? (
                    <Merke farge="info">
                      {t("sertifikat.forhaandsmeldingStatus", {
                        status: t(`sertifikat.status.${s.importMeldingStatus}`),
                      })}
                    </Merke>
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

export const handle = { brodsmule: "sertifikat.liste.sertifikater" };
export const meta: MetaFunction = ({ matches }) => sidetittel(matches, "sertifikat.liste.tittel");
