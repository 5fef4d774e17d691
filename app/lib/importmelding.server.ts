// Loading and saving a notification through the import API (SPEC §7 "Notifications") for the wizard and
// the pages after registration.
import { type AppLoadContext, data, redirect } from "@remix-run/node";
import type { HendelseVisning, HistorikkSide } from "../../domain/historikk";
import {
  HISTORIKK_MAKS_LEST,
  type HistorikkOversikt,
  historikkSide,
  sidenErFull,
} from "../../domain/historikk-oversikt";
import type { ImportmeldingVisning } from "../../domain/importmelding";
import type { Logger } from "../../server/logg";
import { type ApiClient, ApiFeil } from "./api.server";
import { loginUrl, type MedVirksomhet, requireVirksomhet } from "./bruker.server";
import { lesSkjema } from "./csrf.server";
import { hentFlagg } from "./preferanser.server";

export function meldingBase(avgiver: MedVirksomhet["avgiver"]): string {
  return `/import/importmelding/v2/${avgiver.organisasjonsnummer}/${avgiver.importoerId}`;
}

export interface MedMelding extends MedVirksomhet {
  id: number;
  base: string;
}

/**
 * The guard of every notification page and action: login, chosen organisation and a numeric id. With the
 * flag visImportmelding off there are no notification pages (SPEC §6): home instead, as /importmeldinger.
 */
export async function requireMelding(
  request: Request,
  context: AppLoadContext,
  params: { id?: string },
): Promise<MedMelding> {
  const m = await requireVirksomhet(request, context);
  if (!(await hentFlagg(request, context)).visImportmelding) throw redirect("/");
  if (!params.id || !/^\d{1,15}$/.test(params.id)) throw redirect("/");
  return { ...m, id: Number(params.id), base: `${meldingBase(m.avgiver)}/${params.id}` };
}

/**
 * GET the notification; 404 is a page saying it was not found (issue 23 item 9), 401 goes to login, 403
 * shows 'Ingen tilgang'.
 */
export async function hentMelding(
  request: Request,
  api: ApiClient,
  base: string,
): Promise<ImportmeldingVisning> {
  try {
    return await api.getJson<ImportmeldingVisning>(base, { redirectOn401: loginUrl(request) });
  } catch (e) {
    if (e instanceof ApiFeil && e.status === 404)
      throw new Response("Fant ikke forhåndsmeldingen", { status: 404 });
    if (e instanceof ApiFeil && e.status === 403) throw new Response("Ingen tilgang", { status: 403 });
    throw e;
  }
}

/** Events per call of the import API when the page reads the history (its largest page, ?antall=). */
const HISTORIKK_PARTI = 100;

/**
 * The page of the notification's history (ADR 033, ADR 059) the page's ?foer= asks for (the newest without it;
 * a malformed one is ignored), for the Historikk section of the registered, arrived and summary pages: its
 * milestones and its other events grouped (domain/historikk-oversikt.ts), read from the import API a part at a
 * time until a page of entries is full or HISTORIKK_MAKS_LEST events are read. The history is beyond SPEC §7
 * (docs/architecture.md): when the import API cannot give it (an API without it, an error, a timeout) the
 * section says so and the rest of the page stays (`side` null).
 */
export async function historikkLoader({
  request,
  context,
  params,
}: {
  request: Request;
  context: AppLoadContext;
  params: { id?: string };
}): Promise<{ side: HistorikkOversikt | null; foer: number | null }> {
  const { api, base } = await requireMelding(request, context, params);
  const param = new URL(request.url).searchParams.get("foer");
  const foer = param && /^\d{1,15}$/.test(param) ? Number(param) : null;
  const hent = (fra: number | null) =>
    api.getJson<HistorikkSide>(
      `${base}/historikk?antall=${HISTORIKK_PARTI}${fra === null ? "" : `&foer=${fra}`}`,
      { redirectOn401: loginUrl(request) },
    );
  try {
    const hendelser: HendelseVisning[] = [];
    let eldre = foer;
    for (let i = 0; i * HISTORIKK_PARTI < HISTORIKK_MAKS_LEST; i++) {
      const del = await hent(eldre);
      hendelser.push(...del.hendelser);
      eldre = del.eldre;
      if (eldre === null || del.hendelser.length === 0 || sidenErFull(hendelser)) break;
    }
    return { side: historikkSide(hendelser, eldre), foer };
  } catch (e) {
    // a redirect to login or the 'For mange forsøk' page goes on; anything else leaves the section empty
    if (e instanceof Response) throw e;
    context.logger?.error({ err: e }, "Henting av historikken feilet");
    return { side: null, foer };
  }
}

/**
 * The copy of answers from notification `kildeId` (ADR 061) as the draft's history recorded it, for the message
 * after «Bruk svarene fra IM-…»; null when the history has none (an old link) or cannot be read.
 */
export async function hentKopi(
  request: Request,
  context: AppLoadContext,
  params: { id?: string },
  kildeId: number,
): Promise<{ nummer: string; kontrolloerIkkeKopiert: string | null } | null> {
  const { api, base } = await requireMelding(request, context, params);
  const side = await api
    .getJson<HistorikkSide>(`${base}/historikk`, { redirectOn401: loginUrl(request) })
    .catch((e: unknown) => {
      // a redirect to login goes on; otherwise the page is the same without the message
      if (e instanceof Response) throw e;
      return null;
    });
  const hendelse = side?.hendelser.find(
    (h) => h.type === "SVAR_KOPIERT" && h.detaljer.kopiertFra?.id === kildeId,
  );
  const fra = hendelse?.detaljer.kopiertFra;
  return fra
    ? { nummer: fra.nummer, kontrolloerIkkeKopiert: hendelse.detaljer.kontrolloerIkkeKopiert ?? null }
    : null;
}

/** Reads a posted form (CSRF-checked) with the notification's guard. */
export async function lesMeldingSkjema(request: Request, context: AppLoadContext, params: { id?: string }) {
  const m = await requireMelding(request, context, params);
  const { formData } = await lesSkjema(request, context, m.session);
  const versjon = Number(formData.get("versjon"));
  return { ...m, formData, versjon: Number.isInteger(versjon) && versjon > 0 ? versjon : undefined };
}

/** The message of an API error for the user (the server's Norwegian message, or the fallback). */
export function feilmelding(e: unknown, reserve: string): string {
  if (e instanceof ApiFeil) return e.melding ?? reserve;
  return reserve;
}

/** Answer for a failed save: the server's message shown above the form, input kept. */
export function lagreFeilet<E extends Record<string, unknown>>(
  e: unknown,
  reserve: string,
  logger: Logger | undefined,
  ekstra?: E,
) {
  if (e instanceof Response) throw e;
  // Not an answer of the API (it did not answer, or answered what it should not): the request's log says so.
  if (!(e instanceof ApiFeil)) logger?.error({ err: e, melding: reserve }, "Lagring feilet");
  const konflikt = e instanceof ApiFeil && e.status === 409;
  return data(
    { ...(ekstra as E), lagreFeil: feilmelding(e, reserve) as string | null, konflikt },
    { status: konflikt ? 409 : 400 },
  );
}
