// The banner that e-mail sending has problems (SPEC §2 Home; issue 10 item 5), on the home page and the
// Varslinger settings page. The state comes from the import API (GET .../{importoerId}/epoststatus), so the
// app stays a pure HTTP client of the authority's API (docs/decisions/012-epostvarsler.md).
import { Link } from "@remix-run/react";
import type { Logger } from "../../server/logg";
import type { ApiClient } from "../lib/api.server";
import { useT } from "./sprak";
import { Varsel } from "./ui";

/**
 * For a loader: whether the banner shows for the chosen business. An API without the call, or any failure,
 * shows no banner: the page must not fail because the status could not be read (the failure goes to the request's
 * log, context.logger).
 */
export async function hentEpostFeil(
  api: ApiClient,
  avgiver: { organisasjonsnummer: string; importoerId: number },
  logger: Logger | undefined,
): Promise<boolean> {
  try {
    const status = await api.getJson<{ sendingFeiler?: unknown }>(
      `/import/register/v1/${avgiver.organisasjonsnummer}/${avgiver.importoerId}/epoststatus`,
    );
    return status.sendingFeiler === true;
  } catch (e) {
    if (e instanceof Response) throw e;
    logger?.error({ err: e }, "Kunne ikke hente status for e-postvarsler");
    return false;
  }
}

/** The banner (its texts are in "felles": it shows on home and on the Varslinger settings page). */
export function EpostBanner({ feiler }: { feiler: boolean }) {
  const t = useT();
  if (!feiler) return null;
  return (
    <Varsel farge="warning" tittel={t("felles.epostBanner.tittel")} id="epost-banner">
      <p className="ds-paragraph">{t("felles.epostBanner.tekst")}</p>
      <p className="ds-paragraph">
        <Link to="/innstillinger?side=Varslinger">{t("felles.epostBanner.lenke")}</Link>
      </p>
    </Varsel>
  );
}
