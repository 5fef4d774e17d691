import { type ActionFunctionArgs, data, redirect } from "@remix-run/node";
import { erSprak } from "../../sprak/sprak";
import { tryggReturnTo } from "../lib/auth.server";
import { innloggetBruker } from "../lib/bruker.server";
import { lesSkjema } from "../lib/csrf.server";
import { lagreSprakvalg } from "../lib/sprakvalg.server";
import { oversetterFor, settSprakCookie } from "../lib/tekster.server";

export const loader = () => redirect("/");

/**
 * The language control (app/components/sprakvelger.tsx) posts here: the choice goes in the language cookie
 * and, for a logged-in person, in their stored preference (ADR 048); then back to the same page and query
 * string. Without JavaScript a redirect; with it the same post as a client navigation, so the page stays and
 * every loader sends its messages again in the new language.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { formData, session } = await lesSkjema(request, context);
  const sprak = formData.get("sprak");
  if (!erSprak(sprak)) {
    const t = await oversetterFor(request);
    return data({ feil: t("felles.sprakvelger.ugyldig") }, { status: 400 });
  }
  const valgt = Date.now();
  const headers = { "Set-Cookie": await settSprakCookie({ sprak, valgt }, context) };
  const bruker = await innloggetBruker(session, context);
  if (bruker) await lagreSprakvalg(context.db, bruker.pid, sprak, valgt);
  return redirect(tryggReturnTo(String(formData.get("returnTo") ?? "/"), { innloggingssider: true }), {
    headers,
  });
}
