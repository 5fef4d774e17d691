import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useT } from "../components/sprak";
import { Varsel } from "../components/ui";
import { DOKUMENT_OPPTATT } from "../lib/dokument-opptatt";
import { sidetittel } from "../lib/sidetittel";

/**
 * A document (certificate PDF/Excel, receipt) that could not be made now (ADR 018 "Grenser"): the service is
 * making many (the document queue is full), or it took too long, or the import API is down. A page
 * of its own, so it also works without JavaScript; its status and Retry-After say when to try again.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const p = new URL(request.url).searchParams;
  // only a page of this service: the certificate page or a notification
  const tilbake = p.get("tilbake") ?? "";
  const trygg = /^\/(sertifikat\?|importmelding\/\d+$)/.test(tilbake) ? tilbake : "/";
  return data(
    { tilbake: trygg },
    {
      status: 503,
      headers: { "Retry-After": String(DOKUMENT_OPPTATT.ventSekunder), "Cache-Control": "no-store" },
    },
  );
}

export default function DokumentOpptatt() {
  const { tilbake } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="smal">
      <h1 className="ds-heading" data-size="lg">
        {t("felles.dokumentOpptatt.tittel")}
      </h1>
      <Varsel farge="warning">
        <p className="ds-paragraph">{t("felles.dokumentOpptatt.melding")}</p>
      </Varsel>
      <p>
        <Link className="ds-link" to={tilbake}>
          {tilbake === "/"
            ? t("felles.dokumentOpptatt.tilForsiden")
            : tilbake.startsWith("/sertifikat")
              ? t("felles.dokumentOpptatt.tilSertifikatet")
              : t("felles.dokumentOpptatt.tilMeldingen")}
        </Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  sidetittel(matches, "felles.dokumentOpptatt.tittel");

/** The loader's Retry-After on the page's answer (Remix takes a document's headers from here). */
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const h = new Headers();
  for (const navn of ["Retry-After", "Cache-Control"]) {
    const v = loaderHeaders.get(navn);
    if (v) h.set(navn, v);
  }
  return h;
};
