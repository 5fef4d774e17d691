import { useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { action } from "../../routes/innstillinger";
import { CsrfInput } from "../csrf-input";
import { useHydrert } from "../hydrert";
import { useT } from "../sprak";
import { Varsel } from "../ui";
import type { Svar } from "./felles";

/**
 * A toggle that saves on change with JavaScript (announced politely) and is a form with 'Lagre' without.
 * `etikett` and `beskrivelse` are shown as the caller gives them (texts in the page's language).
 */
export function Bryter({
  intent,
  navn,
  paa,
  etikett,
  beskrivelse,
}: {
  intent: string;
  navn: string;
  paa: boolean;
  etikett: string;
  beskrivelse?: string;
}) {
  const t = useT();
  const fetcher = useFetcher<typeof action>();
  const actionData = useActionData<typeof action>();
  const hydrert = useHydrert();
  const svar = (fetcher.data ?? (actionData?.intent === intent ? actionData : undefined)) as Svar | undefined;
  // The user's choice shows at once (the fetcher's state changes in a transition); once the save is done
  // the server's value counts again, so a failure puts the toggle back.
  const [valgt, settValgt] = useState<boolean | undefined>(undefined);
  const ferdig = fetcher.state === "idle" && fetcher.data !== undefined;
  useEffect(() => {
    if (ferdig) settValgt(undefined);
  }, [ferdig]);
  const id = `bryter-${intent}`;
  return (
    <fetcher.Form method="post" className="skjema bryter">
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      <div className="ds-field">
        <div className="ds-switch">
          <input
            className="ds-input"
            type="checkbox"
            id={id}
            name={navn}
            value="ja"
            {...(hydrert
              ? {
                  checked: valgt ?? paa,
                  onChange: (e) => {
                    settValgt(e.currentTarget.checked);
                    fetcher.submit(e.currentTarget.form);
                  },
                }
              : { defaultChecked: paa })}
            aria-describedby={beskrivelse ? `${id}-hjelp` : undefined}
          />
          <label className="ds-label" data-weight="regular" htmlFor={id}>
            {etikett}
          </label>
        </div>
        {beskrivelse ? (
          <p className="ds-paragraph hjelpetekst" data-size="sm" id={`${id}-hjelp`}>
            {beskrivelse}
          </p>
        ) : null}
      </div>
      {hydrert ? null : (
        <button className="ds-button" data-variant="secondary" type="submit">
          {t("innstillinger.lagre")}
        </button>
      )}
      <p className="ds-paragraph bryter__status" role="status" data-size="sm">
        {fetcher.state === "idle" && svar?.melding ? t.melding(svar.melding) : ""}
      </p>
      {svar?.feil && fetcher.state === "idle" ? (
        <Varsel farge="danger" rolle="alert">
          <p className="ds-paragraph">{t.melding(svar.feil)}</p>
        </Varsel>
      ) : null}
    </fetcher.Form>
  );
}
