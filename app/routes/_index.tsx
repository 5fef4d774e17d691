import { json, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { osloDato } from "../../domain/format";
import type { SertifikatVisning } from "../../domain/sertifikat";
import { SOK_INGEN_TREFF, SOKELAND, type SokFelt, validerSok } from "../../domain/sertifikatsok";
import { useHydrert } from "../components/hydrert";
import { Varsel } from "../components/ui";
import { ApiFeil } from "../lib/api.server";
import { loginUrl, requireVirksomhet } from "../lib/bruker.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { avgiver, bruker, api } = await requireVirksomhet(request, context);
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
          console.error("Sertifikatsøk feilet", e);
          sokFeil = "Søket feilet. Prøv igjen senere.";
        }
      }
    }
  }
  return json({
    avgiver,
    navn: bruker.navn,
    idag,
    sok,
    sokFeil,
    feilFelt,
    slettet: p.get("slettet") === "1",
  });
}

export default function Hjem() {
  const { avgiver, navn, idag, sok, sokFeil, feilFelt, slettet } = useLoaderData<typeof loader>();
  // The search's error names its fields; those get aria-invalid and the message (also without JavaScript).
  const feilPaa = (f: SokFelt) =>
    feilFelt.includes(f) ? { "aria-invalid": true as const, "aria-describedby": "sok-feil" } : {};
  const navigation = useNavigation();
  const hydrert = useHydrert();
  const [felt, setFelt] = useState(sok);
  const land = SOKELAND.find((l) => l.kode === felt.avsenderland);
  const kanSoeke = !!(felt.avsenderland && felt.sertifikatnummer.trim() && felt.dato);
  const sett = (k: keyof typeof felt) => (e: { currentTarget: { value: string } }) => {
    const verdi = e.currentTarget.value;
    setFelt((f) => ({ ...f, [k]: verdi }));
  };
  return (
    <div>
      <h1 className="ds-heading" data-size="lg">
        {avgiver.navn}
      </h1>
      <p className="ds-paragraph hjem-orgnr">Org.nr. {avgiver.formatertOrganisasjonsnummer}</p>
      <p className="ds-paragraph">Velkommen, {navn}.</p>
      {slettet ? (
        <Varsel farge="success" rolle="status">
          <p className="ds-paragraph">Forhåndsmeldingen er slettet.</p>
        </Varsel>
      ) : null}

      <section className="sertifikatsok" aria-labelledby="sok-tittel">
        <h2 id="sok-tittel" className="ds-heading" data-size="sm">
          Søk etter sertifikat
        </h2>
        <p className="ds-paragraph" data-size="sm">
          Finner du ikke sertifikatet i listen? Søk med land, sertifikatnummer og utstedelsesdato. Alle tre
          feltene må fylles ut.
        </p>
        {sokFeil ? (
          <Varsel farge="warning" rolle="alert" id="sok-feil">
            <p className="ds-paragraph">
              {feilFelt[0] ? <a href={`#${feilFelt[0]}`}>{sokFeil}</a> : sokFeil}
            </p>
          </Varsel>
        ) : null}
        <Form method="get" className="sokeskjema">
          <input type="hidden" name="sok" value="1" />
          <div className="ds-field">
            <label className="ds-label" htmlFor="avsenderland">
              Land
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
              <option value="">Velg land</option>
              {SOKELAND.map((l) => (
                <option key={l.kode} value={l.kode}>
                  {l.navn}
                </option>
              ))}
            </select>
          </div>
          <div className="ds-field">
            <label className="ds-label" htmlFor="sertifikatnummer">
              Sertifikatnummer
            </label>
            <p className="ds-paragraph hjelpetekst" data-size="sm" id="sertifikatnummer-hjelp">
              {land?.hjelpetekst ??
                "Skriv nummeret slik det står på sertifikatet. Velg land for å se formatet."}
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
              Utstedelsesdato
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
            Søk
          </button>
        </Form>
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Hjem – Digital forhåndsmelding" }];
