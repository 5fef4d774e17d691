// Preferences the spec keeps in local storage live in cookies here, so they work without JavaScript
// (ARCHITECTURE.md "Progressive enhancement"): feature-flag overrides, menu state, cookie-banner choice.
import { type AppLoadContext, type Cookie, createCookie } from "@remix-run/node";

export interface Flagg {
  visImportmelding: boolean;
  visRisikovurdering: boolean;
}

export const FLAGG_COOKIE = "flagg";
export const MENY_COOKIE = "meny";
export const SAMTYKKE_COOKIE = "informasjonskapsler";

const ETT_AAR = 365 * 24 * 3600;

/**
 * The service's cookie `navn` (Remix `createCookie`): HttpOnly, SameSite=Lax, Path=/, kept a year, Secure
 * when served over https. Its value is JSON (any value the service sets, read back as it was set).
 */
function informasjonskapsel(navn: string, secure: boolean): Cookie {
  const noekkel = `${navn}|${secure}`;
  let cookie = kapsler.get(noekkel);
  if (!cookie) {
    cookie = createCookie(navn, { path: "/", maxAge: ETT_AAR, httpOnly: true, sameSite: "lax", secure });
    kapsler.set(noekkel, cookie);
  }
  return cookie;
}
/** One cookie object per name and Secure flag: the same options every time, made once (issue 35 item 2). */
const kapsler = new Map<string, Cookie>();

/** Values already read, per request: the root loader reads four cookies, some of them twice (ADR 069). */
const lest = new WeakMap<Request, Map<string, Promise<unknown>>>();

/** The value of cookie `navn` as the service set it; null when absent, {} when unreadable. */
export function lesCookie(request: Request, navn: string): Promise<unknown> {
  let verdier = lest.get(request);
  if (!verdier) {
    verdier = new Map();
    lest.set(request, verdier);
  }
  let verdi = verdier.get(navn);
  if (!verdi) {
    verdi = informasjonskapsel(navn, false).parse(request.headers.get("Cookie"));
    verdier.set(navn, verdi);
  }
  return verdi;
}

export function settCookie(navn: string, verdi: unknown, context: AppLoadContext): Promise<string> {
  return informasjonskapsel(navn, context.config.secureCookies).serialize(verdi);
}

/** A Set-Cookie value that deletes cookie `navn`. */
export function slettCookie(navn: string, secure: boolean): Promise<string> {
  return informasjonskapsel(navn, secure).serialize("", { maxAge: 0 });
}

/** Server configuration merged with this browser's override (set on /test/importmelding). */
export async function hentFlagg(request: Request, context: AppLoadContext): Promise<Flagg> {
  const flagg: Flagg = { ...context.config.features };
  const overstyrt = await lesCookie(request, FLAGG_COOKIE);
  if (overstyrt && typeof overstyrt === "object") {
    const o = overstyrt as Partial<Record<keyof Flagg, unknown>>;
    for (const k of ["visImportmelding", "visRisikovurdering"] as const) {
      if (typeof o[k] === "boolean") flagg[k] = o[k];
    }
  }
  return flagg;
}

export async function menyErApen(request: Request): Promise<boolean> {
  return (await lesCookie(request, MENY_COOKIE)) === "aapen";
}

export type Samtykke = "alle" | "nodvendige";
export async function hentSamtykke(request: Request): Promise<Samtykke | undefined> {
  const v = await lesCookie(request, SAMTYKKE_COOKIE);
  return v === "alle" || v === "nodvendige" ? v : undefined;
}
