// The banner that e-mail sending has problems (SPEC §2 Home; issue 10 item 5), on the home page and the
// Varslinger settings page. The state comes from the import API (GET .../{importoerId}/epoststatus), so the
// app stays a pure HTTP client of the authority's API (docs/decisions/012-epostvarsler.md).
import { Link } from "@remix-run/react";
import type { ApiClient } from "../lib/api.server";
import { Varsel } from "./ui";

export const EPOST_BANNER_TITTEL = "Problemer med utsending av e-post";

/**
 * For a loader: whether the banner shows for the chosen business. An API without the call, or any failure,
 * shows no banner: the page must not fail because the status could not be read.
 */
export async function hentEpostFeil(
  api: ApiClient,
  avgiver: { organisasjonsnummer: string; importoerId: number },
): Promise<boolean> {
  try {
    const status = await api.getJson<{ sendingFeiler?: unknown }>(
      `/import/register/v1/${avgiver.organisasjonsnummer}/${avgiver.importoerId}/epoststatus`,
    );
    return status.sendingFeiler === true;
  } catch (e) {
    if (e instanceof Response) throw e;
    console.error("Kunne ikke hente status for e-postvarsler", e);
    return false;
  }
}

export function EpostBanner({ feiler }: { feiler: boolean }) {
  if (!feiler) return null;
  return (
    <Varsel farge="warning" tittel={EPOST_BANNER_TITTEL} id="epost-banner">
      <p className="ds-paragraph">
        Vi har for tiden problemer med å sende e-post. Varsler om nye sertifikater kan komme sent eller ikke
        komme fram. Nye sertifikater vises som vanlig her i tjenesten.
      </p>
      <p className="ds-paragraph">
        <Link to="/innstillinger?side=Varslinger">Se innstillingene for e-postvarsler</Link>
      </p>
    </Varsel>
  );
}
