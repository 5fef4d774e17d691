// Innstillinger → Integrasjoner, section "Webhooker" (issue 25 §3, docs/decisions/036-hendelser-og-webhooker.md):
// the importer's webhook subscriptions (make one, see its secret once, pause, start again, delete after a
// confirmation) and the delivery log. Plain forms: the same with JavaScript and without.
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { formaterDatoTid } from "../../../domain/format";
import { HENDELSESTYPER, type Hendelsestype, type WebhookVisning } from "../../../domain/hendelser";
import type { T } from "../../../sprak/oversetter";
import type { hentWebhooker, WebhookSvar } from "../../lib/webhooker.server";
import type { action, loader } from "../../routes/innstillinger";
import { Bekreftelsespanel } from "../bekreftelsespanel";
import { CsrfInput } from "../csrf-input";
import { useHydrert } from "../hydrert";
import { Avkrysning } from "../skjema";
import { Tekst, useT } from "../sprak";
import { Tabellramme, Varsel } from "../ui";
import { FEIL, sideUrl } from "./felles";

function statusTekst(t: T, w: WebhookVisning): string {
  if (w.aktiv) return t("innstillinger.webhooker.aktiv");
  return t("innstillinger.webhooker.pauset", {
    tidspunkt: w.pauset ? formaterDatoTid(w.pauset, t.sprak) : "ingen",
    feil: w.feilPaaRad,
  });
}

/** An event type's name in the page's language (the webhook's payload keeps the code). */
const hendelseTekst = (t: T, type: Hendelsestype) => t(`innstillinger.hendelse.${type}`);

type Webhookdata = NonNullable<Awaited<ReturnType<typeof hentWebhooker>>>;

export function Webhooker() {
  const { webhooker, importoer, avgiver } = useLoaderData<typeof loader>();
  const svar = useActionData<typeof action>() as WebhookSvar | undefined;
  const t = useT();
  if (!webhooker) return null;
  const opprett = svar?.intent === "opprett-webhook" ? svar : undefined;
  const endreSvar = svar?.intent === "webhook-status" || svar?.intent === "slett-webhook" ? svar : undefined;
  const feed = `/import/v2/${avgiver.organisasjonsnummer}/${importoer.id}/hendelser`;
  return (
    <>
      <section aria-labelledby="webhooker-tittel" className="seksjon">
        <h3 id="webhooker-tittel" className="ds-heading" data-size="sm">
          {t("innstillinger.webhooker.tittel")}
        </h3>
        <p className="ds-paragraph">
          <Tekst id="innstillinger.webhooker.tekst" verdier={{ feed }} deler={[<code key="feed" />]} />
        </p>
        {opprett?.hemmelighet ? <VisHemmelighet url={opprett.url} hemmelighet={opprett.hemmelighet} /> : null}
        {webhooker.feil ? (
          <Varsel farge="danger" rolle="alert">
            <p className="ds-paragraph">{t(FEIL.hentWebhooker)}</p>
          </Varsel>
        ) : null}
        {endreSvar?.feil ? (
          <Varsel farge="danger" rolle="alert">
            <p className="ds-paragraph">{t.melding(endreSvar.feil)}</p>
          </Varsel>
        ) : null}
        {webhooker.slettWebhook ? (
          <Bekreftelsespanel
            tittel="innstillinger.webhooker.slettTittel"
            side={sideUrl("Integrasjoner")}
            intent="slett-webhook"
            felt={{ id: webhooker.slettWebhook.id }}
            bekreft="innstillinger.webhooker.slettBekreft"
          >
            {t("innstillinger.webhooker.slettTekst", { url: webhooker.slettWebhook.url })}
          </Bekreftelsespanel>
        ) : null}
        <WebhookListe webhooker={webhooker.webhooker} />
        {/* A new form after a webhook is made (JavaScript on keeps the old one otherwise): no invitation to
            make the same one twice. */}
        <NyWebhook key={opprett?.hemmelighet ?? "ny"} opprett={opprett} />
      </section>
      <Leveringslogg logg={webhooker.logg} />
    </>
  );
}

/**
 * The new subscription's secret: shown this once (the API keeps it encrypted and never shows it again). It is
 * selectable text in a read-only field; with JavaScript a button copies it (issue 36 item 5), and focus goes to
 * the field, where a keyboard user continues after «Opprett webhook» (the form they came from is emptied).
 */
function VisHemmelighet({ url, hemmelighet }: { url?: string; hemmelighet: string }) {
  const t = useT();
  const hydrert = useHydrert();
  const felt = useRef<HTMLInputElement>(null);
  const [kopiert, settKopiert] = useState<"ja" | "feilet" | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per new secret
  useEffect(() => {
    settKopiert(null);
    felt.current?.focus();
  }, [hemmelighet]);
  const kopier = async () => {
    try {
      await navigator.clipboard.writeText(hemmelighet);
      settKopiert("ja");
    } catch {
      // No clipboard (an older browser, or permission refused): the text is marked for the person to copy.
      felt.current?.select();
      settKopiert("feilet");
    }
  };
  return (
    <Varsel farge="success" tittel={t("innstillinger.webhooker.opprettet")} rolle="status">
      <p className="ds-paragraph">{t("innstillinger.webhooker.kopierHemmelighet")}</p>
      <div className="ds-field felt">
        <label className="ds-label" htmlFor="webhook-hemmelighet">
          {t("innstillinger.webhooker.hemmelighetFor", { url: url ?? "" })}
        </label>
        <input
          ref={felt}
          className="ds-input"
          id="webhook-hemmelighet"
          readOnly
          value={hemmelighet}
          spellCheck={false}
          autoComplete="off"
          onFocus={(e) => e.currentTarget.select()}
        />
      </div>
      {hydrert ? (
        <div className="knapperad">
          <button className="ds-button" data-variant="secondary" type="button" onClick={kopier}>
            {t("innstillinger.webhooker.kopier")}
          </button>
          <p className="ds-paragraph" aria-live="polite">
            {kopiert === "ja"
              ? t("innstillinger.webhooker.kopiert")
              : kopiert === "feilet"
                ? t("innstillinger.webhooker.kopieringFeilet")
                : null}
          </p>
        </div>
      ) : null}
    </Varsel>
  );
}

/** The subscriptions, each with pause/start and delete. */
function WebhookListe({ webhooker }: { webhooker: Webhookdata["webhooker"] }) {
  const side = sideUrl("Integrasjoner");
  const t = useT();
  return webhooker.length === 0 ? (
    <p className="ds-paragraph">{t("innstillinger.webhooker.ingen")}</p>
  ) : (
    <ul className="innstillinger__liste" aria-label={t("innstillinger.webhooker.registrerte")}>
      {webhooker.map((w) => (
        <li key={w.id}>
          <div>
            <p className="ds-paragraph bryt-ord">
              <strong>{w.url}</strong>
            </p>
            <p className="ds-paragraph" data-size="sm">
              {t("innstillinger.webhooker.beskrivelse", {
                status: statusTekst(t, w),
                hendelser: w.typer.map((h) => hendelseTekst(t, h)).join(", "),
              })}
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
              aria-label={t(
                w.aktiv ? "innstillinger.webhooker.settPaaPauseFor" : "innstillinger.webhooker.startIgjenFor",
                { url: w.url },
              )}
            >
              {t(w.aktiv ? "innstillinger.webhooker.settPaaPause" : "innstillinger.webhooker.startIgjen")}
            </button>
            <Link
              className="ds-button"
              data-variant="tertiary"
              data-size="sm"
              to={sideUrl("Integrasjoner", { slettWebhook: String(w.id) })}
              aria-label={t("innstillinger.webhooker.slettFor", { url: w.url })}
            >
              {t("innstillinger.slett")}
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
  const t = useT();
  return (
    <Form method="post" action={side} className="skjema skjema--stablet" noValidate>
      <CsrfInput />
      <h3 className="ds-heading" data-size="xs">
        {t("innstillinger.webhooker.ny")}
      </h3>
      <div className="ds-field felt">
        <label className="ds-label" htmlFor="webhook-url">
          {t("innstillinger.webhooker.adresse")}
        </label>
        <p className="ds-paragraph hjelpetekst" data-size="sm" id="webhook-url-hjelp">
          {t("innstillinger.webhooker.adresseHjelp")}
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
            {t.melding(opprett.feil ?? "")}
          </p>
        ) : null}
      </div>
      <fieldset
        className="ds-fieldset"
        aria-invalid={opprett?.felt === "typer" ? true : undefined}
        aria-describedby={opprett?.felt === "typer" ? "webhook-typer-feil" : undefined}
      >
        <legend className="ds-label">{t("innstillinger.webhooker.hendelser")}</legend>
        {HENDELSESTYPER.map((h) => (
          <Avkrysning
            key={h}
            id={`webhook-type-${h.replace(".", "-")}`}
            tekst={hendelseTekst(t, h)}
            name="typer"
            value={h}
            defaultChecked={opprett?.feil ? (opprett.typer ?? []).includes(h) : true}
          />
        ))}
        {opprett?.felt === "typer" ? (
          <p className="ds-validation-message feilmelding" id="webhook-typer-feil" data-color="danger">
            {t.melding(opprett.feil ?? "")}
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
        {t("innstillinger.webhooker.opprett")}
      </button>
    </Form>
  );
}

/** The latest delivery attempts, newest first. */
function Leveringslogg({ logg }: { logg: Webhookdata["logg"] }) {
  const t = useT();
  return (
    <section aria-labelledby="leveringslogg-tittel" className="seksjon">
      <h3 id="leveringslogg-tittel" className="ds-heading" data-size="sm">
        {t("innstillinger.logg.tittel")}
      </h3>
      {logg.length === 0 ? (
        <p className="ds-paragraph">{t("innstillinger.logg.ingen")}</p>
      ) : (
        <Tabellramme etikett={t("innstillinger.logg.tabell")}>
          <table className="ds-table" data-border>
            <caption className="ds-paragraph">{t("innstillinger.logg.forklaring")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("innstillinger.logg.tidspunkt")}</th>
                <th scope="col">{t("innstillinger.logg.hendelse")}</th>
                <th scope="col">{t("innstillinger.webhooker.adresse")}</th>
                <th scope="col">{t("innstillinger.logg.forsoek")}</th>
                <th scope="col">{t("innstillinger.logg.resultat")}</th>
              </tr>
            </thead>
            <tbody>
              {logg.map((l) => (
                <tr key={`${l.tidspunkt}-${l.webhookId}-${l.hendelseNummer}-${l.forsoek}`}>
                  <td>{formaterDatoTid(l.tidspunkt, t.sprak)}</td>
                  <td>
                    {t("innstillinger.logg.hendelseNr", {
                      hendelse: hendelseTekst(t, l.hendelseType),
                      nummer: l.hendelseNummer,
                    })}
                  </td>
                  <td className="bryt-ord">{l.url}</td>
                  <td>{l.forsoek}</td>
                  <td>
                    {l.ok ? (
                      t("innstillinger.logg.levert", { status: l.httpStatus ?? "" })
                    ) : l.feil ? (
                      <Tekst
                        id="innstillinger.logg.feilet"
                        verdier={{ feil: t.melding(l.feil) }}
                        // an attempt logged before the languages keeps its bokmål text: marked as such
                        deler={[
                          <span
                            key="feil"
                            lang={l.feilSprak && l.feilSprak !== t.sprak ? l.feilSprak : undefined}
                          />,
                        ]}
                      />
                    ) : (
                      t("innstillinger.logg.feiletHttp", { status: l.httpStatus ?? "" })
                    )}
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
