// The worker pool's errors (api/arbeid/basseng.ts, ADR 018), in a module that imports nothing: api/http.ts maps
// them to answers without depending on the pool or the jobs it runs.

/** A job that failed inside the service (crash, time limit); the message is Norwegian, for a 5xx. */
export class ArbeidFeil extends Error {
  override readonly name = "ArbeidFeil";
}

/** A document job refused before it started: the person has too many, or the queue is full. */
export class ArbeidOpptatt extends Error {
  override readonly name = "ArbeidOpptatt";
  constructor(
    readonly status: 429 | 503,
    readonly ventSekunder: number,
  ) {
    super(
      status === 429
        ? "Du har allerede flere dokumenter under arbeid. Vent til de er ferdige, og prøv igjen."
        : "Det lages mange dokumenter akkurat nå. Prøv igjen om litt.",
    );
  }
}

/** The caller gave up (the client went away): the job left the queue or its worker was stopped. */
export class ArbeidAvbrutt extends Error {
  override readonly name = "ArbeidAvbrutt";
  constructor() {
    super("Arbeidet ble avbrutt fordi forespørselen ble avbrutt");
  }
}
