import { Form } from "@remix-run/react";
import { SPRAK, SPRAKNAVN } from "../../sprak/sprak";
import { CsrfInput } from "./csrf-input";
import { useT } from "./sprak";

/**
 * The language control in the header of every page (ADR 048): a small form with a button per language, each
 * named in its own language with its own `lang`. It posts to /sprak, which remembers the choice and sends the
 * person back to the same page and query string. Without JavaScript that is a page load; with JavaScript a
 * client navigation, so the page (and what is typed in its forms) stays while its texts change, and focus
 * stays on the button.
 */
export function Sprakvelger({ sti }: { sti: string }) {
  const t = useT();
  return (
    <Form method="post" action="/sprak" className="sprakvelger" aria-label={t("felles.sprakvelger.etikett")}>
      <CsrfInput />
      <input type="hidden" name="returnTo" value={sti} />
      <ul>
        {SPRAK.map((s) => (
          <li key={s}>
            <button
              type="submit"
              name="sprak"
              value={s}
              lang={s}
              className="sprakvelger__valg"
              aria-current={s === t.sprak ? "true" : undefined}
            >
              {SPRAKNAVN[s]}
            </button>
          </li>
        ))}
      </ul>
    </Form>
  );
}
