// Server configuration from the environment. Every variable has an embedded default, so `npm start` runs the
// whole service (all three roles) on one machine; setting a variable switches that part to a real service
// (README.md "Konfigurasjon" and "Drift"). The process runs the roles in ROLES: `web` (the Remix app), `api`
// (the import API with the Hub intake and the authority's endpoint) and `sender` (the e-mail outbox worker).
// In production (NODE_ENV=production) each role checks what it needs and the development stand-ins and
// well-known secrets are refused unless DEMO_MODE is set (docs/decisions/009-production-configuration.md,
// docs/decisions/028-roller-og-drift.md).
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import type { Arbeidsgrenser } from "../api/arbeid/basseng";
import { UTVIKLINGSNOEKKEL } from "../api/hendelser/hemmelighet";
import type { Alder } from "../api/opprydding";
import { lesGrenseverdi } from "../domain/grense";

export const ROLLER = ["web", "api", "sender"] as const;
export type Rolle = (typeof ROLLER)[number];

export interface Config {
  /** The roles this process runs (ROLES; default all three). */
  roller: ReadonlySet<Rolle>;
  port: number;
  host: string;
  /** The public URL of the web app (used for redirect URIs, Origin checks and links in e-mails). */
  appUrl: string;
  production: boolean;
  /** Production explicitly run as a demo with the development stand-ins (DEMO_MODE). */
  demo: boolean;
  /** Secure cookies with the __Host- prefix: always in production, else when appUrl is https. */
  secureCookies: boolean;
  databaseUrl?: string;
  dataDir: string;
  /** Base URL of the import API the web app calls: IMPORT_API_URL, or this process when it runs `api`. */
  importApiUrl: string;
  /** The `api` role runs in this process. */
  embeddedApi: boolean;
  oidc: {
    /** As configured (a trailing slash is kept: the discovered issuer must match it). */
    issuer: string;
    clientId: string;
    clientSecret: string;
    redirectUri: string;
    postLogoutRedirectUri: string;
    acrValues: string;
    scopes: string[];
    /** Optional resource indicator for an audience-restricted access token. */
    resource?: string;
  };
  /** The development ID-porten runs in this process (the `web` role without OIDC_ISSUER). */
  embeddedIdporten: boolean;
  /** Audience the import API requires in access tokens. */
  apiAudience: string;
  /** The JWKS the import API verifies access tokens with; by default the issuer's, from its discovery document. */
  apiJwksUri?: string;
  /**
   * Machine access (issue 25 §2, ADR 035): Maskinporten's issuer, its JWKS and the audience machine tokens
   * must carry. On when MASKINPORTEN_ISSUER is set; in development (and a demo) without it the development
   * Maskinporten (dev/maskinporten) runs in the api role at /maskinporten; in production without it, off.
   */
  maskinporten?: { issuer: string; jwksUri: string; audience: string };
  /** The development Maskinporten runs in this process (the `api` role without MASKINPORTEN_ISSUER). */
  embeddedMaskinporten: boolean;
  /** Its clients' file (MASKINPORTEN_DEV_KLIENTER, dev/maskinporten/klientfil.ts). */
  maskinportenDevKlienter: string;
  /**
   * The authority's case system in development (ADR 045): the client the development Maskinporten registers
   * for MYNDIGHET_ORGNR with the authority's scopes, and its private key beside the clients' file, so
   * `npm run myndighet:vurder` and scripts/eksempelklient-myndighet.ts get a token with no manual step.
   */
  myndighetDevKlient: { klientId: string; noekkelfil: string };
  sessionSecret: string;
  features: { visImportmelding: boolean; visRisikovurdering: boolean };
  /** API key of the ePhyto Hub side (certificate ingestion). */
  hubApiKey: string;
  /**
   * The authority's case-system API (ADR 045): the organisation number whose Maskinporten tokens it takes
   * (MYNDIGHET_ORGNR, default Mattilsynet's 985399077). There is no shared key.
   */
  myndighetOrgnr: string;
  /** Seed demo data on first start of an empty embedded database. */
  seedDemoData: boolean;
  /** Migrate the database at start (under an advisory lock); off: the process waits for `npm run db:migrate`. */
  migrerVedOppstart: boolean;
  /** SMTP server for e-mail alerts; when absent (embedded mode) the development mail catcher is used. */
  smtpUrl?: string;
  /** The development mail catcher runs (the `sender` role without SMTP_URL): SMTP on a local port, pages under /dev/epost. */
  embeddedEpost: boolean;
  /** Prometheus metrics on their own port (METRICS_PORT), never on the public one; absent: no metrics server. */
  metricsPort?: number;
  /** How long in-flight requests may take to finish after SIGTERM before their connections are closed. */
  avslutningMs: number;
  /** pino level of the JSON log (LOG_LEVEL): fatal, error, warn, info, debug, trace or silent. */
  loggNivaa: string;
  /**
   * Express's "trust proxy" (TRUST_PROXY): the proxies whose X-Forwarded-For/-Proto are believed, as a number of
   * hops or a list of addresses, networks and Express's names (loopback, linklocal, uniquelocal). Unset: none,
   * so the client address is the connection's (issue 34 item 3, docs/decisions/026-grenser.md).
   */
  trustProxy: false | number | string[];
  /** E-mail alerts (docs/decisions/012-epostvarsler.md). */
  epost: {
    /** The From address. */
    avsender: string;
    /** The catcher's SMTP port (0: any free port, shown on /dev/epost). */
    fangerPort: number;
    /** Alerts for one importer within this window share one message. */
    samlevinduMs: number;
    /** Attempts before an alert is given up. */
    maksForsoek: number;
    /** First retry delay; doubled for each further attempt. */
    ventetidMs: number;
    /** The home page says e-mail sending has problems when SMTP has been unreachable this long. */
    nedeVarselMs: number;
    /** How often the sender looks for due alerts. */
    pollMs: number;
    /** SMTP connection, greeting and socket timeouts. */
    tidsavbruddMs: number;
    /** How long a claim holds before another sender may take the alerts (at least three SMTP timeouts). */
    leieMs: number;
  };
  /** Altinn, Enhetsregisteret and the service's own Maskinporten client (docs/decisions/042-altinn-og-enhetsregisteret.md). */
  registre: RegistreConfig;
  /** Certificates pulled from the IPPC ePhyto Hub by the `sender` role (docs/decisions/044-sertifikater-fra-huben.md). */
  hub: HubConfig;
  /** Retention of transient rows by the `sender` role (docs/decisions/053-lagringstid.md). */
  opprydding: OppryddingConfig;
  /** Rate-limit overrides GRENSE_<NAVN> as written (domain/grense.ts applies them; ADR 026). */
  grenser: Record<string, string>;
  /** The worker pool's lanes (ARBEID_*; api/arbeid/basseng.ts, ADR 018). */
  arbeid: Arbeidsgrenser;
  /** The compiled build the web role serves (BUILD_DIR). */
  buildDir: string;
  /** The web role renders through Vite's dev server (VITE_DEV=1; never in production). */
  viteDev: boolean;
  /** PostgreSQL session options (libpq's PGOPTIONS) after the service's own (db/index.ts). */
  pgOptions?: string;
  /** SESSION_SECRET was given (else an embedded service keeps a generated one in its data directory). */
  sessionSecretSatt: boolean;
  /** Settings that were ignored, in Norwegian; the process logs them at start. */
  advarsler: string[];
  /** Webhooks (docs/decisions/036-hendelser-og-webhooker.md). */
  webhook: {
    /** The key the subscriptions' secrets are encrypted with (WEBHOOK_NOEKKEL; api and sender share it). */
    noekkel: string;
    /** Tests only: http and loopback receivers (WEBHOOK_TILLAT_LOKAL; refused in production). */
    tillatLokal: boolean;
    /** How often the sender looks for due deliveries. */
    pollMs: number;
    /** The whole POST must be done within this. */
    tidsavbruddMs: number;
    /** Attempts of one delivery before it is given up. */
    maksForsoek: number;
    /** First retry delay; doubled for each further attempt (at most an hour). */
    ventetidMs: number;
    /** A subscription is paused after this many failed attempts in a row. */
    pauseEtter: number;
  };
}

export interface RegistreConfig {
  /**
   * The development stand-ins (dev/registre) run in this process at /registre: the `api` or `sender` role without
   * ALTINN_URL and ENHETSREGISTERET_URL, outside production (or with DEMO_MODE). The URLs below are then unset:
   * the server gives the clients this process's own address once it listens.
   */
  innebygd: boolean;
  altinnUrl?: string;
  /** The service's resource in Altinn's resource registry (ALTINN_RESSURS). */
  ressurs: string;
  /** Altinn's API subscription key (Ocp-Apim-Subscription-Key). */
  abonnementsnoekkel: string;
  enhetsregisteretUrl?: string;
  /** The service's own Maskinporten client: Maskinporten's issuer, the client id and its private key (JWK). */
  maskinportenUrl?: string;
  klientId: string;
  klientNoekkel?: JsonWebKey;
  /** The cache's life of Altinn's answer per person (ALTINN_CACHE_SEKUNDER). */
  cacheMs: number;
  /** One call's deadline, attempts, and after how many failures in a row a register is paused, and how long. */
  tidsavbruddMs: number;
  forsoek: number;
  pauseEtter: number;
  pauseMs: number;
  /** How often the `sender` role reads Enhetsregisteret's update feeds. */
  oppdateringMs: number;
}

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

/** A non-negative number of seconds from the environment, in milliseconds. */
function sekunder(value: string | undefined, fallback: number): number {
  const n = value === undefined || value.trim() === "" ? Number.NaN : Number(value);
  return Math.round((Number.isFinite(n) && n >= 0 ? n : fallback) * 1000);
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  return ["1", "true", "on", "yes", "ja"].includes(value.toLowerCase());
}

const satt = (value: string | undefined): value is string => value !== undefined && value.trim() !== "";

/** ROLES as a set; every unknown name is a problem (in any mode: a typo must not start a process doing nothing). */
export function lesRoller(verdi: string | undefined): { roller: Set<Rolle>; problemer: string[] } {
  const navn = (verdi ?? "")
    .split(",")
    .map((r) => r.trim().toLowerCase())
    .filter(Boolean);
  if (navn.length === 0) return { roller: new Set(ROLLER), problemer: [] };
  const ukjente = navn.filter((n) => !(ROLLER as readonly string[]).includes(n));
  return {
    roller: new Set(navn.filter((n): n is Rolle => (ROLLER as readonly string[]).includes(n))),
    problemer:
      ukjente.length > 0
        ? [`ROLES inneholder ukjente roller (${ukjente.join(", ")}); gyldige roller er web, api og sender.`]
        : [],
  };
}

/** A port from the environment: an integer 0–65535, or undefined when unset; NaN when it is not one. */
function port(value: string | undefined): number | undefined {
  if (!satt(value)) return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 && n <= 65_535 ? n : Number.NaN;
}

// --- The ePhyto Hub puller (issue 32 §1, docs/decisions/044-sertifikater-fra-huben.md) ---------------------

export interface HubConfig {
  /** The puller runs in the `sender` role (HUB_HENTING, on by default; off when a relay pushes to us instead). */
  henting: boolean;
  /** The Hub's DeliveryService endpoint (HUB_URL); absent: the development Hub in this process. */
  url?: string;
  /** The NPPO's client certificate and key, and the CAs trusted for the Hub (PEM, or a file holding it). */
  klientsertifikat?: string;
  klientnoekkel?: string;
  noekkelPassord?: string;
  ca?: string;
  /** The development Hub runs in this process (the `sender` role without HUB_URL, outside production). */
  utvikling: boolean;
  /** Its TLS port (HUB_UTVIKLING_PORT; 0: any free port, written in data/hub/tilkobling.json). */
  utviklingPort: number;
  intervallMs: number;
  maksPerRunde: number;
  leieMs: number;
  tidsavbruddMs: number;
}

/** A PEM setting that names a file which is not there. */
const manglerFil = (verdi: string | undefined) =>
  satt(verdi) && !verdi.includes("-----BEGIN") && !existsSync(verdi);

/** What is wrong with the Hub settings of a `sender` (every mode when HUB_URL is set; production always). */
function hubProblemer(env: Record<string, string | undefined>, produksjon: boolean): string[] {
  if (!bool(env.HUB_HENTING, true)) return [];
  const p: string[] = [];
  if (!satt(env.HUB_URL)) {
    if (produksjon) {
      p.push(
        "HUB_URL må settes til ePhyto-hubens DeliveryService (https://hub.ephytoexchange.org/hub/DeliveryService), eller HUB_HENTING=av når en relé leverer til Hub-endepunktet (rollen sender).",
      );
    }
    return p;
  }
  if (produksjon && !env.HUB_URL.startsWith("https://")) p.push("HUB_URL må begynne med https://.");
  for (const [navn, hva] of [
    ["HUB_KLIENTSERTIFIKAT", "NPPO-ens klientsertifikat for huben (PEM, eller en fil med det)"],
    ["HUB_KLIENTNOEKKEL", "den private nøkkelen til klientsertifikatet (PEM, eller en fil med den)"],
  ] as const) {
    if (!satt(env[navn])) p.push(`${navn} må settes til ${hva} når HUB_URL er satt.`);
    else if (manglerFil(env[navn])) p.push(`${navn} peker på en fil som ikke finnes (${env[navn]}).`);
  }
  if (manglerFil(env.HUB_CA)) p.push(`HUB_CA peker på en fil som ikke finnes (${env.HUB_CA}).`);
  return p;
}

function lesHubConfig(env: Record<string, string | undefined>, utvikling: boolean): HubConfig {
  const heltall = (verdi: string | undefined, standard: number) =>
    Math.max(1, Math.trunc(Number(verdi ?? standard)) || standard);
  const tidsavbruddMs = Math.max(100, sekunder(env.HUB_TIDSAVBRUDD_SEKUNDER, 30));
  return {
    henting: bool(env.HUB_HENTING, true),
    url: env.HUB_URL || undefined,
    klientsertifikat: env.HUB_KLIENTSERTIFIKAT || undefined,
    klientnoekkel: env.HUB_KLIENTNOEKKEL || undefined,
    noekkelPassord: env.HUB_KLIENTNOEKKEL_PASSORD || undefined,
    ca: env.HUB_CA || undefined,
    utvikling,
    utviklingPort: port(env.HUB_UTVIKLING_PORT) || 0,
    // Mattilsynet's own client polls every five minutes; a minute brings certificates sooner at no real cost.
    intervallMs: Math.max(100, sekunder(env.HUB_INTERVALL_SEKUNDER, utvikling ? 3 : 60)),
    maksPerRunde: heltall(env.HUB_MAKS_PER_RUNDE, 50),
    // At least three Hub call timeouts: a claim renewed before the acknowledgement outlasts the call.
    leieMs: Math.max(1000, sekunder(env.HUB_LEIE_SEKUNDER, 300), 3 * tidsavbruddMs),
    tidsavbruddMs,
  };
}

// --- Retention (issue 34 item 8, docs/decisions/053-lagringstid.md) -------------------------------------------

export interface OppryddingConfig {
  /** The `sender` role deletes old transient rows (OPPRYDDING, on by default). */
  paa: boolean;
  intervallMs: number;
  /** Rows per DELETE, and DELETEs per table per round: a round's work is bounded. */
  batch: number;
  maksBatcher: number;
  leieMs: number;
  /** How old a row of each kind must be (in milliseconds) before it is deleted; ADR 053 says why. */
  alder: Alder;
}

const DAG_MS = 86_400_000;

function lesOppryddingConfig(env: Record<string, string | undefined>): OppryddingConfig {
  const heltall = (verdi: string | undefined, standard: number) =>
    Math.max(1, Math.trunc(Number(verdi ?? standard)) || standard);
  // Days may be fractions (tests); never less than an hour, so a typo cannot empty a table that is in use.
  const dager = (navn: string, standard: number) => {
    const n = Number(env[`OPPRYDDING_DAGER_${navn}`] ?? standard);
    return Math.max(3_600_000, Math.round((Number.isFinite(n) && n > 0 ? n : standard) * DAG_MS));
  };
  return {
    paa: bool(env.OPPRYDDING, true),
    intervallMs: Math.max(1000, sekunder(env.OPPRYDDING_INTERVALL_SEKUNDER, 600)),
    batch: heltall(env.OPPRYDDING_BATCH, 500),
    maksBatcher: heltall(env.OPPRYDDING_MAKS_BATCHER, 20),
    leieMs: Math.max(5000, sekunder(env.OPPRYDDING_LEIE_SEKUNDER, 300)),
    alder: {
      hendelser: dager("HENDELSER", 90),
      webhookforsoek: dager("WEBHOOK", 30),
      epost: dager("EPOST", 30),
      sertifikatvarsler: dager("SERTIFIKATVARSLER", 400),
      sesjoner: dager("SESJONER", 7),
      grensetellere: dager("GRENSER", 1),
      hubjournal: dager("HUB", 90),
    },
  };
}

/** Everything that makes a production configuration unsafe for these roles (empty when it is fine). */
function produksjonsproblemer(
  env: Record<string, string | undefined>,
  appUrl: string,
  roller: ReadonlySet<Rolle>,
): string[] {
  const p: string[] = [];
  const web = roller.has("web");
  const api = roller.has("api");
  const sender = roller.has("sender");
  const rolle = (r: string) => ` (rollen ${r})`;
  if (!satt(env.DATABASE_URL)) {
    p.push(
      "DATABASE_URL må settes til en PostgreSQL-server (postgres://…): den innebygde databasen kan bare åpnes av én prosess, og webappens sesjoner, import-API-et og e-postsenderen må dele data.",
    );
  } else if (!/^postgres(ql)?:\/\//.test(env.DATABASE_URL)) {
    p.push("DATABASE_URL må være en postgres://-adresse.");
  }
  if (bool(env.SEED_DEMO_DATA, false)) p.push("SEED_DEMO_DATA kan ikke slås på i produksjon.");
  if (web || sender) {
    if (!satt(env.APP_URL)) p.push("APP_URL må settes til tjenestens offentlige https-adresse.");
    else if (!appUrl.startsWith("https://")) {
      p.push(
        web
          ? "APP_URL må begynne med https:// (informasjonskapslene er Secure med prefikset __Host-)."
          : "APP_URL må begynne med https:// (lenkene i e-postvarslene går dit).",
      );
    }
  }
  if (web) {
    if (!satt(env.SESSION_SECRET)) p.push(`SESSION_SECRET må settes${rolle("web")}.`);
    else if (env.SESSION_SECRET.length < 32) p.push("SESSION_SECRET må være minst 32 tegn (tilfeldig).");
    if (!satt(env.OIDC_CLIENT_ID) || env.OIDC_CLIENT_ID === UTVIKLINGSVERDIER.clientId) {
      p.push("OIDC_CLIENT_ID må settes til klient-id-en hos ID-porten.");
    }
    if (!satt(env.OIDC_CLIENT_SECRET) || env.OIDC_CLIENT_SECRET === UTVIKLINGSVERDIER.clientSecret) {
      p.push("OIDC_CLIENT_SECRET må settes til klienthemmeligheten hos ID-porten (ikke utviklingsverdien).");
    }
  }
  if (web || api) {
    if (!satt(env.OIDC_ISSUER)) {
      p.push(
        web
          ? "OIDC_ISSUER må settes (uten den starter utviklings-ID-porten, som godtar hvilket som helst fødselsnummer)."
          : "OIDC_ISSUER må settes (import-API-et sjekker tilgangstokenene mot utstederens nøkler).",
      );
    }
  }
  if (api) {
    if (!satt(env.HUB_API_KEY) || env.HUB_API_KEY === UTVIKLINGSVERDIER.hubApiKey) {
      p.push("HUB_API_KEY må settes til ePhyto Hub-nøkkelen (ikke utviklingsverdien dev-hub-nokkel).");
    } else if (env.HUB_API_KEY.length < 24) p.push("HUB_API_KEY må være minst 24 tegn (tilfeldig).");
    // The authority's case system (ADR 045): Maskinporten tokens of its organisation, no shared key.
    if (satt(env.MYNDIGHET_API_KEY)) {
      p.push(
        "MYNDIGHET_API_KEY brukes ikke lenger: Mattilsynets saksbehandlingssystem bruker Maskinporten-token (ADR 045). Fjern variabelen.",
      );
    }
    if (!satt(env.MYNDIGHET_ORGNR)) {
      p.push("MYNDIGHET_ORGNR må settes til Mattilsynets organisasjonsnummer (985399077).");
    }
    if (!satt(env.MASKINPORTEN_ISSUER)) {
      p.push(
        "MASKINPORTEN_ISSUER må settes (f.eks. https://maskinporten.no/): Mattilsynets saksbehandlingssystem kommer bare inn med Maskinporten-token.",
      );
    }
    // Machine access: MASKINPORTEN_ISSUER, and then it needs Maskinporten's keys.
    if (satt(env.MASKINPORTEN_ISSUER)) {
      if (!env.MASKINPORTEN_ISSUER.startsWith("https://"))
        p.push("MASKINPORTEN_ISSUER må begynne med https://.");
      if (!satt(env.MASKINPORTEN_JWKS_URI)) {
        p.push(
          "MASKINPORTEN_JWKS_URI må settes når MASKINPORTEN_ISSUER er satt (Maskinportens nøkler, f.eks. https://maskinporten.no/jwk).",
        );
      } else if (!env.MASKINPORTEN_JWKS_URI.startsWith("https://")) {
        p.push("MASKINPORTEN_JWKS_URI må begynne med https://.");
      }
    } else if (satt(env.MASKINPORTEN_JWKS_URI) || satt(env.MASKINPORTEN_AUDIENCE)) {
      p.push(
        "MASKINPORTEN_ISSUER må settes når MASKINPORTEN_JWKS_URI eller MASKINPORTEN_AUDIENCE er satt (ellers er maskintilgang av).",
      );
    }
  }
  p.push(...registerproblemer(env, roller, true));
  if (web && !satt(env.OIDC_RESOURCE)) {
    p.push(
      "OIDC_RESOURCE må settes til import-API-ets ressursindikator hos ID-porten (tilgangstokenet får den som audience).",
    );
  }
  if (api && !satt(env.API_AUDIENCE)) {
    p.push("API_AUDIENCE må settes til audience-en ID-porten gir tilgangstokenene for import-API-et.");
  }
  if (
    web &&
    api &&
    satt(env.OIDC_RESOURCE) &&
    satt(env.API_AUDIENCE) &&
    env.OIDC_RESOURCE !== env.API_AUDIENCE
  ) {
    p.push("OIDC_RESOURCE og API_AUDIENCE må være like når web og api kjører i samme prosess.");
  }
  if (api || sender) {
    if (!satt(env.WEBHOOK_NOEKKEL) || env.WEBHOOK_NOEKKEL === UTVIKLINGSVERDIER.webhookNoekkel) {
      p.push(
        "WEBHOOK_NOEKKEL må settes (minst 32 tilfeldige tegn, den samme for rollene api og sender): webhook-hemmelighetene krypteres med den.",
      );
    } else if (env.WEBHOOK_NOEKKEL.length < 32) p.push("WEBHOOK_NOEKKEL må være minst 32 tegn (tilfeldig).");
  }
  if (sender) {
    if (!satt(env.SMTP_URL)) {
      p.push(
        "SMTP_URL må settes (uten den starter utviklingsfangeren for e-post, og ingen e-postvarsler når fram).",
      );
    }
    if (!satt(env.EPOST_AVSENDER))
      p.push("EPOST_AVSENDER må settes til avsenderadressen for e-postvarslene.");
    p.push(...hubProblemer(env, true));
  }
  return p;
}

/** A JWK in JSON with a private part, or undefined when the text is not one. */
function privatNoekkel(tekst: string | undefined): JsonWebKey | undefined {
  if (!satt(tekst)) return undefined;
  try {
    const jwk = JSON.parse(tekst) as JsonWebKey;
    return typeof jwk === "object" && jwk !== null && typeof jwk.kty === "string" && typeof jwk.d === "string"
      ? jwk
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What Altinn, Enhetsregisteret and the service's own Maskinporten client lack (ADR 042). In production every
 * setting; elsewhere only when the registers are set up by hand (ALTINN_URL or ENHETSREGISTERET_URL given),
 * and then only the client's key, which has no development value.
 */
function registerproblemer(
  env: Record<string, string | undefined>,
  roller: ReadonlySet<Rolle>,
  produksjon: boolean,
): string[] {
  const p: string[] = [];
  const altinn = roller.has("api");
  if (!altinn && !roller.has("sender")) return p;
  const mangler = (navn: string, hva: string) => {
    if (!satt(env[navn])) p.push(`${navn} må settes (${hva}).`);
  };
  if (produksjon) {
    mangler("ENHETSREGISTERET_URL", "Enhetsregisterets API, f.eks. https://data.brreg.no/enhetsregisteret");
    if (!altinn) return p;
    mangler("ALTINN_URL", "Altinn-plattformen, f.eks. https://platform.altinn.no");
    mangler("ALTINN_RESSURS", "tjenestens ressurs i Altinns ressursregister");
    mangler("ALTINN_ABONNEMENTSNOEKKEL", "API-abonnementet hos Altinn, Ocp-Apim-Subscription-Key");
    mangler("MASKINPORTEN_URL", "Maskinporten for tjenestens egen klient, f.eks. https://maskinporten.no/");
    mangler("MASKINPORTEN_KLIENT_ID", "tjenestens egen klient i Maskinporten");
  }
  if (altinn && (produksjon || satt(env.ALTINN_URL))) {
    if (!satt(env.MASKINPORTEN_KLIENT_NOEKKEL)) {
      p.push(
        "MASKINPORTEN_KLIENT_NOEKKEL må settes (den private nøkkelen til tjenestens klient i Maskinporten, JWK som JSON).",
      );
    } else if (!privatNoekkel(env.MASKINPORTEN_KLIENT_NOEKKEL)) {
      p.push("MASKINPORTEN_KLIENT_NOEKKEL må være en privat nøkkel som JWK i JSON (med kty og d).");
    }
  }
  if (!produksjon && altinn && satt(env.ALTINN_URL) && !satt(env.MASKINPORTEN_URL)) {
    p.push("MASKINPORTEN_URL må settes når ALTINN_URL er satt (tjenestens egen klient henter token der).");
  }
  return p;
}

function registreConfig(
  env: Record<string, string | undefined>,
  roller: ReadonlySet<Rolle>,
  innebygdTillatt: boolean,
): RegistreConfig {
  const manuelt = satt(env.ALTINN_URL) || satt(env.ENHETSREGISTERET_URL);
  return {
    innebygd: innebygdTillatt && !manuelt && (roller.has("api") || roller.has("sender")),
    altinnUrl: env.ALTINN_URL || undefined,
    ressurs: env.ALTINN_RESSURS || UTVIKLINGSVERDIER.altinnRessurs,
    abonnementsnoekkel: env.ALTINN_ABONNEMENTSNOEKKEL || UTVIKLINGSVERDIER.altinnAbonnementsnoekkel,
    enhetsregisteretUrl: env.ENHETSREGISTERET_URL || undefined,
    maskinportenUrl: env.MASKINPORTEN_URL || undefined,
    klientId: env.MASKINPORTEN_KLIENT_ID || UTVIKLINGSVERDIER.maskinportenKlientId,
    klientNoekkel: privatNoekkel(env.MASKINPORTEN_KLIENT_NOEKKEL),
    cacheMs: Math.max(1000, sekunder(env.ALTINN_CACHE_SEKUNDER, 5 * 60)),
    tidsavbruddMs: Math.max(100, sekunder(env.REGISTRE_TIDSAVBRUDD_SEKUNDER, 2.5)),
    forsoek: Math.max(1, Math.trunc(Number(env.REGISTRE_FORSOEK ?? 2)) || 2),
    pauseEtter: Math.max(0, Math.trunc(Number(env.REGISTRE_PAUSE_ETTER_FEIL ?? 5))),
    pauseMs: sekunder(env.REGISTRE_PAUSE_SEKUNDER, 15),
    oppdateringMs: Math.max(1000, sekunder(env.ENHETSREGISTERET_OPPDATERING_SEKUNDER, 60)),
  };
}

/** Express's names for address ranges a proxy may be in (proxy-addr). */
const MELLOMTJENERNETT = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * TRUST_PROXY read: a number of hops (0 is none), or a comma list of proxies (an address, a network a.b.c.d/n,
 * or one of Express's names). Unset is none. A value that would believe anyone (true, *, a /0 network) is
 * refused: then any client could choose its own address for the limits.
 */
function mellomtjenere(tekst: string | undefined): { verdi: false | number | string[]; problemer: string[] } {
  if (!satt(tekst)) return { verdi: false, problemer: [] };
  if (/^\d+$/.test(tekst.trim())) {
    const ledd = Number(tekst.trim());
    return { verdi: ledd === 0 ? false : ledd, problemer: [] };
  }
  const deler = tekst
    .split(",")
    .map((d) => d.trim())
    .filter(Boolean);
  const ugyldige = deler.filter((d) => {
    if (MELLOMTJENERNETT.has(d)) return false;
    if (isIP(d) !== 0) return false;
    const [adresse, lengde] = d.split("/");
    if (!adresse || !lengde || isIP(adresse) === 0 || !/^\d+$/.test(lengde)) return true;
    return Number(lengde) === 0 || Number(lengde) > (isIP(adresse) === 4 ? 32 : 128);
  });
  if (ugyldige.length === 0) return { verdi: deler, problemer: [] };
  return {
    verdi: false,
    problemer: [
      `TRUST_PROXY må være et antall ledd eller en kommaliste med mellomtjenernes adresser eller nett (f.eks. 10.0.0.0/8, loopback, uniquelocal), ikke ${ugyldige.join(", ")}: X-Forwarded-For tros bare fra mellomtjenerne den nevner.`,
    ],
  };
}

// --- Rate limits and the worker pool (ADR 026, ADR 018) -------------------------------------------------------

/** The GRENSE_<NAVN> overrides as written, and a warning for each that cannot be read (its limit keeps its default). */
function lesGrenser(env: Record<string, string | undefined>): {
  grenser: Record<string, string>;
  advarsler: string[];
} {
  const grenser: Record<string, string> = {};
  const advarsler: string[] = [];
  for (const [navn, verdi] of Object.entries(env)) {
    if (!navn.startsWith("GRENSE_") || !satt(verdi)) continue;
    if (lesGrenseverdi(verdi)) grenser[navn] = verdi.trim();
    else
      advarsler.push(
        `${navn}=${verdi} kan ikke leses (bruk antall eller antall/sekunder); bruker standarden.`,
      );
  }
  return { grenser, advarsler };
}

function lesArbeid(env: Record<string, string | undefined>): Arbeidsgrenser {
  /** A whole number (at least `minst`), or `standard` when unset or not a number. */
  const tall = (navn: string, standard: number, minst = 1) => {
    const verdi = env[navn]?.trim();
    const n = verdi ? Number(verdi) : Number.NaN;
    return Math.max(minst, Number.isInteger(n) ? n : standard);
  };
  return {
    innlesing: {
      samtidige: tall("ARBEID_MAKS_SAMTIDIGE", 2),
      tidsgrenseMs: tall("ARBEID_TIDSGRENSE_MS", 120_000, 1000),
    },
    dokument: {
      samtidige: tall("ARBEID_DOKUMENT_SAMTIDIGE", 1),
      ventende: tall("ARBEID_DOKUMENT_KOE", 16, 0),
      perPerson: tall("ARBEID_DOKUMENT_PER_PERSON", 2),
      perPersonVentende: tall("ARBEID_DOKUMENT_PER_PERSON_KOE", 4, 0),
      tidsgrenseMs: tall("ARBEID_DOKUMENT_TIDSGRENSE_MS", 60_000, 1000),
    },
    side: { samtidige: tall("ARBEID_SIDE_SAMTIDIGE", 1) },
  };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const { roller, problemer: rolleproblemer } = lesRoller(env.ROLES);
  const production = env.NODE_ENV === "production";
  const demo = production && bool(env.DEMO_MODE, false);
  const problemer = [...rolleproblemer];
  const lytteport = port(env.PORT) ?? 3000;
  const metricsPort = port(env.METRICS_PORT);
  if (Number.isNaN(lytteport)) problemer.push("PORT må være et portnummer (0–65535).");
  if (Number.isNaN(metricsPort)) problemer.push("METRICS_PORT må være et portnummer (0–65535).");
  else if (metricsPort !== undefined && metricsPort !== 0 && metricsPort === lytteport) {
    problemer.push(
      "METRICS_PORT må være en annen port enn PORT (målingene skal ikke være på den offentlige porten).",
    );
  }
  const web = roller.has("web");
  const api = roller.has("api");
  const sender = roller.has("sender");
  if (roller.size === 0) problemer.push("ROLES må inneholde minst én rolle: web, api eller sender.");
  if (satt(env.MYNDIGHET_ORGNR) && !/^\d{9}$/.test(env.MYNDIGHET_ORGNR.trim())) {
    problemer.push("MYNDIGHET_ORGNR må være et organisasjonsnummer (ni siffer).");
  }
  if (web && !api && !satt(env.IMPORT_API_URL)) {
    problemer.push(
      "IMPORT_API_URL må settes når rollen web kjører uten rollen api i samme prosess (adressen til api-prosessene).",
    );
  }
  const appUrl = (env.APP_URL ?? `http://localhost:${lytteport}`).replace(/\/$/, "");
  if (production && !demo) problemer.push(...produksjonsproblemer(env, appUrl, roller));
  else {
    problemer.push(...registerproblemer(env, roller, false));
    if (sender) problemer.push(...hubProblemer(env, false));
  }
  if (demo && !satt(env.SESSION_SECRET)) problemer.push("SESSION_SECRET må settes.");
  problemer.push(...mellomtjenere(env.TRUST_PROXY).problemer);
  // Webhooks to http and loopback are for development and tests only: never in production, DEMO_MODE or not,
  // nor under any other NODE_ENV (issue 34 item 10).
  if (bool(env.WEBHOOK_TILLAT_LOKAL, false) && !["", "development", "test"].includes(env.NODE_ENV ?? "")) {
    problemer.push(
      "WEBHOOK_TILLAT_LOKAL kan bare slås på i utvikling og tester (NODE_ENV=development eller test): webhooker skal ellers bare gå til offentlige https-adresser, også med DEMO_MODE.",
    );
  }
  if (problemer.length > 0) {
    throw new KonfigurasjonsFeil(
      problemer,
      production ? "Ugyldig oppsett for produksjon (NODE_ENV=production)" : "Ugyldig oppsett",
    );
  }
  const internalUrl = `http://127.0.0.1:${lytteport}`;
  const apiAudience = env.API_AUDIENCE || "forhaandsmelding-import-api";
  // Machine access: the configured Maskinporten, else the development one unless this is production proper.
  const embeddedMaskinporten = api && !satt(env.MASKINPORTEN_ISSUER) && (!production || demo);
  const maskinIssuer = satt(env.MASKINPORTEN_ISSUER)
    ? env.MASKINPORTEN_ISSUER
    : embeddedMaskinporten
      ? `${appUrl}/maskinporten`
      : undefined;
  const { grenser, advarsler } = lesGrenser(env);
  return {
    roller,
    port: lytteport,
    host: env.HOST ?? "0.0.0.0",
    appUrl,
    production,
    demo,
    secureCookies: (production && !demo) || appUrl.startsWith("https://"),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? "data/pglite",
    importApiUrl: (env.IMPORT_API_URL || internalUrl).replace(/\/$/, ""),
    embeddedApi: api,
    oidc: {
      issuer: env.OIDC_ISSUER || `${appUrl}/idporten`,
      clientId: env.OIDC_CLIENT_ID ?? UTVIKLINGSVERDIER.clientId,
      clientSecret: env.OIDC_CLIENT_SECRET ?? UTVIKLINGSVERDIER.clientSecret,
      redirectUri: env.OIDC_REDIRECT_URI ?? `${appUrl}/oauth2/callback/idporten`,
      postLogoutRedirectUri: env.OIDC_POST_LOGOUT_REDIRECT_URI ?? `${appUrl}/utlogget`,
      acrValues: env.OIDC_ACR_VALUES ?? "idporten-loa-substantial",
      scopes: (env.OIDC_SCOPES ?? "openid profile").split(/\s+/).filter(Boolean),
      resource: env.OIDC_RESOURCE || undefined,
    },
    embeddedIdporten: web && !satt(env.OIDC_ISSUER),
    apiAudience,
    apiJwksUri: env.API_JWKS_URI || undefined,
    maskinporten: maskinIssuer
      ? {
          issuer: maskinIssuer,
          jwksUri: env.MASKINPORTEN_JWKS_URI || `${maskinIssuer.replace(/\/$/, "")}/jwks`,
          audience: env.MASKINPORTEN_AUDIENCE || apiAudience,
        }
      : undefined,
    embeddedMaskinporten,
    maskinportenDevKlienter: env.MASKINPORTEN_DEV_KLIENTER || "data/maskinporten-klienter.json",
    myndighetDevKlient: {
      klientId: "mattilsynet-saksbehandling-dev",
      noekkelfil: path.join(
        path.dirname(env.MASKINPORTEN_DEV_KLIENTER || "data/maskinporten-klienter.json"),
        "maskinporten",
        "mattilsynet-saksbehandling-dev.jwk.json",
      ),
    },
    sessionSecret: env.SESSION_SECRET ?? randomBytes(32).toString("hex"),
    features: {
      visImportmelding: bool(env.FEATURE_VIS_IMPORTMELDING, true),
      visRisikovurdering: bool(env.FEATURE_VIS_RISIKOVURDERING, true),
    },
    hubApiKey: env.HUB_API_KEY ?? UTVIKLINGSVERDIER.hubApiKey,
    myndighetOrgnr: env.MYNDIGHET_ORGNR?.trim() || "985399077",
    seedDemoData: bool(env.SEED_DEMO_DATA, !env.DATABASE_URL && (!production || demo)),
    migrerVedOppstart: bool(env.DB_MIGRER_VED_OPPSTART, true),
    smtpUrl: env.SMTP_URL || undefined,
    embeddedEpost: sender && !satt(env.SMTP_URL),
    metricsPort,
    avslutningMs: sekunder(env.AVSLUTNING_SEKUNDER, 20),
    loggNivaa: env.LOG_LEVEL || (env.NODE_ENV === "test" ? "warn" : "info"),
    trustProxy: mellomtjenere(env.TRUST_PROXY).verdi,
    epost: {
      avsender: env.EPOST_AVSENDER || "Digital forhåndsmelding <ikke-svar@forhaandsmelding.example.no>",
      fangerPort: Math.max(0, Math.trunc(Number(env.EPOST_FANGER_PORT ?? 0)) || 0),
      samlevinduMs: sekunder(env.EPOST_SAMLEVINDU_SEKUNDER, 30),
      maksForsoek: Math.max(1, Math.trunc(Number(env.EPOST_MAKS_FORSOEK ?? 8)) || 8),
      ventetidMs: sekunder(env.EPOST_VENTETID_SEKUNDER, 30),
      nedeVarselMs: sekunder(env.EPOST_NEDE_VARSEL_SEKUNDER, 15 * 60),
      pollMs: sekunder(env.EPOST_POLL_SEKUNDER, 1),
      tidsavbruddMs: Math.max(100, sekunder(env.EPOST_SMTP_TIDSAVBRUDD_SEKUNDER, 20)),
      leieMs: sekunder(env.EPOST_LEIE_SEKUNDER, 120),
    },
    registre: registreConfig(env, roller, !production || demo),
    hub: lesHubConfig(
      env,
      sender && bool(env.HUB_HENTING, true) && !satt(env.HUB_URL) && (!production || demo),
    ),
    opprydding: lesOppryddingConfig(env),
    grenser,
    arbeid: lesArbeid(env),
    buildDir: env.BUILD_DIR || "build",
    viteDev: !production && env.VITE_DEV === "1",
    pgOptions: env.PGOPTIONS || undefined,
    sessionSecretSatt: satt(env.SESSION_SECRET),
    advarsler,
    webhook: {
      noekkel: env.WEBHOOK_NOEKKEL || UTVIKLINGSVERDIER.webhookNoekkel,
      tillatLokal: bool(env.WEBHOOK_TILLAT_LOKAL, false),
      pollMs: sekunder(env.WEBHOOK_POLL_SEKUNDER, 1),
      tidsavbruddMs: Math.max(100, sekunder(env.WEBHOOK_TIDSAVBRUDD_SEKUNDER, 5)),
      maksForsoek: Math.max(1, Math.trunc(Number(env.WEBHOOK_MAKS_FORSOEK ?? 10)) || 10),
      ventetidMs: sekunder(env.WEBHOOK_VENTETID_SEKUNDER, 30),
      pauseEtter: Math.max(1, Math.trunc(Number(env.WEBHOOK_PAUSE_ETTER ?? 20)) || 20),
    },
  };
}
