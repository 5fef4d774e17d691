import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { type FormEvent, useEffect, useRef } from "react";
import { formaterDato } from "../../domain/format";
import {
  IMPORTMELDING_SIDESTOERRELSE,
  type ImportmeldingListe,
  type ImportmeldingListeElement,
} from "../../domain/importmelding-liste";
import { formaterTall } from "../../domain/mengde";
import { klemSide, tilServerSide } from "../../domain/pagination";
import { fraSoekeparametre, ImportmeldingerAdresse } from "../../domain/schemas/listefilter";
import type { Eksportland } from "../../domain/sertifikat-visning";
import { STATUS_FILTER_TEKST } from "../../domain/status";
import { statusNavn } from "../../domain/statusnavn";
import type { T } from "../../sprak/oversetter";
import { useHydrert } from "../components/hydrert";
import { LandVelger } from "../components/landvelger";
import { type AktivtFilter, Filterfelt, Filterpanel, Filtervindu, Resultater } from "../components/liste";
import { Radlenke } from "../components/radlenker";
import { Avkrysningsgruppe } from "../components/skjema";
import { Tekst, useT } from "../components/sprak";
import { Merke } from "../components/ui";
import { loginUrl, requireVirksomhet } from "../lib/bruker.server";
import { landvalgPaa, navngiLand } from "../lib/landnavn.server";
import { hentFlagg } from "../lib/preferanser.server";
import { sidetittel } from "../lib/sidetittel";
import { ruteTekster, sprakFor } from "../lib/tekster.server";

/**
 * What a row shows of a notification (ADR 086): single fetch writes the loader data into the HTML and the browser
 * hydrates it, so the rows carry these, not the API's bokmål status text or the country's code.
 */
const rad = (m: ImportmeldingListeElement) => ({
  id: m.id,
  nummer: m.nummer,
  egenReferanse: m.egenReferanse,
  avsender: m.avsender,
  landnavn: m.eksportLand.navn,
  kunDokumentkontroll: m.kunDokumentkontroll,
  status: m.status,
  statusFarge: m.statusFarge,
  statusEndret: m.statusEndret,
  kategori: m.kategori,
  vurdertFoerAnkomst: m.vurdertFoerAnkomst,
  url: m.url,
});

/** The notification list (SPEC §2), only with the visImportmelding flag. Filters are a GET form. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!(await hentFlagg(request, context)).visImportmelding) throw redirect("/");
  const { api, avgiver } = await requireVirksomhet(request, context);
  const url = new URL(request.url);
  // no empty parameters in the address (SPEC §2): a form sent without JavaScript is tidied by a redirect
  const tomme = [...url.searchParams.entries()].filter(([, v]) => v.trim() === "");
  if (tomme.length > 0) {
    const rene = new URLSearchParams([...url.searchParams.entries()].filter(([, v]) => v.trim() !== ""));
    throw redirect(`/importmeldinger${rene.size ? `?${rene}` : ""}`);
  }
  const { sidenummer: side, ...f } = ImportmeldingerAdresse.parse(fraSoekeparametre(url.searchParams));
  try {
    // One call: the list with its facets — the countries with how many of this list's notifications (not
    // certificates) each has, and whom the importer is reception controller for
    const liste = await api.getJson<ImportmeldingListe>(
      `/import/importmelding/v2/${avgiver.organisasjonsnummer}/${avgiver.importoerId}/arkiv`,
      {
        searchParams: {
          ...f,
          sidenummer: tilServerSide(side),
          antall: IMPORTMELDING_SIDESTOERRELSE,
          fasetter: true,
        },
        redirectOn401: loginUrl(request),
      },
    );
    const kontrollerte = liste.mottakskontrolloerFor ?? [];
    // the importer filter (SPEC §2): the own company first (no parameter), then those it controls for
    const importoerer = [
      { id: "", navn: avgiver.navn },
      ...kontrollerte
        .filter((k) => k.id !== avgiver.importoerId)
        .map((k) => ({ id: String(k.id), navn: k.navn })),
    ];
    const aktiv = klemSide(side, liste.paginering.antallSider);
    if (aktiv !== side && liste.paginering.antallSider > 0) {
      url.searchParams.set("sidenummer", String(aktiv));
      throw redirect(`/importmeldinger?${url.searchParams}`);
    }
    // country names in the reader's language (bokmål: the API's), the facet sorted by them
    const sprak = await sprakFor(request);
    navngiLand(
      sprak,
      liste.importmeldingListevisningElementer.map((m) => m.eksportLand),
    );
    const { antallSider, antallElementer, flereEnnMaks } = liste.paginering;
    return {
      liste: {
        rader: liste.importmeldingListevisningElementer.map(rad),
        paginering: { antallSider, antallElementer, flereEnnMaks },
      },
      land: landvalgPaa(sprak, liste.eksportland ?? []),
      importoerer,
      filter: f,
      aktiv,
      feil: false as const,
      sok: url.searchParams.toString(),
      ...(await ruteTekster(request, "routes/importmeldinger")),
    };
  } catch (e) {
    if (e instanceof Response) throw e;
    context.logger?.error({ err: e }, "Henting av forhåndsmeldinger feilet");
    return {
      liste: null,
      land: [] as Eksportland[],
      importoerer: [] as { id: string; navn: string }[],
      filter: f,
      aktiv: 1,
      feil: true as const,
      sok: "",
      ...(await ruteTekster(request, "routes/importmeldinger")),
    };
  }
}

/** Debounce for the free-text filters with JavaScript (ms). */
const FILTER_FORSINKELSE = 400;

/** The filter form's values as query parameters, leaving out the empty ones (and so sidenummer). */
function filterParametre(form: HTMLFormElement): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of new FormData(form).entries()) {
    if (typeof v === "string" && v.trim() !== "") p.append(k, v.trim());
  }
  return p;
}

export default function Importmeldinger() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const hydrert = useHydrert();
  const tidtaker = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(tidtaker.current), []);
  const bruk = (form: HTMLFormElement, land?: string[]) => {
    const p = filterParametre(form);
    if (land) {
      p.delete("avsenderland");
      for (const l of land) p.append("avsenderland", l);
    }
    navigate(`/importmeldinger${p.size ? `?${p}` : ""}`, { replace: true, preventScrollReset: true });
  };
  const vedEndring = (e: FormEvent<HTMLFormElement>) => {
    const form = e.currentTarget;
    const felt = e.target as HTMLInputElement;
    // the country combobox's text field has no name: it filters suggestions, not the list
    if (!felt.name) return;
    clearTimeout(tidtaker.current);
    if (felt.type === "text") tidtaker.current = setTimeout(() => bruk(form), FILTER_FORSINKELSE);
    else bruk(form);
  };
  const f = data.filter;
  const harFilter = !!(
    f.nummer ||
    f.internReferanse ||
    f.avsender ||
    f.status.length ||
    f.avsenderland.length ||
    f.importoer
  );
  const aktive = aktiveFiltre(data, t);
  const laster = navigation.state === "loading" && navigation.location.pathname === "/importmeldinger";
  const lenkeTilSide = (side: number) => {
    const p = new URLSearchParams(data.sok);
    p.set("sidenummer", String(side));
    return `/importmeldinger?${p}`;
  };
  return (
    <div className="listeside">
      <h1 className="ds-heading" data-size="lg">
        {t("importmelding.liste.tittel")}
      </h1>
      <div className="listeside__oppsett">
        <Filtervindu knapp={t("importmelding.liste.visFilter")} aktive={aktive}>
          <Filterpanel
            aktivt={harFilter}
            nullstillTil="/importmeldinger"
            id="filterpanel"
            aria-label={t("importmelding.liste.filterEtikett")}
            onChange={vedEndring}
            onSubmit={(e) => {
              e.preventDefault();
              clearTimeout(tidtaker.current);
              bruk(e.currentTarget);
            }}
          >
            {data.importoerer.length > 1 ? (
              <ImportoerValg importoerer={data.importoerer} valgt={f.importoer} />
            ) : null}
            {(
              [
                ["nummer", "importmelding.liste.nummer"],
                ["internReferanse", "importmelding.liste.egenReferanse"],
                ["avsender", "importmelding.liste.avsender"],
              ] as const
            ).map(([navn, etikett]) => (
              <Filterfelt key={navn} id={`filter-${navn}`} navn={navn} etikett={t(etikett)} verdi={f[navn]} />
            ))}
            <Avkrysningsgruppe
              legende={t("importmelding.liste.status")}
              navn="status"
              idPrefiks="status"
              valg={Object.keys(STATUS_FILTER_TEKST).map((verdi) => ({
                verdi,
                tekst: t(`kodeverk.statusFilter.${verdi as keyof typeof STATUS_FILTER_TEKST}`),
              }))}
              valgte={f.status}
            />
            {hydrert ? (
              <LandVelger
                navn="avsenderland"
                etikett={t("importmelding.liste.avsenderland")}
                land={data.land}
                valgte={f.avsenderland}
                onEndre={(valgte) => {
                  const form = document.getElementById("filterpanel");
                  if (form instanceof HTMLFormElement) bruk(form, valgte);
                }}
              />
            ) : (
              <Avkrysningsgruppe
                legende={t("importmelding.liste.avsenderland")}
                navn="avsenderland"
                idPrefiks="land"
                valg={data.land.map((l) => ({ verdi: l.kode, tekst: landEtikett(l, t) }))}
                valgte={f.avsenderland}
                rullbar
              />
            )}
          </Filterpanel>
        </Filtervindu>
        <Resultater
          tittel={t("importmelding.liste.tittel")}
          laster={laster}
          feilTittel={data.feil ? t("importmelding.liste.hentingFeilet") : null}
          liste={
            data.liste
              ? {
                  antall: data.liste.rader.length,
                  paginering: data.liste.paginering,
                }
              : null
          }
          filtrert={harFilter}
          tom={t("importmelding.liste.tom")}
          ord={{ en: t("importmelding.liste.ordEn"), flere: t("importmelding.liste.ordFlere") }}
          aktivSide={data.aktiv}
          lenkeTilSide={lenkeTilSide}
        >
          <ul className="sertifikatliste">
            {data.liste?.rader.map((m) => (
              <ImportmeldingKort key={m.id} m={m} />
            ))}
          </ul>
        </Resultater>
      </div>
    </div>
  );
}

/** What the list is filtered on, as the panel's labels and the values as the panel shows them. */
function aktiveFiltre(
  data: {
    filter: {
      nummer?: string;
      internReferanse?: string;
      avsender?: string;
      status: string[];
      avsenderland: string[];
      importoer?: string;
    };
    land: ReadonlyArray<{ kode: string; navn: string }>;
    importoerer: ReadonlyArray<{ id: string; navn: string }>;
  },
  t: T,
): AktivtFilter[] {
  const f = data.filter;
  const aktive: AktivtFilter[] = [];
  const valgt = data.importoerer.length > 1 ? data.importoerer.find((i) => i.id === f.importoer) : undefined;
  if (valgt) aktive.push({ felt: t("importmelding.liste.importoer"), verdier: [valgt.navn] });
  for (const [navn, etikett] of [
    ["nummer", "importmelding.liste.nummer"],
    ["internReferanse", "importmelding.liste.egenReferanse"],
    ["avsender", "importmelding.liste.avsender"],
  ] as const) {
    const verdi = f[navn]?.trim();
    if (verdi) aktive.push({ felt: t(etikett), verdier: [verdi] });
  }
  if (f.status.length > 0)
    aktive.push({
      felt: t("importmelding.liste.status"),
      verdier: f.status.map((s) => t(`kodeverk.statusFilter.${s as keyof typeof STATUS_FILTER_TEKST}`)),
    });
  if (f.avsenderland.length > 0)
    aktive.push({
      felt: t("importmelding.liste.avsenderland"),
      verdier: f.avsenderland.map((k) => data.land.find((l) => l.kode === k)?.navn ?? k),
    });
  return aktive;
}

/** The importer filter, for a reception controller that sees the notifications of the importers it controls for. */
function ImportoerValg({
  importoerer,
  valgt,
}: {
  importoerer: ReadonlyArray<{ id: string; navn: string }>;
  valgt: string | undefined;
}) {
  const t = useT();
  return (
    <div className="ds-field">
      <label className="ds-label" htmlFor="filter-importoer">
        {t("importmelding.liste.importoer")}
      </label>
      <select className="ds-input" id="filter-importoer" name="importoer" defaultValue={valgt ?? ""}>
        {importoerer.map((i) => (
          <option key={i.id} value={i.id}>
            {i.navn}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A hidden part of a link's name (the notification's number), for <Tekst>'s `deler`. */
const skjult = <span key="skjult" className="skjult" />;

/**
 * One notification in the list: number, sender and status, and what can be done with it next. Its links are
 * Radlenker (ADR 086): the list's `Resultater` has the one listener that navigates in the app.
 */
function ImportmeldingKort({ m }: { m: ReturnType<typeof rad> }) {
  const t = useT();
  return (
    <li className="sertifikatkort">
      <h3 className="ds-heading" data-size="xs">
        <Radlenke til={m.url}>{m.nummer}</Radlenke>
      </h3>
      <p className="ds-paragraph" data-size="sm">
        {t("importmelding.liste.linje", {
          fra: m.avsender ?? t("importmelding.liste.ukjentAvsender"),
          land: m.landnavn,
          referanse: m.egenReferanse ? ` · ${m.egenReferanse}` : "",
          dato: formaterDato(m.statusEndret, t.sprak),
        })}
      </p>
      <div className="merkerad">
        <Merke farge={m.statusFarge}>{statusNavn(t, m)}</Merke>
        {m.kategori === "TIL_VURDERING" ? (
          <span className="ds-paragraph" data-size="sm">
            {t("importmelding.liste.venterPaaVurdering")}
          </span>
        ) : null}
      </div>
      {m.kategori === "PAABEGYNT" ? (
        <div className="knapperad">
          <Radlenke className="ds-button" data-variant="primary" data-size="sm" til={m.url}>
            <Tekst id="importmelding.liste.fortsett" verdier={{ nummer: m.nummer }} deler={[skjult]} />
          </Radlenke>
          <Radlenke className="ds-button" data-variant="secondary" data-size="sm" til={`${m.url}?slett=1`}>
            <Tekst id="importmelding.liste.slett" verdier={{ nummer: m.nummer }} deler={[skjult]} />
          </Radlenke>
        </div>
      ) : m.kategori === "REGISTRERT" && m.status === "REGISTRERT" && !m.kunDokumentkontroll ? (
        <div className="knapperad">
          <Radlenke
            className="ds-button"
            data-variant="secondary"
            data-size="sm"
            til={`/importmelding/${m.id}/mottakskontrolloer`}
          >
            <Tekst id="importmelding.liste.fysiskKontroll" verdier={{ nummer: m.nummer }} deler={[skjult]} />
          </Radlenke>
        </div>
      ) : null}
    </li>
  );
}

/** A country facet's label: "Nederland (12)", or past the bound "Nederland (over 1 000)". */
function landEtikett(l: { navn: string; antall: number; flereEnnMaks?: boolean }, t: T): string {
  const verdier = { navn: l.navn, antall: formaterTall(l.antall, t.sprak) };
  return l.flereEnnMaks ? t("importmelding.liste.landOver", verdier) : t("importmelding.liste.land", verdier);
}

export const handle = { brodsmule: "importmelding.liste.tittel" };
export const meta: MetaFunction = ({ matches }) => sidetittel(matches, "importmelding.liste.tittel");
