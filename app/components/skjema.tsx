// Form building blocks (CONVENTIONS.md "Validation UX"): ARIA attributes are rendered on the server from
// conform's field metadata, so they are right with JavaScript off.
import type { FieldMetadata } from "@conform-to/react";
import { Form, type FormProps, useNavigation } from "@remix-run/react";
import { type InputHTMLAttributes, type ReactNode, useEffect, useRef, useState } from "react";
import { CsrfInput } from "./csrf-input";
import { useFeilITittel } from "./feiltittel";
import { useT } from "./sprak";

// biome-ignore lint/suspicious/noExplicitAny: a field of any form
export type Felt = FieldMetadata<any, any, any>;

export interface FeilLenke {
  id: string;
  melding: string;
}

/**
 * Collects the first error of each field, in the given order, for the error summary. An error is a message
 * reference from domain/schemas ("validering.innmelder.navn"), resolved where it is shown (FeilOppsummering,
 * Feilmelding), or a text the API already gave in the reader's language.
 */
export function feilFra(felter: Array<Felt | undefined>): FeilLenke[] {
  return felter
    .filter((f): f is Felt => !!f?.errors?.length)
    .map((f) => ({ id: f.id, melding: f.errors![0]! }));
}

/**
 * The error summary above the heading (GOV.UK pattern): heading, a link to each field, focused when it
 * appears so screen readers and keyboard users land on it.
 */
export function FeilOppsummering({ feil }: { feil: FeilLenke[] }) {
  const ref = useRef<HTMLElement>(null);
  const t = useT();
  const antall = feil.length;
  // Focus the summary when it first appears and after each submit, never while the user corrects the
  // fields (errors revalidated on input would otherwise pull focus away in the middle of typing).
  const skalFokusere = useRef(true);
  const [innsendinger, settInnsendinger] = useState(0);
  useEffect(() => {
    const vedInnsending = (e: Event) => {
      // conform revalidates by submitting with a hidden "__intent__" button: that is not the user's submit
      if ((e as SubmitEvent).submitter?.getAttribute("name") === "__intent__") return;
      skalFokusere.current = true;
      settInnsendinger((n) => n + 1);
    };
    document.addEventListener("submit", vedInnsending, true);
    return () => document.removeEventListener("submit", vedInnsending, true);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again after each submit (innsendinger)
  useEffect(() => {
    if (antall > 0 && skalFokusere.current) {
      ref.current?.focus();
      skalFokusere.current = false;
    }
  }, [antall, innsendinger]);
  // Errors found in the browser (JavaScript on) prefix the title too, as the server does without it.
  useFeilITittel(antall > 0, innsendinger);
  if (antall === 0) return null;
  return (
    <section
      className="ds-error-summary feiloppsummering"
      ref={ref}
      tabIndex={-1}
      aria-labelledby="feiloppsummering-tittel"
    >
      <h2 id="feiloppsummering-tittel" className="ds-heading" data-size="xs">
        {t("felles.skjema.feiloppsummering")}
      </h2>
      <ul className="ds-list">
        {feil.map((f) => (
          <li key={f.id}>
            <a className="ds-link" href={`#${f.id}`}>
              {t.melding(f.melding)}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A field's first error, resolved in the page's language. */
export function Feilmelding({ felt }: { felt: Felt }) {
  const t = useT();
  if (!felt.errors?.length) return null;
  return (
    <p className="ds-validation-message feilmelding" id={felt.errorId} data-color="danger">
      {t.melding(felt.errors[0]!)}
    </p>
  );
}

/** " (valgfritt)" after a label. */
export function Valgfri() {
  const t = useT();
  return <span className="valgfri"> {t("felles.skjema.valgfritt")}</span>;
}

/** A radio group as a fieldset; `avvik` marks options that open the deviation box (CSS :has). */
export function Radiogruppe({
  felt,
  legende,
  valg,
  beskrivelse,
  storLegende,
  feilTittel,
}: {
  felt: Felt;
  legende: ReactNode;
  valg: Array<{ verdi: string; tekst: ReactNode; avvik?: boolean; lavere?: boolean; hint?: ReactNode }>;
  beskrivelse?: ReactNode;
  storLegende?: boolean;
  /** A short title above the error message, where SPEC gives one ('Mottakskontrollør ikke valgt'): an id. */
  feilTittel?: string;
}) {
  const valgt = felt.initialValue as string | undefined;
  const harFeil = !!felt.errors?.length;
  const t = useT();
  const beskrevetAv = [
    harFeil && feilTittel ? `${felt.errorId}-tittel` : undefined,
    harFeil ? felt.errorId : undefined,
    beskrivelse ? felt.descriptionId : undefined,
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <fieldset
      className="ds-fieldset radiogruppe"
      id={felt.id}
      aria-invalid={felt.errors?.length ? true : undefined}
      aria-describedby={beskrevetAv || undefined}
      tabIndex={-1}
    >
      <legend className={storLegende ? "ds-heading radiogruppe__legende--stor" : "ds-label"}>
        {legende}
      </legend>
      {beskrivelse ? (
        <p className="ds-paragraph hjelpetekst" data-size="sm" id={felt.descriptionId}>
          {beskrivelse}
        </p>
      ) : null}
      {harFeil && feilTittel ? (
        <p className="ds-paragraph feiltittel" data-size="sm" id={`${felt.errorId}-tittel`}>
          <strong>{t.melding(feilTittel)}</strong>
        </p>
      ) : null}
      <Feilmelding felt={felt} />
      {valg.map((v) => {
        const id = `${felt.id}-${v.verdi}`;
        return (
          <div className="ds-field radio" key={v.verdi}>
            <input
              className="ds-input"
              type="radio"
              id={id}
              name={felt.name}
              value={v.verdi}
              defaultChecked={valgt === v.verdi}
              data-avvik={v.avvik ? "" : undefined}
              data-lavere={v.lavere ? "" : undefined}
              aria-describedby={v.hint ? `${id}-hint` : undefined}
            />
            <label className="ds-label" data-weight="regular" htmlFor={id}>
              {v.tekst}
            </label>
            {v.hint ? (
              <p className="ds-paragraph radio__hint" data-size="sm" id={`${id}-hint`}>
                {v.hint}
              </p>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}

/**
 * A POST form on a notification: it carries the CSRF token (ADR 003) and the version of the notification the
 * page showed, so a save over a newer version (another tab got in first) is refused with a 409, not applied.
 */
export function MeldingSkjema({
  versjon,
  children,
  ...props
}: { versjon: number } & Omit<FormProps, "method">) {
  return (
    <Form method="post" {...props}>
      <CsrfInput />
      <input type="hidden" name="versjon" value={versjon} />
      {children}
    </Form>
  );
}

/** One checkbox with its label beside it (a Designsystemet field); the rest of the props go to the input. */
export function Avkrysning({
  id,
  tekst,
  ...input
}: { id: string; tekst: ReactNode } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "type" | "className" | "id"
>) {
  return (
    <div className="ds-field radio">
      <input className="ds-input" type="checkbox" id={id} {...input} />
      <label className="ds-label" data-weight="regular" htmlFor={id}>
        {tekst}
      </label>
    </div>
  );
}

/**
 * A checkbox group as a fieldset (beside Radiogruppe): one field name, a box per option with the id
 * `<idPrefiks>-<verdi>`, ticked when its value is among `valgte`. `rullbar` puts a long list (the countries)
 * in a box of its own height.
 */
export function Avkrysningsgruppe({
  legende,
  navn,
  idPrefiks,
  valg,
  valgte,
  rullbar,
}: {
  legende: ReactNode;
  navn: string;
  idPrefiks: string;
  valg: ReadonlyArray<{ verdi: string; tekst: ReactNode }>;
  valgte: readonly string[];
  rullbar?: boolean;
}) {
  const bokser = valg.map((v) => (
    <Avkrysning
      key={v.verdi}
      id={`${idPrefiks}-${v.verdi}`}
      tekst={v.tekst}
      name={navn}
      value={v.verdi}
      defaultChecked={valgte.includes(v.verdi)}
    />
  ));
  return (
    <fieldset className="ds-fieldset">
      <legend className="ds-label">{legende}</legend>
      {rullbar ? <div className="landvalg">{bokser}</div> : bokser}
    </fieldset>
  );
}

/** The primary submit button; disabled while the form is being sent (no double submit by double-click). */
export function SendKnapp({
  children,
  name,
  value,
  variant = "primary",
  disabled,
}: {
  children: ReactNode;
  name?: string;
  value?: string;
  variant?: "primary" | "secondary" | "tertiary";
  disabled?: boolean;
}) {
  const navigation = useNavigation();
  const sender = navigation.state === "submitting";
  return (
    <button
      className="ds-button"
      data-variant={variant}
      type="submit"
      name={name}
      value={value}
      disabled={disabled || sender}
      aria-busy={sender || undefined}
    >
      {children}
    </button>
  );
}
