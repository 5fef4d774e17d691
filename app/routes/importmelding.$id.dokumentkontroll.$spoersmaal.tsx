import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useActionData, useParams, useRouteLoaderData } from "@remix-run/react";
import type { ImportmeldingVisning, KontrollspoersmaalVisning } from "../../domain/importmelding";
import { wizardSteg } from "../../domain/importmelding-ruting";
import { kontrollsvarSkjema, tilKontrollsvarBody } from "../../domain/schemas/importmelding";
import { Flagg } from "../components/importmelding";
import { FeilOppsummering, feilFra, MeldingSkjema, Radiogruppe, SendKnapp } from "../components/skjema";
import { Tekst, useT } from "../components/sprak";
import { Tekstomraade } from "../components/tekstfelt";
import { LagreFeil, Tabellramme, Varsel } from "../components/ui";
import { hentMelding, lagreFeilet, lesMeldingSkjema } from "../lib/importmelding.server";
import { useKlientvalidering } from "../lib/klientvalidering";
import { meldingSidetittel } from "../lib/sidetittel";
import { valider } from "../lib/valider";
import type { loader as meldingLoader } from "./importmelding.$id";

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api, base, formData, versjon } = await lesMeldingSkjema(request, context, params);
  const melding = await hentMelding(request, api, base);
  const spoersmaal = melding.dokumentkontrollSpoersmaal.find((s) => s.path === params.spoersmaal);
  if (!spoersmaal) throw redirect(`/importmelding/${melding.id}`);
  const submission = parseWithZod(formData, { schema: kontrollsvarSkjema(spoersmaal.kode) });
  if (submission.status !== "success")
    return data({ result: submission.reply(), lagreFeil: null }, { status: 400 });
  try {
    await api.put(
      `${base}/kontrollspoersmaal/${spoersmaal.id}`,
      tilKontrollsvarBody(submission.value, spoersmaal.id, versjon),
    );
  } catch (e) {
    return lagreFeilet(e, "importmelding.dokumentkontroll.lagreFeilet", context.logger, {
      result: submission.reply(),
    });
  }
  const steg = wizardSteg(melding);
  const sti = `dokumentkontroll/${spoersmaal.path}`;
  return redirect(steg.url(steg.neste(sti) ?? "ankomst-info"));
}

/** What the question is about, shown above the answers (SPEC §2 "Document question pages"). */
function Grunnlag({
  melding: m,
  spoersmaal,
  tilsiktetBruk,
}: {
  melding: ImportmeldingVisning;
  spoersmaal: KontrollspoersmaalVisning;
  /** Intended use in Norwegian per goods line (by sorteringsnummer), from the layout loader. */
  tilsiktetBruk: Record<string, string | undefined>;
}) {
  switch (spoersmaal.kode) {
    case "DOKUMENT_REEKSPORT":
      return <OpprinnelseslandOgVedlegg melding={m} />;
    case "DOKUMENT_TILLEGGSERKLAERING":
      return <Tilleggserklaeringer melding={m} />;
    case "DOKUMENT_TILSIKTET_BRUK":
      return <TilsiktetBruk melding={m} tilsiktetBruk={tilsiktetBruk} />;
    default:
      return <Opprinnelse melding={m} />;
  }
}

/** Re-export: every country of origin, and the attachments where their certificates may be. */
function OpprinnelseslandOgVedlegg({ melding: m }: { melding: ImportmeldingVisning }) {
  const t = useT();
  const skjult = <span className="skjult" />;
  return (
    <>
      <h2 className="ds-heading" data-size="xs">
        {t("importmelding.dokumentkontroll.opprinnelsesland")}
      </h2>
      <ul className="landliste">
        {m.alleOpprinnelsesland.map((l) => (
          <li key={l.kode}>
            <Flagg kode={l.kode} /> <span>{l.navn}</span>
          </li>
        ))}
      </ul>
      <h2 className="ds-heading" data-size="xs">
        {t("importmelding.dokumentkontroll.vedlegg")}
      </h2>
      {m.vedlegg.length === 0 ? (
        <p className="ds-paragraph">{t("importmelding.dokumentkontroll.ingenVedlegg")}</p>
      ) : (
        <ul className="vedleggsliste">
          {m.vedlegg.map((v) => (
            <li key={v.id}>
              <span className="vedlegg__navn">
                {v.filnavn ?? t("importmelding.dokumentkontroll.vedleggNavn")}
              </span>
              {v.identifikator ? <span> ({v.identifikator})</span> : null}{" "}
              <a
                className="ds-link"
                href={v.kanAapneVedlegg ? `/vedlegg/${v.id}` : `/vedlegg/${v.id}?last-ned=1`}
                target={v.kanAapneVedlegg ? "_blank" : undefined}
                rel="noreferrer"
              >
                <Tekst
                  id={
                    v.kanAapneVedlegg
                      ? "importmelding.dokumentkontroll.aapne"
                      : "importmelding.dokumentkontroll.lastNed"
                  }
                  verdier={{ filnavn: v.filnavn ?? "" }}
                  deler={[skjult]}
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      <Varsel farge="info">
        <p className="ds-paragraph">{t("importmelding.dokumentkontroll.reeksportInfo")}</p>
      </Varsel>
    </>
  );
}

/** Additional declarations: the general ones, and those of each goods line. */
function Tilleggserklaeringer({ melding: m }: { melding: ImportmeldingVisning }) {
  const t = useT();
  return (
    <>
      <h2 className="ds-heading" data-size="xs">
        {t("importmelding.dokumentkontroll.generelle")}
      </h2>
      {m.tilleggserklaering.tilleggserklaeringer.length ||
      m.tilleggserklaering.offisiellTilleggsinformasjon.length ? (
        <ul className="ds-list">
          {[
            ...m.tilleggserklaering.tilleggserklaeringer,
            ...m.tilleggserklaering.offisiellTilleggsinformasjon,
          ].map((erklaering) => (
            <li key={erklaering}>{erklaering}</li>
          ))}
        </ul>
      ) : (
        <p className="ds-paragraph">{t("importmelding.dokumentkontroll.ingenGenerelle")}</p>
      )}
      <Tabellramme etikett={t("importmelding.dokumentkontroll.tilleggPerLinje")}>
        <table className="ds-table" data-border>
          <caption className="ds-heading tabelltittel" data-size="2xs">
            {t("importmelding.dokumentkontroll.tilleggPerLinje")}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t("importmelding.varer.nr")}</th>
              <th scope="col">{t("importmelding.varer.botaniskNavn")}</th>
              <th scope="col">{t("importmelding.dokumentkontroll.tilleggserklaering")}</th>
            </tr>
          </thead>
          <tbody>
            {m.varelinjer.map((l) => (
              <tr key={l.sorteringsnummer}>
                <td>{l.sorteringsnummer}</td>
                <td className="botanisk">{l.botaniskNavn ?? t("importmelding.varer.mangler")}</td>
                <td>
                  {[
                    ...l.varelinjeTilleggserklaering.tilleggserklaeringer,
                    ...l.varelinjeTilleggserklaering.offisiellTilleggsInformasjon,
                  ].join(" ") || t("importmelding.dokumentkontroll.ingen")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Tabellramme>
    </>
  );
}

/** The intended use of each goods line. */
function TilsiktetBruk({
  melding: m,
  tilsiktetBruk,
}: {
  melding: ImportmeldingVisning;
  tilsiktetBruk: Record<string, string | undefined>;
}) {
  const t = useT();
  return (
    <Tabellramme etikett={t("importmelding.dokumentkontroll.brukPerLinje")}>
      <table className="ds-table" data-border>
        <caption className="ds-heading tabelltittel" data-size="2xs">
          {t("importmelding.dokumentkontroll.brukPerLinje")}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t("importmelding.varer.nr")}</th>
            <th scope="col">{t("importmelding.varer.botaniskNavn")}</th>
            <th scope="col">{t("importmelding.dokumentkontroll.tilsiktetBruk")}</th>
          </tr>
        </thead>
        <tbody>
          {m.varelinjer.map((l) => (
            <tr key={l.sorteringsnummer}>
              <td>{l.sorteringsnummer}</td>
              <td className="botanisk">{l.botaniskNavn ?? t("importmelding.varer.mangler")}</td>
              <td>{tilsiktetBruk[l.sorteringsnummer] ?? t("importmelding.ikkeOppgitt")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Tabellramme>
  );
}

/** The country and place of origin of each goods line. */
function Opprinnelse({ melding: m }: { melding: ImportmeldingVisning }) {
  const t = useT();
  return (
    <Tabellramme etikett={t("importmelding.dokumentkontroll.opprinnelsePerLinje")}>
      <table className="ds-table" data-border>
        <caption className="ds-heading tabelltittel" data-size="2xs">
          {t("importmelding.dokumentkontroll.opprinnelsePerLinje")}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t("importmelding.varer.nr")}</th>
            <th scope="col">{t("importmelding.varer.botaniskNavn")}</th>
            <th scope="col">{t("importmelding.dokumentkontroll.landOgSted")}</th>
          </tr>
        </thead>
        <tbody>
          {m.varelinjer.map((l) => (
            <tr key={l.sorteringsnummer}>
              <td>{l.sorteringsnummer}</td>
              <td className="botanisk">{l.botaniskNavn ?? t("importmelding.varer.mangler")}</td>
              <td>
                {l.opprinnelsesland
                  .map((o) => [o.navn ?? o.kode, o.landsdel].filter(Boolean).join(", "))
                  .join("; ") || t("importmelding.ikkeOppgitt")}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Tabellramme>
  );
}

export default function Dokumentkontroll() {
  const data = useRouteLoaderData<typeof meldingLoader>("routes/importmelding.$id");
  const actionData = useActionData<typeof action>();
  const params = useParams();
  const t = useT();
  const m = data?.melding;
  const spoersmaal = m?.dokumentkontrollSpoersmaal.find((s) => s.path === params.spoersmaal);
  useKlientvalidering();
  const [form, fields] = useForm({
    id: `spoersmaal-${spoersmaal?.id}`,
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    defaultValue: {
      svar: spoersmaal?.kontrollSvar?.kontrollSvar ?? "",
      kommentar: spoersmaal?.kontrollSvar?.kommentar ?? "",
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      valider(formData, (s) => s.kontrollsvarSkjema(spoersmaal?.kode ?? "DOKUMENT_TILSIKTET_BRUK")),
  });
  if (!m || !spoersmaal) return null;
  const steg = wizardSteg(m);
  const sti = `dokumentkontroll/${spoersmaal.path}`;
  const nummer = steg.spoersmaalNummer(spoersmaal.path);
  const forrige = steg.forrige(sti) ?? "innmelder";
  const kommentarValgfri = spoersmaal.kode === "DOKUMENT_OPPRINNELSESSTED";
  return (
    <div className="smal spoersmaal">
      <Link className="ds-link tilbakelenke" to={steg.url(forrige)}>
        {t("importmelding.tilbake")}
      </Link>
      <FeilOppsummering feil={feilFra([fields.svar, fields.kommentar])} />
      <p className="ds-paragraph spoersmaal__nummer">
        {t("importmelding.dokumentkontroll.nummer", {
          nummer: nummer?.nummer ?? "",
          antall: nummer?.antall ?? "",
        })}
      </p>
      <h1 className="ds-heading" data-size="md" id="spoersmaal-tittel">
        {t(`kodeverk.spoersmaal.${spoersmaal.kode}`)}
      </h1>
      {spoersmaal.referanse ? (
        <p className="ds-paragraph" data-size="sm">
          <Tekst
            id="importmelding.dokumentkontroll.se"
            verdier={{ referanse: spoersmaal.referanse }}
            deler={[<span key="referanse" lang="nb" />]}
          />
        </p>
      ) : null}
      <Grunnlag melding={m} spoersmaal={spoersmaal} tilsiktetBruk={data.tilsiktetBruk} />
      <LagreFeil svar={actionData} />
      <MeldingSkjema versjon={m.versjon} {...getFormProps(form)} className="skjema skjema--stablet">
        <Radiogruppe
          felt={fields.svar}
          legende={t("importmelding.dokumentkontroll.legende")}
          valg={spoersmaal.svarAlternativer.map((a) => ({
            verdi: a.kontrollSvar,
            tekst: t(`kodeverk.svar.${a.kontrollSvar}`),
            avvik: a.erAvvik,
          }))}
        />
        <div className="avviksboks">
          <Varsel farge="warning" tittel={t("importmelding.dokumentkontroll.tiltakTittel")}>
            <p className="ds-paragraph">
              {kommentarValgfri
                ? t("importmelding.dokumentkontroll.tiltakValgfri")
                : t("importmelding.dokumentkontroll.tiltak")}
            </p>
          </Varsel>
          <Tekstomraade
            felt={fields.kommentar}
            etikett={t("importmelding.meldingTilMattilsynet")}
            valgfri={kommentarValgfri}
            beskrivelse={kommentarValgfri ? undefined : t("importmelding.dokumentkontroll.paakrevd")}
          />
        </div>
        <div className="knapperad">
          <Link className="ds-button" data-variant="secondary" to={steg.url(forrige)}>
            {t("importmelding.forrige")}
          </Link>
          <SendKnapp>{t("importmelding.lagreOgGaaVidere")}</SendKnapp>
        </div>
      </MeldingSkjema>
    </div>
  );
}

export const handle = { tittel: "importmelding.steg.Dokumentkontroll" };
export const meta: MetaFunction = (args) =>
  meldingSidetittel(args, "importmelding.steg.Dokumentkontroll", "dokumentkontroll");
