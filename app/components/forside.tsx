// The home dashboard's sections (SPEC §2 "Home"): the five lists of GET .../oversikt, each with an empty
// state, and the filter panel (ADR 013). Server-rendered links and GET forms: everything works without
// JavaScript.
import { Link, useSubmit } from "@remix-run/react";
import { type FormEvent, type ReactNode, useEffect, useRef } from "react";
import { formaterDato } from "../../domain/format";
import { grupperEtterAnkomst, type Oversikt, type OversiktImportmelding } from "../../domain/oversikt";
import type { LandVisning } from "../../domain/sertifikat-visning";
import { tidsromForKlokkeslett } from "../../domain/tidsrom";
import { Filterfelt, Filterpanel, INGEN_TREFF_MED_FILTER } from "./liste";
import { Merke } from "./ui";

/** The chosen slot, as the arrival form names it: 'Morgen (før 08)' (SPEC §9), never a clock time. */
function tidsromTekst(klokkeslett: string): string {
  const t = tidsromForKlokkeslett(klokkeslett);
  return t ? `${t.navn} (${t.spenn.toLowerCase()})` : `kl. ${klokkeslett}`;
}

function Seksjon({
  id,
  tittel,
  tom,
  antall,
  lenke,
  children,
}: {
  id: string;
  tittel: string;
  tom: string;
  antall: number;
  lenke?: { til: string; tekst: string };
  children: ReactNode;
}) {
  return (
    <section className="forside-seksjon" aria-labelledby={`${id}-tittel`} data-testid={id}>
      <h2 id={`${id}-tittel`} className="ds-heading" data-size="sm">
        {tittel}
      </h2>
      {antall === 0 ? <p className="ds-paragraph forside-tom">{tom}</p> : children}
      {lenke ? (
        <p className="ds-paragraph">
          <Link to={lenke.til}>{lenke.tekst}</Link>
        </p>
      ) : null}
    </section>
  );
}

function Melding({ m, children }: { m: OversiktImportmelding; children?: ReactNode }) {
  return (
    <li className="sertifikatkort">
      <h3 className="ds-heading" data-size="xs">
        <Link to={m.url}>{m.nummer}</Link>
      </h3>
      <p className="ds-paragraph" data-size="sm">
        {m.avsender ?? "Ukjent avsender"} · {m.eksportLand.navn}
        {m.egenReferanse ? ` · ${m.egenReferanse}` : ""}
      </p>
      {children}
    </li>
  );
}

export function ForsideFilter({
  land,
  avsender,
  valgtLand,
}: {
  land: readonly LandVisning[];
  avsender: string;
  valgtLand: string;
}) {
  const aktivt = !!(avsender || valgtLand);
  // With JavaScript the filter applies on change, as the lists' filters do (ADR 013): a choice at once, text
  // after a pause; the address gets no empty parameters. Without, 'Bruk filter' sends the form.
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const vedEndring = (e: FormEvent<HTMLFormElement>) => {
    const skjema = e.currentTarget;
    const send = () => {
      const fylt = [...new FormData(skjema).entries()].filter(
        (p): p is [string, string] => typeof p[1] === "string" && p[1].trim() !== "",
      );
      submit(new URLSearchParams(fylt), {
        method: "get",
        action: "/",
        replace: true,
        preventScrollReset: true,
      });
    };
    clearTimeout(timer.current);
    if ((e.target as HTMLInputElement).type === "text") timer.current = setTimeout(send, 400);
    else send();
  };
  return (
    <details className="forside-filter" open={aktivt}>
      <summary className="ds-paragraph">Filtrer forsiden{aktivt ? " (filter er i bruk)" : ""}</summary>
      <Filterpanel
        overskrift={false}
        aktivt={aktivt}
        nullstillTil="/"
        aria-label="Filtrer forsiden"
        onInput={vedEndring}
        onSubmit={() => clearTimeout(timer.current)}
      >
        <Filterfelt id="forside-avsender" navn="avsender" etikett="Avsender" verdi={avsender} />
        <div className="ds-field">
          <label className="ds-label" htmlFor="forside-land">
            Avsenderland
          </label>
          <select className="ds-input" id="forside-land" name="land" defaultValue={valgtLand}>
            <option value="">Alle land</option>
            {land.map((l) => (
              <option key={l.kode} value={l.kode}>
                {l.navn}
              </option>
            ))}
          </select>
        </div>
      </Filterpanel>
    </details>
  );
}

/**
 * The five sections; with the flag visImportmelding off only the new certificates, since everything about
 * notifications follows the flag (SPEC §6, issue 23 item 2).
 */
export function ForsideSeksjoner({
  oversikt,
  visImportmelding,
  filtrert,
}: {
  oversikt: Oversikt;
  visImportmelding: boolean;
  /** The filter panel is in use: an empty section says no match, not that there is nothing. */
  filtrert: boolean;
}) {
  const o = oversikt;
  const tom = (tekst: string) => (filtrert ? INGEN_TREFF_MED_FILTER : tekst);
  const nye = <NyeSertifikater o={o} tom={tom} />;
  if (!visImportmelding) return <div className="forside-seksjoner">{nye}</div>;
  return (
    <div className="forside-seksjoner">
      <Seksjon
        id="paabegynte"
        tittel="Påbegynte forhåndsmeldinger"
        tom={tom("Du har ingen påbegynte forhåndsmeldinger.")}
        antall={o.paabegynteImportMeldinger.length}
        lenke={
          o.flere.paabegynteImportMeldinger
            ? { til: "/importmeldinger?status=UNDER_REGISTRERING", tekst: "Se alle påbegynte" }
            : undefined
        }
      >
        <ul className="sertifikatliste">
          {o.paabegynteImportMeldinger.map((m) => (
            <Melding key={m.id} m={m}>
              <div className="knapperad">
                <Link className="ds-button" data-variant="primary" data-size="sm" to={m.url}>
                  Fortsett<span className="skjult"> {m.nummer}</span>
                </Link>
                <Link className="ds-button" data-variant="secondary" data-size="sm" to={`${m.url}?slett=1`}>
                  Slett<span className="skjult"> {m.nummer}</span>
                </Link>
              </div>
            </Melding>
          ))}
        </ul>
      </Seksjon>

      {nye}

      <Forhaandsmeldt o={o} tom={tom} />

      <Seksjon
        id="til-vurdering"
        tittel="Venter på vurdering"
        tom={tom("Ingen forhåndsmeldinger venter på vurdering.")}
        antall={o.tilVurderingImportMeldinger.length}
        lenke={
          o.flere.tilVurderingImportMeldinger
            ? { til: "/importmeldinger?status=ANKOMMET", tekst: "Se alle som venter på vurdering" }
            : undefined
        }
      >
        <ul className="sertifikatliste">
          {o.tilVurderingImportMeldinger.map((m) => (
            <Melding key={m.id} m={m}>
              <p className="ds-paragraph" data-size="sm">
                Ankommet {formaterDato(m.statusEndret)}
              </p>
            </Melding>
          ))}
        </ul>
      </Seksjon>

      <Seksjon
        id="vurderte"
        tittel="Vurdert de siste 2 ukene"
        tom={tom("Ingen forhåndsmeldinger er vurdert de siste 2 ukene.")}
        antall={o.vurderteImportMeldinger.length}
        lenke={{ til: "/importmeldinger?status=VURDERT", tekst: "Se alle vurderte" }}
      >
        <ul className="sertifikatliste">
          {o.vurderteImportMeldinger.map((m) => (
            <Melding key={m.id} m={m}>
              <div className="merkerad">
                <Merke farge={m.statusFarge}>{m.statusTekst}</Merke>
                <span className="ds-paragraph" data-size="sm">
                  endret {formaterDato(m.statusEndret)}
                </span>
              </div>
            </Melding>
          ))}
        </ul>
      </Seksjon>
    </div>
  );
}

type Tom = (tekst: string) => string;

/** The certificates of the last 14 days; the certificate view opens in a new tab. */
function NyeSertifikater({ o, tom }: { o: Oversikt; tom: Tom }) {
  return (
    <Seksjon
      id="nye-sertifikater"
      tittel="Nye sertifikater"
      tom={tom("Du har ingen nye sertifikater fra de siste 14 dagene.")}
      antall={o.nyeSertifikater.length}
      lenke={{ til: "/sertifikater", tekst: "Se alle sertifikater" }}
    >
      <ul className="sertifikatliste">
        {o.nyeSertifikater.map((s) => (
          <li key={s.id} className="sertifikatkort">
            <h3 className="ds-heading" data-size="xs">
              {/* SPEC §2: the certificate view opens in a new tab */}
              <a
                href={`/sertifikat?${new URLSearchParams({
                  sertifikatnummer: s.nummer,
                  dato: s.utstedtDato,
                  avsenderland: s.eksportLand.kode,
                })}`}
                target="_blank"
                rel="noreferrer"
              >
                {s.nummer}
                <span className="skjult"> (åpnes i ny fane)</span>
              </a>
            </h3>
            <p className="ds-paragraph" data-size="sm">
              {s.avsender ?? "Ukjent avsender"} · {s.eksportLand.navn} · utstedt {formaterDato(s.utstedtDato)}
            </p>
            <p className="ds-paragraph" data-size="sm">
              {s.meldepliktigVurdering.visningstekst}
            </p>
          </li>
        ))}
      </ul>
    </Seksjon>
  );
}

/** The notifications waiting for arrival, grouped by expected arrival day. */
function Forhaandsmeldt({ o, tom }: { o: Oversikt; tom: Tom }) {
  return (
    <Seksjon
      id="forhaandsmeldt"
      tittel="Forhåndsmeldt"
      tom={tom("Du har ingen forhåndsmeldte sendinger som venter på ankomst.")}
      antall={o.forventetAnkomstImportMeldinger.length}
      lenke={
        o.flere.forventetAnkomstImportMeldinger
          ? { til: "/importmeldinger?status=REGISTRERT", tekst: "Se alle forhåndsmeldte" }
          : undefined
      }
    >
      {grupperEtterAnkomst(o.forventetAnkomstImportMeldinger).map((g) => (
        <div key={g.dato ?? "uten-dato"} className="forside-dag">
          <h3 className="ds-heading" data-size="2xs">
            {g.dato ? `Forventet ankomst ${formaterDato(g.dato)}` : "Uten forventet ankomst"}
          </h3>
          <ul className="sertifikatliste">
            {g.importmeldinger.map((m) => (
              <Melding key={m.id} m={m}>
                {m.forventetAnkomst ? (
                  <div className="merkerad">
                    <Merke farge={m.forventetAnkomst.forventetAnkomstHarPassert ? "danger" : "info"}>
                      {tidsromTekst(m.forventetAnkomst.klokkeslett)}
                      {m.forventetAnkomst.forventetAnkomstHarPassert
                        ? " – forventet ankomst har passert"
                        : ""}
                    </Merke>
                  </div>
                ) : null}
                {!m.kunDokumentkontroll ? (
                  <div className="knapperad">
                    <Link
                      className="ds-button"
                      data-variant="secondary"
                      data-size="sm"
                      to={`/importmelding/${m.id}/mottakskontrolloer`}
                    >
                      Fysisk kontroll<span className="skjult"> {m.nummer}</span>
                    </Link>
                  </div>
                ) : null}
              </Melding>
            ))}
          </ul>
        </div>
      ))}
    </Seksjon>
  );
}
