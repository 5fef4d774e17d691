// Routes only tests/sprak/sider.test.ts renders: the error panels of the one error boundary (401/403, 404, 413,
// 429, 500, 503 when Altinn does not answer), and the shared form parts with validation messages from domain/schemas, as pages show them.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { createElement } from "react";
import { Feilgrense } from "../../app/components/feilgrense";
import { FantIkkeMeldingen } from "../../app/components/panels";
import { FeilOppsummering } from "../../app/components/skjema";
import { LagreFeil, Sidevelger } from "../../app/components/ui";
import { registerUtilgjengeligSvar } from "../../app/lib/grense.server";
import { oversetterFor, tekster } from "../../app/lib/tekster.server";
import { grense, grenseMelding } from "../../domain/grense";
import { ANKOMST_MELDINGER, INNMELDER_MELDINGER } from "../../domain/schemas/importmelding";

export async function feilLoader({ request, params }: LoaderFunctionArgs) {
  const status = Number(params.status);
  const t = await oversetterFor(request);
  const melding =
    status === 429
      ? t.melding(grenseMelding(grense("test", "innlogginger", 1, 60, {}), 9 * 60_000))
      : status === 413
        ? t("felles.forStort.standard")
        : "";
  if (status === 500) throw new Error("Feil i en test");
  if (status === 503) throw registerUtilgjengeligSvar(undefined, null);
  throw new Response(melding, { status });
}

/** Never shown: the loader always throws. The route's boundary knows the notification's 404 panel. */
export function Feilside() {
  return createElement(Feilgrense, {
    statuspaneler: { 404: () => createElement(FantIkkeMeldingen) },
    feiltekst: "felles.feil.rot",
  });
}

export const skjemaLoader = ({ request }: LoaderFunctionArgs) => tekster(request, "validering");

export function Skjemadeler() {
  return createElement(
    "div",
    null,
    createElement(FeilOppsummering, {
      feil: [
        { id: "navn", melding: INNMELDER_MELDINGER.navn },
        { id: "dato", melding: ANKOMST_MELDINGER.datoForLangtTilbake },
      ],
    }),
    createElement(LagreFeil, {
      svar: { lagreFeil: ANKOMST_MELDINGER.mottakskontrolloerIkkeFunnet, konflikt: true },
    }),
    createElement(Sidevelger, { aktiv: 2, antallSider: 3, lenke: (s: number) => `/test-skjema?side=${s}` }),
  );
}
