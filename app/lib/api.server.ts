// The call helper (SPEC §7 "Generic behaviour of the call helper", §8 "Transport level"): the app talks
// to the import API over HTTP with the user's access token.
import { redirect } from "@remix-run/node";
import { problemDetalj, REGISTER_UTILGJENGELIG } from "../../domain/problem";
import { utenStyretegnIJson } from "../../domain/text";
import { oversetter } from "../../sprak/katalog.server";
import { type Sprak, STANDARD_SPRAK } from "../../sprak/sprak";
import { forMangeSvar, registerUtilgjengeligSvar } from "./grense.server";

const KAN_HA_STYRETEGN =
  /\\u00[01]|\\u007f|\\[bf]|[\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/i;

export class ApiFeil extends Error {
  readonly status: number;
  /** The parsed JSON error body, when there was one (problem details from our API, ADR 040). */
  readonly body?: unknown;
  constructor(melding: string, status: number, body?: unknown) {
    super(melding, { cause: status });
    this.status = status;
    this.body = body;
  }
  /** The problem's `detail`: the message to show, in the language the client asked for (Accept-Language). */
  get melding(): string | undefined {
    return problemDetalj(this.body);
  }
}

export interface CallOptions {
  searchParams?: URLSearchParams | Record<string, string | number | boolean | string[] | undefined>;
  headers?: HeadersInit;
  signal?: AbortSignal;
  /** Route to redirect to when the API answers 401. */
  redirectOn401?: string;
}

export interface ApiClient {
  getJson<T>(path: string, opts?: CallOptions): Promise<T>;
  getText(path: string, opts?: CallOptions): Promise<string>;
  getRaw(path: string, opts?: CallOptions): Promise<Response>;
  postJson<T>(path: string, body: unknown, opts?: CallOptions): Promise<T>;
  post(path: string, body: unknown, opts?: CallOptions): Promise<void>;
  putJson<T>(path: string, body: unknown, opts?: CallOptions): Promise<T>;
  put(path: string, body: unknown, opts?: CallOptions): Promise<void>;
  delete(path: string, opts?: CallOptions): Promise<void>;
}

function toQuery(sp: CallOptions["searchParams"]): string {
  if (!sp) return "";
  const params = sp instanceof URLSearchParams ? sp : new URLSearchParams();
  if (!(sp instanceof URLSearchParams)) {
    for (const [k, v] of Object.entries(sp)) {
      if (v === undefined || v === "") continue;
      if (Array.isArray(v)) for (const item of v) params.append(k, item);
      else params.set(k, String(v));
    }
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** The embedded API on the same machine: compressing its replies only costs CPU (ADR 015). */
export const erLoopback = (baseUrl: string) =>
  /^https?:\/\/(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?(\/|$)/i.test(baseUrl);

/** How long one call to the import API may take, body included, before the user gets the error panel. */
export const API_TIDSAVBRUDD_MS = 10_000;

export function createApiClient(
  baseUrl: string,
  accessToken?: string,
  {
    tidsavbruddMs = API_TIDSAVBRUDD_MS,
    forespoerselId,
    sprak = STANDARD_SPRAK,
  }: {
    tidsavbruddMs?: number;
    /** The page request's id, sent as X-Request-Id so the API's log lines carry it too. */
    forespoerselId?: string;
    /** The user's language: sent as Accept-Language, so the API's messages come in it (ADR 047). */
    sprak?: Sprak;
  } = {},
): ApiClient {
  const overLoopback = erLoopback(baseUrl);
  async function call(
    method: string,
    path: string,
    body: unknown,
    opts: CallOptions = {},
    strom = false,
  ): Promise<Response> {
    const headers = new Headers(opts.headers);
    if (accessToken) headers.set("Authorization", `Bearer ${accessToken}`);
    if (forespoerselId && !headers.has("X-Request-Id")) headers.set("X-Request-Id", forespoerselId);
    if (!headers.has("Accept")) headers.set("Accept", "application/json");
    if (!headers.has("Accept-Language")) headers.set("Accept-Language", sprak);
    if (body !== undefined) headers.set("Content-Type", "application/json");
    if (overLoopback && !headers.has("Accept-Encoding")) headers.set("Accept-Encoding", "identity");
    // One deadline for the whole call, reading the body included (aborting aborts the body stream too);
    // getRaw streams a document on to the browser and keeps the deadline for the answer's headers only.
    const frist = new AbortController();
    const timer = setTimeout(
      () => frist.abort(new DOMException("Tidsavbrudd", "TimeoutError")),
      tidsavbruddMs,
    );
    timer.unref();
    const signal = opts.signal ? AbortSignal.any([opts.signal, frist.signal]) : frist.signal;
    let res: Response;
    try {
      res = await fetch(`${baseUrl}${path}${toQuery(opts.searchParams)}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (e) {
      clearTimeout(timer);
      throw frist.signal.aborted ? tidsavbrudd() : e;
    }
    if (strom) clearTimeout(timer);
    if (res.status === 401 && opts.redirectOn401) throw redirect(opts.redirectOn401);
    // Over one of the API's rate limits: the page becomes 'For mange forsøk' with the API's message and
    // Retry-After (app/lib/grense.server.ts), never 'Noe gikk feil'.
    if (res.status === 429) {
      const melding = await res
        .json()
        .then(problemDetalj)
        .catch(() => undefined);
      throw forMangeSvar(
        melding ?? oversetter(sprak)("felles.forMange.forespoersler"),
        /^\d+$/.test(res.headers.get("Retry-After") ?? "") ? res.headers.get("Retry-After")! : "60",
      );
    }
    if (!res.ok) {
      const text = await res.text().catch(() => "");
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      // Altinn or the register did not answer the API (ADR 042): the page says so, in the user's words.
      if (res.status === 503 && (parsed as { type?: unknown } | undefined)?.type === REGISTER_UTILGJENGELIG) {
        throw registerUtilgjengeligSvar(problemDetalj(parsed), res.headers.get("Retry-After"));
      }
      throw new ApiFeil(problemDetalj(parsed) ?? `HTTP ${res.status}`, res.status, parsed);
    }
    return res;
  }
  /** A stalled import API is an upstream error (504): the routes show their error panels for it. */
  function tidsavbrudd(): ApiFeil {
    return new ApiFeil("Import-API-et svarte ikke i tide", 504);
  }
  async function tekst(res: Response): Promise<string> {
    try {
      return await res.text();
    } catch (e) {
      throw e instanceof DOMException && e.name === "TimeoutError" ? tidsavbrudd() : e;
    }
  }
  async function json<T>(res: Response): Promise<T> {
    const text = await tekst(res);
    let data: T;
    try {
      data = JSON.parse(text) as T;
    } catch {
      throw new Error("Parsing data failed", { cause: res.status });
    }
    // Display side of SPEC §5 "control and bidirectional-override characters are stripped from text":
    // whatever the API holds (typed before input was cleaned, or from another system), no page shows them.
    // JSON escapes C0 controls as \u00XX, \b or \f; the rest travel raw. Most replies have none: skip the walk.
    return KAN_HA_STYRETEGN.test(text) ? utenStyretegnIJson(data) : data;
  }
  return {
    getJson: async (path, opts) => json(await call("GET", path, undefined, opts)),
    getText: async (path, opts) => tekst(await call("GET", path, undefined, opts)),
    getRaw: (path, opts) => call("GET", path, undefined, opts, true),
    postJson: async (path, body, opts) => json(await call("POST", path, body, opts)),
    post: async (path, body, opts) => {
      await (await call("POST", path, body, opts)).body?.cancel();
    },
    putJson: async (path, body, opts) => json(await call("PUT", path, body, opts)),
    put: async (path, body, opts) => {
      await (await call("PUT", path, body, opts)).body?.cancel();
    },
    delete: async (path, opts) => {
      await (await call("DELETE", path, undefined, opts)).body?.cancel();
    },
  };
}
