// The "Webhooker" section of Innstillinger → Integrasjoner (issue 25 §3, docs/decisions/036-hendelser-og-webhooker.md):
// the loader's data and the form actions, kept here so the settings route only delegates to them.
import { data, redirect } from "@remix-run/node";
import type { LeveringsforsoekVisning, WebhookVisning } from "../../domain/hendelser";
import { FEIL, type Svar, sideUrl } from "../components/innstillinger/felles";
import { type ApiClient, ApiFeil } from "./api.server";
import type { ValgtVirksomhet } from "./session.server";

export type WebhookSvar = Svar & {
  /** The new subscription's secret: in this answer only. */
  hemmelighet?: string;
  url?: string;
  typer?: string[];
  felt?: "url" | "typer";
};

const sti = (a: ValgtVirksomhet) => `/import/register/v1/${a.organisasjonsnummer}/${a.importoerId}/webhooker`;

export async function hentWebhooker(
  api: ApiClient,
  avgiver: ValgtVirksomhet,
  url: URL,
  redirectOn401: string,
) {
  let liste: { webhooker: WebhookVisning[]; logg: LeveringsforsoekVisning[] };
  let feil = false;
  try {
    liste = await api.getJson(sti(avgiver), { redirectOn401 });
  } catch (e) {
    if (!(e instanceof ApiFeil)) throw e;
    liste = { webhooker: [], logg: [] };
    feil = true;
  }
  const slettId = Number(url.searchParams.get("slettWebhook"));
  return { ...liste, feil, slettWebhook: liste.webhooker.find((w) => w.id === slettId) ?? null };
}

/** The webhook intents of the settings form; undefined for any other intent. */
export async function webhookHandling(
  intent: string,
  formData: FormData,
  api: ApiClient,
  avgiver: ValgtVirksomhet,
  redirectOn401: string,
) {
  const opts = { redirectOn401 };
  const id = String(formData.get("id") ?? "");
  switch (intent) {
    case "opprett-webhook": {
      const url = String(formData.get("url") ?? "").slice(0, 2000);
      const typer = formData.getAll("typer").map(String);
      const avvis = (feil: string, felt: WebhookSvar["felt"]) =>
        data<WebhookSvar>({ intent, feil, url, typer, felt }, { status: 400 });
      if (url.trim() === "") return avvis("innstillinger.webhooker.adresseMangler", "url");
      if (typer.length === 0) return avvis("innstillinger.webhooker.hendelseMangler", "typer");
      try {
        const ny = await api.postJson<{ hemmelighet: string; url: string }>(
          sti(avgiver),
          { url: url.trim(), typer },
          opts,
        );
        return { intent, hemmelighet: ny.hemmelighet, url: ny.url } satisfies WebhookSvar;
      } catch (e) {
        if (!(e instanceof ApiFeil)) throw e;
        const feil = e.melding ?? FEIL.webhook;
        // the API's message about the event types (in the user's language) goes with them, any other with the address
        return avvis(feil, /hendelse|hending|event/i.test(feil) ? "typer" : "url");
      }
    }
    case "webhook-status":
    case "slett-webhook": {
      if (!/^\d{1,9}$/.test(id)) return data<WebhookSvar>({ intent, feil: FEIL.webhook }, { status: 400 });
      const aktiv = formData.get("aktiv") === "ja";
      try {
        if (intent === "slett-webhook") await api.delete(`${sti(avgiver)}/${id}`, opts);
        else await api.put(`${sti(avgiver)}/${id}/status`, { aktiv }, opts);
      } catch (e) {
        if (!(e instanceof ApiFeil)) throw e;
        return data<WebhookSvar>({ intent, feil: e.melding ?? FEIL.webhook }, { status: 400 });
      }
      const lagret =
        intent === "slett-webhook" ? "webhook-slettet" : aktiv ? "webhook-startet" : "webhook-pauset";
      return redirect(sideUrl("Integrasjoner", { lagret }));
    }
    default:
      return undefined;
  }
}
