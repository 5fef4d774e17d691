import { type ActionFunctionArgs, data, redirect } from "@remix-run/node";
import { tryggReturnTo } from "../lib/auth.server";
import { lesSkjema } from "../lib/csrf.server";
import { SAMTYKKE_COOKIE, settCookie } from "../lib/preferanser.server";
import { oversetterFor } from "../lib/tekster.server";

export const loader = () => redirect("/");

/** Stores the cookie-banner choice in a cookie and returns to the page (or answers the fetcher). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { formData } = await lesSkjema(request, context);
  const valg = formData.get("valg");
  if (valg !== "alle" && valg !== "nodvendige") {
    return data(
      { feil: (await oversetterFor(request))("felles.informasjonskapsler.ugyldig") },
      { status: 400 },
    );
  }
  const headers = { "Set-Cookie": await settCookie(SAMTYKKE_COOKIE, valg, context) };
  // A fetcher (JavaScript) gets an answer and stays; Remix strips _data from request.url, so the
  // browser's Sec-Fetch-Mode tells them apart (as in routes/meny.tsx).
  if (request.headers.get("Sec-Fetch-Mode") === "cors" || new URL(request.url).searchParams.has("_data")) {
    return data({ valg }, { headers });
  }
  // Back to the page the banner was on; the login and logged-out pages too (with their returnTo).
  return redirect(tryggReturnTo(String(formData.get("returnTo") ?? "/"), { innloggingssider: true }), {
    headers,
  });
}
