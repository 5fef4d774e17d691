import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { formaterDatoTid, formaterOrganisasjonsnummer } from "../../domain/format";
import { type ImportmeldingVisning, MENGDE_FELTER } from "../../domain/importmelding";
import { formaterTall } from "../../domain/mengde";
import { statusNavn } from "../../domain/statusnavn";
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
import { useT } from "../components/sprak";
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
  const t = useT();
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
        tittel={t("importmelding.ankommet.frigittTittel")}
        lukkTil={pathname}
        farge="success"
      >
        <p className="ds-paragraph">{t("importmelding.ankommet.frigittTekst", { nummer: m.nummer })}</p>
        <Link className="ds-button" data-variant="primary" to={pathname} replace>
          {t("importmelding.registrert.lukk")}
        </Link>
      </Dialog>
      <Vurdering melding={m} />
      <section className="kort" aria-labelledby="ansvarlig-tittel">
        <h2 id="ansvarlig-tittel" className="ds-heading" data-size="sm">
          {t("importmelding.registrert.ansvarlig")}
        </h2>
        <p className="ds-paragraph">
          {t("importmelding.registrert.importoer", {
            navn: m.ansvarligImportoer.navn,
            orgnr: formaterOrganisasjonsnummer(m.ansvarligImportoer.organisasjonsnummer),
          })}
        </p>
        <p className="ds-paragraph">
          {t("importmelding.registrert.egenReferanse", {
            referanse: m.egenReferanse ?? t("importmelding.registrert.ikkeAngitt"),
          })}
        </p>
      </section>
      {m.dokumentkontrollSpoersmaal.length ? (
        <section className="kort" aria-labelledby="dokument-tittel">
          <h2 id="dokument-tittel" className="ds-heading" data-size="sm">
            {t("importmelding.steg.Dokumentkontroll")}
          </h2>
          <Kontrollsvar spoersmaal={m.dokumentkontrollSpoersmaal} />
        </section>
      ) : null}
      {!m.kunDokumentkontroll ? (
        <section className="kort" aria-labelledby="fysisk-tittel">
          <h2 id="fysisk-tittel" className="ds-heading" data-size="sm">
            {t("importmelding.registrert.fysiskKontroll")}
          </h2>
          <Opplysninger
            rader={[
              [t("importmelding.ankomst.kontrollsted"), <Ankomststed key="sted" ankomst={ankomst} />],
              [
                t("importmelding.forloep.ankommet"),
                m.faktiskAnkommet
                  ? formaterDatoTid(m.faktiskAnkommet, t.sprak)
                  : m.vurdertFoerAnkomst
                    ? t("importmelding.ankommet.ikkeMeldtAnkommet")
                    : "--",
              ],
              [
                t("importmelding.kontrolloer.legende"),
                kontrolloerTekst(ankomst, true) ?? t("importmelding.registrert.ikkeValgt"),
              ],
              [t("importmelding.ankommet.utnevnt"), utnevntKontrolloerTekst(ankomst)],
            ]}
          />
          {m.vurdertFoerAnkomst ? (
            <p className="ds-paragraph">{t("importmelding.ankommet.ingenMottakskontroll")}</p>
          ) : (
            <Kontrollsvar
              spoersmaal={m.mottakskontrollSpoersmaal}
              ikkeBesvart="importmelding.registrert.ikkeGjennomfoert"
            />
          )}
          {faktiske.length ? (
            <Tabellramme etikett={t("importmelding.ankommet.faktiskMengde")}>
              {" "}
              <table className="ds-table" data-border>
                <caption className="ds-heading tabelltittel" data-size="2xs">
                  {t("importmelding.ankommet.faktiskMengde")}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{t("importmelding.ankommet.varelinje")}</th>
                    <th scope="col">{t("importmelding.varer.mengde")}</th>
                    <th scope="col">{t("importmelding.ankommet.oppgitt")}</th>
                    <th scope="col">{t("importmelding.ankommet.faktisk")}</th>
                  </tr>
                </thead>
                <tbody>
                  {faktiske.map(({ linje, felt, q }) => (
                    <tr key={`${linje.sorteringsnummer}-${felt}`}>
                      <td>
                        {linje.sorteringsnummer}: {linje.navn ?? linje.botaniskNavn}
                      </td>
                      <td>{t(`importmelding.mengdeFelt.${felt}`)}</td>
                      <td>{q.visningsMengde ?? formaterTall(q.verdi, t.sprak)}</td>
                      <td>{formaterTall(q.faktiskVerdi ?? 0, t.sprak)}</td>
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
          {t("importmelding.sending.sertifikat")}
        </h2>
        <p className="ds-paragraph">
          {m.sertifikat.nummer}, {m.eksportLand.navn}.{" "}
          <a className="ds-link" href={sertifikatUrl(m)} target="_blank" rel="noreferrer">
            {t("importmelding.registrert.aapneSertifikatet")}
            <span className="skjult">{t("importmelding.nyFane")}</span>
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
  const t = useT();
  const frigitt = m.status === "FRIGITT" || m.status === "AUTOMATISK_FRIGITT";
  const avvist = m.status === "AVVIST" || m.status === "DELVIS_AVVIST";
  const tidspunkt = formaterDatoTid(m.statusEndret, t.sprak);
  return (
    <section className="kort" aria-labelledby="vurdering-tittel">
      <h2 id="vurdering-tittel" className="ds-heading" data-size="sm">
        {t("importmelding.vurdering.tittel")}
      </h2>
      {m.status === "ANKOMMET" ? (
        <>
          <p className="ds-paragraph">{t("importmelding.vurdering.avventer")}</p>
          <UtenRegelsett melding={m} />
        </>
      ) : frigitt && m.vurdertFoerAnkomst ? (
        <Varsel farge="success" tittel={statusNavn(t, m)}>
          <p className="ds-paragraph">{t("importmelding.vurdering.frigittFoerAnkomst", { tidspunkt })}</p>
          <p className="ds-paragraph">{t("importmelding.vurdering.skadegjoerere")}</p>
        </Varsel>
      ) : frigitt ? (
        <Varsel
          farge="success"
          tittel={
            m.status === "AUTOMATISK_FRIGITT"
              ? t("importmelding.vurdering.frigittAutomatisk")
              : t("kodeverk.status.FRIGITT")
          }
        >
          <p className="ds-paragraph">{t("importmelding.vurdering.frigitt", { tidspunkt })}</p>
        </Varsel>
      ) : avvist ? (
        <Varsel farge="danger" tittel={statusNavn(t, m)}>
          <p className="ds-paragraph">{t("importmelding.vurdering.avvist", { status: m.status })}</p>
          {m.vurderingBegrunnelse ? (
            <p className="ds-paragraph">
              {t("importmelding.vurdering.begrunnelse", { begrunnelse: m.vurderingBegrunnelse })}
            </p>
          ) : null}
          <Vedtaksbrev melding={m} />
        </Varsel>
      ) : (
        <p className="ds-paragraph">{statusNavn(t, m)}</p>
      )}
    </section>
  );
}

export const meta: MetaFunction = (args) =>
  meldingSidetittel(args, (m) =>
    m?.vurdertFoerAnkomst ? "importmelding.ankommet.sidetittelFoerAnkomst" : "importmelding.forloep.ankommet",
  );
