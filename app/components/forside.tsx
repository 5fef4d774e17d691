// The home dashboard's sections (SPEC §2 "Home"): the five lists of GET .../oversikt, each with an empty
// state, and the filter panel (ADR 013). Server-rendered links and GET forms: everything works without
// JavaScript.
import { useSubmit } from "@remix-run/react";
import { type FormEvent, type ReactNode, useEffect, useRef } from "react";
import { formaterDato } from "../../domain/format";
import { grupperEtterAnkomst, type Oversikt, type OversiktImportmelding } from "../../domain/oversikt";
import { type LandVisning, type SertifikatKort, sertifikatKort } from "../../domain/sertifikat-visning";
import { statusNavn } from "../../domain/statusnavn";
import { tidsromForKlokkeslett } from "../../domain/tidsrom";
import type { Noekkel } from "../../sprak/navnerom";
import type { T } from "../../sprak/oversetter";
import { Filterfelt, Filterpanel, INGEN_TREFF_MED_FILTER } from "./liste";
import { Radlenke, useRadlenker } from "./radlenker";
import { Tekst, useT } from "./sprak";
import { Merke } from "./ui";

/**
 * What home's sections read of a notification (ADR 082): its page's data carries only these, since single fetch
 * writes all loader data into the HTML and the browser hydrates it. The country by its name only.
 */
export type ForsideMelding = Pick<
  OversiktImportmelding,
  | "id"
  | "nummer"
  | "egenReferanse"
  | "avsender"
  | "kunDokumentkontroll"
  | "status"
  | "statusFarge"
  | "statusEndret"
  | "vurdertFoerAnkomst"
  | "url"
  | "forventetAnkomst"
> & { landnavn: string };

/** What the new certificates' section reads of a certificate: its keys, sender and duty to notify. */
export type ForsideSertifikat = SertifikatKort;

export interface ForsideOversikt {
  paabegynteImportMeldinger: ForsideMelding[];
  nyeSertifikater: ForsideSertifikat[];
  forventetAnkomstImportMeldinger: ForsideMelding[];
  tilVurderingImportMeldinger: ForsideMelding[];
  vurderteImportMeldinger: ForsideMelding[];
  flere: Oversikt["flere"];
}

const forsideMelding = (m: OversiktImportmelding): ForsideMelding => ({
  id: m.id,
  nummer: m.nummer,
  egenReferanse: m.egenReferanse,
  avsender: m.avsender,
  kunDokumentkontroll: m.kunDokumentkontroll,
  status: m.status,
  statusFarge: m.statusFarge,
  statusEndret: m.statusEndret,
  vurdertFoerAnkomst: m.vurdertFoerAnkomst,
  url: m.url,
  forventetAnkomst: m.forventetAnkomst,
  landnavn: m.eksportLand.navn,
});

/** The API's overview cut to what the sections show (the countries already named in the reader's language). */
export function forsideOversikt(o: Oversikt): ForsideOversikt {
  return {
    paabegynteImportMeldinger: o.paabegynteImportMeldinger.map(forsideMelding),
    nyeSertifikater: o.nyeSertifikater.map(sertifikatKort),
    forventetAnkomstImportMeldinger: o.forventetAnkomstImportMeldinger.map(forsideMelding),
    tilVurderingImportMeldinger: o.tilVurderingImportMeldinger.map(forsideMelding),
    vurderteImportMeldinger: o.vurderteImportMeldinger.map(forsideMelding),
    flere: o.flere,
  };
}

/** The chosen slot, as the arrival form names it: 'Morgen (før 08)' (SPEC §9), never a clock time. */
function tidsromTekst(t: T, klokkeslett: string): string {
  const rom = tidsromForKlokkeslett(klokkeslett);
  return rom
    ? t(`kodeverk.tidsrom.${rom.klokkeslett.slice(0, 2)}` as Noekkel)
    : t("forside.klokkeslett", { klokkeslett });
}

/** A hidden part of a link's name (the notification's number), for <Tekst>'s `deler`. */
const skjult = <span key="skjult" className="skjult" />;

function Seksjon({
  id,
  tittel,
  tom,
  antall,
  lenke,
  children,
}: {
  id: string;
  tittel: Noekkel;
  /** A message id (the section's own empty text, or the filter's). */
  tom: Noekkel;
  antall: number;
  lenke?: { til: string; tekst: Noekkel };
  children: ReactNode;
}) {
  const t = useT();
  return (
    <section className="forside-seksjon" aria-labelledby={`${id}-tittel`} data-testid={id}>
      <h2 id={`${id}-tittel`} className="ds-heading" data-size="sm">
        {t(tittel)}
      </h2>
      {antall === 0 ? <p className="ds-paragraph forside-tom">{t(tom)}</p> : children}
      {lenke ? (
        <p className="ds-paragraph">
          <Radlenke til={lenke.til}>{t(lenke.tekst)}</Radlenke>
        </p>
      ) : null}
    </section>
  );
}

function Melding({ m, children }: { m: ForsideMelding; children?: ReactNode }) {
  const t = useT();
  return (
    <li className="sertifikatkort">
      <h3 className="ds-heading" data-size="xs">
        <Radlenke til={m.url}>{m.nummer}</Radlenke>
      </h3>
      <p className="ds-paragraph" data-size="sm">
        {/* one text, not three (ADR 082) */}
        {`${m.avsender ?? t("forside.ukjentAvsender")} · ${m.landnavn}${m.egenReferanse ? ` · ${m.egenReferanse}` : ""}`}
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
  land: readonly Pick<LandVisning, "kode" | "navn">[];
  avsender: string;
  valgtLand: string;
}) {
  const t = useT();
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
      <summary className="ds-paragraph">
        {t(aktivt ? "forside.filter.iBruk" : "forside.filter.tittel")}
      </summary>
      <Filterpanel
        overskrift={false}
        aktivt={aktivt}
        nullstillTil="/"
        aria-label={t("forside.filter.tittel")}
        onInput={vedEndring}
        onSubmit={() => clearTimeout(timer.current)}
      >
        <Filterfelt
          id="forside-avsender"
          navn="avsender"
          etikett={t("forside.filter.avsender")}
          verdi={avsender}
        />
        <div className="ds-field">
          <label className="ds-label" htmlFor="forside-land">
            {t("forside.filter.avsenderland")}
          </label>
          <select className="ds-input" id="forside-land" name="land" defaultValue={valgtLand}>
            <option value="">{t("forside.filter.alleLand")}</option>
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
  oversikt: ForsideOversikt;
  visImportmelding: boolean;
  /** The filter panel is in use: an empty section says no match, not that there is nothing. */
  filtrert: boolean;
}) {
  const o = oversikt;
  const t = useT();
  // the sections' links are Radlenker: one listener here instead of a <Link> per row (ADR 082)
  const seksjoner = useRef<HTMLDivElement>(null);
  useRadlenker(seksjoner);
  const tom = (tekst: Noekkel) => (filtrert ? INGEN_TREFF_MED_FILTER : tekst);
  const nye = <NyeSertifikater o={o} tom={tom} />;
  if (!visImportmelding)
    return (
      <div className="forside-seksjoner" ref={seksjoner}>
        {nye}
      </div>
    );
  return (
    <div className="forside-seksjoner" ref={seksjoner}>
      <Seksjon
        id="paabegynte"
        tittel="forside.paabegynte.tittel"
        tom={tom("forside.paabegynte.tom")}
        antall={o.paabegynteImportMeldinger.length}
        lenke={
          o.flere.paabegynteImportMeldinger
            ? { til: "/importmeldinger?status=UNDER_REGISTRERING", tekst: "forside.paabegynte.seAlle" }
            : undefined
        }
      >
        <ul className="sertifikatliste">
          {o.paabegynteImportMeldinger.map((m) => (
            <Melding key={m.id} m={m}>
              <div className="knapperad">
                <Radlenke className="ds-button" data-variant="primary" data-size="sm" til={m.url}>
                  <Tekst id="forside.paabegynte.fortsett" verdier={{ nummer: m.nummer }} deler={[skjult]} />
                </Radlenke>
                <Radlenke
                  className="ds-button"
                  data-variant="secondary"
                  data-size="sm"
                  til={`${m.url}?slett=1`}
                >
                  <Tekst id="forside.paabegynte.slett" verdier={{ nummer: m.nummer }} deler={[skjult]} />
                </Radlenke>
              </div>
            </Melding>
          ))}
        </ul>
      </Seksjon>

      {nye}

      <Forhaandsmeldt o={o} tom={tom} />

      <Seksjon
        id="til-vurdering"
        tittel="forside.tilVurdering.tittel"
        tom={tom("forside.tilVurdering.tom")}
        antall={o.tilVurderingImportMeldinger.length}
        lenke={
          o.flere.tilVurderingImportMeldinger
            ? { til: "/importmeldinger?status=ANKOMMET", tekst: "forside.tilVurdering.seAlle" }
            : undefined
        }
      >
        <ul className="sertifikatliste">
          {o.tilVurderingImportMeldinger.map((m) => (
            <Melding key={m.id} m={m}>
              <p className="ds-paragraph" data-size="sm">
                {t("forside.tilVurdering.ankommet", { dato: formaterDato(m.statusEndret, t.sprak) })}
              </p>
            </Melding>
          ))}
        </ul>
      </Seksjon>

      <Seksjon
        id="vurderte"
        tittel="forside.vurderte.tittel"
        tom={tom("forside.vurderte.tom")}
        antall={o.vurderteImportMeldinger.length}
        lenke={{ til: "/importmeldinger?status=VURDERT", tekst: "forside.vurderte.seAlle" }}
      >
        <ul className="sertifikatliste">
          {o.vurderteImportMeldinger.map((m) => (
            <Melding key={m.id} m={m}>
              <div className="merkerad">
                <Merke farge={m.statusFarge}>{statusNavn(t, m)}</Merke>
                <span className="ds-paragraph" data-size="sm">
                  {t("forside.vurderte.endret", { dato: formaterDato(m.statusEndret, t.sprak) })}
                </span>
              </div>
            </Melding>
          ))}
        </ul>
      </Seksjon>
    </div>
  );
}

type Tom = (tekst: Noekkel) => Noekkel;

/** The certificates of the last 14 days; the certificate view opens in a new tab. */
function NyeSertifikater({ o, tom }: { o: ForsideOversikt; tom: Tom }) {
  const t = useT();
  return (
    <Seksjon
      id="nye-sertifikater"
      tittel="forside.nye.tittel"
      tom={tom("forside.nye.tom")}
      antall={o.nyeSertifikater.length}
      lenke={{ til: "/sertifikater", tekst: "forside.nye.seAlle" }}
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
                <Tekst id="forside.nye.nyFane" verdier={{ nummer: s.nummer }} deler={[skjult]} />
              </a>
            </h3>
            <p className="ds-paragraph" data-size="sm">
              {`${s.avsender ?? t("forside.ukjentAvsender")} · ${s.eksportLand.navn} · ${t("forside.nye.utstedt", { dato: formaterDato(s.utstedtDato, t.sprak) })}`}
            </p>
            <p className="ds-paragraph" data-size="sm">
              {t(`kodeverk.meldeplikt.${s.meldeplikt}`)}
            </p>
          </li>
        ))}
      </ul>
    </Seksjon>
  );
}

/** The notifications waiting for arrival, grouped by expected arrival day. */
function Forhaandsmeldt({ o, tom }: { o: ForsideOversikt; tom: Tom }) {
  const t = useT();
  return (
    <Seksjon
      id="forhaandsmeldt"
      tittel="forside.forhaandsmeldt.tittel"
      tom={tom("forside.forhaandsmeldt.tom")}
      antall={o.forventetAnkomstImportMeldinger.length}
      lenke={
        o.flere.forventetAnkomstImportMeldinger
          ? { til: "/importmeldinger?status=REGISTRERT", tekst: "forside.forhaandsmeldt.seAlle" }
          : undefined
      }
    >
      {grupperEtterAnkomst(o.forventetAnkomstImportMeldinger).map((g) => (
        <div key={g.dato ?? "uten-dato"} className="forside-dag">
          <h3 className="ds-heading" data-size="2xs">
            {g.dato
              ? t("forside.forhaandsmeldt.forventet", { dato: formaterDato(g.dato, t.sprak) })
              : t("forside.forhaandsmeldt.utenDato")}
          </h3>
          <ul className="sertifikatliste">
            {g.importmeldinger.map((m) => (
              <Melding key={m.id} m={m}>
                {m.forventetAnkomst ? (
                  <div className="merkerad">
                    <Merke farge={m.forventetAnkomst.forventetAnkomstHarPassert ? "danger" : "info"}>
                      {m.forventetAnkomst.forventetAnkomstHarPassert
                        ? t("forside.forhaandsmeldt.passert", {
                            tidsrom: tidsromTekst(t, m.forventetAnkomst.klokkeslett),
                          })
                        : tidsromTekst(t, m.forventetAnkomst.klokkeslett)}
                    </Merke>
                  </div>
                ) : null}
                {!m.kunDokumentkontroll ? (
                  <div className="knapperad">
                    <Radlenke
                      className="ds-button"
                      data-variant="secondary"
                      data-size="sm"
                      til={`/importmelding/${m.id}/mottakskontrolloer`}
                    >
                      <Tekst
                        id="forside.forhaandsmeldt.fysiskKontroll"
                        verdier={{ nummer: m.nummer }}
                        deler={[skjult]}
                      />
                    </Radlenke>
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
