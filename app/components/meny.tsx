import { Form, Link, useFetcher } from "@remix-run/react";
import { CsrfInput } from "./csrf-input";
import { useT } from "./sprak";

interface Props {
  bruker: { navn: string };
  avgiver: { navn: string; formatertOrganisasjonsnummer: string } | null;
  apen: boolean;
  sti: string;
  visImportmelding: boolean;
}

/**
 * The main menu (SPEC §2 Layout). The button posts to /meny, which remembers the expanded state in a
 * cookie and redirects back, so it opens without JavaScript; with JavaScript a fetcher does the same
 * without leaving the page.
 */
export function Meny({ bruker, avgiver, apen, sti, visImportmelding }: Props) {
  const fetcher = useFetcher();
  const t = useT();
  const valgt = fetcher.formData?.get("meny");
  const erApen = valgt ? valgt === "aapne" : apen;
  return (
    <div className="meny">
      <fetcher.Form method="post" action="/meny">
        <CsrfInput />
        <input type="hidden" name="returnTo" value={sti} />
        <button
          className="ds-button meny__knapp"
          data-variant="tertiary"
          type="submit"
          name="meny"
          value={erApen ? "lukk" : "aapne"}
          aria-expanded={erApen}
          aria-controls="hovedmeny"
        >
          {erApen ? t("felles.meny.lukk") : t("felles.meny.aapne")}
        </button>
      </fetcher.Form>
      <nav id="hovedmeny" className="meny__panel" aria-label={t("felles.meny.etikett")} hidden={!erApen}>
        <div className="meny__bruker">
          {bruker.navn ? <p className="meny__navn">{bruker.navn}</p> : null}
          {avgiver ? (
            <p className="meny__virksomhet">
              {avgiver.navn}
              <br />
              <span>{t("felles.meny.orgnr", { orgnr: avgiver.formatertOrganisasjonsnummer })}</span>
            </p>
          ) : null}
        </div>
        <ul className="meny__lenker">
          <li>
            <Link to="/">{t("felles.meny.hjem")}</Link>
          </li>
          {visImportmelding ? (
            <>
              <li>
                <Link to="/importmeldinger">{t("felles.meny.importmeldinger")}</Link>
              </li>
              <li>
                <Link to="/sertifikater">{t("felles.meny.sertifikater")}</Link>
              </li>
            </>
          ) : null}
          <li>
            <Link to="/velg-virksomhet">{t("felles.meny.velgVirksomhet")}</Link>
          </li>
          <li>
            <Link to="/innstillinger">{t("felles.meny.innstillinger")}</Link>
          </li>
        </ul>
        <Form method="post" action="/logout" reloadDocument>
          <CsrfInput />
          <button className="ds-button" data-variant="secondary" type="submit">
            {t("felles.loggUt")}
          </button>
        </Form>
      </nav>
    </div>
  );
}
