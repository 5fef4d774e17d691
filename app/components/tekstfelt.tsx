// Text fields of the forms (CONVENTIONS.md "Validation UX"), apart from app/components/skjema.tsx because they
// use conform's helpers: a page that only has buttons and hidden fields (the registered page, the summary) does
// not load conform (ADR 047).
import { getInputProps, getTextareaProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Feilmelding, type Felt, Valgfri } from "./skjema";

export function Tekstfelt({
  felt,
  etikett,
  beskrivelse,
  type = "text",
  valgfri,
  autoComplete,
  bredde,
  inputMode,
  maxLength,
}: {
  felt: Felt;
  etikett: string;
  beskrivelse?: ReactNode;
  type?: "text" | "email" | "tel" | "date";
  valgfri?: boolean;
  autoComplete?: string;
  bredde?: "kort" | "middels";
  inputMode?: "numeric" | "decimal" | "tel" | "email" | "text";
  maxLength?: number;
}) {
  const props = getInputProps(felt, { type, ariaDescribedBy: beskrivelse ? felt.descriptionId : undefined });
  return (
    <div className="ds-field felt" data-bredde={bredde}>
      <label className="ds-label" htmlFor={felt.id}>
        {etikett}
        {valgfri ? <Valgfri /> : null}
      </label>
      {beskrivelse ? (
        <p className="ds-paragraph hjelpetekst" data-size="sm" id={felt.descriptionId}>
          {beskrivelse}
        </p>
      ) : null}
      <Feilmelding felt={felt} />
      <input
        className="ds-input"
        {...props}
        key={props.key}
        aria-required={valgfri ? undefined : true}
        required={undefined}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
      />
    </div>
  );
}

export function Tekstomraade({
  felt,
  etikett,
  beskrivelse,
  valgfri,
}: {
  felt: Felt;
  etikett: string;
  beskrivelse?: ReactNode;
  valgfri?: boolean;
}) {
  const props = getTextareaProps(felt, { ariaDescribedBy: beskrivelse ? felt.descriptionId : undefined });
  return (
    <div className="ds-field felt">
      <label className="ds-label" htmlFor={felt.id}>
        {etikett}
        {valgfri ? <Valgfri /> : null}
      </label>
      {beskrivelse ? (
        <p className="ds-paragraph hjelpetekst" data-size="sm" id={felt.descriptionId}>
          {beskrivelse}
        </p>
      ) : null}
      <Feilmelding felt={felt} />
      <textarea className="ds-input" rows={4} {...props} key={props.key} required={undefined} />
    </div>
  );
}
