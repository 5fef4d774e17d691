import { type HeadersFunction, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { isRouteErrorResponse, Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { MENGDE_FELTER, type MengdeFelt } from "../../domain/importmelding";
import { rutImportmelding, wizardSteg } from "../../domain/importmelding-ruting";
import {
  enhetNavn,
  tilsiktetBruk as finnTilsiktetBruk,
  landNavn,
  tilsiktetBrukVisning,
} from "../../domain/kodeverk";
import { visningsMengde } from "../../domain/mengde";
import type { Noekkel } from "../../sprak/navnerom";
import type { T } from "../../sprak/oversetter";
import { regionnavn } from "../../sprak/regionnavn";
import { Dialog } from "../components/dialog";
import { Feilgrense } from "../components/feilgrense";
import { StatusMerke, Stepper } from "../components/importmelding";
import { FantIkkeMeldingen } from "../components/panels";
import { MeldingSkjema, SendKnapp } from "../components/skjema";
import { useT } from "../components/sprak";
import { hentMelding, requireMelding } from "../lib/importmelding.server";
import { sidetittel } from "../lib/sidetittel";
import { oversetterFor, ruteTekster } from "../lib/tekster.server";

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
  const t = await oversetterFor(request);
  // Names from the reference tables are looked up here, so the tables stay out of the pages' JavaScript; the
  // units that are words («stk», «uker») in the reader's language, the symbols (kg, m³) as they are.
  const enheter: Record<string, string> = {};
  for (const l of melding.varelinjer)
    for (const f of MENGDE_FELTER) {
      const enhet = l.mengde[f]?.enhet;
      if (enhet) enheter[enhet] = enhetNavn(t, enhet);
    }
  // Intended use per goods line in the reader's language (SPEC §9), for the same reason; a use not in the
  // code list is shown as the certificate gives it.
  const tilsiktetBruk: Record<string, string | undefined> = {};
  for (const l of melding.varelinjer) {
    const k = l.klassifisering;
    const bruk = finnTilsiktetBruk(k.tilsiktetBrukKode) ?? finnTilsiktetBruk(k.tilsiktetBruk?.trim());
    const id = `kodeverk.tilsiktetBruk.${bruk?.kode}` as Noekkel;
    tilsiktetBruk[l.sorteringsnummer] = bruk && t.har(id) ? t(id) : tilsiktetBrukVisning(k);
  }
  // country names in the reader's language (bokmål: the reference table's, as SPEC); certificate data stays
  const sprak = t.sprak;
  const land = <L extends { kode: string | null; navn: string | null }>(l: L): L => {
    const oversatt = regionnavn(sprak, l.kode);
    return oversatt ? { ...l, navn: oversatt } : l;
  };
  const eksportLand = land({
    ...melding.eksportLand,
    navn: melding.eksportLand.navn || landNavn(melding.eksportLand.kode),
  });
  // the declared quantities with the number and the unit in the reader's language (the API's are bokmål)
  const mengde = (q: (typeof melding.varelinjer)[number]["mengde"][MengdeFelt]) =>
    q && {
      ...q,
      visningsMengde: visningsMengde(q.verdi, q.enhet, (k) => enheter[k] ?? enhetNavn(t, k), sprak) ?? null,
    };
  const varelinjer = melding.varelinjer.map((l) => ({
    ...l,
    mengde: Object.fromEntries(Object.entries(l.mengde).map(([f, q]) => [f, mengde(q)])) as typeof l.mengde,
    opprinnelsesland: l.opprinnelsesland.map(land),
  }));
  return {
    melding: {
      ...melding,
      eksportLand,
      varelinjer,
      alleOpprinnelsesland: melding.alleOpprinnelsesland.map(land),
    },
    tilsiktetBruk,
    sti: [subpage, spoersmaal].filter(Boolean).join("/"),
    // the notification's texts and the forms' validation messages, for every page of it (ADR 047)
    ...(await ruteTekster(request, "routes/importmelding.$id")),
  };
}

export default function ImportmeldingSide() {
  const { melding, sti } = useLoaderData<typeof loader>();
  const t = useT();
  const { search, pathname } = useLocation();
  const slett = new URLSearchParams(search).get("slett") === "1";
  if (melding.status !== "UNDER_REGISTRERING") return <Outlet />;
  const steg = wizardSteg(melding);
  return (
    <div className="veiviser">
      <div className="utkasthode">
        <p className="ds-paragraph utkasthode__tittel">
          {t("importmelding.utkast.tittel", { nummer: melding.nummer })} <StatusMerke melding={melding} />
        </p>
        <Link className="ds-button" data-variant="tertiary" to={`${pathname}?slett=1`} preventScrollReset>
          {t("importmelding.utkast.slett")}
        </Link>
      </div>
      <Dialog
        id="slett"
        apen={slett}
        tittel={t("importmelding.utkast.slett")}
        lukkTil={pathname}
        farge="danger"
      >
        <p className="ds-paragraph">
          {t("importmelding.utkast.slettSpoersmaal", { nummer: melding.nummer })}
        </p>
        <MeldingSkjema
          versjon={melding.versjon}
          action={`/importmelding/${melding.id}/slett`}
          className="knapperad"
        >
          <SendKnapp>{t("importmelding.utkast.slettJa")}</SendKnapp>
          <Link
            className="ds-button"
            data-variant="secondary"
            to={pathname}
            replace
            preventScrollReset
            data-trygt-valg
          >
            {t("felles.avbryt")}
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
  // no crumb when the loader failed (its messages did not come)
  brodsmule: (data: unknown, t: T) => {
    const nummer = (data as { melding?: { nummer: string } } | undefined)?.melding?.nummer;
    return nummer ? t("importmelding.melding.tittel", { nummer }) : undefined;
  },
};

// without the notification (its loader failed) the page's messages may be missing too: sidetittel checks the id
export const meta: MetaFunction<typeof loader> = ({ data, matches, error }) => {
  const nummer = data?.melding?.nummer;
  if (nummer) return sidetittel(matches, (t) => t("importmelding.melding.tittel", { nummer }));
  // the loader failed: its messages are missing, the shell's say what the error panel says (WCAG 2.4.2)
  if (error)
    return sidetittel(
      matches,
      isRouteErrorResponse(error) && error.status === 404
        ? "felles.fantIkkeMeldingen.tittel"
        : "felles.noeGikkFeil.tittel",
    );
  return sidetittel(matches, "importmelding.melding.tittelUtenNummer");
};

export function ErrorBoundary() {
  const t = useT();
  // the notification's messages are missing when its own loader failed: the shell's text then
  const feiltekst = t.har("importmelding.melding.hentingFeilet")
    ? "importmelding.melding.hentingFeilet"
    : "felles.feil.rot";
  return <Feilgrense statuspaneler={{ 404: () => <FantIkkeMeldingen /> }} feiltekst={feiltekst} />;
}
