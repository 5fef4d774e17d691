// Settings (SPEC §2 "Settings (query side)"): the sides, their URLs and the fallback messages, shared by the
// route (app/routes/innstillinger.tsx) and its sections.
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

// SPEC §8 "Settings fallbacks": shown when the server gives no message of its own.
export const FEIL = {
  kontrolloerer: "Klarte ikke oppdatere listen av mottakskontrollører.",
  registrer: "Klarte ikke registrere deg som mottakskontrollør",
  slettEpost: "Noe gikk galt ved sletting av e-post",
  lagreEpost: "Noe gikk galt under lagring av e-post",
  epostvarsel: "Noe gikk galt under lagring av e-post preferanse",
  vurderingsvarsel: "Noe gikk galt under lagring av e-post preferanse",
  hentKontrolloerer: "Klarte ikke hente alle mottakskontrolloerer",
  regelverk: "Klarte ikke å lagre bekreftelsen.",
  webhook: "Klarte ikke å lagre webhooken.",
  hentWebhooker: "Klarte ikke å hente webhookene.",
  leggTilSystem: "Klarte ikke å gi systemet tilgang.",
  fjernSystem: "Klarte ikke å fjerne tilgangen.",
} as const;

export const LAGRET: Record<string, string> = {
  regelverk: "Bekreftelsen av regelverket er lagret.",
  "epost-lagt-til": "E-postadressen er lagt til.",
  "epost-slettet": "E-postadressen er slettet.",
  "kontrolloer-lagt-til": "Mottakskontrolløren er lagt til.",
  "kontrolloer-fjernet": "Mottakskontrolløren er fjernet.",
  "webhook-pauset": "Webhooken er satt på pause.",
  "webhook-startet": "Webhooken er startet igjen.",
  "webhook-slettet": "Webhooken er slettet.",
  "system-lagt-til": "Systemet har fått tilgang.",
  "system-fjernet": "Systemet har ikke lenger tilgang.",
};

export type Kort = { id: number; navn: string; organisasjonsnummer: string };

export type Svar = {
  intent: string;
  feil?: string;
  melding?: string;
  epostadresse?: string;
  bekreftelse?: string;
};
