import { useState } from "react";
import { useHydrert } from "./hydrert";
import { Tekst, useT } from "./sprak";

/**
 * A value that can be copied (SPEC §2): with JavaScript a button copies it and says
 * '"{value}" kopiert til utklippstavle'; without, the value is plain, selectable text.
 */
export function CopyVerdi({ verdi, visVerdi = true }: { verdi: string; visVerdi?: boolean }) {
  const hydrert = useHydrert();
  const t = useT();
  const [kopiert, setKopiert] = useState(false);
  return (
    <span className="kopier">
      {visVerdi ? <span className="kopier__verdi">{verdi}</span> : null}
      {hydrert ? (
        <button
          type="button"
          className="ds-button kopier__knapp"
          data-variant="tertiary"
          data-size="sm"
          onClick={() => {
            navigator.clipboard
              ?.writeText(verdi)
              .then(() => setKopiert(true))
              .catch(() => setKopiert(false));
          }}
        >
          <Tekst
            id="felles.kopier.knapp"
            verdier={{ verdi }}
            deler={[<span key="verdi" className="skjult" />]}
          />
        </button>
      ) : null}
      <span className="kopier__melding" role="status">
        {kopiert ? t("felles.kopier.kopiert", { verdi }) : ""}
      </span>
    </span>
  );
}
