// One webhook POST (docs/decisions/036-hendelser-og-webhooker.md): the host resolved and every address checked
// (adresse.ts), the connection made to the checked address (the request's `lookup` answers with it, so no
// second resolution can rebind), TLS verified against the host name, a short timeout for the whole exchange,
// and no redirect followed (node's http client never follows one; a 3xx is a failure like any non-2xx).
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { melding } from "../../sprak/melding";
import { type Adressepolicy, type Oppslag, sjekkUrlForm, slaaOppTillatt, UgyldigAdresse } from "./adresse";

export interface PostSvar {
  ok: boolean;
  /** The HTTP status, when the receiver answered. */
  httpStatus: number | null;
  /**
   * Why it failed, for the delivery log: a message reference (sprak/melding.ts), so the log is read in the
   * reader's language (the rows before it hold their bokmål text, shown as it is).
   */
  feil: string | null;
}

/**
 * The system's own words (ECONNREFUSED …) inside a message: bounded, so the stored reference, URL-encoded, stays
 * inside the log's 500 characters whole.
 */
const MAKS_SYSTEMTEKST = 120;
export const systemtekst = (e: unknown): string =>
  (e instanceof Error ? e.message : String(e)).slice(0, MAKS_SYSTEMTEKST);

export async function postWebhook(opts: {
  url: string;
  kropp: string;
  headers: Record<string, string>;
  policy: Adressepolicy;
  tidsavbruddMs: number;
  /** The name lookup, asked once: the connection goes to the address it answered and was checked. */
  oppslag?: Oppslag;
}): Promise<PostSvar> {
  let url: URL;
  let adresse: { address: string; family: number };
  try {
    url = sjekkUrlForm(opts.url, opts.policy);
    [adresse] = (await slaaOppTillatt(url.hostname, opts.policy, opts.oppslag)) as [
      { address: string; family: number },
    ];
  } catch (e) {
    const feil =
      e instanceof UgyldigAdresse
        ? e.referanse
        : melding("api.webhook.levering.kobling", { feil: systemtekst(e) });
    return { ok: false, httpStatus: null, feil };
  }
  const festet: LookupFunction = (_vert, valg, svar) => {
    if (valg.all) svar(null, [adresse]);
    else svar(null, adresse.address, adresse.family);
  };
  const klient = url.protocol === "https:" ? https : http;
  return new Promise<PostSvar>((resolve) => {
    let ferdig = false;
    const slutt = (s: PostSvar) => {
      if (ferdig) return;
      ferdig = true;
      clearTimeout(tidtaker);
      resolve(s);
    };
    const req = klient.request(
      url,
      {
        method: "POST",
        lookup: festet,
        headers: {
          ...opts.headers,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(opts.kropp)),
          "user-agent": "Digital-forhaandsmelding-webhook/1",
        },
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        // The answer's body is not wanted; read it away (bounded by the timeout) and close.
        res.resume();
        res.on("end", () =>
          slutt({
            ok: status >= 200 && status < 300,
            httpStatus: status,
            feil: status >= 200 && status < 300 ? null : melding("api.webhook.levering.svarte", { status }),
          }),
        );
        res.on("error", () =>
          slutt({ ok: false, httpStatus: status, feil: melding("api.webhook.levering.brutt") }),
        );
      },
    );
    const tidtaker = setTimeout(() => {
      slutt({
        ok: false,
        httpStatus: null,
        feil: melding("api.webhook.levering.tidsavbrudd", { sekunder: opts.tidsavbruddMs / 1000 }),
      });
      req.destroy();
    }, opts.tidsavbruddMs);
    req.on("error", (e) =>
      slutt({
        ok: false,
        httpStatus: null,
        feil: melding("api.webhook.levering.kobling", { feil: systemtekst(e) }),
      }),
    );
    req.end(opts.kropp);
  });
}
