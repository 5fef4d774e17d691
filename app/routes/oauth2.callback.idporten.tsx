import {
  type AppLoadContext,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { erForMange, IngenTilgang } from "../components/panels";
import { getIdporten, innloggingRetur, slettOauth2Cookies, tryggReturnTo } from "../lib/auth.server";
import { apiFor } from "../lib/bruker.server";
import { appGrense, stoppHvisAdresseSperret, tellMislyktetInnlogging } from "../lib/grense.server";
import {
  commitSession,
  destroySession,
  getSession,
  getSessionStorage,
  type InnloggetBruker,
  nyCsrfToken,
} from "../lib/session.server";
import { sidetittel } from "../lib/sidetittel";
import { sprakVedInnlogging } from "../lib/sprakvalg.server";
import { tekster } from "../lib/tekster.server";

/**
 * The callback from ID-porten: the strategy checks state and exchanges the code with the PKCE verifier;
 * our verify function checks the id_token. The session is rotated (new id), the oauth2:* cookies are
 * deleted, and the user returns to the page first asked for. A failed login shows 'Ingen tilgang'.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  // An address that has sent very many failing callbacks is refused before the callback is tried; below that a
  // valid login goes through even when the address's failures are over their limit (ADR 026, issue 34 item 2).
  await stoppHvisAdresseSperret(context, request, appGrense(context).innloggingStengtIp);
  const retur = innloggingRetur(context.config);
  const oauthCookies = [
    ...slettOauth2Cookies(request, context.config.secureCookies),
    await retur.serialize("", { maxAge: 0 }),
  ];
  const gammel = await getSession(request, context);
  const returnTo = tryggReturnTo(await retur.parse(request.headers.get("Cookie")));
  let bruker: Awaited<ReturnType<Awaited<ReturnType<typeof getIdporten>>["authenticator"]["authenticate"]>>;
  try {
    const { authenticator } = await getIdporten(context);
    bruker = await authenticator.authenticate("idporten", request);
  } catch (e) {
    if (e instanceof Response) throw e;
    context.logger?.warn({ feil: e instanceof Error ? e.message : e }, "Innlogging feilet");
    const headers = new Headers();
    for (const c of oauthCookies) headers.append("Set-Cookie", c);
    try {
      await tellMislyktetInnlogging(context, request);
    } catch (stopp) {
      if (stopp instanceof Response) for (const c of oauthCookies) stopp.headers.append("Set-Cookie", c);
      throw stopp;
    }
    return data({ feilet: true, ...(await tekster(request, "innlogging")) }, { status: 401, headers });
  }
  const headers = new Headers();
  for (const c of oauthCookies) headers.append("Set-Cookie", c);
  // Rotate: the pre-login session (and its id) is destroyed; a new one carries the user.
  if (gammel.id) await destroySession(gammel, context);
  const ny = await getSessionStorage(context).getSession();
  ny.set("csrf", nyCsrfToken());
  ny.set("bruker", await medNavnFraAltinn(request, context, bruker));
  ny.set("varInnlogget", true);
  headers.append("Set-Cookie", await commitSession(ny, context));
  // The person's stored language, or the one they chose here before logging in (ADR 048): read once, here.
  const sprakCookie = await sprakVedInnlogging(request, context, bruker.pid);
  if (sprakCookie) headers.append("Set-Cookie", sprakCookie);
  return redirect(returnTo, { headers });
}

/**
 * At login the API asks Altinn afresh who the person may act for, and gives their name from Altinn's answer
 * (docs/decisions/042-altinn-og-enhetsregisteret.md). Login goes on without it when Altinn does not answer:
 * «Velg virksomhet» asks again and says so.
 */
async function medNavnFraAltinn(
  request: Request,
  context: AppLoadContext,
  bruker: InnloggetBruker,
): Promise<InnloggetBruker> {
  const api = await apiFor(request, context, bruker);
  try {
    await api.getJson("/gateway/auth/avgiver");
    const info = await api.getJson<{ navn: string | null }>("/gateway/auth/session/brukerInfo");
    return info.navn ? { ...bruker, navn: info.navn } : bruker;
  } catch (e) {
    context.logger?.warn(
      { feil: e instanceof Response ? e.status : e },
      "Fikk ikke navnet fra Altinn ved innlogging",
    );
    return bruker;
  }
}

export default function Callback() {
  return <IngenTilgang />;
}

export const meta: MetaFunction = ({ error, matches }) =>
  sidetittel(matches, erForMange(error) ? "felles.forMange.tittel" : "innlogging.ingenTilgang.sidetittel");
