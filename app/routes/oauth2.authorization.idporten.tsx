import type { LoaderFunctionArgs } from "@remix-run/node";
import { getIdporten, tryggReturnTo } from "../lib/auth.server";
import { commitSession, getSession } from "../lib/session.server";

/** Starts the login: remembers where to return and redirects to ID-porten (code + PKCE + state + nonce). */
export async function loader({ request, context }: LoaderFunctionArgs) {
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
