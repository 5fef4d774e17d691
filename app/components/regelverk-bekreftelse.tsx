// The one way to confirm the regulations (SPEC §5 "Regulation confirmation", issue 36 item 12, ADR 060): the
// choice 'Ja, vi bekrefter …' / 'Nei, vi skal ikke melde import' and the box 'Virksomheten kjenner regelverket
// for import av planter' with SPEC's text 'Denne boksen må hukes av …'. Home's onboarding, Profil, the
// certificate page's create form and the summary's dialog all render this, each with its own button.
import { type MouseEvent, useState } from "react";
import { REGELVERK_AVKRYSSING_TEKST } from "../../domain/schemas/tekster";
import { Avkrysning } from "./skjema";
import { useT } from "./sprak";

/**
 * What the component needs of a field: conform's field metadata has it (the summary's dialog validates in the
 * browser), and `regelverkFelter` builds it from a server answer (the other places).
 */
export interface RegelverkFelt {
  id: string;
  name: string;
  errorId: string;
  descriptionId: string;
  errors?: string[];
  initialValue?: unknown;
}

/** A server action's answer to the confirmation: the choice to keep and the fields' messages (references). */
export interface Regelverksvar {
  bekreftelse?: string;
  /** "ja" when the box came back ticked: it stays ticked (SPEC §5). */
  harLestRegelverk?: string;
  feil?: { bekreftelse?: string; harLestRegelverk?: string };
}

/** The two fields of a form without conform: ids `<prefiks>-bekreftelse` and `<prefiks>-harLestRegelverk`. */
export function regelverkFelter(prefiks: string, svar?: Regelverksvar | null) {
  const felt = (name: "bekreftelse" | "harLestRegelverk", initialValue?: string): RegelverkFelt => {
    const feil = svar?.feil?.[name];
    return {
      id: `${prefiks}-${name}`,
      name,
      errorId: `${prefiks}-${name}-feil`,
      descriptionId: `${prefiks}-${name}-hjelp`,
      errors: feil ? [feil] : undefined,
      initialValue,
    };
  };
  return {
    bekreftelse: felt("bekreftelse", svar?.bekreftelse),
    harLestRegelverk: felt("harLestRegelverk", svar?.harLestRegelverk),
  };
}

/** The fields as links for the error summary (FeilOppsummering), the choice first. */
export const regelverkFeil = (f: ReturnType<typeof regelverkFelter>) =>
  [f.bekreftelse, f.harLestRegelverk].flatMap((x) =>
    x.errors?.[0] ? [{ id: x.id, melding: x.errors[0] }] : [],
  );

/** The choice and the box, not yet confirmed. */
export function Regelverkbekreftelse({
  bekreftelse,
  harLestRegelverk,
}: {
  bekreftelse: RegelverkFelt;
  harLestRegelverk: RegelverkFelt;
}) {
  const t = useT();
  const feil = bekreftelse.errors?.[0];
  const valgt = bekreftelse.initialValue as string | undefined;
  return (
    <>
      <fieldset
        className="ds-fieldset radiogruppe"
        id={bekreftelse.id}
        aria-invalid={feil ? true : undefined}
        aria-describedby={feil ? bekreftelse.errorId : undefined}
        tabIndex={-1}
      >
        <legend className="ds-label">{t("felles.regelverk.legende")}</legend>
        {feil ? (
          <p className="ds-validation-message feilmelding" id={bekreftelse.errorId} data-color="danger">
            {t.melding(feil)}
          </p>
        ) : null}
        {(["bekreftet", "vil-ikke-melde"] as const).map((verdi) => (
          <div className="ds-field radio" key={verdi}>
            <input
              className="ds-input"
              type="radio"
              id={`${bekreftelse.id}-${verdi}`}
              name={bekreftelse.name}
              value={verdi}
              defaultChecked={valgt === verdi}
            />
            <label className="ds-label" data-weight="regular" htmlFor={`${bekreftelse.id}-${verdi}`}>
              {t(verdi === "bekreftet" ? "felles.regelverk.ja" : "felles.regelverk.nei")}
            </label>
          </div>
        ))}
      </fieldset>
      <Avkrysningen felt={harLestRegelverk} />
    </>
  );
}

/**
 * The box: once ticked it cannot be unticked (SPEC §5). With JavaScript a click that would untick it is
 * cancelled (aria-readonly) and the help text says so; a box that came back ticked from the server (also
 * without JavaScript: the form was refused for the choice) is shown ticked and disabled, its value sent with a
 * hidden field.
 */
function Avkrysningen({ felt }: { felt: RegelverkFelt }) {
  const t = useT();
  const fraServer = felt.initialValue === "ja";
  const [krysset, settKrysset] = useState(false);
  const feil = felt.errors?.[0];
  const laast = fraServer || krysset;
  return (
    <div className="regelverk-avkrysning">
      {fraServer ? <input type="hidden" name={felt.name} value="ja" /> : null}
      <Avkrysning
        id={felt.id}
        tekst={t("felles.regelverk.avkrysning")}
        name={fraServer ? undefined : felt.name}
        value="ja"
        defaultChecked={fraServer}
        disabled={fraServer || undefined}
        aria-invalid={feil ? true : undefined}
        aria-describedby={feil ? felt.errorId : felt.descriptionId}
        aria-readonly={(krysset && !fraServer) || undefined}
        onClick={(e: MouseEvent<HTMLInputElement>) => {
          if (!e.currentTarget.checked && krysset) e.preventDefault();
          else if (e.currentTarget.checked) settKrysset(true);
        }}
      />
      {feil ? (
        <p className="ds-validation-message feilmelding" id={felt.errorId} data-color="danger">
          {t.melding(feil)}
        </p>
      ) : (
        <p className="ds-paragraph hjelpetekst" data-size="sm" id={felt.descriptionId}>
          {t.melding(REGELVERK_AVKRYSSING_TEKST)}
          {laast ? ` ${t("felles.regelverk.kanIkkeFjernes")}` : null}
        </p>
      )}
    </div>
  );
}

/** The stored confirmation: the same box, ticked and disabled, saying it cannot be taken back. */
export function RegelverketBekreftet({ id }: { id: string }) {
  const t = useT();
  return (
    <div className="regelverk-avkrysning">
      <Avkrysning
        id={id}
        tekst={t("felles.regelverk.avkrysning")}
        checked
        disabled
        readOnly
        aria-describedby={`${id}-hjelp`}
      />
      <p className="ds-paragraph hjelpetekst" data-size="sm" id={`${id}-hjelp`}>
        {t.melding(REGELVERK_AVKRYSSING_TEKST)} {t("felles.regelverk.bekreftet")}
      </p>
    </div>
  );
}
