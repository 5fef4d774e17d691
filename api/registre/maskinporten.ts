// The service's own Maskinporten client (ADR 042): the JWT bearer grant (RFC 7523) with the service's key, for the
// scopes Altinn gave it. The token is kept in this process until shortly before it expires and fetched once for
// all requests that need it at the same time (a process's own cache: another instance fetches its own).
import { randomUUID } from "node:crypto";
import { decodeJwt, importJWK, type JWK, SignJWT } from "jose";
import { hent, type Motstand } from "./motstand";

export const JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer";
/** A token this close to expiry is fetched again. */
const FORNY_FOER_MS = 30_000;

export interface MaskinportenKlientOptions {
  /** Maskinporten's issuer, the assertion's audience (e.g. https://maskinporten.no/). */
  issuer: string;
  klientId: string;
  /** The client's private key (JWK with kid). */
  noekkel: JWK;
  scopes: string[];
  motstand: Motstand;
}

export interface Tokenkilde {
  /** A valid token; `frist` ends the wait. */
  token(frist?: AbortSignal): Promise<string>;
  /** Forgets the token (the receiver refused it). */
  glem(): void;
}

/** A token source that caches a token until near its expiry and shares one fetch among concurrent callers. */
export function bufretToken(hentNy: (frist?: AbortSignal) => Promise<string>): Tokenkilde {
  let gjeldende: { token: string; utloeper: number } | undefined;
  let paagaar: Promise<string> | undefined;
  return {
    async token(frist) {
      if (gjeldende && gjeldende.utloeper - FORNY_FOER_MS > Date.now()) return gjeldende.token;
      paagaar ??= hentNy(frist)
        .then((token) => {
          const exp = decodeJwt(token).exp;
          gjeldende = { token, utloeper: typeof exp === "number" ? exp * 1000 : Date.now() + 60_000 };
          return token;
        })
        .finally(() => {
          paagaar = undefined;
        });
      return paagaar;
    },
    glem() {
      gjeldende = undefined;
    },
  };
}

export function lagMaskinportenKlient(opts: MaskinportenKlientOptions): Tokenkilde {
  // Read on each fetch: the issuer may be known only once the service listens (embedded mode on port 0).
  const issuer = () => opts.issuer.replace(/\/+$/, "");
  let noekkel: Awaited<ReturnType<typeof importJWK>> | undefined;
  return bufretToken((frist) =>
    opts.motstand.kall(
      "token",
      async (signal) => {
        noekkel ??= await importJWK(opts.noekkel, opts.noekkel.alg ?? "RS256");
        const assertion = await new SignJWT({ scope: opts.scopes.join(" ") })
          .setProtectedHeader({
            alg: opts.noekkel.alg ?? "RS256",
            ...(opts.noekkel.kid ? { kid: opts.noekkel.kid } : {}),
          })
          .setIssuer(opts.klientId)
          .setAudience(`${issuer()}/`)
          .setIssuedAt()
          .setExpirationTime("100s")
          .setJti(randomUUID())
          .sign(noekkel);
        const svar = await hent(`${issuer()}/token`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
          body: new URLSearchParams({ grant_type: JWT_BEARER, assertion }),
          signal,
        });
        const { access_token } = (await svar.json()) as { access_token?: unknown };
        if (typeof access_token !== "string") throw new Error("Maskinporten svarte uten access_token");
        return access_token;
      },
      frist,
    ),
  );
}
