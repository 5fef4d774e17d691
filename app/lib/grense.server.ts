// The web app's rate limits (issue 22, docs/decisions/026-grenser.md): login starts and failed login
// callbacks per client address, counted in the counters every web process shares (db/grense.ts, handed to
// the app in its load context by server/web.ts: the app reaches the database only for its sessions). Over a
// limit the page is 429 with Retry-After and the 'For mange forsøk' panel (root ErrorBoundary), and one line
// is logged. A 429 from the import API (its search and download limits) becomes the same page (api.server.ts).
import { createHash } from "node:crypto";
import type { AppLoadContext, HeadersFunction } from "@remix-run/node";
import {
  type Grense,
  grense,
  grenseMelding,
  ipNoekkel,
  type Utfall,
  ventSekunder,
} from "../../domain/grense";
import { REGISTER_FEIL } from "../../domain/problem";
import { oversetterFor } from "./tekster.server";

/** The limits, each overridable by GRENSE_<NAVN> (README "Konfigurasjon"; `config.grenser`). */
export function appGrenser(env: Readonly<Record<string, string | undefined>> = {}) {
  return {
    /** Login starts (/oauth2/authorization/idporten), per client address (a large importer's NAT, ADR 026). */
    innloggingIp: grense("innlogging-ip", "innlogginger", 600, 10 * 60, env),
    /**
     * Callbacks from ID-porten that fail (bad state, code or id_token), per client address: past it a failing
     * callback is 429, but a valid login from the address still goes through (issue 34 item 2).
     */
    innloggingFeilIp: grense("innlogging-feil-ip", "mislykkedeInnlogginger", 20, 10 * 60, env),
    /**
     * The same failing callback again (per login attempt, by its `state`): a reload or a replayed link counts once
     * against the address, so one person retrying a broken login cannot use up colleagues' allowance.
     */
    innloggingFeilForsoek: grense("innlogging-feil-forsoek", "mislykkedeInnlogginger", 3, 10 * 60, env),
    /** … and past this no callback from the address is tried, a valid one neither: the bound on forgeries. */
    innloggingStengtIp: grense("innlogging-stengt-ip", "mislykkedeInnlogginger", 100, 10 * 60, env),
  };
}

const grenser = new WeakMap<object, ReturnType<typeof appGrenser>>();
/** The limits of this process's configuration (made once per configuration). */
export const appGrense = (context: AppLoadContext) => {
  let g = grenser.get(context.config);
  if (!g) {
    g = appGrenser(context.config.grenser);
    grenser.set(context.config, g);
  }
  return g;
};

/**
 * The page answer when the API could not reach Altinn or Enhetsregisteret (ADR 042): 503 with Retry-After and
 * the API's message; the ErrorBoundary shows the register page (never «Noe gikk feil», never a 500).
 */
export function registerUtilgjengeligSvar(melding: string | undefined, retryAfter: string | null): Response {
  return Response.json(
    { feil: REGISTER_FEIL, melding: melding ?? null },
    {
      status: 503,
      headers: {
        "Retry-After": /^\d+$/.test(retryAfter ?? "") ? (retryAfter as string) : "30",
        "Cache-Control": "private, no-store",
      },
    },
  );
}

/** The page answer over a limit: 429, Retry-After and the message (the ErrorBoundary shows it). */
export function forMangeSvar(melding: string, ventSekunderTekst: string): Response {
  return new Response(melding, {
    status: 429,
    headers: {
      "Retry-After": ventSekunderTekst,
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "private, no-store",
    },
  });
}

async function stopp(context: AppLoadContext, request: Request, g: Grense, u: Utfall): Promise<void> {
  if (u.ok) return;
  context.logger?.warn(
    `Grense nådd: ${g.navn} (${g.antall} per ${g.sekunder} s), adresse ${ipNoekkel(context.klientIp)}, ${request.method} ${new URL(request.url).pathname}`,
  );
  const t = await oversetterFor(request);
  throw forMangeSvar(t.melding(grenseMelding(g, u.ventMs)), ventSekunder(u.ventMs));
}

/** The counters the server handed this request (a context without them is a wiring error, never "no limit"). */
function teller(context: AppLoadContext) {
  if (!context.grenseteller) throw new Error("Lastekonteksten mangler grensetellerne (server/web.ts).");
  return context.grenseteller;
}

/** Counts one event for the client address; throws the 429 page past the limit. */
export async function tellForAdresse(context: AppLoadContext, request: Request, g: Grense): Promise<void> {
  await stopp(context, request, g, await teller(context).tell(g, ipNoekkel(context.klientIp)));
}

/**
 * Counts one failed login callback: per attempt (its `state`) and, the first time that attempt fails, per client
 * address (issue 34 item 2, ADR 026). Throws the 429 page past either limit.
 */
export async function tellMislyktetInnlogging(context: AppLoadContext, request: Request): Promise<void> {
  const g = appGrense(context);
  const state = new URL(request.url).searchParams.get("state") ?? "";
  const forsoek = `innlogging|${createHash("sha256").update(state).digest("base64url").slice(0, 22)}`;
  const u = await teller(context).tell(g.innloggingFeilForsoek, forsoek);
  if (u.ok && (u.brukt ?? 1) <= 1) {
    await tellForAdresse(context, request, g.innloggingStengtIp);
    await tellForAdresse(context, request, g.innloggingFeilIp);
  }
  await stopp(context, request, g.innloggingFeilForsoek, u);
}

/** Throws the 429 page when the client address has used up the limit (counts nothing). */
export async function stoppHvisAdresseSperret(
  context: AppLoadContext,
  request: Request,
  g: Grense,
): Promise<void> {
  await stopp(context, request, g, await teller(context).erSperret(g, ipNoekkel(context.klientIp)));
}

/**
 * A route's `headers` that keeps its parent's and passes on a thrown 429's Retry-After (Remix gives a thrown
 * response's headers only to the boundary route's `headers`).
 */
export const medRetryAfter: HeadersFunction = ({ parentHeaders, errorHeaders }) => {
  const h = new Headers(parentHeaders);
  const vent = errorHeaders?.get("Retry-After");
  if (vent) h.set("Retry-After", vent);
  return h;
};
