// How the service calls the registers it depends on (Maskinporten, Altinn, Enhetsregisteret; ADR 042): every call
// with a deadline per attempt, a retry with backoff for what may pass (a network error, a timeout, 5xx, 429), and a
// circuit breaker per register so an outage is met at once instead of by every request waiting out its timeouts.
// Built with cockatiel (a maintained resilience library) rather than by hand. Every call is measured (register,
// operation, outcome, seconds) through `RegisterMaaler`; nothing about the person asked for is.
import {
  BrokenCircuitError,
  CircuitState,
  ConsecutiveBreaker,
  circuitBreaker,
  ExponentialBackoff,
  handleWhen,
  retry,
  TaskCancelledError,
  TimeoutStrategy,
  timeout,
  wrap,
} from "cockatiel";

export type Register = "maskinporten" | "altinn" | "enhetsregisteret";
export type Kallutfall = "ok" | "feil" | "tidsavbrudd" | "brutt";

/** Where the calls are counted (server/metrikker.ts): calls, latency and failures, and each breaker's state. */
export interface RegisterMaaler {
  kall(register: Register, operasjon: string, utfall: Kallutfall, sekunder: number): void;
  tilgjengelig(register: Register, ja: boolean): void;
}

export const ingenMaaler: RegisterMaaler = { kall: () => undefined, tilgjengelig: () => undefined };

/** A register did not give an answer we can use: the caller tells the user so (503), never 500. */
export class RegisterUtilgjengelig extends Error {
  constructor(
    readonly register: Register,
    melding: string,
    options?: { cause?: unknown },
  ) {
    super(melding, options);
    this.name = "RegisterUtilgjengelig";
  }
}

/** An answer worth trying again: the network, a 5xx or a 429. Anything else is not retried. */
export class Forbigaaende extends Error {}

export interface MotstandOptions {
  /** One attempt's deadline. */
  tidsavbruddMs: number;
  /** Attempts in all (the first and the retries). */
  forsoek: number;
  /** The breaker opens after this many failed calls in a row (0: never). */
  pauseEtter: number;
  /** … and lets a call through again after this long. */
  pauseMs: number;
  maaler?: RegisterMaaler;
}

export interface Motstand {
  /**
   * Runs `fn` under the register's policy. `fn` gets the attempt's signal (pass it to fetch) and throws
   * `Forbigaaende` for what may pass. `frist` ends the whole call, retries included. Fails with
   * RegisterUtilgjengelig.
   */
  kall<T>(operasjon: string, fn: (signal: AbortSignal) => Promise<T>, frist?: AbortSignal): Promise<T>;
}

export function lagMotstand(register: Register, opts: MotstandOptions): Motstand {
  const maaler = opts.maaler ?? ingenMaaler;
  const forbigaaende = handleWhen((e) => e instanceof Forbigaaende || e instanceof TaskCancelledError);
  const forsoek = retry(forbigaaende, {
    maxAttempts: Math.max(0, opts.forsoek - 1),
    backoff: new ExponentialBackoff({ initialDelay: 100, maxDelay: 1_000 }),
  });
  const frist = timeout(opts.tidsavbruddMs, TimeoutStrategy.Aggressive);
  const lag = [forsoek];
  if (opts.pauseEtter > 0) {
    const bryter = circuitBreaker(forbigaaende, {
      halfOpenAfter: opts.pauseMs,
      breaker: new ConsecutiveBreaker(opts.pauseEtter),
    });
    bryter.onStateChange((s) => maaler.tilgjengelig(register, s !== CircuitState.Open));
    lag.push(bryter as unknown as typeof forsoek);
  }
  const policy = wrap(...lag, frist);
  maaler.tilgjengelig(register, true);

  return {
    async kall(operasjon, fn, overordnet) {
      const start = process.hrtime.bigint();
      const maal = (utfall: Kallutfall) =>
        maaler.kall(register, operasjon, utfall, Number(process.hrtime.bigint() - start) / 1e9);
      try {
        const svar = await policy.execute(({ signal }) => fn(signal), overordnet);
        maal("ok");
        return svar;
      } catch (e) {
        if (e instanceof BrokenCircuitError) {
          maal("brutt");
          throw new RegisterUtilgjengelig(register, `${register} er satt på pause etter gjentatte feil`, {
            cause: e,
          });
        }
        const tidsavbrudd = e instanceof TaskCancelledError || (overordnet?.aborted ?? false);
        maal(tidsavbrudd ? "tidsavbrudd" : "feil");
        throw new RegisterUtilgjengelig(
          register,
          tidsavbrudd
            ? `${register} svarte ikke i tide (${operasjon})`
            : `${register} feilet (${operasjon}): ${e instanceof Error ? e.message : String(e)}`,
          { cause: e },
        );
      }
    },
  };
}

/**
 * fetch for the registers: a network error, 5xx and 429 are Forbigaaende; another status that is not `ok` (and not
 * in `godta`) is an error that will not pass by retrying. The answer is returned for the caller to read.
 */
export async function hent(url: string, init: RequestInit, godta: number[] = []): Promise<Response> {
  let svar: Response;
  try {
    svar = await fetch(url, init);
  } catch (e) {
    if (init.signal?.aborted) throw e;
    throw new Forbigaaende(`nettverksfeil: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (svar.ok || godta.includes(svar.status)) return svar;
  await svar.body?.cancel();
  if (svar.status >= 500 || svar.status === 429) throw new Forbigaaende(`svarte ${svar.status}`);
  throw new Error(`svarte ${svar.status}`);
}
