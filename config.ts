// Server configuration from the environment. Every variable has an embedded default, so
// `npm start` runs the whole service on one machine; setting a variable switches that part to a real
// service (see README.md "Konfigurasjon").
import { randomBytes } from "node:crypto";

export interface Config {
  port: number;
  host: string;
  /** The public URL of the web app (used for redirect URIs and Origin checks). */
  appUrl: string;
  production: boolean;
  /** Secure cookies with the __Host- prefix; on when appUrl is https. */
  secureCookies: boolean;
  databaseUrl?: string;
  dataDir: string;
  /** Base URL of the import API; in embedded mode the same server. */
  importApiUrl: string;
  embeddedApi: boolean;
  oidc: {
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
  smtpUrl?: string;
  /** Seed demo data on first start of an empty embedded database. */
  seedDemoData: boolean;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  return ["1", "true", "on", "yes", "ja"].includes(value.toLowerCase());
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const appUrl = (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, "");
  const production = env.NODE_ENV === "production";
  const embeddedApi = !env.IMPORT_API_URL;
  const embeddedIdporten = !env.OIDC_ISSUER;
  const internalUrl = `http://127.0.0.1:${port}`;
  if (production && !env.SESSION_SECRET) {
    throw new Error("SESSION_SECRET må settes i produksjon");
  }
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    appUrl,
    production,
    secureCookies: appUrl.startsWith("https://"),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? "data/pglite",
    importApiUrl: (env.IMPORT_API_URL ?? internalUrl).replace(/\/$/, ""),
    embeddedApi,
    oidc: {
      issuer: (env.OIDC_ISSUER ?? `${appUrl}/idporten`).replace(/\/$/, ""),
      clientId: env.OIDC_CLIENT_ID ?? "forhaandsmelding-dev",
      clientSecret: env.OIDC_CLIENT_SECRET ?? "dev-hemmelighet-ikke-for-produksjon",
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
    hubApiKey: env.HUB_API_KEY ?? "dev-hub-nokkel",
    myndighetApiKey: env.MYNDIGHET_API_KEY ?? "dev-myndighet-nokkel",
    smtpUrl: env.SMTP_URL || undefined,
    seedDemoData: bool(env.SEED_DEMO_DATA, !env.DATABASE_URL),
  };
}
