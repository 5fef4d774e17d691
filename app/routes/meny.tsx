import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { tryggReturnTo } from "../lib/auth.server";
import { lesSkjema } from "../lib/csrf.server";
import { MENY_COOKIE, settCookie } from "../lib/preferanser.server";

export const loader = () => redirect("/");

/** Opens or closes the main menu and remembers the state in a cookie (works without JavaScript). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { formData } = await lesSkjema(request, context);
  const apen = formData.get("meny") === "aapne";
  const headers = { "Set-Cookie": await settCookie(MENY_COOKIE, apen ? "aapen" : "lukket", context) };
  if (request.headers.get("Sec-Fetch-Mode") === "cors" || new URL(request.url).searchParams.has("_data")) {
    return new Response(JSON.stringify({ apen }), {
      headers: { ...headers, "Content-Type": "application/json" },
    });
  }
  return redirect(tryggReturnTo(String(formData.get("returnTo") ?? "/")), { headers });
}
