import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { getIdporten } from "../lib/auth.server";
import { glemVirksomhetCookie } from "../lib/bruker.server";
import { lesSkjema } from "../lib/csrf.server";
import { destroySession, getSession } from "../lib/session.server";

export const loader = () => redirect("/");

/**
 * Logout (a form POST): ends the server session and then the ID-porten session through the
 * end_session_endpoint with id_token_hint; ID-porten sends the user on to /utlogget.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await getSession(request, context);
  if (!session.get("csrf")) return redirect("/utlogget");
  await lesSkjema(request, context, session);
  const idToken = session.get("bruker")?.idToken;
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(session, context));
  headers.append("Set-Cookie", await glemVirksomhetCookie(context.config.secureCookies));
  if (!idToken) return redirect("/utlogget", { headers });
  try {
    const { discovery } = await getIdporten(context);
    if (!discovery.end_session_endpoint) return redirect("/utlogget", { headers });
    const url = new URL(discovery.end_session_endpoint);
    url.searchParams.set("id_token_hint", idToken);
    url.searchParams.set("post_logout_redirect_uri", context.config.oidc.postLogoutRedirectUri);
    return redirect(url.toString(), { headers });
  } catch (e) {
    context.logger?.error({ err: e }, "Utlogging fra ID-porten feilet");
    return redirect("/utlogget", { headers });
  }
}
