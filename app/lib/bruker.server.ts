// Guards and the chosen organisation (SPEC §6): protected pages need a logged-in user (else the login
// page, and back here afterwards: docs/decisions/005-login-guard.md); most need a chosen organisation
// (else /velg-virksomhet). The importer profile is fetched by organisation number and registered on 404.
import { type AppLoadContext, redirect } from "@remix-run/node";
import type { Avgiver } from "../../domain/avgiver";
import { formaterOrganisasjonsnummer } from "../../domain/format";
import type { Logger } from "../../server/logg";
import { type ApiClient, ApiFeil, createApiClient } from "./api.server";
import { fornyTokens } from "./auth.server";
import { lesCookie, settCookie, slettCookie } from "./preferanser.server";
import {
  type AppSession,
  getSession,
  type InnloggetBruker,
  lagreBruker,
  type ValgtVirksomhet,
} from "./session.server";
import { sprakFor } from "./tekster.server";

export interface Importoer {
  id: number;
  organisasjonsnummer: string;
  navn: string;
  harLestRegelverk: boolean;
  erMottakskontrolloer: boolean;
  skalHaEpost: boolean;
  varsleVurderinger: boolean;
  /** «Språk i e-postvarsel» (ADR 055): nb, nn or en */
  epostSprak: string;
  epostadresser: { id: number; epostadresse: string }[];
  mottakskontrolloerer: { id: number; navn: string; organisasjonsnummer: string }[];
  mottakskontrolloerFor: { id: number; navn: string; organisasjonsnummer: string }[];
}

export const VALGT_VIRKSOMHET_COOKIE = "valgt-virksomhet";
export const MANGLER_AUTORISASJON = "/mangler-autorisasjon";

function stiMedSok(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

export function loginUrl(request: Request, utloept = false): string {
  const p = new URLSearchParams({ returnTo: stiMedSok(request) });
  if (utloept) p.set("utloept", "1");
  return `/logg-inn?${p}`;
}

/** The import API as this user: their token, and their language for the API's messages (Accept-Language). */
export async function apiFor(
  request: Request,
  context: AppLoadContext,
  bruker: InnloggetBruker,
): Promise<ApiClient> {
  return createApiClient(context.config.importApiUrl, bruker.accessToken, {
    forespoerselId: context.forespoerselId,
    sprak: await sprakFor(request),
  });
}

export interface MedBruker {
  session: AppSession;
  bruker: InnloggetBruker;
  api: ApiClient;
}

/** An access token this close to running out is renewed first, so it does not run out mid-request. */
const FORNY_FOER_MS = 60 * 1000;

/**
 * The logged-in user of this session, or undefined. An access token about to run out is renewed with
 * the refresh token (when the provider gave one), so a provider's short-lived tokens do not end the
 * 120-minute session early; when that is refused the user counts as logged out.
 */
export async function innloggetBruker(
  session: AppSession,
  context: AppLoadContext,
): Promise<InnloggetBruker | undefined> {
  const bruker = session.get("bruker");
  if (!bruker) return undefined;
  const now = Date.now();
  if (bruker.accessTokenUtloeper - FORNY_FOER_MS > now || !bruker.refreshToken) {
    return bruker.accessTokenUtloeper > now ? bruker : undefined;
  }
  const fornyet = await fornyTokens(context, bruker);
  if (!fornyet) return bruker.accessTokenUtloeper > now ? bruker : undefined;
  session.set("bruker", fornyet);
  await lagreBruker(context.db, session.id, fornyet);
  return fornyet;
}

export async function hentInnlogget(
  request: Request,
  context: AppLoadContext,
): Promise<MedBruker | undefined> {
  const session = await getSession(request, context);
  const bruker = await innloggetBruker(session, context);
  if (!bruker) return undefined;
  return { session, bruker, api: await apiFor(request, context, bruker) };
}

/** Logged in, or off to the login (with "your session expired" only if this browser was logged in). */
export async function requireBruker(request: Request, context: AppLoadContext): Promise<MedBruker> {
  const session = await getSession(request, context);
  const bruker = await innloggetBruker(session, context);
  if (!bruker) {
    const varInnlogget = session.get("varInnlogget") === true || !!session.get("bruker");
    throw redirect(loginUrl(request, varInnlogget));
  }
  return { session, bruker, api: await apiFor(request, context, bruker) };
}

export interface MedVirksomhet extends MedBruker {
  avgiver: ValgtVirksomhet;
}

export async function requireVirksomhet(request: Request, context: AppLoadContext): Promise<MedVirksomhet> {
  const innlogget = await requireBruker(request, context);
  const avgiver = innlogget.session.get("avgiver");
  if (!avgiver) throw redirect(`/velg-virksomhet?${new URLSearchParams({ returnTo: stiMedSok(request) })}`);
  return { ...innlogget, avgiver };
}

/** The entities the person may act for; a 401 goes to missing authorisation (SPEC §7). */
export function hentAvgivere(api: ApiClient): Promise<Avgiver[]> {
  return api.getJson<Avgiver[]>("/gateway/auth/avgiver", { redirectOn401: MANGLER_AUTORISASJON });
}

/** The person's name and phone (SPEC §7 brukerInfo), for prefilling forms; the login name when it fails. */
export async function hentBrukerInfo(
  request: Request,
  context: AppLoadContext,
): Promise<{ navn: string; telefonnummer: string | null }> {
  const { api, bruker } = await requireBruker(request, context);
  const info = await api
    .getJson<{ navn: string | null; telefonnummer: string | null }>("/gateway/auth/session/brukerInfo", {
      redirectOn401: loginUrl(request),
    })
    .catch((e) => {
      if (e instanceof Response) throw e;
      return { navn: null, telefonnummer: null };
    });
  return { navn: info.navn ?? bruker.navn, telefonnummer: info.telefonnummer };
}

export function kanVelges(a: Avgiver): boolean {
  return a.altinn.type === "Bedrift" && !!a.altinn.organisasjonsnummer;
}

function formaterAdresse(a: Avgiver["brreg"]["adresse"]): string | null {
  if (!a) return null;
  const deler = [...(a.adresselinje ?? []), [a.postnummer, a.poststed].filter(Boolean).join(" ")].filter(
    Boolean,
  );
  return deler.length ? deler.join(", ") : null;
}

/** Fetches the importer by organisation number; a 404 registers it from the business's data (SPEC §6). */
export async function hentEllerRegistrerImportoer(
  api: ApiClient,
  valgt: Avgiver,
  hovedenhetNavn: string | null,
) {
  const orgnr = valgt.altinn.organisasjonsnummer!;
  try {
    return await api.getJson<Importoer>(`/import/register/v1/${orgnr}`);
  } catch (e) {
    if (!(e instanceof ApiFeil) || e.status !== 404) throw e;
  }
  try {
    return await api.postJson<Importoer>(`/import/register/v1/${orgnr}`, {
      hovedenhetNavn,
      hovedenhetOrganisasjonsnummer: valgt.altinn.hovedenhet,
      navn: valgt.altinn.navn,
      organisasjonsnummer: orgnr,
    });
  } catch (e) {
    // Registered in the meantime (another tab or colleague): use that one.
    if (e instanceof ApiFeil && e.status === 409)
      return api.getJson<Importoer>(`/import/register/v1/${orgnr}`);
    throw e;
  }
}

/**
 * Chooses an organisation for the session: it must be a Bedrift the person may act for. Returns
 * undefined when it is not selectable; throws a redirect to missing authorisation when the importer
 * profile cannot be loaded (the failure goes to the request's log, context.logger).
 */
export async function velgVirksomhet(
  api: ApiClient,
  orgnr: string,
  logger: Logger | undefined,
  avgivere?: Avgiver[],
): Promise<ValgtVirksomhet | undefined> {
  const liste = avgivere ?? (await hentAvgivere(api));
  const valgt = liste.find((a) => kanVelges(a) && a.altinn.organisasjonsnummer === orgnr);
  if (!valgt) return undefined;
  const hovedenhetNavn =
    liste.find((a) => a.altinn.organisasjonsnummer === valgt.altinn.hovedenhet && a.altinn.type !== "Person")
      ?.altinn.navn ?? null;
  let importoer: Importoer;
  try {
    importoer = await hentEllerRegistrerImportoer(api, valgt, hovedenhetNavn);
  } catch (e) {
    if (e instanceof Response) throw e;
    logger?.error({ err: e }, "Klarte ikke å hente importørprofil");
    throw redirect(MANGLER_AUTORISASJON);
  }
  return {
    navn: valgt.altinn.navn,
    organisasjonsnummer: orgnr,
    formatertOrganisasjonsnummer: formaterOrganisasjonsnummer(orgnr),
    adresse: formaterAdresse(valgt.brreg.adresse),
    hovedenhet: valgt.altinn.hovedenhet,
    hovedenhetnavn: hovedenhetNavn,
    importoerId: importoer.id,
  };
}

export async function husketVirksomhet(request: Request): Promise<string | undefined> {
  const v = await lesCookie(request, VALGT_VIRKSOMHET_COOKIE);
  return typeof v === "string" && /^\d{9}$/.test(v) ? v : undefined;
}

export function huskVirksomhetCookie(orgnr: string, context: AppLoadContext): Promise<string> {
  return settCookie(VALGT_VIRKSOMHET_COOKIE, orgnr, context);
}

/** Forgets the chosen organisation (at logout: the next person on this browser does not inherit it). */
export function glemVirksomhetCookie(secure: boolean): Promise<string> {
  return slettCookie(VALGT_VIRKSOMHET_COOKIE, secure);
}

export { getSession };
