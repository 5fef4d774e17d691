// The verified tokens of the last minutes (issue 35 item 3, ADR 077). The web calls the API once or more per
// page with the same access token for as long as the token lives; verifying its signature (RSA, in the crypto
// thread pool) on every call cost about a millisecond of the API's CPU each time. A token that has verified
// is kept here by its whole text (signature included) with who it says the caller is, and is trusted again
// without a new verification until its expiry, and never longer than `maksMs` (a key the issuer has retired
// stops counting within that time). A token that fails is never kept: it is verified again on every call, so
// the invalid-token limit (api/grenser.ts) counts it as before.
import { decodeJwt } from "jose";

/** How long a verified token is trusted again at most (it may expire sooner: then its `exp`). */
const MAKS_MS = 5 * 60 * 1000;
/** At most this many tokens are kept (about a kilobyte each); past it the oldest goes first. */
const MAKS_ANTALL = 10_000;

export function medTokenBuffer<T>(
  verifiser: (token: string) => Promise<T>,
  { maksMs = MAKS_MS, maksAntall = MAKS_ANTALL, naa = Date.now } = {},
): (token: string) => Promise<T> {
  const kjente = new Map<string, { hvem: T; gyldigTil: number }>();
  return async (token) => {
    const kjent = kjente.get(token);
    if (kjent) {
      if (kjent.gyldigTil > naa()) return kjent.hvem;
      kjente.delete(token);
    }
    const hvem = await verifiser(token);
    // it verified, so it decodes and (for jose) has not expired; without `exp` it is not kept
    const { exp } = decodeJwt(token);
    if (typeof exp === "number") {
      const gyldigTil = Math.min(exp * 1000, naa() + maksMs);
      if (kjente.size >= maksAntall) {
        const eldste = kjente.keys().next().value;
        if (eldste !== undefined) kjente.delete(eldste);
      }
      kjente.set(token, { hvem, gyldigTil });
    }
    return hvem;
  };
}
