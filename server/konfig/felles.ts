// The building blocks of the configuration's zod schema (docs/decisions/066-konfigurasjonsskjema.md): how one
// environment variable is read (a switch, seconds, a whole number, a port, a PEM or a JWK), and the error that
// lists every problem at start. Each reader takes the text as written (or undefined) and gives the value the
// service uses; a value that cannot be read falls back to its default unless a problem is reported for it.
import { existsSync } from "node:fs";
import { z } from "zod";
import { UTVIKLINGSNOEKKEL } from "../../api/hendelser/hemmelighet";

export const ROLLER = ["web", "api", "sender"] as const;
export type Rolle = (typeof ROLLER)[number];

/** The development defaults that must never guard a production service. */
export const UTVIKLINGSVERDIER = {
  clientId: "forhaandsmelding-dev",
  clientSecret: "dev-hemmelighet-ikke-for-produksjon",
  hubApiKey: "dev-hub-nokkel",
  webhookNoekkel: UTVIKLINGSNOEKKEL,
  altinnRessurs: "mattilsynet-digital-forhaandsmelding",
  altinnAbonnementsnoekkel: "dev-altinn-abonnement",
  maskinportenKlientId: "forhaandsmelding-dev",
} as const;

/** A configuration the service refuses to start with; the message lists every problem, in Norwegian. */
export class KonfigurasjonsFeil extends Error {
  constructor(
    readonly problemer: string[],
    hva = "Ugyldig oppsett for produksjon (NODE_ENV=production)",
  ) {
    super(
      `${hva}:\n${problemer.map((p) => `  - ${p}`).join("\n")}\n` +
        "Se README.md «Konfigurasjon» og «Drift». For en demo med de innebygde utviklingstjenestene: sett DEMO_MODE=true.",
    );
    this.name = "KonfigurasjonsFeil";
  }
}

export const satt = (value: string | undefined): value is string =>
  value !== undefined && value.trim() !== "";

/** A variable as written (undefined when absent). */
export const tekst = z.string().optional();

/** Written and not empty, else undefined (`X || undefined`). */
export const valgfri = tekst.transform((v) => v || undefined);

/** The text, or `standard` when absent or empty (`X || standard`). */
export const ellers = (standard: string) => tekst.transform((v) => v || standard);

export function lesBryter(value: string | undefined, standard: boolean): boolean {
  if (value === undefined || value === "") return standard;
  return ["1", "true", "on", "yes", "ja"].includes(value.toLowerCase());
}

/** A switch: 1, true, on, yes or ja is on (any case); absent or empty is `standard`; anything else off. */
export const bryter = (standard: boolean) => tekst.transform((v) => lesBryter(v, standard));

/** A switch whose default depends on other settings: undefined when absent or empty. */
export const valgfriBryter = tekst.transform((v) =>
  v === undefined || v === "" ? undefined : lesBryter(v, false),
);

/** A non-negative number of seconds, in milliseconds (at least `minstMs`); else `standard` seconds. */
export const sekunder = (standard: number, minstMs = 0) =>
  tekst.transform((v) => {
    const n = v === undefined || v.trim() === "" ? Number.NaN : Number(v);
    return Math.max(minstMs, Math.round((Number.isFinite(n) && n >= 0 ? n : standard) * 1000));
  });

/** Seconds whose default depends on other settings: the number of seconds, or undefined when it is not one. */
export const valgfrieSekunder = tekst.transform((v) => {
  const n = v === undefined || v.trim() === "" ? Number.NaN : Number(v);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
});

/** A count (truncated), at least `minst`; `standard` when absent, empty, zero or not a number. */
export const antall = (standard: number, minst = 1) =>
  tekst.transform((v) => Math.max(minst, Math.trunc(Number(v ?? standard)) || standard));

/** A whole number (at least `minst`), or `standard` when absent or not an integer (the worker pool's lanes). */
export const heltall = (standard: number, minst = 1) =>
  tekst.transform((v) => {
    const verdi = v?.trim();
    const n = verdi ? Number(verdi) : Number.NaN;
    return Math.max(minst, Number.isInteger(n) ? n : standard);
  });

/** A port 0–65535, undefined when absent, NaN when it is not one (./sjekker.ts says so). */
export const port = tekst.transform((v) => {
  if (!satt(v)) return undefined;
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 && n <= 65_535 ? n : Number.NaN;
});

/** A JWK in JSON with a private part, or undefined when the text is not one. */
export function privatNoekkel(verdi: string | undefined): JsonWebKey | undefined {
  if (!satt(verdi)) return undefined;
  try {
    const jwk = JSON.parse(verdi) as JsonWebKey;
    return typeof jwk === "object" && jwk !== null && typeof jwk.kty === "string" && typeof jwk.d === "string"
      ? jwk
      : undefined;
  } catch {
    return undefined;
  }
}

/** A PEM setting that names a file which is not there. */
export const manglerFil = (verdi: string | undefined) =>
  satt(verdi) && !verdi.includes("-----BEGIN") && !existsSync(verdi);
