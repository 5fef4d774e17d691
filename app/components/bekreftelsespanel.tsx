// The confirmation a removal asks for (remove a system, delete a webhook, remove a reception controller, delete an
// e-mail address): a page state of its own (a query parameter names what is to go), so it works without
// JavaScript. A plain form posts the intent with what identifies the item; 'Avbryt' is a link back to the side.
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { CsrfInput } from "./csrf-input";
import { useT } from "./sprak";
import { Varsel } from "./ui";

export function Bekreftelsespanel({
  tittel,
  children,
  side,
  intent,
  felt,
  bekreft,
}: {
  /** The question as a heading, e.g. 'Slette webhooken?' (a message id or a text, like `bekreft`). */
  tittel: string;
  /** What happens, naming the item. */
  children: ReactNode;
  /** The side's URL: the form posts there, and 'Avbryt' goes back to it. */
  side: string;
  intent: string;
  /** The hidden fields that identify the item. */
  felt: Record<string, string | number>;
  /** The button that does it, e.g. 'Ja, slett'. */
  bekreft: string;
}) {
  const t = useT();
  return (
    <Varsel farge="warning" tittel={t.melding(tittel)}>
      <p className="ds-paragraph bryt-ord">{children}</p>
      <Form method="post" action={side} className="knapperad">
        <CsrfInput />
        {Object.entries(felt).map(([navn, verdi]) => (
          <input key={navn} type="hidden" name={navn} value={verdi} />
        ))}
        <button
          className="ds-button"
          data-variant="primary"
          data-color="danger"
          type="submit"
          name="intent"
          value={intent}
        >
          {t.melding(bekreft)}
        </button>
        <Link className="ds-button" data-variant="secondary" to={side}>
          {t("felles.avbryt")}
        </Link>
      </Form>
    </Varsel>
  );
}
