// Preferences the spec keeps in local storage live in cookies here, so they work without JavaScript
// (ARCHITECTURE.md "Progressive enhancement"): feature-flag overrides, menu state, cookie-banner choice.
import type { AppLoadContext } from "@remix-run/node";

export interface Flagg {
  visImportmelding: boolean;
  visRisikovurdering: boolean;
}

export const FLAGG_COOKIE = "flagg";
export const MENY_COOKIE = "meny";
export const SAMTYKKE_COOKIE = "informasjonskapsler";

export function lesCookie(request: Request, navn: string): string | undefined {
  for (const del of (request.headers.get("Cookie") ?? "").split(/;\s*/)) {
    const i = del.indexOf("=");
    if (i > 0 && del.slice(0, i) === navn) {
      try {
        return decodeURIComponent(del.slice(i + 1));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function settCookie(
  navn: string,
  verdi: string,
  context: AppLoadContext,
  maxAge = 365 * 24 * 3600,
): string {
  return `${navn}=${encodeURIComponent(verdi)}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${
    context.config.secureCookies ? "; Secure" : ""
  }`;
}

/** Server configuration merged with this browser's override (set on /test/importmelding). */
export function hentFlagg(request: Request, context: AppLoadContext): Flagg {
  const flagg: Flagg = { ...context.config.features };
  const overstyrt = lesCookie(request, FLAGG_COOKIE);
  if (overstyrt) {
    try {
      const o = JSON.parse(overstyrt) as Partial<Record<keyof Flagg, unknown>>;
      for (const k of ["visImportmelding", "visRisikovurdering"] as const) {
        if (typeof o[k] === "boolean") flagg[k] = o[k];
      }
    } catch {
      // an unreadable cookie is ignored
    }
  }
  return flagg;
}

export function menyErApen(request: Request): boolean {
  return lesCookie(request, MENY_COOKIE) === "aapen";
}

export type Samtykke = "alle" | "nodvendige";
export function hentSamtykke(request: Request): Samtykke | undefined {
  const v = lesCookie(request, SAMTYKKE_COOKIE);
  return v === "alle" || v === "nodvendige" ? v : undefined;
}
