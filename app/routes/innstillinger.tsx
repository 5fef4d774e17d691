import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { REGELVERK_AVKRYSSING_TEKST, REGELVERK_MELDING } from "../../domain/schemas/tekster";
import { CsrfInput } from "../components/csrf-input";
import { EpostBanner, hentEpostFeil } from "../components/epost-banner";
import { useHydrert } from "../components/hydrert";
import { Varsel } from "../components/ui";
import { type ApiClient, ApiFeil } from "../lib/api.server";
import { type Importoer, loginUrl, requireVirksomhet } from "../lib/bruker.server";
import { lesSkjema } from "../lib/csrf.server";

export const REGELVERK_AVKRYSSING = REGELVERK_AVKRYSSING_TEKST;

/** The four sides of SPEC §2 "Settings (query side)". */
export const SIDER = [
  "Profil",
  "Varslinger",
  "Registrere som mottakskontrollør",
  "Legg til mottakskontrollør",
] as const;
export type Side = (typeof SIDER)[number];

/** Both readings of the names (SPEC §2): 'Registrere mottakskontrollør' is the same side; Profil by default. */
export function lesSide(verdi: string | null): Side {
  const v = (verdi ?? "").trim().toLowerCase();
  if (v === "registrere mottakskontrollør") return "Registrere som mottakskontrollør";
  return SIDER.find((s) => s.toLowerCase() === v) ?? "Profil";
}

const sideUrl = (side: Side, ekstra: Record<string, string> = {}) =>
  `/innstillinger?${new URLSearchParams({ side, ...ekstra }).toString()}`;

// SPEC §8 "Settings fallbacks": shown when the server gives no message of its own.
const FEIL = {
  kontrolloerer: "Klarte ikke oppdatere listen av mottakskontrollører.",
  registrer: "Klarte ikke registrere deg som mottakskontrollør",
  slettEpost: "Noe gikk galt ved sletting av e-post",
  lagreEpost: "Noe gikk galt under lagring av e-post",
  epostvarsel: "Noe gikk galt under lagring av e-post preferanse",
  hentKontrolloerer: "Klarte ikke hente alle mottakskontrolloerer",
  regelverk: "Klarte ikke å lagre bekreftelsen.",
} as const;

const LAGRET: Record<string, string> = {
  regelverk: "Bekreftelsen av regelverket er lagret.",
  "epost-lagt-til": "E-postadressen er lagt til.",
  "epost-slettet": "E-postadressen er slettet.",
  "kontrolloer-lagt-til": "Mottakskontrolløren er lagt til.",
  "kontrolloer-fjernet": "Mottakskontrolløren er fjernet.",
};

type Kort = { id: number; navn: string; organisasjonsnummer: string };

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
  const lagret = url.searchParams.get("lagret");
  const slettId = Number(url.searchParams.get("slettEpost"));
  return json(
    {
      avgiver,
      importoer,
      side,
      alleKontrolloerer,
      kontrolloerFeil,
      sok: url.searchParams.get("sok")?.slice(0, 100) ?? "",
      lagret: lagret ? (LAGRET[lagret] ?? null) : null,
      slettEpost: importoer.epostadresser.find((e) => e.id === slettId) ?? null,
      epostFeil,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

type Svar = { intent: string; feil?: string; melding?: string; epostadresse?: string; bekreftelse?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, avgiver, session } = await requireVirksomhet(request, context);
  const { formData } = await lesSkjema(request, context, session);
  const orgnr = avgiver.organisasjonsnummer;
  const base = `/import/register/v1/${orgnr}`;
  const intent = String(formData.get("intent") ?? "");
  const opts = { redirectOn401: loginUrl(request) };
  const feil = (e: unknown, reserve: string, ekstra: Partial<Svar> = {}) => {
    if (e instanceof ApiFeil)
      return json<Svar>({ intent, feil: e.melding ?? reserve, ...ekstra }, { status: 400 });
    throw e;
  };
  switch (intent) {
    case "bekreft-regelverk": {
      const valg = formData.get("bekreftelse");
      if (valg !== "bekreftet" && valg !== "vil-ikke-melde") {
        return json<Svar>({ intent, feil: REGELVERK_MELDING }, { status: 400 });
      }
      if (valg === "vil-ikke-melde") {
        return json<Svar>({
          intent,
          melding: "Ingenting er lagret. Virksomheten kan ikke melde import før regelverket er bekreftet.",
        });
      }
      if (formData.get("harLestRegelverk") !== "ja") {
        return json<Svar>({ intent, feil: REGELVERK_AVKRYSSING_TEKST, bekreftelse: valg }, { status: 400 });
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
        return json<Svar>({ intent, feil: "Skriv inn en e-postadresse", epostadresse }, { status: 400 });
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
      if (!/^\d{1,15}$/.test(id)) return json<Svar>({ intent, feil: FEIL.slettEpost }, { status: 400 });
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
      return json<Svar>({
        intent,
        melding: skalHaEpost ? "Du får varsler på e-post." : "Du får ikke lenger varsler på e-post.",
      });
    }
    case "mottakskontrolloer": {
      const erMottakskontrolloer = formData.get("erMottakskontrolloer") === "ja";
      try {
        await api.put(`${base}/${avgiver.importoerId}/mottakskontrolloer`, { erMottakskontrolloer }, opts);
      } catch (e) {
        return feil(e, FEIL.registrer);
      }
      return json<Svar>({
        intent,
        melding: erMottakskontrolloer
          ? "Virksomheten er registrert som mottakskontrollør."
          : "Virksomheten er ikke lenger registrert som mottakskontrollør.",
      });
    }
    case "legg-til-kontrolloer":
    case "fjern-kontrolloer": {
      const id = Number(formData.get("mottakskontrolloerId"));
      if (!Number.isSafeInteger(id) || id <= 0) {
        return json<Svar>({ intent, feil: "Velg en mottakskontrollør" }, { status: 400 });
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
      return json<Svar>({ intent, feil: "Ukjent handling" }, { status: 400 });
  }
}

/** A toggle that saves on change with JavaScript (announced politely) and is a form with 'Lagre' without. */
function Bryter({
  intent,
  navn,
  paa,
  etikett,
  beskrivelse,
}: {
  intent: string;
  navn: string;
  paa: boolean;
  etikett: string;
  beskrivelse?: string;
}) {
  const fetcher = useFetcher<typeof action>();
  const actionData = useActionData<typeof action>();
  const hydrert = useHydrert();
  const svar = (fetcher.data ?? (actionData?.intent === intent ? actionData : undefined)) as Svar | undefined;
  // The user's choice shows at once (the fetcher's state changes in a transition); once the save is done
  // the server's value counts again, so a failure puts the toggle back.
  const [valgt, settValgt] = useState<boolean | undefined>(undefined);
  const ferdig = fetcher.state === "idle" && fetcher.data !== undefined;
  useEffect(() => {
    if (ferdig) settValgt(undefined);
  }, [ferdig]);
  const id = `bryter-${intent}`;
  return (
    <fetcher.Form method="post" className="skjema bryter">
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      <div className="ds-field">
        <div className="ds-switch">
          <input
            className="ds-input"
            type="checkbox"
            id={id}
            name={navn}
            value="ja"
            {...(hydrert
              ? {
                  checked: valgt ?? paa,
                  onChange: (e) => {
                    settValgt(e.currentTarget.checked);
                    fetcher.submit(e.currentTarget.form);
                  },
                }
              : { defaultChecked: paa })}
            aria-describedby={beskrivelse ? `${id}-hjelp` : undefined}
          />
          <label className="ds-label" data-weight="regular" htmlFor={id}>
            {etikett}
          </label>
        </div>
        {beskrivelse ? (
          <p className="ds-paragraph hjelpetekst" data-size="sm" id={`${id}-hjelp`}>
            {beskrivelse}
          </p>
        ) : null}
      </div>
      {hydrert ? null : (
        <button className="ds-button" data-variant="secondary" type="submit">
          Lagre
        </button>
      )}
      <p className="ds-paragraph bryter__status" role="status" data-size="sm">
        {fetcher.state === "idle" && svar?.melding ? svar.melding : ""}
      </p>
      {svar?.feil && fetcher.state === "idle" ? (
        <Varsel farge="danger" rolle="alert">
          <p className="ds-paragraph">{svar.feil}</p>
        </Varsel>
      ) : null}
    </fetcher.Form>
  );
}

function Sidenavigasjon({ side }: { side: Side }) {
  const hydrert = useHydrert();
  const navigate = useNavigate();
  return (
    <>
      <nav aria-label="Innstillinger" className="innstillinger__nav">
        <ul>
          {SIDER.map((s) => (
            <li key={s}>
              <Link to={sideUrl(s)} aria-current={s === side ? "page" : undefined}>
                {s}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" action="/innstillinger" className="innstillinger__velger">
        <div className="ds-field">
          <label className="ds-label" htmlFor="side-velger">
            Velg side
          </label>
          <select
            className="ds-input"
            id="side-velger"
            name="side"
            defaultValue={side}
            onChange={hydrert ? (e) => navigate(sideUrl(lesSide(e.currentTarget.value))) : undefined}
          >
            {SIDER.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        {hydrert ? null : (
          <button className="ds-button" data-variant="secondary" type="submit">
            Vis
          </button>
        )}
      </Form>
    </>
  );
}

function Profil() {
  const { avgiver, importoer } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as Svar | undefined;
  const regelverkSvar = actionData?.intent === "bekreft-regelverk" ? actionData : undefined;
  const [krysset, settKrysset] = useState(importoer.harLestRegelverk);
  return (
    <>
      <h2 className="ds-heading" data-size="md">
        Profil
      </h2>
      <dl className="opplysninger">
        <div className="opplysninger__rad">
          <dt>Virksomhet</dt>
          <dd>{importoer.navn}</dd>
        </div>
        <div className="opplysninger__rad">
          <dt>Organisasjonsnummer</dt>
          <dd>{avgiver.formatertOrganisasjonsnummer}</dd>
        </div>
        {avgiver.adresse ? (
          <div className="opplysninger__rad">
            <dt>Adresse</dt>
            <dd>{avgiver.adresse}</dd>
          </div>
        ) : null}
        <div className="opplysninger__rad">
          <dt>Mottakskontrollør</dt>
          <dd>{importoer.erMottakskontrolloer ? "Ja, registrert som mottakskontrollør" : "Nei"}</dd>
        </div>
        {importoer.erMottakskontrolloer ? (
          <div className="opplysninger__rad">
            <dt>Mottakskontrollør for</dt>
            <dd>
              {importoer.mottakskontrolloerFor.length === 0
                ? "Ingen virksomheter"
                : importoer.mottakskontrolloerFor.map((k) => k.navn).join(", ")}
            </dd>
          </div>
        ) : null}
        <div className="opplysninger__rad">
          <dt>E-postadresser for varsler</dt>
          <dd className="bryt-ord">
            {importoer.epostadresser.length === 0
              ? "Ingen registrerte e-postadresser"
              : importoer.epostadresser.map((e) => e.epostadresse).join(", ")}
          </dd>
        </div>
      </dl>
      <section aria-labelledby="regelverk-tittel" className="seksjon">
        <h3 id="regelverk-tittel" className="ds-heading" data-size="sm">
          Kjennskap til regelverket
        </h3>
        <p className="ds-paragraph">
          For å melde import av planter må virksomheten kjenne regelverket, blant annet forskrift om
          plantehelse og kravene til forhåndsmelding og mottakskontroll.
        </p>
        {regelverkSvar?.feil ? (
          <Varsel farge="danger" rolle="alert">
            <p className="ds-paragraph">{regelverkSvar.feil}</p>
          </Varsel>
        ) : null}
        {regelverkSvar?.melding ? (
          <Varsel farge="warning" rolle="status">
            <p className="ds-paragraph">{regelverkSvar.melding}</p>
          </Varsel>
        ) : null}
        {importoer.harLestRegelverk ? (
          <>
            <div className="ds-field">
              <input
                className="ds-input"
                type="checkbox"
                id="harLestRegelverk"
                checked
                disabled
                readOnly
                aria-describedby="regelverk-hjelp"
              />
              <label className="ds-label" data-weight="regular" htmlFor="harLestRegelverk">
                Virksomheten kjenner regelverket for import av planter
              </label>
            </div>
            <p className="ds-paragraph hjelpetekst" data-size="sm" id="regelverk-hjelp">
              {REGELVERK_AVKRYSSING_TEKST} Bekreftet. Avkrysningen kan ikke fjernes.
            </p>
          </>
        ) : (
          <Form method="post" className="skjema skjema--stablet">
            <CsrfInput />
            <fieldset className="ds-fieldset">
              <legend className="ds-label">Kjenner virksomheten regelverket?</legend>
              {[
                { verdi: "bekreftet", tekst: "Ja, vi bekrefter at virksomheten kjenner regelverket" },
                { verdi: "vil-ikke-melde", tekst: "Nei, vi skal ikke melde import" },
              ].map((v) => (
                <div className="ds-field" key={v.verdi}>
                  <input
                    className="ds-input"
                    type="radio"
                    id={`bekreftelse-${v.verdi}`}
                    name="bekreftelse"
                    value={v.verdi}
                    defaultChecked={regelverkSvar?.bekreftelse === v.verdi}
                  />
                  <label className="ds-label" data-weight="regular" htmlFor={`bekreftelse-${v.verdi}`}>
                    {v.tekst}
                  </label>
                </div>
              ))}
            </fieldset>
            <div className="ds-field">
              <input
                className="ds-input"
                type="checkbox"
                id="harLestRegelverk"
                name="harLestRegelverk"
                value="ja"
                onClick={(e) => {
                  // Once ticked it stays ticked (SPEC §5).
                  if (!e.currentTarget.checked && krysset) e.preventDefault();
                  else if (e.currentTarget.checked) settKrysset(true);
                }}
                aria-describedby="regelverk-hjelp"
              />
              <label className="ds-label" data-weight="regular" htmlFor="harLestRegelverk">
                Virksomheten kjenner regelverket for import av planter
              </label>
              <p className="ds-paragraph hjelpetekst" data-size="sm" id="regelverk-hjelp">
                {REGELVERK_AVKRYSSING_TEKST}
              </p>
            </div>
            <div className="knapperad">
              <button
                className="ds-button"
                data-variant="primary"
                type="submit"
                name="intent"
                value="bekreft-regelverk"
              >
                Lagre
              </button>
            </div>
          </Form>
        )}
      </section>
    </>
  );
}

function Varslinger() {
  const { importoer, slettEpost, epostFeil } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as Svar | undefined;
  const hydrert = useHydrert();
  const leggTil = actionData?.intent === "legg-til-epost" ? actionData : undefined;
  const slettSvar = actionData?.intent === "slett-epost" ? actionData : undefined;
  const [epost, settEpost] = useState(leggTil?.epostadresse ?? "");
  return (
    <>
      <h2 className="ds-heading" data-size="md">
        Varslinger
      </h2>
      <EpostBanner feiler={epostFeil} />
      <section aria-labelledby="epost-tittel" className="seksjon">
        <h3 id="epost-tittel" className="ds-heading" data-size="sm">
          E-postadresser for varsler
        </h3>
        {slettSvar?.feil ? (
          <Varsel farge="danger" rolle="alert">
            <p className="ds-paragraph">{slettSvar.feil}</p>
          </Varsel>
        ) : null}
        {slettEpost ? (
          <Varsel farge="warning" tittel="Slette e-postadressen?">
            <p className="ds-paragraph bryt-ord">
              Vil du slette {slettEpost.epostadresse}? Den får ikke lenger varsler.
            </p>
            <Form method="post" action={sideUrl("Varslinger")} className="knapperad">
              <CsrfInput />
              <input type="hidden" name="id" value={slettEpost.id} />
              <button
                className="ds-button"
                data-variant="primary"
                data-color="danger"
                type="submit"
                name="intent"
                value="slett-epost"
              >
                Ja, slett
              </button>
              <Link className="ds-button" data-variant="secondary" to={sideUrl("Varslinger")}>
                Avbryt
              </Link>
            </Form>
          </Varsel>
        ) : null}
        {importoer.epostadresser.length === 0 ? (
          <p className="ds-paragraph">Ingen registrerte e-postadresser</p>
        ) : (
          <ul className="innstillinger__liste" aria-label="Registrerte e-postadresser">
            {importoer.epostadresser.map((e) => (
              <li key={e.id}>
                <span className="bryt-ord">{e.epostadresse}</span>
                <Link
                  className="ds-button"
                  data-variant="tertiary"
                  data-size="sm"
                  to={sideUrl("Varslinger", { slettEpost: String(e.id) })}
                  aria-label={`Slett ${e.epostadresse}`}
                >
                  Slett
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Form
          method="post"
          action={sideUrl("Varslinger")}
          className="skjema innstillinger__legg-til"
          noValidate
        >
          <CsrfInput />
          <div className="ds-field">
            <label className="ds-label" htmlFor="epostadresse">
              Ny e-postadresse
            </label>
            <input
              className="ds-input"
              type="email"
              id="epostadresse"
              name="epostadresse"
              autoComplete="email"
              value={epost}
              onChange={(e) => settEpost(e.currentTarget.value)}
              aria-invalid={leggTil?.feil ? true : undefined}
              aria-describedby={leggTil?.feil ? "epostadresse-feil" : undefined}
            />
            {leggTil?.feil ? (
              <p className="ds-validation-message feilmelding" id="epostadresse-feil" data-color="danger">
                {leggTil.feil}
              </p>
            ) : null}
          </div>
          <button
            className="ds-button"
            data-variant="secondary"
            type="submit"
            name="intent"
            value="legg-til-epost"
            disabled={hydrert && epost.trim() === ""}
          >
            Legg til e-postadresse
          </button>
        </Form>
      </section>
      <section aria-labelledby="varsel-tittel" className="seksjon">
        <h3 id="varsel-tittel" className="ds-heading" data-size="sm">
          Varsel på e-post
        </h3>
        <Bryter
          intent="epostvarsel"
          navn="skalHaEpost"
          paa={importoer.skalHaEpost}
          etikett="Send meg varsel på e-post om nye sertifikater"
        />
      </section>
    </>
  );
}

function RegistrereKontrolloer() {
  const { importoer } = useLoaderData<typeof loader>();
  return (
    <>
      <h2 className="ds-heading" data-size="md">
        Registrere som mottakskontrollør
      </h2>
      <p className="ds-paragraph">
        En mottakskontrollør gjør mottakskontroll for andre virksomheter. Når virksomheten er registrert, kan
        andre importører legge den til som mottakskontrollør.
      </p>
      <Bryter
        intent="mottakskontrolloer"
        navn="erMottakskontrolloer"
        paa={importoer.erMottakskontrolloer}
        etikett="Registrer virksomheten som mottakskontrollør"
      />
      {importoer.erMottakskontrolloer ? (
        <section aria-labelledby="kontrolloer-for-tittel" className="seksjon">
          <h3 id="kontrolloer-for-tittel" className="ds-heading" data-size="sm">
            Mottakskontrollør for
          </h3>
          {importoer.mottakskontrolloerFor.length === 0 ? (
            <p className="ds-paragraph">Ingen virksomheter har lagt dere til som mottakskontrollør ennå.</p>
          ) : (
            <ul className="innstillinger__liste" aria-labelledby="kontrolloer-for-tittel">
              {importoer.mottakskontrolloerFor.map((k) => (
                <li key={k.id}>
                  {k.navn} ({k.organisasjonsnummer})
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </>
  );
}

function LeggTilKontrolloer() {
  const { importoer, alleKontrolloerer, kontrolloerFeil, sok } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as Svar | undefined;
  const svar =
    actionData?.intent === "legg-til-kontrolloer" || actionData?.intent === "fjern-kontrolloer"
      ? actionData
      : undefined;
  const valgte = new Set(importoer.mottakskontrolloerer.map((k) => k.id));
  const s = sok.trim().toLowerCase();
  const tilgjengelige = alleKontrolloerer.filter(
    (k) => !valgte.has(k.id) && (!s || k.navn.toLowerCase().includes(s) || k.organisasjonsnummer.includes(s)),
  );
  return (
    <>
      <h2 className="ds-heading" data-size="md">
        Legg til mottakskontrollør
      </h2>
      <p className="ds-paragraph">
        Mottakskontrollørene du legger til, kan forhåndsmelde og gjøre mottakskontroll på vegne av
        virksomheten.
      </p>
      {svar?.feil ? (
        <Varsel farge="danger" rolle="alert">
          <p className="ds-paragraph">{svar.feil}</p>
        </Varsel>
      ) : null}
      <section aria-labelledby="mine-kontrolloerer" className="seksjon">
        <h3 id="mine-kontrolloerer" className="ds-heading" data-size="sm">
          Dine mottakskontrollører
        </h3>
        {importoer.mottakskontrolloerer.length === 0 ? (
          <p className="ds-paragraph">Du har ingen registrerte mottakskontrollører.</p>
        ) : (
          <ul className="innstillinger__liste" aria-labelledby="mine-kontrolloerer">
            {importoer.mottakskontrolloerer.map((k) => (
              <li key={k.id}>
                <span>
                  {k.navn} ({k.organisasjonsnummer})
                </span>
                <Form method="post" action={sideUrl("Legg til mottakskontrollør")}>
                  <CsrfInput />
                  <input type="hidden" name="mottakskontrolloerId" value={k.id} />
                  <button
                    className="ds-button"
                    data-variant="tertiary"
                    data-size="sm"
                    type="submit"
                    name="intent"
                    value="fjern-kontrolloer"
                    aria-label={`Fjern ${k.navn}`}
                  >
                    Fjern
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="legg-til-tittel" className="seksjon">
        <h3 id="legg-til-tittel" className="ds-heading" data-size="sm">
          Legg til
        </h3>
        {kontrolloerFeil ? (
          <Varsel farge="danger">
            <p className="ds-paragraph">{FEIL.hentKontrolloerer}</p>
          </Varsel>
        ) : (
          <>
            <Form
              method="get"
              action="/innstillinger"
              className="skjema innstillinger__legg-til"
              role="search"
            >
              <input type="hidden" name="side" value="Legg til mottakskontrollør" />
              <div className="ds-field">
                <label className="ds-label" htmlFor="sok">
                  Søk etter mottakskontrollør
                </label>
                <input className="ds-input" type="search" id="sok" name="sok" defaultValue={sok} />
              </div>
              <button className="ds-button" data-variant="secondary" type="submit">
                Søk
              </button>
            </Form>
            {tilgjengelige.length === 0 ? (
              <p className="ds-paragraph">
                {s
                  ? "Ingen mottakskontrollører passer søket."
                  : "Ingen flere registrerte mottakskontrollører."}
              </p>
            ) : (
              <Form
                method="post"
                action={sideUrl("Legg til mottakskontrollør")}
                className="skjema innstillinger__legg-til"
              >
                <CsrfInput />
                <div className="ds-field">
                  <label className="ds-label" htmlFor="mottakskontrolloerId">
                    Mottakskontrollør
                  </label>
                  <select className="ds-input" id="mottakskontrolloerId" name="mottakskontrolloerId">
                    {tilgjengelige.map((k) => (
                      <option key={k.id} value={k.id}>
                        {k.navn} ({k.organisasjonsnummer})
                      </option>
                    ))}
                  </select>
                </div>
                <button
                  className="ds-button"
                  data-variant="primary"
                  type="submit"
                  name="intent"
                  value="legg-til-kontrolloer"
                >
                  Legg til mottakskontrollør
                </button>
              </Form>
            )}
          </>
        )}
      </section>
    </>
  );
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
        </div>
      </div>
    </div>
  );
}

export const handle = { brodsmule: "Innstillinger" };
export const meta: MetaFunction = () => [{ title: "Innstillinger – Digital forhåndsmelding" }];
