// Server configuration from the environment. Every variable has an embedded default, so `npm start` runs the
// whole service (all three roles) on one machine; setting a variable switches that part to a real service
// (README.md "Konfigurasjon" and "Drift"). The process runs the roles in ROLES: `web` (the Remix app), `api`
// (the import API with the Hub intake and the authority's endpoint) and `sender` (the e-mail outbox worker).
// In production (NODE_ENV=production) each role checks what it needs and the development stand-ins and
// well-known secrets are refused unless DEMO_MODE is set (docs/decisions/009-production-configuration.md,
// docs/decisions/028-roller-og-drift.md).
//
// The variables are read and checked by one zod schema (server/konfig/, docs/decisions/066-konfigurasjonsskjema.md):
// ./konfig/miljo.ts reads each variable once, ./konfig/sjekker.ts says per role what a configuration lacks, and
// loadConfig below gives the settings that depend on others (addresses from APP_URL, the development stand-ins).
import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Arbeidsgrenser } from "../api/arbeid/basseng";
import type { Alder } from "../api/opprydding";
import { KonfigurasjonsFeil, privatNoekkel, type Rolle, satt, UTVIKLINGSVERDIER } from "./konfig/felles";
import type { Miljo } from "./konfig/miljo";
import { konfigSkjema } from "./konfig/skjema";

export { KonfigurasjonsFeil, type Rolle } from "./konfig/felles";

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
  /**
   * Pages (GET, HEAD) a web process works on at once (WEB_SAMTIDIGE_SIDER, default 20; 0: no bound); the rest wait
   * their turn (server/samtidige.ts, ADR 083).
   */
  samtidigeSider: number;
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
  /**
   * The development ruleset counts as approved (ADR 046): in development and a demo, never in production proper.
   * The intake, the automatic release and the authority's API are given it (api/regelsett/gjeldende.ts).
   */
  utviklingssettTillatt: boolean;
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

/** The environment read and checked for its roles; KonfigurasjonsFeil lists every problem. */
function lesMiljo(env: Record<string, string | undefined>): Miljo {
  const resultat = konfigSkjema.safeParse(env);
  if (resultat.success) return resultat.data;
  throw new KonfigurasjonsFeil(
    resultat.error.issues.map((i) => i.message),
    env.NODE_ENV === "production"
      ? "Ugyldig oppsett for produksjon (NODE_ENV=production)"
      : "Ugyldig oppsett",
  );
}

function registreConfig(m: Miljo, innebygdTillatt: boolean): RegistreConfig {
  const manuelt = satt(m.ALTINN_URL) || satt(m.ENHETSREGISTERET_URL);
  const roller = m.ROLES.roller;
  return {
    innebygd: innebygdTillatt && !manuelt && (roller.has("api") || roller.has("sender")),
    altinnUrl: m.ALTINN_URL || undefined,
    ressurs: m.ALTINN_RESSURS || UTVIKLINGSVERDIER.altinnRessurs,
    abonnementsnoekkel: m.ALTINN_ABONNEMENTSNOEKKEL || UTVIKLINGSVERDIER.altinnAbonnementsnoekkel,
    enhetsregisteretUrl: m.ENHETSREGISTERET_URL || undefined,
    maskinportenUrl: m.MASKINPORTEN_URL || undefined,
    klientId: m.MASKINPORTEN_KLIENT_ID || UTVIKLINGSVERDIER.maskinportenKlientId,
    klientNoekkel: privatNoekkel(m.MASKINPORTEN_KLIENT_NOEKKEL),
    cacheMs: m.ALTINN_CACHE_SEKUNDER,
    tidsavbruddMs: m.REGISTRE_TIDSAVBRUDD_SEKUNDER,
    forsoek: m.REGISTRE_FORSOEK,
    pauseEtter: m.REGISTRE_PAUSE_ETTER_FEIL,
    pauseMs: m.REGISTRE_PAUSE_SEKUNDER,
    oppdateringMs: m.ENHETSREGISTERET_OPPDATERING_SEKUNDER,
  };
}

function hubConfig(m: Miljo, utvikling: boolean): HubConfig {
  const tidsavbruddMs = m.HUB_TIDSAVBRUDD_SEKUNDER;
  return {
    henting: m.HUB_HENTING,
    url: m.HUB_URL || undefined,
    klientsertifikat: m.HUB_KLIENTSERTIFIKAT || undefined,
    klientnoekkel: m.HUB_KLIENTNOEKKEL || undefined,
    noekkelPassord: m.HUB_KLIENTNOEKKEL_PASSORD,
    ca: m.HUB_CA || undefined,
    utvikling,
    utviklingPort: m.HUB_UTVIKLING_PORT || 0,
    // Mattilsynet's own client polls every five minutes; a minute brings certificates sooner at no real cost.
    intervallMs: Math.max(100, Math.round((m.HUB_INTERVALL_SEKUNDER ?? (utvikling ? 3 : 60)) * 1000)),
    maksPerRunde: m.HUB_MAKS_PER_RUNDE,
    // At least three Hub call timeouts: a claim renewed before the acknowledgement outlasts the call.
    leieMs: Math.max(1000, m.HUB_LEIE_SEKUNDER, 3 * tidsavbruddMs),
    tidsavbruddMs,
  };
}

function oppryddingConfig(m: Miljo): OppryddingConfig {
  return {
    paa: m.OPPRYDDING,
    intervallMs: m.OPPRYDDING_INTERVALL_SEKUNDER,
    batch: m.OPPRYDDING_BATCH,
    maksBatcher: m.OPPRYDDING_MAKS_BATCHER,
    leieMs: m.OPPRYDDING_LEIE_SEKUNDER,
    alder: {
      hendelser: m.OPPRYDDING_DAGER_HENDELSER,
      webhookforsoek: m.OPPRYDDING_DAGER_WEBHOOK,
      epost: m.OPPRYDDING_DAGER_EPOST,
      sertifikatvarsler: m.OPPRYDDING_DAGER_SERTIFIKATVARSLER,
      sesjoner: m.OPPRYDDING_DAGER_SESJONER,
      grensetellere: m.OPPRYDDING_DAGER_GRENSER,
      hubjournal: m.OPPRYDDING_DAGER_HUB,
    },
  };
}

function arbeid(m: Miljo): Arbeidsgrenser {
  return {
    innlesing: { samtidige: m.ARBEID_MAKS_SAMTIDIGE, tidsgrenseMs: m.ARBEID_TIDSGRENSE_MS },
    dokument: {
      samtidige: m.ARBEID_DOKUMENT_SAMTIDIGE,
      ventende: m.ARBEID_DOKUMENT_KOE,
      perPerson: m.ARBEID_DOKUMENT_PER_PERSON,
      perPersonVentende: m.ARBEID_DOKUMENT_PER_PERSON_KOE,
      tidsgrenseMs: m.ARBEID_DOKUMENT_TIDSGRENSE_MS,
    },
    side: { samtidige: m.ARBEID_SIDE_SAMTIDIGE },
  };
}

/** Machine access: the configured Maskinporten, else the development one unless this is production proper. */
function maskinporten(
  m: Miljo,
  appUrl: string,
  apiAudience: string,
  innebygd: boolean,
): Config["maskinporten"] {
  const issuer = satt(m.MASKINPORTEN_ISSUER)
    ? m.MASKINPORTEN_ISSUER
    : innebygd
      ? `${appUrl}/maskinporten`
      : undefined;
  if (!issuer) return undefined;
  return {
    issuer,
    jwksUri: m.MASKINPORTEN_JWKS_URI || `${issuer.replace(/\/$/, "")}/jwks`,
    audience: m.MASKINPORTEN_AUDIENCE || apiAudience,
  };
}

function epost(m: Miljo): Config["epost"] {
  return {
    avsender: m.EPOST_AVSENDER || "Digital forhåndsmelding <ikke-svar@forhaandsmelding.example.no>",
    fangerPort: m.EPOST_FANGER_PORT,
    samlevinduMs: m.EPOST_SAMLEVINDU_SEKUNDER,
    maksForsoek: m.EPOST_MAKS_FORSOEK,
    ventetidMs: m.EPOST_VENTETID_SEKUNDER,
    nedeVarselMs: m.EPOST_NEDE_VARSEL_SEKUNDER,
    pollMs: m.EPOST_POLL_SEKUNDER,
    tidsavbruddMs: m.EPOST_SMTP_TIDSAVBRUDD_SEKUNDER,
    leieMs: m.EPOST_LEIE_SEKUNDER,
  };
}

function webhook(m: Miljo): Config["webhook"] {
  return {
    noekkel: m.WEBHOOK_NOEKKEL || UTVIKLINGSVERDIER.webhookNoekkel,
    tillatLokal: m.WEBHOOK_TILLAT_LOKAL,
    pollMs: m.WEBHOOK_POLL_SEKUNDER,
    tidsavbruddMs: m.WEBHOOK_TIDSAVBRUDD_SEKUNDER,
    maksForsoek: m.WEBHOOK_MAKS_FORSOEK,
    ventetidMs: m.WEBHOOK_VENTETID_SEKUNDER,
    pauseEtter: m.WEBHOOK_PAUSE_ETTER,
  };
}

function oidc(m: Miljo, appUrl: string): Config["oidc"] {
  return {
    issuer: m.OIDC_ISSUER || `${appUrl}/idporten`,
    clientId: m.OIDC_CLIENT_ID ?? UTVIKLINGSVERDIER.clientId,
    clientSecret: m.OIDC_CLIENT_SECRET ?? UTVIKLINGSVERDIER.clientSecret,
    redirectUri: m.OIDC_REDIRECT_URI ?? `${appUrl}/oauth2/callback/idporten`,
    postLogoutRedirectUri: m.OIDC_POST_LOGOUT_REDIRECT_URI ?? `${appUrl}/utlogget`,
    acrValues: m.OIDC_ACR_VALUES,
    scopes: m.OIDC_SCOPES,
    resource: m.OIDC_RESOURCE || undefined,
  };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const m = lesMiljo(env);
  const roller = m.ROLES.roller;
  const production = m.NODE_ENV === "production";
  const demo = production && m.DEMO_MODE;
  const utvikling = !production || demo;
  const lytteport = m.PORT ?? 3000;
  const web = roller.has("web");
  const api = roller.has("api");
  const sender = roller.has("sender");
  const appUrl = (m.APP_URL ?? `http://localhost:${lytteport}`).replace(/\/$/, "");
  const apiAudience = m.API_AUDIENCE || "forhaandsmelding-import-api";
  const embeddedMaskinporten = api && !satt(m.MASKINPORTEN_ISSUER) && utvikling;
  const devKlienter = m.MASKINPORTEN_DEV_KLIENTER;
  return {
    roller,
    port: lytteport,
    host: m.HOST,
    appUrl,
    production,
    demo,
    secureCookies: (production && !demo) || appUrl.startsWith("https://"),
    databaseUrl: m.DATABASE_URL || undefined,
    dataDir: m.DATA_DIR,
    importApiUrl: (m.IMPORT_API_URL || `http://127.0.0.1:${lytteport}`).replace(/\/$/, ""),
    embeddedApi: api,
    oidc: oidc(m, appUrl),
    embeddedIdporten: web && !satt(m.OIDC_ISSUER),
    apiAudience,
    apiJwksUri: m.API_JWKS_URI,
    maskinporten: maskinporten(m, appUrl, apiAudience, embeddedMaskinporten),
    embeddedMaskinporten,
    maskinportenDevKlienter: devKlienter,
    myndighetDevKlient: {
      klientId: "mattilsynet-saksbehandling-dev",
      noekkelfil: path.join(
        path.dirname(devKlienter),
        "maskinporten",
        "mattilsynet-saksbehandling-dev.jwk.json",
      ),
    },
    sessionSecret: m.SESSION_SECRET ?? randomBytes(32).toString("hex"),
    features: {
      visImportmelding: m.FEATURE_VIS_IMPORTMELDING,
      visRisikovurdering: m.FEATURE_VIS_RISIKOVURDERING,
    },
    hubApiKey: m.HUB_API_KEY ?? UTVIKLINGSVERDIER.hubApiKey,
    myndighetOrgnr: m.MYNDIGHET_ORGNR?.trim() || "985399077",
    seedDemoData: m.SEED_DEMO_DATA ?? (!m.DATABASE_URL && utvikling),
    migrerVedOppstart: m.DB_MIGRER_VED_OPPSTART,
    smtpUrl: m.SMTP_URL || undefined,
    embeddedEpost: sender && !satt(m.SMTP_URL),
    metricsPort: m.METRICS_PORT,
    avslutningMs: m.AVSLUTNING_SEKUNDER,
    samtidigeSider: m.WEB_SAMTIDIGE_SIDER,
    loggNivaa: m.LOG_LEVEL ?? (m.NODE_ENV === "test" ? "warn" : "info"),
    trustProxy: m.TRUST_PROXY.verdi,
    epost: epost(m),
    registre: registreConfig(m, utvikling),
    hub: hubConfig(m, sender && m.HUB_HENTING && !satt(m.HUB_URL) && utvikling),
    opprydding: oppryddingConfig(m),
    grenser: m.GRENSER.verdier,
    arbeid: arbeid(m),
    buildDir: m.BUILD_DIR,
    viteDev: !production && m.VITE_DEV === "1",
    pgOptions: m.PGOPTIONS,
    sessionSecretSatt: satt(m.SESSION_SECRET),
    utviklingssettTillatt: utvikling,
    advarsler: m.GRENSER.advarsler,
    webhook: webhook(m),
  };
}
