// The import API's one error shape (docs/decisions/040-api-dokumentasjon.md): RFC 9457 problem details,
// `application/problem+json` (made by api/http/feil.ts `sendError`). `detail` is the Norwegian message the web app shows the user; `title` is the
// HTTP status phrase (the type is about:blank). Extension members carry what a caller needs beyond it.

export const PROBLEM_TYPE = "application/problem+json";

export interface Problem {
  /** A URI reference identifying the kind of problem; "about:blank" says the status is all there is to it. */
  type: string;
  /** The HTTP status phrase ("Bad Request"): the same for every problem of that status. */
  title: string;
  status: number;
  /** What went wrong, in Norwegian, as the user is shown it. */
  detail: string;
  /** Extension (409 on create): the live notification of the certificate the caller may open instead. */
  importMeldingId?: number;
  /** Extension (400 on a refused ruleset, ADR 046): every problem found, each with where it is. */
  feil?: string[];
  /** Extension (410 from the event feed, ADR 053): the cursor to go on from, past the deleted events. */
  fortsettEtter?: string;
}

/**
 * The problem type of a 503 when a register the service depends on (Altinn, Enhetsregisteret) could not answer
 * (docs/decisions/042-altinn-og-enhetsregisteret.md): the web app shows its own page for it.
 */
export const REGISTER_UTILGJENGELIG = "urn:forhaandsmelding:problem:register-utilgjengelig";
/** How the web app marks that page's error (the thrown Response's data `feil`). */
export const REGISTER_FEIL = "register-utilgjengelig";

/** The Norwegian message of a problem-details body, or undefined when the body is not one. */
export function problemDetalj(body: unknown): string | undefined {
  const detail = (body as { detail?: unknown } | null | undefined)?.detail;
  return typeof detail === "string" ? detail : undefined;
}
