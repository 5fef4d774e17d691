import type { LoaderFunctionArgs } from "@remix-run/node";
import { getIdporten, tryggReturnTo } from "../lib/auth.server";
import { appGrense, tellForAdresse } from "../lib/grense.server";
import { commitSession, getSession } from "../lib/session.server";

/**
 * Starts the login: remembers where to return and redirects to ID-porten (code + PKCE + state + nonce). Each
 * start counts against the client address's limit (app/lib/grense.server.ts); past it the page is 'For
 * mange forsøk' (429).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await tellForAdresse(context, request, appGrense().innloggingIp);
  const returnTo = tryggReturnTo(new URL(request.url).searchParams.get("returnTo"));
  const session = await getSession(request, context);
  session.set("returnTo", returnTo);
  const cookie = await commitSession(session, context);
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
