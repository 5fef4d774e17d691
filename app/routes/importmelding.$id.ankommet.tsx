import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { formaterDatoTid, formaterOrganisasjonsnummer } from "../../domain/format";
import { type ImportmeldingVisning, MENGDE_FELT_TEKST, MENGDE_FELTER } from "../../domain/importmelding";
import { formaterTall } from "../../domain/mengde";
import { Dialog } from "../components/dialog";
import { Historikk } from "../components/historikk";
import {
  DokumentasjonLenke,
  IkkeMottakerVarsel,
  MeldingHode,
  Sendingsoversikt,
  sertifikatUrl,
} from "../components/importmelding";
import {
  Ankomststed,
  Kontrollsvar,
  kontrolloerTekst,
  utnevntKontrolloerTekst,
} from "../components/kontrollsvar";
import { Statusforloep } from "../components/statusforloep";
import { Opplysninger, Tabellramme, Varsel } from "../components/ui";
import { UtenRegelsett, Vedtaksbrev } from "../components/vurdering";
import { historikkLoader } from "../lib/importmelding.server";
import { meldingSidetittel } from "../lib/sidetittel";
import type { loader as rootLoader } from "../root";
import type { loader as meldingLoader } from "./importmelding.$id";

export async function loader(args: LoaderFunctionArgs) {
  return { historikk: await historikkLoader(args) };
}

/** The arrived page (SPEC §2 "Arrived page"): the assessment, the controls and the shipment. */
export default function Ankommet() {
  const data = useRouteLoaderData<typeof meldingLoader>("routes/importmelding.$id");
  const { historikk } = useLoaderData<typeof loader>();
  const rot = useRouteLoaderData<typeof rootLoader>("root");
  const { search, pathname } = useLocation();
  if (!data) return null;
  const m = data.melding;
  const frigitt = m.status === "FRIGITT" || m.status === "AUTOMATISK_FRIGITT";
  const visFrigitt = frigitt && new URLSearchParams(search).get("frigitt") === "1";
  const ankomst = m.ankomstInfo[0];
  const faktiske = m.varelinjer.flatMap((l) =>
    MENGDE_FELTER.filter(
      (f) => l.mengde[f]?.faktiskVerdi !== null && l.mengde[f]?.faktiskVerdi !== undefined,
    ).map((f) => ({
      linje: l,
      felt: f,
      q: l.mengde[f]!,
    })),
  );
  return (
    <div className="registrert">
      <MeldingHode melding={m} />
      <Statusforloep melding={m} />
      <IkkeMottakerVarsel melding={m} />
      <Dialog
        id="frigitt"
        apen={visFrigitt}
        tittel="Importmeldingen er frigitt"
        lukkTil={pathname}
        farge="success"
      >
        <p className="ds-paragraph">Mattilsynet har frigitt sendingen {m.nummer}. Varene kan tas i bruk.</p>
        <Link className="ds-button" data-variant="primary" to={pathname} replace>
          Lukk
        </Link>
      </Dialog>
      <Vurdering melding={m} />
      <section className="kort" aria-labelledby="ansvarlig-tittel">
        <h2 id="ansvarlig-tittel" className="ds-heading" data-size="sm">
          Ansvarlig importør
        </h2>
        <p className="ds-paragraph">
          {m.ansvarligImportoer.navn} (org.nr.{" "}
          {formaterOrganisasjonsnummer(m.ansvarligImportoer.organisasjonsnummer)})
        </p>
        <p className="ds-paragraph">Egen referanse: {m.egenReferanse ?? "Ikke angitt"}</p>
      </section>
      {m.dokumentkontrollSpoersmaal.length ? (
        <section className="kort" aria-labelledby="dokument-tittel">
          <h2 id="dokument-tittel" className="ds-heading" data-size="sm">
            Dokumentkontroll
          </h2>
          <Kontrollsvar spoersmaal={m.dokumentkontrollSpoersmaal} />
        </section>
      ) : null}
      {!m.kunDokumentkontroll ? (
        <section className="kort" aria-labelledby="fysisk-tittel">
          <h2 id="fysisk-tittel" className="ds-heading" data-size="sm">
            Fysisk kontroll
          </h2>
          <Opplysninger
            rader={[
              ["Kontrollsted", <Ankomststed key="sted" ankomst={ankomst} />],
              [
                "Ankommet",
                m.faktiskAnkommet
                  ? formaterDatoTid(m.faktiskAnkommet)
                  : m.vurdertFoerAnkomst
                    ? "Ikke meldt ankommet"
                    : "--",
              ],
              ["Mottakskontrollør", kontrolloerTekst(ankomst, true) ?? "Ikke valgt"],
              ["Utnevnt mottakskontrollør", utnevntKontrolloerTekst(ankomst)],
            ]}
          />
          {m.vurdertFoerAnkomst ? (
            <p className="ds-paragraph">
              Ingen mottakskontroll: Mattilsynet vurderte sendingen før den ankom, og det skal ikke gjøres
              mottakskontroll.
            </p>
          ) : (
            <Kontrollsvar spoersmaal={m.mottakskontrollSpoersmaal} ikkeBesvart="Ikke gjennomført" />
          )}
          {faktiske.length ? (
            <Tabellramme etikett="Faktisk mengde">
              {" "}
              <table className="ds-table" data-border>
                <caption className="ds-heading tabelltittel" data-size="2xs">
                  Faktisk mengde
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Varelinje</th>
                    <th scope="col">Mengde</th>
                    <th scope="col">Oppgitt</th>
                    <th scope="col">Faktisk</th>
                  </tr>
                </thead>
                <tbody>
                  {faktiske.map(({ linje, felt, q }) => (
                    <tr key={`${linje.sorteringsnummer}-${felt}`}>
                      <td>
                        {linje.sorteringsnummer}: {linje.navn ?? linje.botaniskNavn}
                      </td>
                      <td>{MENGDE_FELT_TEKST[felt]}</td>
                      <td>{q.visningsMengde ?? formaterTall(q.verdi)}</td>
                      <td>{formaterTall(q.faktiskVerdi ?? 0)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Tabellramme>
          ) : null}
        </section>
      ) : null}
      <section className="kort" aria-labelledby="sertifikat-tittel">
        <h2 id="sertifikat-tittel" className="ds-heading" data-size="sm">
          Sertifikat
        </h2>
        <p className="ds-paragraph">
          {m.sertifikat.nummer}, {m.eksportLand.navn}.{" "}
          <a className="ds-link" href={sertifikatUrl(m)} target="_blank" rel="noreferrer">
            Åpne sertifikatet
            <span className="skjult"> (åpnes i ny fane)</span>
          </a>
        </p>
      </section>
      <Sendingsoversikt melding={m} />
      <DokumentasjonLenke melding={m} avgiver={rot?.avgiver} />
      <Historikk side={historikk.side} foer={historikk.foer} sti={pathname} />
    </div>
  );
}

/**
 * The assessment: awaiting it, released (automatically, or before arrival: ADR 041, no reception control), or
 * rejected with the decision letter to follow.
 */
function Vurdering({ melding: m }: { melding: ImportmeldingVisning }) {
  const frigitt = m.status === "FRIGITT" || m.status === "AUTOMATISK_FRIGITT";
  const avvist = m.status === "AVVIST" || m.status === "DELVIS_AVVIST";
  return (
    <section className="kort" aria-labelledby="vurdering-tittel">
      <h2 id="vurdering-tittel" className="ds-heading" data-size="sm">
        Vurdering
      </h2>
      {m.status === "ANKOMMET" ? (
        <>
          <p className="ds-paragraph">
            Avventer vurdering. Mattilsynet vurderer forhåndsmeldingen og resultatet av mottakskontrollen.
          </p>
          <UtenRegelsett melding={m} />
        </>
      ) : frigitt && m.vurdertFoerAnkomst ? (
        <Varsel farge="success" tittel={m.statusTekst}>
          <p className="ds-paragraph">
            Mattilsynet frigav sendingen {formaterDatoTid(m.statusEndret)}, før den var ankommet. Varene kan
            tas i bruk når de kommer. Det skal ikke gjøres mottakskontroll.
          </p>
          <p className="ds-paragraph">
            Hvis dere finner planteskadegjørere når varene kommer, skal dere varsle Mattilsynet.
          </p>
        </Varsel>
      ) : frigitt ? (
        <Varsel farge="success" tittel={m.status === "AUTOMATISK_FRIGITT" ? "Frigitt automatisk" : "Frigitt"}>
          <p className="ds-paragraph">Sendingen er frigitt {formaterDatoTid(m.statusEndret)}.</p>
        </Varsel>
      ) : avvist ? (
        <Varsel farge="danger" tittel={m.statusTekst}>
          <p className="ds-paragraph">
            {m.status === "AVVIST" ? "Sendingen er avvist." : "Deler av sendingen er avvist."} Vedtaksbrev med
            begrunnelse og klageadgang kommer separat.
          </p>
          {m.vurderingBegrunnelse ? (
            <p className="ds-paragraph">Begrunnelse: {m.vurderingBegrunnelse}</p>
          ) : null}
          <Vedtaksbrev melding={m} />
        </Varsel>
      ) : (
        <p className="ds-paragraph">{m.statusTekst}</p>
      )}
    </section>
  );
}

export const meta: MetaFunction = (args) =>
  meldingSidetittel(args, (m) => (m?.vurdertFoerAnkomst ? "Vurdert før ankomst" : "Ankommet"));
