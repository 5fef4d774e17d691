import type { LoaderFunctionArgs } from "@remix-run/node";
import { getIdporten, innloggingRetur, tryggReturnTo } from "../lib/auth.server";
import { appGrense, tellForAdresse } from "../lib/grense.server";

/**
 * Starts the login: remembers where to return (a signed cookie, no session row) and redirects to ID-porten
 * (code + PKCE + state + nonce; remix-auth-oauth2 keeps state and verifier in a cookie of its own). Each
 * start counts against the client address's limit (app/lib/grense.server.ts); past it the page is 'For
 * mange forsøk' (429).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await tellForAdresse(context, request, appGrense(context).innloggingIp);
  const returnTo = tryggReturnTo(new URL(request.url).searchParams.get("returnTo"));
  // Not in the session: a login start stores nothing on the server (issue 22).
  const cookie = await innloggingRetur(context.config).serialize(returnTo);
  const { authenticator } = await getIdporten(context);
  try {
    await authenticator.authenticate("idporten", request);
  } catch (e) {
    if (e instanceof Response) {
      e.headers.append("Set-Cookie", cookie);
      throw e;
    }
    throw e;
  }
  throw new Response("Innlogging kunne ikke startes", { status: 500 });
}

/** Never shown: the loader always redirects. A page route, so that a 429 shows the root's error panel. */
export default function StartInnlogging() {
  return null;
}
