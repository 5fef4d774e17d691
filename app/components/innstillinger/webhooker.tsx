// Innstillinger → Integrasjoner, section "Webhooker" (issue 25 §3, docs/decisions/036-hendelser-og-webhooker.md):
// the importer's webhook subscriptions (make one, see its secret once, pause, start again, delete after a
// confirmation) and the delivery log. Plain forms: the same with JavaScript and without.
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { formaterDatoTid } from "../../../domain/format";
import { HENDELSESTYPE_TEKST, HENDELSESTYPER, type WebhookVisning } from "../../../domain/hendelser";
import type { hentWebhooker, WebhookSvar } from "../../lib/webhooker.server";
import type { action, loader } from "../../routes/innstillinger";
import { Bekreftelsespanel } from "../bekreftelsespanel";
import { CsrfInput } from "../csrf-input";
import { Avkrysning } from "../skjema";
import { Tabellramme, Varsel } from "../ui";
import { FEIL, sideUrl } from "./felles";

function statusTekst(w: WebhookVisning): string {
  if (w.aktiv) return "Aktiv";
  const naar = w.pauset ? ` ${formaterDatoTid(w.pauset)}` : "";
  return w.feilPaaRad > 0
    ? `Satt på pause${naar} etter ${w.feilPaaRad} mislykkede leveringer på rad`
    : `Satt på pause${naar}`;
}

type Webhookdata = NonNullable<Awaited<ReturnType<typeof hentWebhooker>>>;

export function Webhooker() {
  const { webhooker, importoer, avgiver } = useLoaderData<typeof loader>();
  const svar = useActionData<typeof action>() as WebhookSvar | undefined;
  if (!webhooker) return null;
  const opprett = svar?.intent === "opprett-webhook" ? svar : undefined;
  const endreSvar = svar?.intent === "webhook-status" || svar?.intent === "slett-webhook" ? svar : undefined;
  const feed = `/import/v2/${avgiver.organisasjonsnummer}/${importoer.id}/hendelser`;
  return (
    <>
      <section aria-labelledby="webhooker-tittel" className="seksjon">
        <h3 id="webhooker-tittel" className="ds-heading" data-size="sm">
          Webhooker
        </h3>
        <p className="ds-paragraph">
          Systemet deres kan få beskjed med en gang et sertifikat kommer inn, eller en forhåndsmelding endrer
          status eller blir vurdert. Vi sender en POST-forespørsel med hendelsen som JSON, signert etter
          Standard Webhooks. De samme hendelsene kan hentes i rekkefølge fra <code>{feed}</code>.
        </p>
        {opprett?.hemmelighet ? <VisHemmelighet url={opprett.url} hemmelighet={opprett.hemmelighet} /> : null}
        {webhooker.feil ? (
          <Varsel farge="danger" rolle="alert">
            <p className="ds-paragraph">{FEIL.hentWebhooker}</p>
          </Varsel>
        ) : null}
        {endreSvar?.feil ? (
          <Varsel farge="danger" rolle="alert">
            <p className="ds-paragraph">{endreSvar.feil}</p>
          </Varsel>
        ) : null}
        {webhooker.slettWebhook ? (
          <Bekreftelsespanel
            tittel="Slette webhooken?"
            side={sideUrl("Integrasjoner")}
            intent="slett-webhook"
            felt={{ id: webhooker.slettWebhook.id }}
            bekreft="Ja, slett"
          >
            Vil du slette webhooken til {webhooker.slettWebhook.url}? Den får ingen flere hendelser, og
            leveringsloggen for den slettes.
          </Bekreftelsespanel>
        ) : null}
        <WebhookListe webhooker={webhooker.webhooker} />
        <NyWebhook opprett={opprett} />
      </section>
      <Leveringslogg logg={webhooker.logg} />
    </>
  );
}

/** The new subscription's secret: shown this once (the API keeps it encrypted and never shows it again). */
function VisHemmelighet({ url, hemmelighet }: { url?: string; hemmelighet: string }) {
  return (
    <Varsel farge="success" tittel="Webhooken er opprettet" rolle="status">
      <p className="ds-paragraph">
        Kopier hemmeligheten nå og legg den inn i systemet som tar imot webhookene. Den vises bare denne ene
        gangen.
      </p>
      <div className="ds-field">
        <label className="ds-label" htmlFor="webhook-hemmelighet">
          Hemmelighet for {url}
        </label>
        <input
          className="ds-input"
          id="webhook-hemmelighet"
          readOnly
          value={hemmelighet}
          spellCheck={false}
          autoComplete="off"
        />
      </div>
    </Varsel>
  );
}

/** The subscriptions, each with pause/start and delete. */
function WebhookListe({ webhooker }: { webhooker: Webhookdata["webhooker"] }) {
  const side = sideUrl("Integrasjoner");
  return webhooker.length === 0 ? (
    <p className="ds-paragraph">Ingen webhooker er registrert.</p>
  ) : (
    <ul className="innstillinger__liste" aria-label="Registrerte webhooker">
      {webhooker.map((w) => (
        <li key={w.id}>
          <div>
            <p className="ds-paragraph bryt-ord">
              <strong>{w.url}</strong>
            </p>
            <p className="ds-paragraph" data-size="sm">
              {statusTekst(w)}. Hendelser: {w.typer.map((t) => HENDELSESTYPE_TEKST[t]).join(", ")}.
            </p>
          </div>
          <Form method="post" action={side} className="knapperad">
            <CsrfInput />
            <input type="hidden" name="id" value={w.id} />
            <input type="hidden" name="aktiv" value={w.aktiv ? "nei" : "ja"} />
            <button
              className="ds-button"
              data-variant="secondary"
              data-size="sm"
              type="submit"
              name="intent"
              value="webhook-status"
              aria-label={`${w.aktiv ? "Sett på pause" : "Start igjen"}: ${w.url}`}
            >
              {w.aktiv ? "Sett på pause" : "Start igjen"}
            </button>
            <Link
              className="ds-button"
              data-variant="tertiary"
              data-size="sm"
              to={sideUrl("Integrasjoner", { slettWebhook: String(w.id) })}
              aria-label={`Slett webhooken til ${w.url}`}
            >
              Slett
            </Link>
          </Form>
        </li>
      ))}
    </ul>
  );
}

/** The form for a new subscription; keeps what was typed when it is refused. */
function NyWebhook({ opprett }: { opprett?: WebhookSvar }) {
  const side = sideUrl("Integrasjoner");
  return (
    <Form method="post" action={side} className="skjema skjema--stablet" noValidate>
      <CsrfInput />
      <h3 className="ds-heading" data-size="xs">
        Ny webhook
      </h3>
      <div className="ds-field">
        <label className="ds-label" htmlFor="webhook-url">
          Adresse
        </label>
        <p className="ds-paragraph hjelpetekst" data-size="sm" id="webhook-url-hjelp">
          Må begynne med https://, for eksempel https://system.firma.no/webhook
        </p>
        <input
          className="ds-input"
          type="url"
          id="webhook-url"
          name="url"
          inputMode="url"
          autoComplete="off"
          defaultValue={opprett?.feil ? (opprett.url ?? "") : ""}
          aria-invalid={opprett?.felt === "url" ? true : undefined}
          aria-describedby={
            opprett?.felt === "url" ? "webhook-url-hjelp webhook-url-feil" : "webhook-url-hjelp"
          }
        />
        {opprett?.felt === "url" ? (
          <p className="ds-validation-message feilmelding" id="webhook-url-feil" data-color="danger">
            {opprett.feil}
          </p>
        ) : null}
      </div>
      <fieldset
        className="ds-fieldset"
        aria-invalid={opprett?.felt === "typer" ? true : undefined}
        aria-describedby={opprett?.felt === "typer" ? "webhook-typer-feil" : undefined}
      >
        <legend className="ds-label">Hendelser</legend>
        {HENDELSESTYPER.map((t) => (
          <Avkrysning
            key={t}
            id={`webhook-type-${t.replace(".", "-")}`}
            tekst={HENDELSESTYPE_TEKST[t]}
            name="typer"
            value={t}
            defaultChecked={opprett?.feil ? (opprett.typer ?? []).includes(t) : true}
          />
        ))}
        {opprett?.felt === "typer" ? (
          <p className="ds-validation-message feilmelding" id="webhook-typer-feil" data-color="danger">
            {opprett.feil}
          </p>
        ) : null}
      </fieldset>
      <button
        className="ds-button"
        data-variant="secondary"
        type="submit"
        name="intent"
        value="opprett-webhook"
      >
        Opprett webhook
      </button>
    </Form>
  );
}

/** The latest delivery attempts, newest first. */
function Leveringslogg({ logg }: { logg: Webhookdata["logg"] }) {
  return (
    <section aria-labelledby="leveringslogg-tittel" className="seksjon">
      <h3 id="leveringslogg-tittel" className="ds-heading" data-size="sm">
        Leveringslogg
      </h3>
      {logg.length === 0 ? (
        <p className="ds-paragraph">Ingen leveringer ennå.</p>
      ) : (
        <Tabellramme etikett="Leveringslogg">
          <table className="ds-table" data-border>
            <caption className="ds-paragraph">De siste leveringsforsøkene, nyeste først</caption>
            <thead>
              <tr>
                <th scope="col">Tidspunkt</th>
                <th scope="col">Hendelse</th>
                <th scope="col">Adresse</th>
                <th scope="col">Forsøk</th>
                <th scope="col">Resultat</th>
              </tr>
            </thead>
            <tbody>
              {logg.map((l) => (
                <tr key={`${l.tidspunkt}-${l.webhookId}-${l.hendelseNummer}-${l.forsoek}`}>
                  <td>{formaterDatoTid(l.tidspunkt)}</td>
                  <td>
                    {HENDELSESTYPE_TEKST[l.hendelseType]} (nr. {l.hendelseNummer})
                  </td>
                  <td className="bryt-ord">{l.url}</td>
                  <td>{l.forsoek}</td>
                  <td>
                    {l.ok ? `Levert (HTTP ${l.httpStatus})` : `Feilet: ${l.feil ?? `HTTP ${l.httpStatus}`}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Tabellramme>
      )}
    </section>
  );
}
