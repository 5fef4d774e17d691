import { Form, Link } from "@remix-run/react";
import { formaterOrganisasjonsnummer } from "../../../domain/format";
import { FOR_GAMMELT_SERTIFIKAT_MELDING, INGEN_VARELINJER_MELDING } from "../../../domain/sertifikat";
import type { AnnenForhaandsmelding } from "../../../domain/sertifikat-visning";
import { STATUS_TEKST } from "../../../domain/status";
import { KONTAKT_EPOST } from "../../lib/kontakt";
import { CsrfInput } from "../csrf-input";
import { Varsel } from "../ui";
import type { SideVerdier as Side } from "./typer";

export function Handlingsomraade({
  data,
  actionData,
  navigation,
  s,
  sok,
}: Pick<Side, "data" | "actionData" | "navigation" | "s" | "sok">) {
  return (
    <section className="handlingsomraade" aria-labelledby="handling-tittel">
      <h2 id="handling-tittel" className="ds-heading" data-size="sm">
        Digital forhåndsmelding
      </h2>
      {actionData?.feil ? (
        <Varsel farge="danger" rolle="alert" tittel="Feil oppstod ved oppretting av forhåndsmelding">
          <p className="ds-paragraph">{actionData.feil}</p>
        </Varsel>
      ) : null}
      {s.annenForhaandsmelding ? <AnnenVirksomhetsMelding a={s.annenForhaandsmelding} /> : null}
      {s.kanEndreImportmelding && s.importMeldingId ? (
        <Link className="ds-button" data-variant="primary" to={`/importmelding/${s.importMeldingId}`}>
          Gå til digital forhåndsmelding
        </Link>
      ) : s.varelinjer.length === 0 ? (
        <Varsel farge="info">
          <p className="ds-paragraph">{INGEN_VARELINJER_MELDING}</p>
        </Varsel>
      ) : s.erForGammel ? (
        <Varsel farge="info">
          <p className="ds-paragraph">{FOR_GAMMELT_SERTIFIKAT_MELDING}</p>
        </Varsel>
      ) : !s.kanOppretteImportmelding ? null : (
        <>
          {!data.harLestRegelverk ? (
            <Varsel farge="warning" tittel="Bekreft kjennskap til regelverket">
              <p className="ds-paragraph">
                Før du kan melde import må virksomheten bekrefte at den kjenner regelverket for import av
                planter.{" "}
                <Link className="ds-link" to="/innstillinger?side=profil">
                  Gå til profilen
                </Link>
              </p>
            </Varsel>
          ) : null}
          {s.kandidatImportoerer.some((k) => !k.harLestRegelverk && k.id !== data.avgiver.importoerId) ? (
            <Varsel farge="info" tittel="Noen virksomheter har ikke bekreftet regelverket">
              <p className="ds-paragraph">
                En forhåndsmelding kan bare sendes inn når den ansvarlige importøren selv har bekreftet
                kjennskap til regelverket. Som mottakskontrollør kan du ikke bekrefte det for en annen
                virksomhet: be virksomheten bekrefte det under Innstillinger, Profil, før du melder for den.
              </p>
            </Varsel>
          ) : null}
          <Form method="post" className="skjema">
            <CsrfInput />
            <input type="hidden" name="sertifikatnummer" value={s.nummer} />
            <input type="hidden" name="dato" value={s.utstedtDag ?? sok.dato} />
            <input type="hidden" name="avsenderland" value={s.eksportLand?.kode ?? sok.avsenderland} />
            {s.kandidatImportoerer.length > 1 ? (
              <fieldset className="ds-fieldset">
                <legend className="ds-label">Ansvarlig importør</legend>
                {s.kandidatImportoerer.map((k, i) => (
                  <div className="ds-field radio" key={k.id}>
                    <input
                      className="ds-input"
                      type="radio"
                      id={`ansvarlig-${k.id}`}
                      name="ansvarligImportoerId"
                      value={k.id}
                      defaultChecked={i === 0}
                    />
                    <label className="ds-label" data-weight="regular" htmlFor={`ansvarlig-${k.id}`}>
                      {k.navn} ({formaterOrganisasjonsnummer(k.organisasjonsnummer)})
                      {k.paaSertifikatet ? " – står på sertifikatet" : ""}
                      {k.harLestRegelverk ? "" : " – har ikke bekreftet kjennskap til regelverket"}
                    </label>
                  </div>
                ))}
              </fieldset>
            ) : (
              <input
                type="hidden"
                name="ansvarligImportoerId"
                value={s.kandidatImportoerer[0]?.id ?? data.avgiver.importoerId}
              />
            )}
            <button
              className="ds-button"
              data-variant="primary"
              type="submit"
              name="intent"
              value="opprett"
              disabled={navigation.state !== "idle"}
            >
              Opprett digital forhåndsmelding
            </button>
          </Form>
        </>
      )}
    </section>
  );
}

/**
 * Another organisation's notification of a certificate the importer is named on (ADR 027): who made it, and
 * what becomes of it when the importer creates its own.
 */
function AnnenVirksomhetsMelding({ a }: { a: AnnenForhaandsmelding }) {
  const hvem = `${a.opprettetAv.navn} (org.nr. ${formaterOrganisasjonsnummer(a.opprettetAv.organisasjonsnummer)})`;
  return (
    <Varsel
      farge={a.vedNyMelding ? "warning" : "info"}
      tittel="En annen virksomhet har en forhåndsmelding for sertifikatet"
    >
      {a.vedNyMelding === "SLETTET" ? (
        <p className="ds-paragraph">
          {hvem} har begynt på en forhåndsmelding for sertifikatet, men står ikke på det. Dere står på
          sertifikatet og kan opprette deres egen forhåndsmelding. Da slettes den andre virksomhetens
          påbegynte forhåndsmelding.
        </p>
      ) : a.vedNyMelding === "TILBAKETRUKKET" ? (
        <p className="ds-paragraph">
          {hvem} har sendt inn en forhåndsmelding for sertifikatet, men står ikke på det. Dere står på
          sertifikatet og kan opprette deres egen forhåndsmelding. Da trekkes den andre virksomhetens
          forhåndsmelding tilbake.
        </p>
      ) : (
        <p className="ds-paragraph">
          {hvem} har en forhåndsmelding for sertifikatet med status «{STATUS_TEKST[a.status]}». Kontakt{" "}
          <a className="ds-link" href={`mailto:${KONTAKT_EPOST}`}>
            {KONTAKT_EPOST}
          </a>{" "}
          hvis dere mener den ikke skulle vært sendt.
        </p>
      )}
    </Varsel>
  );
}
