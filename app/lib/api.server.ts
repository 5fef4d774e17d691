// The call helper (SPEC §7 "Generic behaviour of the call helper", §8 "Transport level"): the app talks
// to the import API over HTTP with the user's access token.
import { redirect } from "@remix-run/node";
import { type Dispatcher, request } from "undici";
import { problemDetalj, REGISTER_UTILGJENGELIG } from "../../domain/problem";
import { utenStyretegnIJson } from "../../domain/text";
import { oversetter } from "../../sprak/katalog.server";
import { type Sprak, STANDARD_SPRAK } from "../../sprak/sprak";
import { forMangeSvar, registerUtilgjengeligSvar } from "./grense.server";

/** An answer of the import API, read here or streamed on (getRaw). */
interface Svar {
  status: number;
  hode(navn: string): string | null;
  tekst(): Promise<string>;
  /** Read and drop the body (answers without content), so the connection goes back to the pool. */
  forkast(): Promise<void>;
}

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
  function hoder(opts: CallOptions, body: unknown): Headers {
    const headers = new Headers(opts.headers);
    if (accessToken) headers.set("Authorization", `Bearer ${accessToken}`);
    if (forespoerselId && !headers.has("X-Request-Id")) headers.set("X-Request-Id", forespoerselId);
    if (!headers.has("Accept")) headers.set("Accept", "application/json");
    if (!headers.has("Accept-Language")) headers.set("Accept-Language", sprak);
    if (body !== undefined) headers.set("Content-Type", "application/json");
    return headers;
  }
  /** One deadline for the whole call, reading the body included (aborting aborts the body stream too). */
  function frist(opts: CallOptions) {
    const kontroller = new AbortController();
    const timer = setTimeout(
      () => kontroller.abort(new DOMException("Tidsavbrudd", "TimeoutError")),
      tidsavbruddMs,
    );
    timer.unref();
    const signal = opts.signal ? AbortSignal.any([opts.signal, kontroller.signal]) : kontroller.signal;
    return { kontroller, timer, signal };
  }
  /**
   * A call whose answer is read here (JSON, text, or nothing): undici's `request` rather than `fetch`, which
   * builds WHATWG Request, Response and stream objects for every call (ADR 082: 0.32 → 0.15 ms of CPU per
   * call, measured in one process). Uncompressed: the app reads the answer itself, and the API is on the same
   * machine or network (compressing its replies only costs CPU at both ends, ADR 015).
   */
  async function kall(method: string, path: string, body: unknown, opts: CallOptions = {}): Promise<Svar> {
    const headers = hoder(opts, body);
    if (!headers.has("Accept-Encoding")) headers.set("Accept-Encoding", "identity");
    const { kontroller, timer, signal } = frist(opts);
    const vent = <T>(p: Promise<T>): Promise<T> =>
      p.catch((e: unknown) => {
        throw kontroller.signal.aborted ? tidsavbrudd() : e;
      });
    let res: Dispatcher.ResponseData;
    try {
      res = await request(`${baseUrl}${path}${toQuery(opts.searchParams)}`, {
        method: method as Dispatcher.HttpMethod,
        headers: Object.fromEntries(headers),
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (e) {
      clearTimeout(timer);
      throw kontroller.signal.aborted ? tidsavbrudd() : e;
    }
    const hode = (navn: string) => {
      const v = res.headers[navn.toLowerCase()];
      return v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
    };
    const svar: Svar = {
      status: res.statusCode,
      hode,
      tekst: () => vent(res.body.text()).finally(() => clearTimeout(timer)),
      forkast: () => vent(res.body.dump()).finally(() => clearTimeout(timer)),
    };
    await sjekk(svar, opts);
    return svar;
  }
  /** getRaw: streams a document on to the browser as a Response; the deadline holds for its headers only. */
  async function raa(path: string, opts: CallOptions = {}): Promise<Response> {
    const headers = hoder(opts, undefined);
    if (overLoopback && !headers.has("Accept-Encoding")) headers.set("Accept-Encoding", "identity");
    const { kontroller, timer, signal } = frist(opts);
    let res: Response;
    try {
      res = await fetch(`${baseUrl}${path}${toQuery(opts.searchParams)}`, { headers, signal });
    } catch (e) {
      throw kontroller.signal.aborted ? tidsavbrudd() : e;
    } finally {
      clearTimeout(timer);
    }
    await sjekk(
      {
        status: res.status,
        hode: (navn) => res.headers.get(navn),
        tekst: () => res.text(),
        forkast: async () => void (await res.body?.cancel()),
      },
      opts,
    );
    return res;
  }
  /** 401 to the given route, 429, a register that is down, and every other error status, as the pages show them. */
  async function sjekk(res: Svar, opts: CallOptions): Promise<void> {
    if (res.status === 401 && opts.redirectOn401) {
      await res.forkast().catch(() => undefined);
      throw redirect(opts.redirectOn401);
    }
    // Over one of the API's rate limits: the page becomes 'For mange forsøk' with the API's message and
    // Retry-After (app/lib/grense.server.ts), never 'Noe gikk feil'.
    if (res.status === 429) {
      const melding = await res
        .tekst()
        .then((t) => problemDetalj(JSON.parse(t)))
        .catch(() => undefined);
      const vent = res.hode("Retry-After") ?? "";
      throw forMangeSvar(
        melding ?? oversetter(sprak)("felles.forMange.forespoersler"),
        /^\d+$/.test(vent) ? vent : "60",
      );
    }
    if (res.status < 200 || res.status > 299) {
      const text = await res.tekst().catch(() => "");
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      // Altinn or the register did not answer the API (ADR 042): the page says so, in the user's words.
      if (res.status === 503 && (parsed as { type?: unknown } | undefined)?.type === REGISTER_UTILGJENGELIG) {
        throw registerUtilgjengeligSvar(problemDetalj(parsed), res.hode("Retry-After"));
      }
      throw new ApiFeil(problemDetalj(parsed) ?? `HTTP ${res.status}`, res.status, parsed);
    }
  }
  /** A stalled import API is an upstream error (504): the routes show their error panels for it. */
  function tidsavbrudd(): ApiFeil {
    return new ApiFeil("Import-API-et svarte ikke i tide", 504);
  }
  async function json<T>(res: Svar): Promise<T> {
    const text = await res.tekst();
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
    getJson: async (path, opts) => json(await kall("GET", path, undefined, opts)),
    getText: async (path, opts) => (await kall("GET", path, undefined, opts)).tekst(),
    getRaw: raa,
    postJson: async (path, body, opts) => json(await kall("POST", path, body, opts)),
    post: async (path, body, opts) => (await kall("POST", path, body, opts)).forkast(),
    putJson: async (path, body, opts) => json(await kall("PUT", path, body, opts)),
    put: async (path, body, opts) => (await kall("PUT", path, body, opts)).forkast(),
    delete: async (path, opts) => (await kall("DELETE", path, undefined, opts)).forkast(),
  };
}
