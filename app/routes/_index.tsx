import {
  type ActionFunctionArgs,
  createCookie,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
  type SerializeFrom,
} from "@remix-run/node";
import { Form, useLoaderData, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { osloDato } from "../../domain/format";
import type { Forside, Oversikt } from "../../domain/oversikt";
import { ForsideAdresse, fraSoekeparametre } from "../../domain/schemas/listefilter";
import type { Eksportland, SertifikatVisning } from "../../domain/sertifikat-visning";
import {
  landHjelp,
  SOK_INGEN_TREFF,
  SOK_UGYLDIGE_TEGN,
  SOKELAND,
  type SokFelt,
  validerSok,
} from "../../domain/sertifikatsok";
import { melding } from "../../sprak/melding";
import { EpostBanner } from "../components/epost-banner";
import { ForsideFilter, ForsideSeksjoner, forsideOversikt } from "../components/forside";
import { useHydrert } from "../components/hydrert";
import { Oppstart, type OppstartSteg } from "../components/oppstart";
import type { Regelverksvar } from "../components/regelverk-bekreftelse";
import { useT } from "../components/sprak";
import { Varsel } from "../components/ui";
import { ApiFeil } from "../lib/api.server";
import { loginUrl, requireVirksomhet } from "../lib/bruker.server";
import { lesSkjema } from "../lib/csrf.server";
import { KONTAKT_EPOST } from "../lib/kontakt";
import { fastLandvalg, landvalgPaa, navngiLand } from "../lib/landnavn.server";
import { lagreRegelverk, lesRegelverk } from "../lib/regelverk.server";
import { sidetittel } from "../lib/sidetittel";
import { ruteTekster, sprakFor } from "../lib/tekster.server";
import type { loader as rootLoader } from "../root";

/**
 * A refused onboarding step, carried over the redirect back to home (issue 23 item 9): a form posted
 * without JavaScript leaves the browser at the address it posted to, which for the index route is
 * '/?index'. Instead the action redirects to '/' with the message and what was written, for one minute, and
 * the next load of home shows them and clears it.
 */
const oppstartFeilCookie = createCookie("oppstart-feil", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60,
});

interface OppstartFeil {
  steg: OppstartSteg;
  feil: string;
  epost: string;
  /** The regulation form's choice and field messages, or the answer to 'Nei' (ADR 060). */
  regelverk?: Regelverksvar & { melding?: string };
}

async function lesOppstartFeil(request: Request): Promise<OppstartFeil | null> {
  const cookie = request.headers.get("Cookie");
  // almost every load of home has none: the whole header is not parsed for it (ADR 082)
  if (!cookie?.includes(`${oppstartFeilCookie.name}=`)) return null;
  const v = (await oppstartFeilCookie.parse(cookie)) as Partial<OppstartFeil> | null;
  if (!v || (v.steg !== "regelverk" && v.steg !== "epost") || typeof v.feil !== "string") return null;
  const regelverk = v.regelverk && typeof v.regelverk === "object" ? v.regelverk : undefined;
  return { steg: v.steg, feil: v.feil, epost: typeof v.epost === "string" ? v.epost : "", regelverk };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { avgiver, bruker, api } = await requireVirksomhet(request, context);
  const oppstartFeil = await lesOppstartFeil(request);
  const url = new URL(request.url);
  const idag = osloDato(new Date());
  const p = url.searchParams;
  const sok = {
    avsenderland: p.get("avsenderland") ?? "",
    sertifikatnummer: p.get("sertifikatnummer") ?? "",
    dato: p.get("dato") ?? "",
  };
  let sokFeil: string | null = null;
  let feilFelt: SokFelt[] = [];
  if (p.has("sok")) {
    const v = validerSok(sok, idag);
    if (!v.ok) {
      sokFeil = v.melding;
      feilFelt = v.felt;
    } else {
      try {
        const s = await api.getJson<SertifikatVisning>(
          `/import/v2/${avgiver.organisasjonsnummer}/${avgiver.importoerId}/sertifikat`,
          { searchParams: { ...v.sok }, redirectOn401: loginUrl(request) },
        );
        throw redirect(
          `/sertifikat?${new URLSearchParams({
            sertifikatnummer: s.nummer,
            dato: s.utstedtDag ?? v.sok.dato,
            avsenderland: s.eksportLand?.kode ?? v.sok.avsenderland,
          })}`,
        );
      } catch (e) {
        if (e instanceof Response) throw e;
        if (e instanceof ApiFeil && (e.status === 404 || e.status === 400))
          sokFeil = e.melding ?? SOK_INGEN_TREFF;
        else {
          context.logger?.error({ err: e }, "Sertifikatsøk feilet");
          sokFeil = melding("forside.sok.feilet");
        }
      }
    }
  }
  // The dashboard (SPEC §2 "Home"); its filter panel uses `avsender` and `land` in the page address, so it
  // does not mix with the certificate search's `avsenderland` (ADR 013).
  const lest = ForsideAdresse.parse(p.has("sok") ? {} : fraSoekeparametre(p));
  const filter = { avsender: lest.avsender ?? "", land: lest.land ?? "" };
  const slettet = p.get("slettet") === "1";
  // Everything the page shows in one API call (GET .../forside, beyond SPEC §7: docs/architecture.md); when
  // it fails, the lists' part shows the error panel and the rest of the page stays.
  const forside = await api
    .getJson<Forside>(
      `/import/importmelding/v2/${avgiver.organisasjonsnummer}/${avgiver.importoerId}/forside`,
      {
        searchParams: { avsender: lest.avsender, avsenderland: lest.land },
        redirectOn401: loginUrl(request),
      },
    )
    .catch((e) => {
      if (e instanceof Response) throw e;
      context.logger?.error({ err: e }, "Henting av forsiden feilet");
      return null;
    });
  const sprak = await sprakFor(request);
  const oversikt: Oversikt | null = forside?.oversikt ?? null;
  // country names in the reader's language (bokmål: the API's), the filter's countries sorted by them
  const land: Eksportland[] = landvalgPaa(sprak, forside?.eksportland ?? []);
  if (oversikt) {
    const { flere: _, ...lister } = oversikt;
    navngiLand(
      sprak,
      Object.values(lister).flatMap((l) => l.map((x) => x.eksportLand)),
    );
  }
  const epostFeil = forside?.epostSendingFeiler ?? false;
  // The forced onboarding: regulations first, then at least one e-mail address (SPEC §2 "Home").
  const oppstart: OppstartSteg | null = !forside
    ? null
    : !forside.oppstart.harLestRegelverk
      ? "regelverk"
      : !forside.oppstart.harEpostadresse
        ? "epost"
        : null;
  return data(
    {
      // what the page shows of the organisation and of the lists, no more (ADR 082): single fetch writes the
      // loader data into the HTML and the browser hydrates it
      avgiver: { navn: avgiver.navn, formatertOrganisasjonsnummer: avgiver.formatertOrganisasjonsnummer },
      navn: bruker.navn,
      idag,
      sok,
      sokFeil,
      feilFelt,
      oversikt: oversikt ? forsideOversikt(oversikt) : null,
      land: land.map((l) => ({ kode: l.kode, navn: l.navn })),
      filter,
      slettet,
      oppstart,
      // the search countries named in the reader's language and sorted by those names (bokmål: the code
      // list's, SPEC), from the loader so the country table stays off the client
      sokeland: fastLandvalg(sprak, SOKELAND),
      epostFeil,
      oppstartFeil,
      // the regulation form's messages (validering) only while it is shown
      ...(await ruteTekster(
        request,
        "routes/_index",
        ...(oppstart === "regelverk" ? ["validering" as const] : []),
      )),
    },
    {
      status: sokFeil === SOK_UGYLDIGE_TEGN ? 400 : 200,
      headers: oppstartFeil
        ? {
            "Set-Cookie": await oppstartFeilCookie.serialize("", {
              maxAge: 0,
              secure: context.config.secureCookies,
            }),
          }
        : undefined,
    },
  );
}

// message references (sprak/melding.ts): they travel in the cookie and are shown in the reader's language
const OPPSTART_EPOST_MANGLER = melding("forside.oppstart.epostMangler");

/**
 * The forced onboarding's two steps; a bad answer gives a message and keeps what was written, on home's own
 * address (oppstartFeilCookie).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api, avgiver, session } = await requireVirksomhet(request, context);
  const { formData } = await lesSkjema(request, context, session);
  const intent = formData.get("intent");
  const epost = String(formData.get("epostadresse") ?? "").trim();
  const avvist = async (steg: OppstartSteg, feil: string, regelverk?: OppstartFeil["regelverk"]) =>
    redirect("/", {
      headers: {
        "Set-Cookie": await oppstartFeilCookie.serialize(
          { steg, feil, epost, regelverk } satisfies OppstartFeil,
          {
            secure: context.config.secureCookies,
          },
        ),
      },
    });
  try {
    if (intent === "oppstart-regelverk") {
      // the one confirmation form (ADR 060): 'Nei' stores nothing and says so, the onboarding stays
      const lest = lesRegelverk(formData);
      if (lest.utfall === "ugyldig") return avvist("regelverk", "", lest.svar);
      if (lest.utfall === "vil-ikke-melde")
        return avvist("regelverk", "", { ...lest.svar, melding: melding("felles.regelverk.ikkeLagret") });
      await lagreRegelverk(api, avgiver, request);
    } else if (intent === "oppstart-epost") {
      if (!epost) return avvist("epost", OPPSTART_EPOST_MANGLER);
      await api.put(
        `/import/register/v1/${avgiver.organisasjonsnummer}/epost`,
        { epostadresse: epost },
        { redirectOn401: loginUrl(request) },
      );
    } else {
      return data({ steg: null, feil: melding("forside.oppstart.ukjentHandling"), epost }, { status: 400 });
    }
  } catch (e) {
    if (e instanceof ApiFeil)
      return avvist(
        intent === "oppstart-epost" ? "epost" : "regelverk",
        e.melding ?? melding("forside.oppstart.lagringFeilet"),
      );
    throw e;
  }
  return redirect("/");
}

export default function Hjem() {
  const {
    avgiver,
    navn,
    idag,
    sok,
    sokFeil,
    feilFelt,
    oversikt,
    land: alleLand,
    filter,
    slettet,
    oppstart,
    sokeland,
    epostFeil,
    oppstartFeil,
  } = useLoaderData<typeof loader>();
  const t = useT();
  const visImportmelding = useRouteLoaderData<typeof rootLoader>("root")?.flagg.visImportmelding ?? false;
  const tittel = useRef<HTMLHeadingElement>(null);
  const forrigeOppstart = useRef(oppstart);
  useEffect(() => {
    // the onboarding finished: focus goes back to the page's heading, not to the top of the document
    if (forrigeOppstart.current && !oppstart) tittel.current?.focus();
    forrigeOppstart.current = oppstart;
  }, [oppstart]);
  return (
    <div>
      <h1 className="ds-heading" data-size="lg" ref={tittel} tabIndex={-1}>
        {avgiver.navn}
      </h1>
      <p className="ds-paragraph hjem-orgnr">
        {t("forside.orgnr", { orgnr: avgiver.formatertOrganisasjonsnummer })}
      </p>
      <p className="ds-paragraph">{t("forside.velkommen", { navn })}</p>
      {oppstart ? (
        <Oppstart
          steg={oppstart}
          feil={oppstartFeil?.steg === oppstart ? oppstartFeil.feil : null}
          epost={oppstartFeil?.epost}
          regelverk={oppstartFeil?.steg === oppstart ? oppstartFeil.regelverk : null}
        />
      ) : null}
      <EpostBanner feiler={epostFeil} />
      {slettet ? (
        <Varsel farge="success" rolle="status">
          <p className="ds-paragraph">{t("forside.slettet")}</p>
        </Varsel>
      ) : null}
      <ForsideFilter land={alleLand} avsender={filter.avsender} valgtLand={filter.land} />
      {oversikt ? (
        <ForsideSeksjoner
          oversikt={oversikt}
          visImportmelding={visImportmelding}
          filtrert={!!(filter.avsender || filter.land)}
        />
      ) : (
        <Varsel farge="danger" tittel={t("forside.hentingFeilet")}>
          <p className="ds-paragraph">{t("felles.liste.feil", { epost: KONTAKT_EPOST })}</p>
        </Varsel>
      )}

      <Sertifikatsoek sok={sok} sokFeil={sokFeil} feilFelt={feilFelt} sokeland={sokeland} idag={idag} />
    </div>
  );
}

type Hjemdata = SerializeFrom<typeof loader>;

/** The search for a certificate by its keys (SPEC §2): country, number and date, all three required. */
function Sertifikatsoek({
  sok,
  sokFeil,
  feilFelt,
  sokeland,
  idag,
}: Pick<Hjemdata, "sok" | "sokFeil" | "feilFelt" | "sokeland" | "idag">) {
  // The search's error names its fields; those get aria-invalid and the message (also without JavaScript).
  const feilPaa = (f: SokFelt) =>
    feilFelt.includes(f) ? { "aria-invalid": true as const, "aria-describedby": "sok-feil" } : {};
  const navigation = useNavigation();
  const hydrert = useHydrert();
  const t = useT();
  const [felt, setFelt] = useState(sok);
  const land = sokeland.find((l) => l.kode === felt.avsenderland);
  const kanSoeke = !!(felt.avsenderland && felt.sertifikatnummer.trim() && felt.dato);
  const sett = (k: keyof typeof felt) => (e: { currentTarget: { value: string } }) => {
    const verdi = e.currentTarget.value;
    setFelt((f) => ({ ...f, [k]: verdi }));
  };
  return (
    <section className="sertifikatsok" aria-labelledby="sok-tittel">
      <h2 id="sok-tittel" className="ds-heading" data-size="sm">
        {t("forside.sok.tittel")}
      </h2>
      <p className="ds-paragraph" data-size="sm">
        {t("forside.sok.intro")}
      </p>
      {sokFeil ? (
        <Varsel farge="warning" rolle="alert" id="sok-feil">
          <p className="ds-paragraph">
            {feilFelt[0] ? <a href={`#${feilFelt[0]}`}>{t.melding(sokFeil)}</a> : t.melding(sokFeil)}
          </p>
        </Varsel>
      ) : null}
      <Form method="get" className="sokeskjema">
        <input type="hidden" name="sok" value="1" />
        <div className="ds-field">
          <label className="ds-label" htmlFor="avsenderland">
            {t("forside.sok.land")}
          </label>
          <select
            className="ds-input"
            id="avsenderland"
            name="avsenderland"
            value={felt.avsenderland}
            onChange={sett("avsenderland")}
            aria-describedby={sokFeil && !feilFelt.length ? "sok-feil" : undefined}
            {...feilPaa("avsenderland")}
          >
            <option value="">{t("forside.sok.velgLand")}</option>
            {sokeland.map((l) => (
              <option key={l.kode} value={l.kode}>
                {l.navn}
              </option>
            ))}
          </select>
        </div>
        <div className="ds-field">
          <label className="ds-label" htmlFor="sertifikatnummer">
            {t("forside.sok.nummer")}
          </label>
          <p className="ds-paragraph hjelpetekst" data-size="sm" id="sertifikatnummer-hjelp">
            {/* the chosen country's number format (the catalogue's, in the reader's language), else the general */}
            {t(land ? landHjelp(land.kode) : "forside.sok.nummerHjelp")}
          </p>
          <input
            className="ds-input"
            type="text"
            id="sertifikatnummer"
            name="sertifikatnummer"
            value={felt.sertifikatnummer}
            onChange={sett("sertifikatnummer")}
            placeholder={land?.plassholder}
            aria-describedby={
              feilFelt.includes("sertifikatnummer")
                ? "sertifikatnummer-hjelp sok-feil"
                : "sertifikatnummer-hjelp"
            }
            aria-invalid={feilFelt.includes("sertifikatnummer") || undefined}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <div className="ds-field">
          <label className="ds-label" htmlFor="dato">
            {t("forside.sok.dato")}
          </label>
          <input
            className="ds-input"
            type="date"
            id="dato"
            name="dato"
            max={idag}
            value={felt.dato}
            onChange={sett("dato")}
            {...feilPaa("dato")}
          />
        </div>
        <button
          className="ds-button"
          data-variant="primary"
          type="submit"
          disabled={(hydrert && !kanSoeke) || navigation.state === "loading"}
        >
          {t("forside.sok.knapp")}
        </button>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => sidetittel(matches, "forside.tittel");
