// Security headers on every response (CSP with a nonce per response, frame-ancestors 'none', nosniff,
// Referrer-Policy …). The CSP's form-action allows the ID provider's origins: the logout form posts to
// /logout, which redirects to the provider's end_session_endpoint, and Chromium checks form-action on
// that redirect. With a real provider the endpoints can be on another host than the issuer (ID-porten:
// issuer idporten.no, endpoints on login.idporten.no), so their origins come from the discovery document.
import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { discoveryUrl } from "../domain/oidc";
import type { Config } from "./config";

export interface CspOptions {
  nonce: string;
  /** Vite's dev server: inline scripts/styles and its websocket. */
  dev: boolean;
  /** Origins forms may post to (or be redirected to after a post), besides 'self'. */
  formAction: Iterable<string>;
}

export function contentSecurityPolicy({ nonce, dev, formAction }: CspOptions): string {
  return [
    "default-src 'self'",
    dev ? "script-src 'self' 'unsafe-inline'" : `script-src 'self' 'nonce-${nonce}'`,
    dev ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    dev ? "connect-src 'self' ws:" : "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...new Set(formAction)].join(" "),
    "frame-ancestors 'none'",
  ].join("; ");
}

interface OidcEndepunkter {
  authorization_endpoint?: string;
  end_session_endpoint?: string;
}

/** The origins a browser is sent to by the login and logout: the issuer's and the two endpoints'. */
export function oidcOpphav(issuer: string, discovery?: OidcEndepunkter): string[] {
  const opphav = [new URL(issuer).origin];
  for (const endepunkt of [discovery?.authorization_endpoint, discovery?.end_session_endpoint]) {
    if (typeof endepunkt !== "string") continue;
    try {
      opphav.push(new URL(endepunkt).origin);
    } catch {
      // a malformed endpoint is never redirected to; nothing to allow
    }
  }
  return [...new Set(opphav)];
}

/**
 * The form-action origins, starting with the issuer's and widened by `oppdag()` from the discovery
 * document. Until discovery has succeeded only the issuer's origin is allowed.
 */
export class FormActionOpphav {
  private opphav: string[];
  constructor(private readonly issuer: string) {
    this.opphav = oidcOpphav(issuer);
  }

  liste(): string[] {
    return this.opphav;
  }

  /** Reads the discovery document; false (and unchanged) when it cannot be read. */
  async oppdag(): Promise<boolean> {
    try {
      const res = await fetch(discoveryUrl(this.issuer), {
        headers: { Accept: "application/json" },
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) return false;
      this.opphav = oidcOpphav(this.issuer, (await res.json()) as OidcEndepunkter);
      return true;
    } catch {
      return false;
    }
  }
}

export function securityHeaders(config: Config, formAction: FormActionOpphav) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    const dev = config.viteDev;
    res.setHeader(
      "Content-Security-Policy",
      contentSecurityPolicy({ nonce, dev, formAction: formAction.liste() }),
    );
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (config.secureCookies)
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}
