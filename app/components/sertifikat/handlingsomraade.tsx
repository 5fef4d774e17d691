import { Form, Link } from "@remix-run/react";
import { formaterOrganisasjonsnummer } from "../../../domain/format";
import type { AnnenForhaandsmelding } from "../../../domain/sertifikat-visning";
import { KONTAKT_EPOST } from "../../lib/kontakt";
import { CsrfInput } from "../csrf-input";
import { Regelverkbekreftelse, regelverkFeil, regelverkFelter } from "../regelverk-bekreftelse";
import { FeilOppsummering } from "../skjema";
import { lenke, Tekst, useT } from "../sprak";
import { Varsel } from "../ui";
import type { SideVerdier as Side } from "./typer";

export function Handlingsomraade({
  data,
  actionData,
  navigation,
  s,
  sok,
}: Pick<Side, "data" | "actionData" | "navigation" | "s" | "sok">) {
  const t = useT();
  return (
    <section className="handlingsomraade" aria-labelledby="handling-tittel">
      <h2 id="handling-tittel" className="ds-heading" data-size="sm">
        {t("sertifikat.handling.tittel")}
      </h2>
      {actionData?.feil ? (
        <Varsel farge="danger" rolle="alert" tittel={t("sertifikat.handling.opprettFeilet")}>
          <p className="ds-paragraph">{actionData.feil}</p>
        </Varsel>
      ) : null}
      {s.annenForhaandsmelding ? <AnnenVirksomhetsMelding a={s.annenForhaandsmelding} /> : null}
      {s.kanEndreImportmelding && s.importMeldingId ? (
        <Link className="ds-button" data-variant="primary" to={`/importmelding/${s.importMeldingId}`}>
          {t("sertifikat.handling.gaaTil")}
        </Link>
      ) : s.varelinjer.length === 0 ? (
        <Varsel farge="info">
          <p className="ds-paragraph">{t("sertifikat.handling.ingenVarelinjer")}</p>
        </Varsel>
      ) : s.erForGammel ? (
        <Varsel farge="info">
          <p className="ds-paragraph">{t("sertifikat.handling.forGammelt")}</p>
        </Varsel>
      ) : !s.kanOppretteImportmelding ? null : (
        <>
          {s.kandidatImportoerer.some((k) => !k.harLestRegelverk && k.id !== data.avgiver.importoerId) ? (
            <Varsel farge="info" tittel={t("sertifikat.handling.andre.tittel")}>
              <p className="ds-paragraph">{t("sertifikat.handling.andre.tekst")}</p>
            </Varsel>
          ) : null}
          {s.kandidatImportoerer.some((k) => k.paaSertifikatet) ? null : (
            <Varsel farge="info" tittel={t("sertifikat.handling.ikkePaaSertifikatet.tittel")}>
              <p className="ds-paragraph">{t("sertifikat.handling.ikkePaaSertifikatet.tekst")}</p>
            </Varsel>
          )}
          <OpprettSkjema data={data} actionData={actionData} navigation={navigation} s={s} sok={sok} />
        </>
      )}
    </section>
  );
}

/**
 * «Opprett»: the responsible importer where there is a choice, and for an importer that has not confirmed the
 * regulations the one confirmation form (ADR 060) in the same form, so confirming and creating is one step
 * (with and without JavaScript) and nobody is left with only the refusal.
 */
function OpprettSkjema({
  data,
  actionData,
  navigation,
  s,
  sok,
}: Pick<Side, "data" | "actionData" | "navigation" | "s" | "sok">) {
  const t = useT();
  const maaBekrefte = !data.harLestRegelverk;
  const felter = regelverkFelter("regelverk", actionData?.regelverk);
  const valgt = actionData?.ansvarligImportoerId;
  const forvalgt = s.kandidatImportoerer.some((k) => k.id === valgt) ? valgt : s.kandidatImportoerer[0]?.id;
  return (
    <Form method="post" className="skjema skjema--stablet">
      <CsrfInput />
      <input type="hidden" name="sertifikatnummer" value={s.nummer} />
      <input type="hidden" name="dato" value={s.utstedtDag ?? sok.dato} />
      <input type="hidden" name="avsenderland" value={s.eksportLand?.kode ?? sok.avsenderland} />
      {maaBekrefte ? (
        // SPEC §8's banner with the link to the profile, now holding the confirmation itself
        <Varsel farge="warning" tittel={t("felles.regelverk.tittel")}>
          <input type="hidden" name="regelverk" value="ja" />
          <p className="ds-paragraph">
            <Tekst
              id="sertifikat.handling.regelverk.tekst"
              deler={[<Link key="profil" className="ds-link" to="/innstillinger?side=Profil" />]}
            />
          </p>
          {actionData?.melding ? (
            <p className="ds-paragraph" role="status">
              <strong>{actionData.melding}</strong>
            </p>
          ) : null}
          <FeilOppsummering feil={regelverkFeil(felter)} />
          <Regelverkbekreftelse {...felter} />
        </Varsel>
      ) : null}
      {s.kandidatImportoerer.length > 1 ? (
        <fieldset className="ds-fieldset">
          <legend className="ds-label">{t("sertifikat.handling.ansvarligImportoer")}</legend>
          {s.kandidatImportoerer.map((k) => (
            <div className="ds-field radio" key={k.id}>
              <input
                className="ds-input"
                type="radio"
                id={`ansvarlig-${k.id}`}
                name="ansvarligImportoerId"
                value={k.id}
                defaultChecked={k.id === forvalgt}
              />
              <label className="ds-label" data-weight="regular" htmlFor={`ansvarlig-${k.id}`}>
                {t("sertifikat.handling.kandidat", {
                  navn: k.navn,
                  orgnr: formaterOrganisasjonsnummer(k.organisasjonsnummer),
                  paaSertifikatet: k.paaSertifikatet ? "ja" : "nei",
                  bekreftet: k.harLestRegelverk ? "ja" : "nei",
                })}
              </label>
            </div>
          ))}
        </fieldset>
      ) : (
        <input type="hidden" name="ansvarligImportoerId" value={forvalgt ?? data.avgiver.importoerId} />
      )}
      <div className="knapperad">
        <button
          className="ds-button"
          data-variant="primary"
          type="submit"
          name="intent"
          value="opprett"
          disabled={navigation.state !== "idle"}
        >
          {t(maaBekrefte ? "sertifikat.handling.bekreftOgOpprett" : "sertifikat.handling.opprett")}
        </button>
      </div>
    </Form>
  );
}

/**
 * Another organisation's notification of a certificate the importer is named on (ADR 027): who made it, and
 * what becomes of it when the importer creates its own.
 */
function AnnenVirksomhetsMelding({ a }: { a: AnnenForhaandsmelding }) {
  const t = useT();
  const hvem = {
    navn: a.opprettetAv.navn,
    orgnr: formaterOrganisasjonsnummer(a.opprettetAv.organisasjonsnummer),
  };
  return (
    <Varsel farge={a.vedNyMelding ? "warning" : "info"} tittel={t("sertifikat.annen.tittel")}>
      {a.vedNyMelding === "SLETTET" ? (
        <p className="ds-paragraph">{t("sertifikat.annen.slettet", hvem)}</p>
      ) : a.vedNyMelding === "TILBAKETRUKKET" ? (
        <p className="ds-paragraph">
          {t("sertifikat.annen.tilbaketrukket", { ...hvem, status: t(`sertifikat.status.${a.status}`) })}
        </p>
      ) : (
        <p className="ds-paragraph">
          <Tekst
            id="sertifikat.annen.aktiv"
            verdier={{ ...hvem, status: t(`sertifikat.status.${a.status}`), epost: KONTAKT_EPOST }}
            deler={[lenke(`mailto:${KONTAKT_EPOST}`, { className: "ds-link" })]}
          />
        </p>
      )}
    </Varsel>
  );
}
