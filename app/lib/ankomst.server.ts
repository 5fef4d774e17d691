// The arrival form's server side, shared by the wizard (ankomst-info) and the registered page (Endre).
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { osloDato } from "../../domain/format";
import type { MottakskontrolloerValg } from "../../domain/importmelding";
import { ankomstSkjema, tilAnkomstinfoBody } from "../../domain/schemas/importmelding";
import { skalViseSenMeldingDialog } from "../../domain/sen-melding";
import { loginUrl } from "./bruker.server";
import { hentMelding, lagreFeilet, lesMeldingSkjema, requireMelding } from "./importmelding.server";

export const ANKOMST_LAGRE_FEILET = "Vi klarte ikke å oppdatere ankomstinformasjonen.";

export async function ankomstLoader({ request, context, params }: LoaderFunctionArgs) {
  const { api, base } = await requireMelding(request, context, params);
  const idag = osloDato(new Date());
  try {
    const kontrolloerer = await api.getJson<MottakskontrolloerValg[]>(`${base}/mottakskontrolloerer`, {
      redirectOn401: loginUrl(request),
    });
    return { kontrolloerer, kontrolloerFeil: false, idag };
  } catch (e) {
    if (e instanceof Response) throw e;
    return { kontrolloerer: [] as MottakskontrolloerValg[], kontrolloerFeil: true, idag };
  }
}

/**
 * Intents: 'ankomst-lagre' validates and, when date and time are given, answers with the late-notice
 * dialog (a page section without JavaScript, a modal with it); 'ankomst-bekreft' saves and goes to
 * `etterLagring`; 'ankomst-avbryt' closes the dialog with the input kept.
 */
export async function ankomstAction({ request, context, params }: ActionFunctionArgs, etterLagring: string) {
  const { api, base, formData, versjon } = await lesMeldingSkjema(request, context, params);
  const melding = await hentMelding(request, api, base);
  const submission = parseWithZod(formData, {
    schema: ankomstSkjema({ kunDokumentkontroll: melding.kunDokumentkontroll, idag: osloDato(new Date()) }),
  });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply(), senMelding: false, lagreFeil: null as string | null },
      { status: 400 },
    );
  }
  const intent = formData.get("intent");
  if (intent === "ankomst-avbryt") return { result: submission.reply(), senMelding: false, lagreFeil: null };
  if (
    intent !== "ankomst-bekreft" &&
    skalViseSenMeldingDialog(submission.value.dato, submission.value.klokkeslett)
  ) {
    return { result: submission.reply(), senMelding: true, lagreFeil: null };
  }
  const ankomst = melding.ankomstInfo[0];
  if (!ankomst) {
    return data(
      { result: submission.reply(), senMelding: false, lagreFeil: ANKOMST_LAGRE_FEILET },
      { status: 400 },
    );
  }
  try {
    await api.put(
      `${base}/ankomstinfo/${ankomst.id}`,
      tilAnkomstinfoBody(submission.value, ankomst.id, versjon),
    );
  } catch (e) {
    return lagreFeilet(e, ANKOMST_LAGRE_FEILET, context.logger, {
      result: submission.reply(),
      senMelding: false,
    });
  }
  return redirect(etterLagring);
}
