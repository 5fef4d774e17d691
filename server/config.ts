// Server configuration from the environment. Every variable has an embedded default, so
// `npm start` runs the whole service on one machine; setting a variable switches that part to a real
// service (see README.md "Konfigurasjon"). In production (NODE_ENV=production) the development
// stand-ins and well-known secrets are refused unless DEMO_MODE is set (docs/decisions/009-production-configuration.md).
import { randomBytes } from "node:crypto";

export interface Config {
  port: number;
  host: string;
  /** The public URL of the web app (used for redirect URIs and Origin checks). */
  appUrl: string;
  production: boolean;
  /** Production explicitly run as a demo with the development stand-ins (DEMO_MODE). */
  demo: boolean;
  /** Secure cookies with the __Host- prefix: always in production, else when appUrl is https. */
  secureCookies: boolean;
  databaseUrl?: string;
  dataDir: string;
  /** Base URL of the import API; in embedded mode the same server. */
  importApiUrl: string;
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
  embeddedIdporten: boolean;
  /** Audience the import API requires in access tokens. */
  apiAudience: string;
  sessionSecret: string;
  features: { visImportmelding: boolean; visRisikovurdering: boolean };
  /** API key of the ePhyto Hub side (certificate ingestion). */
  hubApiKey: string;
  /** API key of the authority's case-handling side (assessments). */
  myndighetApiKey: string;
  /** Seed demo data on first start of an empty embedded database. */
  seedDemoData: boolean;
  /** SMTP server for e-mail alerts; when absent (embedded mode) the development mail catcher is used. */
  smtpUrl?: string;
  /** The development mail catcher runs (no SMTP_URL): an SMTP server on a local port, pages under /dev/epost. */
  embeddedEpost: boolean;
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
  };
}

/** The development defaults that must never guard a production service. */
export const UTVIKLINGSVERDIER = {
  clientId: "forhaandsmelding-dev",
  clientSecret: "dev-hemmelighet-ikke-for-produksjon",
  hubApiKey: "dev-hub-nokkel",
  myndighetApiKey: "dev-myndighet-nokkel",
} as const;

/** A configuration the service refuses to start with; the message lists every problem, in Norwegian. */
export class KonfigurasjonsFeil extends Error {
  constructor(readonly problemer: string[]) {
    super(
      `Ugyldig oppsett for produksjon (NODE_ENV=production):\n${problemer.map((p) => `  - ${p}`).join("\n")}\n` +
        "Se README.md «Konfigurasjon». For en demo med de innebygde utviklingstjenestene: sett DEMO_MODE=true.",
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

/** Everything that makes a production configuration unsafe (empty when it is fine). */
function produksjonsproblemer(env: Record<string, string | undefined>, appUrl: string): string[] {
  const p: string[] = [];
  if (!satt(env.SESSION_SECRET)) p.push("SESSION_SECRET må settes.");
  else if (env.SESSION_SECRET.length < 32) p.push("SESSION_SECRET må være minst 32 tegn (tilfeldig).");
  if (!satt(env.APP_URL)) p.push("APP_URL må settes til tjenestens offentlige https-adresse.");
  else if (!appUrl.startsWith("https://")) {
    p.push("APP_URL må begynne med https:// (informasjonskapslene er Secure med prefikset __Host-).");
  }
  if (!satt(env.OIDC_ISSUER)) {
    p.push(
      "OIDC_ISSUER må settes (uten den starter utviklings-ID-porten, som godtar hvilket som helst fødselsnummer).",
    );
  }
  if (!satt(env.OIDC_CLIENT_ID) || env.OIDC_CLIENT_ID === UTVIKLINGSVERDIER.clientId) {
    p.push("OIDC_CLIENT_ID må settes til klient-id-en hos ID-porten.");
  }
  if (!satt(env.OIDC_CLIENT_SECRET) || env.OIDC_CLIENT_SECRET === UTVIKLINGSVERDIER.clientSecret) {
    p.push("OIDC_CLIENT_SECRET må settes til klienthemmeligheten hos ID-porten (ikke utviklingsverdien).");
  }
  if (!satt(env.IMPORT_API_URL)) {
    p.push(
      "IMPORT_API_URL må settes (uten den kjører det innebygde import-API-et med utviklingsdata og de kjente nøklene dev-hub-nokkel og dev-myndighet-nokkel).",
    );
  }
  if (bool(env.SEED_DEMO_DATA, false)) p.push("SEED_DEMO_DATA kan ikke slås på i produksjon.");
  if (!satt(env.SMTP_URL)) {
    p.push(
      "SMTP_URL må settes (uten den starter utviklingsfangeren for e-post, og ingen e-postvarsler når fram).",
    );
  }
  if (!satt(env.EPOST_AVSENDER)) p.push("EPOST_AVSENDER må settes til avsenderadressen for e-postvarslene.");
  return p;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const appUrl = (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, "");
  const production = env.NODE_ENV === "production";
  const demo = production && bool(env.DEMO_MODE, false);
  const embeddedApi = !env.IMPORT_API_URL;
  const embeddedIdporten = !env.OIDC_ISSUER;
  const internalUrl = `http://127.0.0.1:${port}`;
  if (production) {
    if (demo) {
      if (!satt(env.SESSION_SECRET)) throw new KonfigurasjonsFeil(["SESSION_SECRET må settes."]);
    } else {
      const problemer = produksjonsproblemer(env, appUrl);
      if (problemer.length > 0) throw new KonfigurasjonsFeil(problemer);
    }
  }
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    appUrl,
    production,
    demo,
    secureCookies: (production && !demo) || appUrl.startsWith("https://"),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? "data/pglite",
    importApiUrl: (env.IMPORT_API_URL ?? internalUrl).replace(/\/$/, ""),
    embeddedApi,
    oidc: {
      issuer: env.OIDC_ISSUER ?? `${appUrl}/idporten`,
      clientId: env.OIDC_CLIENT_ID ?? UTVIKLINGSVERDIER.clientId,
      clientSecret: env.OIDC_CLIENT_SECRET ?? UTVIKLINGSVERDIER.clientSecret,
      redirectUri: env.OIDC_REDIRECT_URI ?? `${appUrl}/oauth2/callback/idporten`,
      postLogoutRedirectUri: env.OIDC_POST_LOGOUT_REDIRECT_URI ?? `${appUrl}/utlogget`,
      acrValues: env.OIDC_ACR_VALUES ?? "idporten-loa-substantial",
      scopes: (env.OIDC_SCOPES ?? "openid profile").split(/\s+/).filter(Boolean),
      resource: env.OIDC_RESOURCE || undefined,
    },
    embeddedIdporten,
    apiAudience: env.API_AUDIENCE ?? "forhaandsmelding-import-api",
    sessionSecret: env.SESSION_SECRET ?? randomBytes(32).toString("hex"),
    features: {
      visImportmelding: bool(env.FEATURE_VIS_IMPORTMELDING, true),
      visRisikovurdering: bool(env.FEATURE_VIS_RISIKOVURDERING, true),
    },
    hubApiKey: env.HUB_API_KEY ?? UTVIKLINGSVERDIER.hubApiKey,
    myndighetApiKey: env.MYNDIGHET_API_KEY ?? UTVIKLINGSVERDIER.myndighetApiKey,
    seedDemoData: bool(env.SEED_DEMO_DATA, !env.DATABASE_URL && (!production || demo)),
    smtpUrl: env.SMTP_URL || undefined,
    embeddedEpost: !env.SMTP_URL,
    epost: {
      avsender: env.EPOST_AVSENDER || "Digital forhåndsmelding <ikke-svar@forhaandsmelding.example.no>",
      fangerPort: Math.max(0, Math.trunc(Number(env.EPOST_FANGER_PORT ?? 0)) || 0),
      samlevinduMs: sekunder(env.EPOST_SAMLEVINDU_SEKUNDER, 30),
      maksForsoek: Math.max(1, Math.trunc(Number(env.EPOST_MAKS_FORSOEK ?? 8)) || 8),
      ventetidMs: sekunder(env.EPOST_VENTETID_SEKUNDER, 30),
      nedeVarselMs: sekunder(env.EPOST_NEDE_VARSEL_SEKUNDER, 15 * 60),
      pollMs: sekunder(env.EPOST_POLL_SEKUNDER, 1),
    },
  };
}
