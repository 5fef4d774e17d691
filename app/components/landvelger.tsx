import { type KeyboardEvent, useState } from "react";
import type { Eksportland } from "../../domain/sertifikat-visning";
import { Tekst, useT } from "./sprak";

/** Country names that start with the typed text, case-insensitively (SPEC §2 "Notification list"). */
export function landForslag(land: readonly Eksportland[], tekst: string): Eksportland[] {
  const t = tekst.trim().toLocaleLowerCase("nb");
  return t ? land.filter((l) => l.navn.toLocaleLowerCase("nb").startsWith(t)) : [...land];
}

/**
 * The sender-country filter with JavaScript: an ARIA 1.2 combobox (input + listbox) for several
 * countries. Pressing a chosen country removes it; chosen countries are chips that remove themselves.
 * The chosen codes are hidden inputs named `navn`, so the surrounding GET form still carries them.
 */
export function LandVelger({
  navn,
  etikett,
  land,
  valgte,
  onEndre,
}: {
  navn: string;
  etikett: string;
  land: readonly Eksportland[];
  valgte: readonly string[];
  onEndre: (valgte: string[]) => void;
}) {
  const t = useT();
  // fixed, from the field name: tests and the error summary can name it
  const id = `landvelger-${navn}`;
  const [tekst, setTekst] = useState("");
  const [apen, setApen] = useState(false);
  const [aktiv, setAktiv] = useState(-1);
  const forslag = landForslag(land, tekst);
  const veksle = (kode: string) => {
    onEndre(valgte.includes(kode) ? valgte.filter((k) => k !== kode) : [...valgte, kode]);
    setTekst("");
    setAktiv(-1);
  };
  const tast = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      setApen(true);
      if (forslag.length === 0) return;
      const steg = e.key === "ArrowDown" ? 1 : -1;
      setAktiv((a) =>
        a < 0 && steg < 0 ? forslag.length - 1 : (a + steg + forslag.length) % forslag.length,
      );
    } else if (e.key === "Enter") {
      e.preventDefault();
      const valgt = forslag[aktiv];
      if (apen && valgt) veksle(valgt.kode);
    } else if (e.key === "Escape") {
      if (apen) e.preventDefault();
      setApen(false);
      setAktiv(-1);
    }
  };
  const navnFor = (kode: string) => land.find((l) => l.kode === kode)?.navn ?? kode;
  return (
    <div className="ds-field landvelger">
      <label className="ds-label" htmlFor={`${id}-input`}>
        {etikett}
      </label>
      {valgte.length > 0 ? (
        <ul
          className="landvelger__valgte"
          aria-label={t("felles.landvelger.valgte", { etikett: etikett.toLocaleLowerCase(t.lokale) })}
        >
          {valgte.map((k) => (
            <li key={k}>
              <input type="hidden" name={navn} value={k} />
              <button
                type="button"
                className="ds-button landvelger__brikke"
                data-variant="secondary"
                data-size="sm"
                onClick={() => veksle(k)}
              >
                <Tekst
                  id="felles.landvelger.fjern"
                  verdier={{ land: navnFor(k) }}
                  deler={[<span key="fjern" className="skjult" />]}
                />
                <span aria-hidden="true"> ×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        className="ds-input"
        id={`${id}-input`}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={apen}
        aria-controls={`${id}-liste`}
        aria-activedescendant={apen && forslag[aktiv] ? `${id}-${forslag[aktiv]!.kode}` : undefined}
        value={tekst}
        onChange={(e) => {
          setTekst(e.target.value);
          setApen(true);
          setAktiv(-1);
        }}
        onFocus={() => setApen(true)}
        onBlur={() => setApen(false)}
        onKeyDown={tast}
      />
      <div
        className="landvelger__liste"
        id={`${id}-liste`}
        role="listbox"
        aria-multiselectable="true"
        aria-label={etikett}
        hidden={!apen}
      >
        {forslag.map((l, i) => (
          // the keyboard stays in the combobox input (aria-activedescendant), so options are not focusable
          // biome-ignore lint/a11y/useFocusableInteractive: ARIA 1.2 combobox pattern
          // biome-ignore lint/a11y/useKeyWithClickEvents: arrow keys and Enter are handled on the input
          <div
            key={l.kode}
            id={`${id}-${l.kode}`}
            role="option"
            aria-selected={valgte.includes(l.kode)}
            data-aktiv={i === aktiv ? "true" : undefined}
            // keep focus in the input when an option is pressed with the mouse
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => veksle(l.kode)}
          >
            {l.navn}
          </div>
        ))}
      </div>
      {apen && forslag.length === 0 ? (
        <p className="ds-paragraph landvelger__tom" aria-hidden="true">
          {t("felles.landvelger.ingenForslag")}
        </p>
      ) : null}
      <p className="skjult" aria-live="polite">
        {apen
          ? forslag.length === 0
            ? t("felles.landvelger.ingenForslag")
            : t("felles.landvelger.antallForslag", { antall: forslag.length })
          : ""}
      </p>
    </div>
  );
}
