// Settings (SPEC §2 "Settings (query side)"): the sides, their URLs and the fallback messages, shared by the
// route (app/routes/innstillinger.tsx) and its sections.
import type { Noekkel } from "../../../sprak/navnerom";
import type { Regelverksvar } from "../regelverk-bekreftelse";
/** The four sides of SPEC §2 "Settings (query side)", and the importer's integrations (issue 25: systems, webhooks). */
export const SIDER = [
  "Profil",
  "Varslinger",
  "Registrere som mottakskontrollør",
  "Legg til mottakskontrollør",
  "Integrasjoner",
] as const;
export type Side = (typeof SIDER)[number];

/** Both readings of the names (SPEC §2): 'Registrere mottakskontrollør' is the same side; Profil by default. */
export function lesSide(verdi: string | null): Side {
  const v = (verdi ?? "").trim().toLowerCase();
  if (v === "registrere mottakskontrollør") return "Registrere som mottakskontrollør";
  return SIDER.find((s) => s.toLowerCase() === v) ?? "Profil";
}

export const sideUrl = (side: Side, ekstra: Record<string, string> = {}) =>
  `/innstillinger?${new URLSearchParams({ side, ...ekstra }).toString()}`;

/** The sides' names in the page's language (the URL keeps SPEC's bokmål name: ?side=Profil). */
export const SIDE_TEKST: Record<Side, Noekkel> = {
  Profil: "innstillinger.side.profil",
  Varslinger: "innstillinger.side.varslinger",
  "Registrere som mottakskontrollør": "innstillinger.side.registrereKontrolloer",
  "Legg til mottakskontrollør": "innstillinger.side.leggTilKontrolloer",
  Integrasjoner: "innstillinger.side.integrasjoner",
};

// SPEC §8 "Settings fallbacks": shown when the server gives no message of its own (message ids, resolved where
// they are shown or by the action in the user's language).
export const FEIL = {
  kontrolloerer: "innstillinger.feil.kontrolloerer",
  registrer: "innstillinger.feil.registrer",
  slettEpost: "innstillinger.feil.slettEpost",
  lagreEpost: "innstillinger.feil.lagreEpost",
  epostvarsel: "innstillinger.feil.epostvarsel",
  vurderingsvarsel: "innstillinger.feil.epostvarsel",
  hentKontrolloerer: "innstillinger.feil.hentKontrolloerer",
  regelverk: "innstillinger.feil.regelverk",
  webhook: "innstillinger.feil.webhook",
  hentWebhooker: "innstillinger.feil.hentWebhooker",
  leggTilSystem: "innstillinger.feil.leggTilSystem",
  fjernSystem: "innstillinger.feil.fjernSystem",
  endreSystem: "innstillinger.feil.endreSystem",
} as const satisfies Record<string, Noekkel>;

/** The confirmation after a save that redirected (?lagret=…): the value in the URL → its message. */
export const LAGRET: Record<string, Noekkel> = {
  regelverk: "innstillinger.lagret.regelverk",
  "epost-lagt-til": "innstillinger.lagret.epostLagtTil",
  "epost-slettet": "innstillinger.lagret.epostSlettet",
  "kontrolloer-lagt-til": "innstillinger.lagret.kontrolloerLagtTil",
  "kontrolloer-fjernet": "innstillinger.lagret.kontrolloerFjernet",
  "webhook-pauset": "innstillinger.lagret.webhookPauset",
  "webhook-startet": "innstillinger.lagret.webhookStartet",
  "webhook-slettet": "innstillinger.lagret.webhookSlettet",
  "system-lagt-til": "innstillinger.lagret.systemLagtTil",
  "system-fjernet": "innstillinger.lagret.systemFjernet",
  "system-endret": "innstillinger.lagret.systemEndret",
};

export type Kort = { id: number; navn: string; organisasjonsnummer: string };

/** An action's answer; `feil` and `melding` are in the user's language already (the action resolves them). */
export type Svar = {
  intent: string;
  feil?: string;
  melding?: string;
  epostadresse?: string;
  /** The regulation form's choice and messages when it was refused or answered 'Nei' (ADR 060). */
  regelverk?: Regelverksvar;
};
