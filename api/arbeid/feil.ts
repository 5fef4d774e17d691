// The worker pool's errors (api/arbeid/basseng.ts, ADR 018), in a module that imports nothing:
// api/http/feilhaandtering.ts maps them to answers without depending on the pool or the jobs it runs. ArbeidFeil and ArbeidAvbrutt are for the log
// (the caller gets api.arbeidFeilet, or no answer at all); ArbeidOpptatt is the caller's message.
import { melding } from "../../sprak/melding";

/** A job that failed inside the service (crash, time limit); the message is for the log (the caller gets a 503). */
export class ArbeidFeil extends Error {
  override readonly name = "ArbeidFeil";
}

/**
 * A document job refused before it started: the person has too many, or the queue is full. The message is a
 * reference (sprak/melding.ts), answered in the caller's language.
 */
export class ArbeidOpptatt extends Error {
  override readonly name = "ArbeidOpptatt";
  constructor(
    readonly status: 429 | 503,
    readonly ventSekunder: number,
  ) {
    super(status === 429 ? melding("api.arbeid.forMange") : melding("api.arbeid.opptatt"));
  }
}

/**
 * The caller gave up (the client went away): the job left the queue or its worker was stopped. Nobody reads an
 * answer (499 without a body); the message is for the log.
 */
export class ArbeidAvbrutt extends Error {
  override readonly name = "ArbeidAvbrutt";
  constructor() {
    super("Arbeidet ble avbrutt fordi forespørselen ble avbrutt");
  }
}
