import { type HeadersFunction, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { MENGDE_FELTER } from "../../domain/importmelding";
import { rutImportmelding, wizardSteg } from "../../domain/importmelding-ruting";
import { enhetVisning, landNavn, tilsiktetBrukVisning } from "../../domain/kodeverk";
import { Dialog } from "../components/dialog";
import { Feilgrense } from "../components/feilgrense";
import { StatusMerke, Stepper } from "../components/importmelding";
import { FantIkkeMeldingen } from "../components/panels";
import { MeldingSkjema, SendKnapp } from "../components/skjema";
import { hentMelding, requireMelding } from "../lib/importmelding.server";
import { tekster } from "../lib/tekster.server";

/**
 * Every notification page (/importmelding/{id}/{subpage}/{spoersmaal}) loads the notification here and
 * applies the routing rules of SPEC §2 (domain/importmelding-ruting.ts) before any page is shown.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, base, id } = await requireMelding(request, context, params);
  const melding = await hentMelding(request, api, base);
  const url = new URL(request.url);
  const [subpage, spoersmaal] = url.pathname.split("/").slice(3).filter(Boolean);
  const rute = rutImportmelding({
    id: String(id),
    status: melding.status,
    kunDokumentkontroll: melding.kunDokumentkontroll,
    subpage,
    spoersmaal: spoersmaal ? decodeURIComponent(spoersmaal) : undefined,
    mottakskontrollPaths: melding.mottakskontrollSpoersmaal.map((s) => s.path),
    dokumentkontrollPaths: melding.dokumentkontrollSpoersmaal.map((s) => s.path),
  });
  if (rute && rute !== url.pathname) throw redirect(rute);
  // Names from the reference tables are looked up here, so the tables stay out of the pages' JavaScript.
  const enheter: Record<string, string> = {};
  for (const l of melding.varelinjer)
    for (const f of MENGDE_FELTER) {
      const enhet = l.mengde[f]?.enhet;
      if (enhet) enheter[enhet] = enhetVisning(enhet);
    }
  // Intended use in Norwegian per goods line (SPEC §9), for the same reason.
  const tilsiktetBruk: Record<string, string | undefined> = {};
  for (const l of melding.varelinjer)
    tilsiktetBruk[l.sorteringsnummer] = tilsiktetBrukVisning(l.klassifisering);
  const eksportLand = {
    ...melding.eksportLand,
    navn: melding.eksportLand.navn || landNavn(melding.eksportLand.kode),
  };
  return {
    melding: { ...melding, eksportLand },
    enheter,
    tilsiktetBruk,
    sti: [subpage, spoersmaal].filter(Boolean).join("/"),
    // the forms' validation messages, for every page of the notification (ADR 047)
    ...(await tekster(request, "validering")),
  };
}

export default function ImportmeldingSide() {
  const { melding, sti } = useLoaderData<typeof loader>();
  const { search, pathname } = useLocation();
  const slett = new URLSearchParams(search).get("slett") === "1";
  if (melding.status !== "UNDER_REGISTRERING") return <Outlet />;
  const steg = wizardSteg(melding);
  return (
    <div className="veiviser">
      <div className="utkasthode">
        <p className="ds-paragraph utkasthode__tittel">
          Digital forhåndsmelding {melding.nummer} <StatusMerke melding={melding} />
        </p>
        <Link className="ds-button" data-variant="tertiary" to={`${pathname}?slett=1`} preventScrollReset>
          Slett forhåndsmelding
        </Link>
      </div>
      <Dialog id="slett" apen={slett} tittel="Slett forhåndsmelding" lukkTil={pathname} farge="danger">
        <p className="ds-paragraph">
          Vil du slette forhåndsmeldingen {melding.nummer}? Det du har fylt ut, blir borte. Sertifikatet kan
          meldes på nytt senere.
        </p>
        <MeldingSkjema
          versjon={melding.versjon}
          action={`/importmelding/${melding.id}/slett`}
          className="knapperad"
        >
          <SendKnapp>Ja, slett forhåndsmeldingen</SendKnapp>
          <Link
            className="ds-button"
            data-variant="secondary"
            to={pathname}
            replace
            preventScrollReset
            data-trygt-valg
          >
            Avbryt
          </Link>
        </MeldingSkjema>
      </Dialog>
      <Stepper steg={steg.stepper(sti)} id={melding.id} />
      <Outlet />
    </div>
  );
}

/**
 * Every notification page (and its children, which have no `headers` of their own) is sent with
 * `Cache-Control: no-store`: the browser's Back button then loads the page again with the current
 * `versjon` instead of showing a stored copy whose form would give a false "endret i en annen fane" 409
 * when sent again (without JavaScript). The pages are personal, so nothing may keep them anyway.
 */
export const headers: HeadersFunction = ({ parentHeaders }) => {
  const h = new Headers(parentHeaders);
  h.set("Cache-Control", "private, no-store");
  return h;
};

export const handle = {
  brodsmule: (data: unknown) => {
    const d = data as { melding?: { nummer: string } } | undefined;
    return d?.melding ? `Forhåndsmelding ${d.melding.nummer}` : "Forhåndsmelding";
  },
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data?.melding
      ? `Forhåndsmelding ${data.melding.nummer} – Digital forhåndsmelding`
      : "Forhåndsmelding",
  },
];

export function ErrorBoundary() {
  return (
    <Feilgrense
      statuspaneler={{ 404: () => <FantIkkeMeldingen /> }}
      feiltekst="Klarte ikke å hente importmeldingen"
    />
  );
}
