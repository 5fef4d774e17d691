import { type ActionFunctionArgs, json, redirect } from "@remix-run/node";
import { tryggReturnTo } from "../lib/auth.server";
import { lesSkjema } from "../lib/csrf.server";
import { SAMTYKKE_COOKIE, settCookie } from "../lib/preferanser.server";

export const loader = () => redirect("/");

/** Stores the cookie-banner choice in a cookie and returns to the page (or answers the fetcher). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { formData } = await lesSkjema(request, context);
  const valg = formData.get("valg");
  if (valg !== "alle" && valg !== "nodvendige") return json({ feil: "Ugyldig valg" }, { status: 400 });
  const headers = { "Set-Cookie": settCookie(SAMTYKKE_COOKIE, valg, context) };
  if (new URL(request.url).searchParams.has("_data")) return json({ valg }, { headers });
  return redirect(tryggReturnTo(String(formData.get("returnTo") ?? "/")), { headers });
}
