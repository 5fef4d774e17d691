// The settings side "Integrasjoner", section "Systemer med tilgang" (issue 25 §2, ADR 035): the systems the
// importer lets act for it with a Maskinporten token, read and changed through the register API. The route
// (app/routes/innstillinger.tsx) calls these from its loader and action.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import {
  type SystemtilgangDto,
  systemtilgangEndringSchema,
  systemtilgangSchema,
} from "../../domain/schemas/systemtilgang";
import { FEIL, sideUrl } from "../components/innstillinger/felles";
import { type ApiClient, ApiFeil, type CallOptions } from "./api.server";

const sti = (orgnr: string) => `/import/register/v1/${orgnr}/systemtilgang`;

/**
 * The side's data: the granted systems, the one `?fjernSystem=` asks to confirm removing, and the one
 * `?endreSystem=` opens the «Endre tilgang» form for.
 */
export async function hentSystemtilganger(api: ApiClient, orgnr: string, url: URL, opts: CallOptions) {
  const systemer = await api.getJson<SystemtilgangDto[]>(sti(orgnr), opts);
  const fjern = Number(url.searchParams.get("fjernSystem"));
  const endre = Number(url.searchParams.get("endreSystem"));
  return {
    systemer,
    fjernSystem: systemer.find((s) => s.id === fjern) ?? null,
    endreSystem: systemer.find((s) => s.id === endre) ?? null,
  };
}

/** What the section's forms get back: the add form's conform reply, or a removal's message. */
export type SystemSvar = {
  intent: "legg-til-system" | "fjern-system" | "endre-system";
  result?: SubmissionResult<string[]>;
  /** A save the API refused (shown above the form, which keeps what was typed). */
  lagreFeil?: string;
};

/** The intents "legg-til-system", "endre-system" and "fjern-system"; undefined for any other intent. */
export async function systemtilgangHandling(
  intent: string,
  formData: FormData,
  api: ApiClient,
  orgnr: string,
  opts: CallOptions,
) {
  if (intent === "legg-til-system") {
    const submission = parseWithZod(formData, { schema: systemtilgangSchema });
    if (submission.status !== "success") {
      return data<SystemSvar>({ intent, result: submission.reply() }, { status: 400 });
    }
    try {
      await api.postJson(sti(orgnr), submission.value, opts);
    } catch (e) {
      if (!(e instanceof ApiFeil)) throw e;
      // The API's message (a client id already granted, too many systems) on the client id field.
      return data<SystemSvar>(
        {
          intent,
          result: submission.reply({ fieldErrors: { klientId: [e.melding ?? FEIL.leggTilSystem] } }),
        },
        { status: 400 },
      );
    }
    return redirect(sideUrl("Integrasjoner", { lagret: "system-lagt-til" }));
  }
  if (intent === "endre-system") {
    // The radio buttons always send one of the two; anything else is a forged or stale form: refused, kept.
    const id = String(formData.get("id") ?? "");
    const endring = systemtilgangEndringSchema.safeParse({ scopes: formData.getAll("scopes").map(String) });
    if (!/^\d{1,15}$/.test(id) || !endring.success)
      return data<SystemSvar>({ intent, lagreFeil: FEIL.endreSystem }, { status: 400 });
    try {
      await api.putJson(`${sti(orgnr)}/${id}`, endring.data, opts);
    } catch (e) {
      if (!(e instanceof ApiFeil)) throw e;
      return data<SystemSvar>({ intent, lagreFeil: e.melding ?? FEIL.endreSystem }, { status: 400 });
    }
    return redirect(sideUrl("Integrasjoner", { lagret: "system-endret" }));
  }
  if (intent === "fjern-system") {
    const id = String(formData.get("id") ?? "");
    if (!/^\d{1,15}$/.test(id))
      return data<SystemSvar>({ intent, lagreFeil: FEIL.fjernSystem }, { status: 400 });
    try {
      await api.delete(`${sti(orgnr)}/${id}`, opts);
    } catch (e) {
      if (!(e instanceof ApiFeil)) throw e;
      return data<SystemSvar>({ intent, lagreFeil: e.melding ?? FEIL.fjernSystem }, { status: 400 });
    }
    return redirect(sideUrl("Integrasjoner", { lagret: "system-fjernet" }));
  }
  return undefined;
}
