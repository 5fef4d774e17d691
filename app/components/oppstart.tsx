// The forced onboarding (SPEC §2 "Home", §5): an importer that has not confirmed the regulations must do
// that first, then add at least one e-mail address. With JavaScript a modal <dialog> (showModal keeps focus
// inside; Escape does not close it); without, a section at the top of the page. Once both are done it is
// never shown again (the loader decides from the importer register).
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { CsrfInput } from "./csrf-input";
import { useHydrert } from "./hydrert";
import {
  Regelverkbekreftelse,
  type Regelverksvar,
  regelverkFeil,
  regelverkFelter,
} from "./regelverk-bekreftelse";
import { FeilOppsummering } from "./skjema";
import { useT } from "./sprak";
import { Varsel } from "./ui";

export type OppstartSteg = "regelverk" | "epost";

export function Oppstart({
  steg,
  feil,
  epost,
  regelverk,
}: {
  steg: OppstartSteg;
  /** A message reference or a text the API already gave in the reader's language (app/routes/_index.tsx). */
  feil?: string | null;
  /** The e-mail address the user wrote, kept on error. */
  epost?: string;
  /** The regulation form's choice and messages, kept on error, and the answer to 'Nei' (ADR 060). */
  regelverk?: (Regelverksvar & { melding?: string }) | null;
}) {
  const hydrert = useHydrert();
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  // fixed: tests and the labels name them
  const tittelId = "oppstart-tittel";
  const feilId = "oppstart-feil";
  const navigation = useNavigation();
  const [adresse, setAdresse] = useState(epost ?? "");
  const felter = regelverkFelter("oppstart", regelverk);
  useEffect(() => {
    const d = ref.current;
    if (hydrert && d && !d.open) d.showModal();
  }, [hydrert]);
  useEffect(() => setAdresse(epost ?? ""), [epost]);

  const innhold = (
    <>
      <h2 id={tittelId} className="ds-heading" data-size="sm">
        {t(steg === "regelverk" ? "felles.regelverk.tittel" : "forside.oppstart.epost.tittel")}
      </h2>
      <p className="ds-paragraph" data-size="sm">
        {t("forside.oppstart.steg", { steg: steg === "regelverk" ? 1 : 2 })}
      </p>
      {feil ? (
        <Varsel farge="danger" rolle="alert" id={feilId}>
          <p className="ds-paragraph">{t.melding(feil)}</p>
        </Varsel>
      ) : null}
      {steg === "regelverk" ? (
        <Form method="post" className="skjema skjema--stablet">
          <CsrfInput />
          <p className="ds-paragraph">{t("felles.regelverk.tekst")}</p>
          {regelverk?.melding ? (
            <Varsel farge="warning" rolle="status">
              <p className="ds-paragraph">{t.melding(regelverk.melding)}</p>
            </Varsel>
          ) : null}
          <FeilOppsummering feil={regelverkFeil(felter)} />
          <Regelverkbekreftelse {...felter} />
          <div className="knapperad">
            <button
              className="ds-button"
              data-variant="primary"
              type="submit"
              name="intent"
              value="oppstart-regelverk"
              disabled={navigation.state === "submitting"}
            >
              {t("felles.regelverk.bekreft")}
            </button>
          </div>
        </Form>
      ) : (
        <Form method="post" className="skjema">
          <CsrfInput />
          <p className="ds-paragraph">{t("forside.oppstart.epost.tekst")}</p>
          <div className="ds-field">
            <label className="ds-label" htmlFor="oppstart-epost">
              {t("forside.oppstart.epost.etikett")}
            </label>
            <input
              className="ds-input"
              type="email"
              id="oppstart-epost"
              name="epostadresse"
              autoComplete="email"
              value={adresse}
              onChange={(e) => setAdresse(e.currentTarget.value)}
              aria-invalid={feil ? true : undefined}
              aria-describedby={feil ? feilId : undefined}
            />
          </div>
          <button
            className="ds-button"
            data-variant="primary"
            type="submit"
            name="intent"
            value="oppstart-epost"
            disabled={(hydrert && !adresse.trim()) || navigation.state === "submitting"}
          >
            {t("forside.oppstart.epost.lagre")}
          </button>
        </Form>
      )}
    </>
  );
  if (!hydrert) {
    return (
      <section className="dialog-seksjon oppstart" aria-labelledby={tittelId}>
        {innhold}
      </section>
    );
  }
  return (
    <dialog
      ref={ref}
      className="dialog oppstart"
      aria-labelledby={tittelId}
      // forced: Escape does not close it
      onCancel={(e) => e.preventDefault()}
    >
      {innhold}
    </dialog>
  );
}
