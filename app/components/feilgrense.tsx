// The one ErrorBoundary body (issue 27 §3, as the Epic Stack's GeneralErrorBoundary): every route's boundary
// answers 401/403 and the limits (429, 413) the same way, and names only what is its own: a panel for a
// status of its own (the notification's 404) and the text of any other error.
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { type ReactElement, useEffect } from "react";
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
  // An error that is not an answer of ours: the server's handleError (entry.server.tsx) has logged it when it
  // came from the server. In the browser it is handed on as uncaught (reportError, after rendering): the
  // browser's console shows it and the e2e tests' console guard fails on it, as on a console.error before;
  // there is no endpoint to send it to (docs/decisions/071-ruter-og-konsoll.md).
  useEffect(() => {
    if (!isRouteErrorResponse(error)) reportError(error);
  }, [error]);
  if (isRouteErrorResponse(error)) {
    if (error.status === 401 || error.status === 403) return <IngenTilgang />;
    const grense = grensepanel(error);
    if (grense) return grense;
    const panel = statuspaneler[error.status];
    if (panel) return panel();
  }
  return <NoeGikkFeil tekst={feiltekst} />;
}
