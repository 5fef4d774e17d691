// OpenID Connect issuer identifiers, read alike by the web app's login, the import API's token check and the
// server's CSP (pure string rules, no I/O).

/** The issuer's discovery document URL (a trailing slash on the issuer is not doubled). */
export function discoveryUrl(issuer: string): string {
  return `${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;
}

/** Whether two issuer identifiers name the same issuer (they may differ only by a trailing slash). */
export function sammeUtsteder(a: string, b: string): boolean {
  return a.replace(/\/+$/, "") === b.replace(/\/+$/, "");
}
