// CSRF protection for every POST, without JavaScript: server/web.ts rejects cross-site requests by their
// Origin / Sec-Fetch-Site headers, and every form carries a token bound to the server-side session
// (checked here). See docs/decisions/003-csrf.md.
import { timingSafeEqual } from "node:crypto";
import { type AppLoadContext, redirect } from "@remix-run/node";
import { type AppSession, erAnonymSesjon, getSession } from "./session.server";
import { ANONYMT_SKJEMA_MAKS_BYTES, lesBegrensetSkjema, SKJEMA_MAKS_BYTES } from "./skjemagrense.server";

export const CSRF_FIELD = "csrf";

function sammeToken(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

/** Local path of the page the form was posted from, for coming back after a new login. */
function forrigeSide(request: Request): string {
  const referer = request.headers.get("Referer");
  const url = new URL(request.url);
  if (referer) {
    const r = new URL(referer, url);
    if (r.origin === url.origin) return r.pathname + r.search;
  }
  return url.pathname;
}

/**
 * Reads a posted form and checks its CSRF token against the session. An expired session sends the user
 * to log in again (and back); a wrong token is refused with 403.
 */
export async function lesSkjema(
  request: Request,
  context: AppLoadContext,
  session?: AppSession,
): Promise<{ formData: FormData; session: AppSession }> {
  // Every action reads its form here: anything but a form (JSON, text) is 415, a broken body 400 — never
  // a 500 from request.formData() (issue 15).
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") {
    throw new Response("Skjemaet må sendes som et vanlig skjema.", { status: 415 });
  }
  const s = session ?? (await getSession(request, context));
  // Within a size fitting a form: a visitor without a session may post almost nothing (issue 22).
  const grense = erAnonymSesjon(s) ? ANONYMT_SKJEMA_MAKS_BYTES : SKJEMA_MAKS_BYTES;
  const formData = await lesBegrensetSkjema(request, grense).catch((e: unknown) => {
    if (e instanceof Response) throw e;
    throw new Response("Skjemaet kunne ikke leses. Last inn siden på nytt og prøv igjen.", { status: 400 });
  });
  const forventet = s.get("csrf");
  const mottatt = formData.get(CSRF_FIELD);
  if (!forventet) {
    throw redirect(`/logg-inn?utloept=1&returnTo=${encodeURIComponent(forrigeSide(request))}`);
  }
  if (typeof mottatt !== "string" || !sammeToken(mottatt, forventet)) {
    throw new Response("Skjemaet kunne ikke verifiseres. Last inn siden på nytt og prøv igjen.", {
      status: 403,
    });
  }
  return { formData, session: s };
}
