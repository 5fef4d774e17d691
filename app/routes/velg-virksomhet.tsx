import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { Avgiver } from "../../domain/avgiver";
import { formaterOrganisasjonsnummer } from "../../domain/format";
import { CsrfInput } from "../components/csrf-input";
import { useT } from "../components/sprak";
import { tryggReturnTo } from "../lib/auth.server";
import {
  hentAvgivere,
  husketVirksomhet,
  huskVirksomhetCookie,
  kanVelges,
  requireBruker,
  velgVirksomhet,
} from "../lib/bruker.server";
import { lesSkjema } from "../lib/csrf.server";
import { KONTAKT_EPOST } from "../lib/kontakt";
import { commitSession } from "../lib/session.server";
import { sidetittel } from "../lib/sidetittel";
import { ruteTekster } from "../lib/tekster.server";

interface Enhet {
  navn: string;
  organisasjonsnummer: string | null;
  formatert: string;
  velgbar: boolean;
}
interface Gruppe {
  hovedenhet: Enhet;
  underenheter: Enhet[];
}

function tilEnhet(a: Avgiver): Enhet {
  return {
    navn: a.altinn.navn,
    organisasjonsnummer: a.altinn.organisasjonsnummer,
    formatert: a.altinn.organisasjonsnummer ? formaterOrganisasjonsnummer(a.altinn.organisasjonsnummer) : "",
    velgbar: kanVelges(a),
  };
}

/** Main units with their sub-units, sub-units without a main unit, and persons (SPEC §2). */
function grupper(avgivere: Avgiver[]) {
  const hovedenheter = avgivere.filter((a) => a.altinn.type === "Foretak");
  const bedrifter = avgivere.filter((a) => a.altinn.type === "Bedrift");
  const hovedOrgnr = new Set(hovedenheter.map((h) => h.altinn.organisasjonsnummer));
  const grupperte: Gruppe[] = hovedenheter.map((h) => ({
    hovedenhet: tilEnhet(h),
    underenheter: bedrifter.filter((b) => b.altinn.hovedenhet === h.altinn.organisasjonsnummer).map(tilEnhet),
  }));
  const uten = bedrifter
    .filter((b) => !b.altinn.hovedenhet || !hovedOrgnr.has(b.altinn.hovedenhet))
    .map(tilEnhet);
  const personer = avgivere.filter((a) => a.altinn.type === "Person").map((p) => p.altinn.navn);
  return { grupperte, uten, personer };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { session, api } = await requireBruker(request, context);
  const returnToParam = new URL(request.url).searchParams.get("returnTo");
  let avgivere: Avgiver[];
  try {
    avgivere = await hentAvgivere(api);
  } catch (e) {
    if (e instanceof Response) throw e;
    context.logger?.error({ err: e }, "Henting av virksomheter feilet");
    return {
      feil: true as const,
      grupper: null,
      returnTo: tryggReturnTo(returnToParam),
      ...(await ruteTekster(request, "routes/velg-virksomhet")),
    };
  }
  // Coming back (after a new login) to a page: reuse the organisation chosen last time, if still allowed.
  const husket = await husketVirksomhet(request);
  if (returnToParam && husket && !session.get("avgiver")) {
    const valgt = await velgVirksomhet(api, husket, context.logger, avgivere);
    if (valgt) {
      session.set("avgiver", valgt);
      throw redirect(tryggReturnTo(returnToParam), {
        headers: { "Set-Cookie": await commitSession(session, context) },
      });
    }
  }
  return {
    feil: false as const,
    grupper: grupper(avgivere),
    returnTo: tryggReturnTo(returnToParam),
    ...(await ruteTekster(request, "routes/velg-virksomhet")),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { session, api } = await requireBruker(request, context);
  const { formData } = await lesSkjema(request, context, session);
  const orgnr = String(formData.get("organisasjonsnummer") ?? "");
  const valgt = /^\d{9}$/.test(orgnr) ? await velgVirksomhet(api, orgnr, context.logger) : undefined;
  if (!valgt) return data({ melding: "virksomhet.kanIkkeVelges" as const }, { status: 400 });
  session.set("avgiver", valgt);
  const headers = new Headers();
  headers.append("Set-Cookie", await commitSession(session, context));
  headers.append("Set-Cookie", await huskVirksomhetCookie(orgnr, context));
  return redirect(tryggReturnTo(String(formData.get("returnTo") ?? "/")), { headers });
}

function VelgKnapp({ enhet, returnTo, opptatt }: { enhet: Enhet; returnTo: string; opptatt: boolean }) {
  const t = useT();
  return (
    <Form method="post" className="virksomhet">
      <CsrfInput />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button
        type="submit"
        name="organisasjonsnummer"
        value={enhet.organisasjonsnummer ?? ""}
        className="ds-button virksomhet__knapp"
        data-variant="secondary"
        disabled={opptatt}
      >
        <span className="virksomhet__navn">{enhet.navn}</span>
        <span className="virksomhet__orgnr">{t("virksomhet.orgnr", { orgnr: enhet.formatert })}</span>
      </button>
    </Form>
  );
}

export default function VelgVirksomhet() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const opptatt = useNavigation().state !== "idle";
  const t = useT();
  const g = data.grupper;
  const tom = g && g.grupperte.length === 0 && g.uten.length === 0 && g.personer.length === 0;
  return (
    <div className="smal">
      <h1 className="ds-heading" data-size="lg">
        {t("virksomhet.tittel")}
      </h1>
      {actionData?.melding ? (
        <div className="ds-alert" data-color="danger" role="alert">
          <p className="ds-paragraph">{t(actionData.melding)}</p>
        </div>
      ) : null}
      {data.feil ? (
        <div className="ds-alert" data-color="danger">
          <h2 className="ds-heading" data-size="xs">
            {t("virksomhet.feil.tittel")}
          </h2>
          <p className="ds-paragraph">{t("virksomhet.feil.tekst", { epost: KONTAKT_EPOST })}</p>
        </div>
      ) : null}
      {tom ? (
        <div className="ds-alert" data-color="info">
          <h2 className="ds-heading" data-size="xs">
            {t("virksomhet.tom.tittel")}
          </h2>
          <p className="ds-paragraph">{t("virksomhet.tom.tekst")}</p>
        </div>
      ) : null}
      {g && !tom ? (
        <>
          <p className="ds-paragraph">{t("virksomhet.ingress")}</p>
          {g.grupperte.map((gruppe) => (
            <section key={gruppe.hovedenhet.organisasjonsnummer} className="virksomhetsgruppe">
              <h2 className="ds-heading" data-size="xs">
                {gruppe.hovedenhet.navn}{" "}
                <span className="virksomhet__orgnr">
                  {t("virksomhet.orgnr", { orgnr: gruppe.hovedenhet.formatert })}
                </span>
              </h2>
              {gruppe.underenheter.length === 0 ? (
                <p className="ds-paragraph" data-size="sm">
                  {t("virksomhet.ingenUnderenheter")}
                </p>
              ) : (
                <ul className="virksomhetsliste">
                  {gruppe.underenheter.map((u) => (
                    <li key={u.organisasjonsnummer}>
                      <VelgKnapp enhet={u} returnTo={data.returnTo} opptatt={opptatt} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
          {g.uten.length > 0 ? (
            <section className="virksomhetsgruppe">
              <h2 className="ds-heading" data-size="xs">
                {t("virksomhet.utenHovedenhet")}
              </h2>
              <ul className="virksomhetsliste">
                {g.uten.map((u) => (
                  <li key={u.organisasjonsnummer}>
                    <VelgKnapp enhet={u} returnTo={data.returnTo} opptatt={opptatt} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {g.personer.length > 0 ? (
            <section className="virksomhetsgruppe">
              <h2 className="ds-heading" data-size="xs">
                {t("virksomhet.personer.tittel")}
              </h2>
              <p className="ds-paragraph" data-size="sm">
                {t("virksomhet.personer.tekst")}
              </p>
              <ul className="virksomhetsliste">
                {g.personer.map((p) => (
                  <li key={p} className="virksomhet--ikke-velgbar">
                    {p}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

export const handle = { brodsmule: "virksomhet.tittel" };
export const meta: MetaFunction = ({ matches }) => sidetittel(matches, "virksomhet.tittel");
