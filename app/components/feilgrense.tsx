// The one ErrorBoundary body (issue 27 §3, as the Epic Stack's GeneralErrorBoundary): every route's boundary
// answers 401/403 and the limits (429, 413) the same way, and names only what is its own: a panel for a
// status of its own (the notification's 404) and the text of any other error.
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import type { ReactElement } from "react";
import { grensepanel, IngenTilgang, NoeGikkFeil } from "./panels";

export function Feilgrense({
  statuspaneler = {},
  feiltekst,
}: {
  /** A route's own panel for a status (the page's 404), after no access and the limits. */
  statuspaneler?: Partial<Record<number, () => ReactElement>>;
  /**
   * What went wrong for any other error: "Noe gikk feil" with this text and a reload. A message id
   * ("felles.feil.rot"), or on a page not yet converted its bokmål text.
   */
  feiltekst: string;
}) {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === 401 || error.status === 403) return <IngenTilgang />;
    const grense = grensepanel(error);
    if (grense) return grense;
    const panel = statuspaneler[error.status];
    if (panel) return panel();
  } else {
    console.error(error);
  }
  return <NoeGikkFeil tekst={feiltekst} />;
}
