import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { apiGrenser } from "../api/grenser";
import { discoveryUrl, sammeUtsteder } from "../domain/oidc";
import { KonfigurasjonsFeil, loadConfig } from "./config";

/** A complete production configuration of a `web` process against real services. */
const WEB = {
  NODE_ENV: "production",
  ROLES: "web",
  APP_URL: "https://forhaandsmelding.example.no",
  SESSION_SECRET: "a".repeat(64),
  OIDC_ISSUER: "https://idporten.no",
  OIDC_CLIENT_ID: "forhaandsmelding-klient",
  OIDC_CLIENT_SECRET: "en-ekte-klienthemmelighet",
  IMPORT_API_URL: "https://api.example.no/",
  DATABASE_URL: "postgres://db.example.no/forhaandsmelding",
  OIDC_RESOURCE: "https://forhaandsmelding.example.no/import",
};

/** The service's own Maskinporten client's key (a private JWK; loadConfig checks only its form). */
const KLIENTNOEKKEL = JSON.stringify({ kty: "RSA", kid: "k1", n: "AQAB", e: "AQAB", d: "AQAB" });

/** A complete production configuration of an `api` process. */
const API = {
  NODE_ENV: "production",
  ROLES: "api",
  DATABASE_URL: "postgres://db.example.no/forhaandsmelding",
  OIDC_ISSUER: "https://idporten.no",
  HUB_API_KEY: "hub-".padEnd(40, "h"),
  WEBHOOK_NOEKKEL: "wh-".padEnd(40, "w"),
  // The authority's case system comes in with Maskinporten tokens of its organisation (ADR 045).
  MYNDIGHET_ORGNR: "985399077",
  MASKINPORTEN_ISSUER: "https://maskinporten.no/",
  MASKINPORTEN_JWKS_URI: "https://maskinporten.no/jwk",
  API_AUDIENCE: "https://forhaandsmelding.example.no/import",
  ALTINN_URL: "https://platform.altinn.no",
  ALTINN_RESSURS: "mattilsynet-forhaandsmelding",
  ALTINN_ABONNEMENTSNOEKKEL: "abonnement",
  ENHETSREGISTERET_URL: "https://data.brreg.no/enhetsregisteret",
  MASKINPORTEN_URL: "https://maskinporten.no/",
  MASKINPORTEN_KLIENT_ID: "forhaandsmelding-klient",
  MASKINPORTEN_KLIENT_NOEKKEL: KLIENTNOEKKEL,
};

/** A complete production configuration of a `sender` process. */
const SENDER = {
  NODE_ENV: "production",
  ROLES: "sender",
  DATABASE_URL: "postgres://db.example.no/forhaandsmelding",
  APP_URL: "https://forhaandsmelding.example.no",
  SMTP_URL: "smtp://smtp.example.no:587",
  EPOST_AVSENDER: "Mattilsynet <ikke-svar@mattilsynet.no>",
  WEBHOOK_NOEKKEL: "wh-".padEnd(40, "w"),
  ENHETSREGISTERET_URL: "https://data.brreg.no/enhetsregisteret",
  HUB_URL: "https://hub.ephytoexchange.org/hub/DeliveryService",
  HUB_KLIENTSERTIFIKAT: "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----",
  HUB_KLIENTNOEKKEL: "-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----",
};

/** All three roles in one production process. */
const ALLE = { ...WEB, ...API, ...SENDER, ROLES: "web,api,sender", IMPORT_API_URL: undefined };

function feilVed(env: Record<string, string | undefined>): KonfigurasjonsFeil {
  try {
    loadConfig(env);
  } catch (e) {
    if (e instanceof KonfigurasjonsFeil) return e;
    throw e;
  }
  throw new Error("forventet at oppsettet ble avvist");
}

describe("loadConfig uten NODE_ENV=production", () => {
  it("har innebygde standardverdier for alt, med utviklings-ID-porten og det innebygde API-et", () => {
    const c = loadConfig({});
    expect(c.production).toBe(false);
    expect(c.demo).toBe(false);
    expect(c.embeddedIdporten).toBe(true);
    expect(c.embeddedApi).toBe(true);
    expect(c.oidc.issuer).toBe("http://localhost:3000/idporten");
    expect(c.importApiUrl).toBe("http://127.0.0.1:3000");
    expect(c.secureCookies).toBe(false);
    expect(c.seedDemoData).toBe(true);
    expect(c.hubApiKey).toBe("dev-hub-nokkel");
    expect(c.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(c.embeddedEpost).toBe(true);
    expect(c.epost).toMatchObject({
      fangerPort: 0,
      samlevinduMs: 30_000,
      maksForsoek: 8,
      nedeVarselMs: 900_000,
    });
  });

  it("leser e-postinnstillingene i sekunder og faller tilbake på standardverdiene ved ugyldige tall", () => {
    const c = loadConfig({
      SMTP_URL: "smtp://relé.example:25",
      EPOST_SAMLEVINDU_SEKUNDER: "0.5",
      EPOST_MAKS_FORSOEK: "3",
      EPOST_VENTETID_SEKUNDER: "-1",
      EPOST_NEDE_VARSEL_SEKUNDER: "tull",
    });
    expect(c.embeddedEpost).toBe(false);
    expect(c.epost).toMatchObject({
      samlevinduMs: 500,
      maksForsoek: 3,
      ventetidMs: 30_000,
      nedeVarselMs: 900_000,
    });
  });

  it("slår på Secure-cookies når APP_URL er https", () => {
    expect(loadConfig({ APP_URL: "https://lokal.example/" }).secureCookies).toBe(true);
    expect(loadConfig({ APP_URL: "https://lokal.example/" }).appUrl).toBe("https://lokal.example");
  });

  it("beholder utstederen slik den er oppgitt, også med skråstrek til slutt", () => {
    expect(loadConfig({ OIDC_ISSUER: "https://idp.example/" }).oidc.issuer).toBe("https://idp.example/");
    expect(loadConfig({ OIDC_ISSUER: "https://idp.example/" }).embeddedIdporten).toBe(false);
  });

  it("leser funksjonsbrytere og ignorerer DEMO_MODE", () => {
    const c = loadConfig({
      FEATURE_VIS_IMPORTMELDING: "nei",
      FEATURE_VIS_RISIKOVURDERING: "ja",
      DEMO_MODE: "1",
    });
    expect(c.features).toEqual({ visImportmelding: false, visRisikovurdering: true });
    expect(c.demo).toBe(false);
  });

  it("leser grensene, arbeidsbanene og byggets innstillinger; en uleselig grense er en advarsel, ikke en feil", () => {
    const c = loadConfig({
      GRENSE_SOEK_BOM_PERSON: " 5/60 ",
      GRENSE_INNLOGGING_IP: "tjue",
      ARBEID_DOKUMENT_SAMTIDIGE: "3",
      ARBEID_DOKUMENT_KOE: "0",
      ARBEID_MAKS_SAMTIDIGE: "x",
      BUILD_DIR: "build-3100",
      VITE_DEV: "1",
      PGOPTIONS: "-c statement_timeout=5000",
      SESSION_SECRET: "s".repeat(40),
    });
    expect(c.grenser).toEqual({ GRENSE_SOEK_BOM_PERSON: "5/60" });
    expect(apiGrenser(c.grenser).soekBomPerson).toMatchObject({ antall: 5, sekunder: 60 });
    expect(c.advarsler).toEqual([
      "GRENSE_INNLOGGING_IP=tjue kan ikke leses (bruk antall eller antall/sekunder); bruker standarden.",
    ]);
    expect(c.arbeid.dokument).toMatchObject({ samtidige: 3, ventende: 0, perPerson: 2 });
    expect(c.arbeid.innlesing.samtidige).toBe(2);
    expect(c).toMatchObject({
      buildDir: "build-3100",
      viteDev: true,
      pgOptions: "-c statement_timeout=5000",
      sessionSecretSatt: true,
    });
    const standard = loadConfig({});
    expect(standard).toMatchObject({ grenser: {}, advarsler: [], buildDir: "build", viteDev: false });
    expect(standard.sessionSecretSatt).toBe(false);
    // Vite's dev server never in production.
    expect(loadConfig({ ...ALLE, VITE_DEV: "1" }).viteDev).toBe(false);
  });
});

describe("roller", () => {
  it("kjører alle tre roller når ROLES ikke er satt, og leser en kommaliste", () => {
    expect([...loadConfig({}).roller].sort()).toEqual(["api", "sender", "web"]);
    const c = loadConfig({ ROLES: " Sender , api " });
    expect([...c.roller].sort()).toEqual(["api", "sender"]);
    expect(c.embeddedApi).toBe(true);
    expect(c.embeddedIdporten).toBe(false);
    expect(c.embeddedEpost).toBe(true);
  });

  it("avviser ukjente roller og en tom liste, også utenfor produksjon", () => {
    expect(feilVed({ ROLES: "web,api,sendr" }).problemer).toEqual([
      expect.stringContaining("ukjente roller (sendr)"),
    ]);
    expect(feilVed({ ROLES: "web,api,sendr" }).message).toMatch(/^Ugyldig oppsett:/);
  });

  it("web uten api i samme prosess trenger IMPORT_API_URL, og kaller API-et der", () => {
    expect(feilVed({ ROLES: "web" }).problemer).toEqual([
      expect.stringContaining("IMPORT_API_URL må settes"),
    ]);
    const c = loadConfig({ ROLES: "web", IMPORT_API_URL: "http://api.intern:3000/" });
    expect(c.importApiUrl).toBe("http://api.intern:3000");
    expect(c.embeddedApi).toBe(false);
    expect(c.embeddedIdporten).toBe(true);
  });

  it("METRICS_PORT er en egen port, aldri den offentlige", () => {
    expect(loadConfig({ METRICS_PORT: "9464" }).metricsPort).toBe(9464);
    expect(loadConfig({}).metricsPort).toBeUndefined();
    expect(feilVed({ PORT: "3000", METRICS_PORT: "3000" }).problemer).toEqual([
      expect.stringContaining("METRICS_PORT må være en annen port"),
    ]);
    expect(feilVed({ METRICS_PORT: "ni" }).problemer).toEqual([expect.stringContaining("METRICS_PORT")]);
  });
});

describe("loadConfig i produksjon", () => {
  it("godtar hver rolle alene med det den trenger, og alle tre i én prosess", () => {
    const w = loadConfig(WEB);
    expect(w.production).toBe(true);
    expect(w.embeddedIdporten).toBe(false);
    expect(w.embeddedApi).toBe(false);
    expect(w.importApiUrl).toBe("https://api.example.no");
    expect(w.secureCookies).toBe(true);
    expect(w.seedDemoData).toBe(false);
    expect(w.oidc.clientSecret).toBe("en-ekte-klienthemmelighet");
    const a = loadConfig(API);
    expect(a.embeddedApi).toBe(true);
    expect(a.hubApiKey).toBe(API.HUB_API_KEY);
    const s = loadConfig(SENDER);
    expect(s.embeddedEpost).toBe(false);
    expect(s.smtpUrl).toBe("smtp://smtp.example.no:587");
    expect(s.epost.avsender).toBe("Mattilsynet <ikke-svar@mattilsynet.no>");
    const alle = loadConfig(ALLE);
    expect([...alle.roller].sort()).toEqual(["api", "sender", "web"]);
    expect(alle.importApiUrl).toBe("http://127.0.0.1:3000");
  });

  it("krever en PostgreSQL-server for hver rolle (sesjonene, API-et og utboksen deles mellom prosessene)", () => {
    for (const oppsett of [WEB, API, SENDER]) {
      expect(feilVed({ ...oppsett, DATABASE_URL: undefined }).problemer).toEqual([
        expect.stringContaining("DATABASE_URL må settes til en PostgreSQL-server"),
      ]);
    }
    expect(feilVed({ ...API, DATABASE_URL: "mysql://db" }).problemer).toEqual([
      expect.stringContaining("postgres://"),
    ]);
  });

  it("SMTP_URL og EPOST_AVSENDER kreves bare av sender", () => {
    expect(feilVed({ ...SENDER, SMTP_URL: undefined }).problemer).toEqual([
      expect.stringContaining("SMTP_URL må settes"),
    ]);
    expect(feilVed({ ...SENDER, EPOST_AVSENDER: "" }).problemer).toEqual([
      expect.stringContaining("EPOST_AVSENDER må settes"),
    ]);
    expect(() => loadConfig(WEB)).not.toThrow();
    expect(() => loadConfig(API)).not.toThrow();
  });

  it("webhooker: api og sender krever en ekte WEBHOOK_NOEKKEL, og WEBHOOK_TILLAT_LOKAL nektes (issue 25 §3)", () => {
    for (const env of [API, SENDER]) {
      expect(feilVed({ ...env, WEBHOOK_NOEKKEL: undefined }).problemer).toEqual([
        expect.stringContaining("WEBHOOK_NOEKKEL må settes"),
      ]);
      expect(
        feilVed({ ...env, WEBHOOK_NOEKKEL: "dev-webhook-noekkel-ikke-for-produksjon" }).problemer,
      ).toEqual([expect.stringContaining("WEBHOOK_NOEKKEL må settes")]);
      expect(feilVed({ ...env, WEBHOOK_NOEKKEL: "kort" }).problemer).toEqual([
        "WEBHOOK_NOEKKEL må være minst 32 tegn (tilfeldig).",
      ]);
      expect(feilVed({ ...env, WEBHOOK_TILLAT_LOKAL: "true" }).problemer).toEqual([
        expect.stringContaining("WEBHOOK_TILLAT_LOKAL kan bare slås på i utvikling og tester"),
      ]);
      expect(loadConfig(env).webhook).toMatchObject({ noekkel: "wh-".padEnd(40, "w"), tillatLokal: false });
    }
    expect(() => loadConfig({ ...WEB, WEBHOOK_NOEKKEL: undefined })).not.toThrow();
    // Outside production, tests may let webhooks go to http and loopback.
    expect(loadConfig({ WEBHOOK_TILLAT_LOKAL: "true" }).webhook).toMatchObject({
      tillatLokal: true,
      tidsavbruddMs: 5000,
      pauseEtter: 20,
    });
  });

  it("WEBHOOK_TILLAT_LOKAL gjelder bare i utvikling og tester, aldri i produksjon, heller ikke med DEMO_MODE (sak 34 punkt 10)", () => {
    const demo = { NODE_ENV: "production", DEMO_MODE: "true", SESSION_SECRET: "demo" };
    expect(loadConfig(demo).webhook.tillatLokal).toBe(false);
    for (const verdi of ["true", "1", "ja"]) {
      expect(feilVed({ ...demo, WEBHOOK_TILLAT_LOKAL: verdi }).problemer).toEqual([
        expect.stringContaining("WEBHOOK_TILLAT_LOKAL kan bare slås på i utvikling og tester"),
      ]);
    }
    // Any other NODE_ENV than development and test (a staging setup, a typo) is no test either.
    for (const nodeEnv of ["staging", "prod", "Production"]) {
      expect(feilVed({ NODE_ENV: nodeEnv, WEBHOOK_TILLAT_LOKAL: "true" }).problemer).toEqual([
        expect.stringContaining("WEBHOOK_TILLAT_LOKAL kan bare slås på i utvikling og tester"),
      ]);
    }
    for (const nodeEnv of [undefined, "development", "test"]) {
      expect(loadConfig({ NODE_ENV: nodeEnv, WEBHOOK_TILLAT_LOKAL: "true" }).webhook.tillatLokal).toBe(true);
    }
    // Off is off everywhere.
    expect(loadConfig({ ...demo, WEBHOOK_TILLAT_LOKAL: "false" }).webhook.tillatLokal).toBe(false);
  });

  it("web nekter å starte uten OIDC_ISSUER (ellers ville utviklings-ID-porten godta hvem som helst)", () => {
    const feil = feilVed({ ...WEB, OIDC_ISSUER: undefined });
    expect(feil.problemer).toEqual([expect.stringContaining("utviklings-ID-porten")]);
    expect(feil.message).toContain("DEMO_MODE=true");
  });

  it("api sjekker tilgangstokenene mot en ekte utsteder og krever ekte, ulike nøkler", () => {
    expect(feilVed({ ...API, OIDC_ISSUER: undefined }).problemer).toEqual([
      expect.stringContaining("import-API-et sjekker tilgangstokenene"),
    ]);
    expect(feilVed({ ...API, HUB_API_KEY: undefined }).problemer).toEqual([
      expect.stringContaining("HUB_API_KEY må settes"),
    ]);
    expect(feilVed({ ...API, HUB_API_KEY: "dev-hub-nokkel" }).problemer).toEqual([
      expect.stringContaining("ikke utviklingsverdien dev-hub-nokkel"),
    ]);
    expect(feilVed({ ...API, HUB_API_KEY: "kort" }).problemer).toEqual([
      expect.stringContaining("minst 24 tegn"),
    ]);
  });

  it("api krever Mattilsynets organisasjonsnummer og Maskinporten, og ingen delt nøkkel for Mattilsynet (ADR 045)", () => {
    expect(feilVed({ ...API, MYNDIGHET_API_KEY: "mt-".padEnd(40, "m") }).problemer).toEqual([
      "MYNDIGHET_API_KEY brukes ikke lenger: Mattilsynets saksbehandlingssystem bruker Maskinporten-token (ADR 045). Fjern variabelen.",
    ]);
    expect(feilVed({ ...API, MYNDIGHET_ORGNR: undefined }).problemer).toEqual([
      "MYNDIGHET_ORGNR må settes til Mattilsynets organisasjonsnummer (985399077).",
    ]);
    expect(feilVed({ ...API, MYNDIGHET_ORGNR: "98539907" }).problemer).toEqual([
      "MYNDIGHET_ORGNR må være et organisasjonsnummer (ni siffer).",
    ]);
    expect(
      feilVed({ ...API, MASKINPORTEN_ISSUER: undefined, MASKINPORTEN_JWKS_URI: undefined }).problemer,
    ).toEqual([
      "MASKINPORTEN_ISSUER må settes (f.eks. https://maskinporten.no/): Mattilsynets saksbehandlingssystem kommer bare inn med Maskinporten-token.",
    ]);
    expect(loadConfig(API).myndighetOrgnr).toBe("985399077");
    expect(loadConfig({}).myndighetOrgnr).toBe("985399077");
    expect(loadConfig({ MYNDIGHET_ORGNR: "999888777" }).myndighetOrgnr).toBe("999888777");
  });

  it("en api-prosess i produksjon bruker aldri utviklingssettet av risikoregler (ADR 046)", () => {
    expect(loadConfig(API).utviklingssettTillatt).toBe(false);
  });

  it("web uten api krever IMPORT_API_URL; med api i samme prosess trengs den ikke", () => {
    expect(feilVed({ ...WEB, IMPORT_API_URL: "" }).problemer).toEqual([
      expect.stringContaining("IMPORT_API_URL må settes"),
    ]);
    expect(() => loadConfig({ ...WEB, ...API, ROLES: "web,api", IMPORT_API_URL: undefined })).not.toThrow();
  });

  it("nekter å starte uten klienthemmelighet, eller med utviklingsverdien", () => {
    expect(feilVed({ ...WEB, OIDC_CLIENT_SECRET: undefined }).problemer).toEqual([
      expect.stringContaining("OIDC_CLIENT_SECRET må settes"),
    ]);
    expect(feilVed({ ...WEB, OIDC_CLIENT_SECRET: "dev-hemmelighet-ikke-for-produksjon" }).problemer).toEqual([
      expect.stringContaining("OIDC_CLIENT_SECRET"),
    ]);
    expect(feilVed({ ...WEB, OIDC_CLIENT_ID: "forhaandsmelding-dev" }).problemer).toEqual([
      expect.stringContaining("OIDC_CLIENT_ID"),
    ]);
  });

  it("krever en lang SESSION_SECRET og en https-adresse for web, og https for lenkene i e-postene", () => {
    expect(feilVed({ ...WEB, SESSION_SECRET: undefined }).problemer).toEqual([
      "SESSION_SECRET må settes (rollen web).",
    ]);
    expect(feilVed({ ...WEB, SESSION_SECRET: "kort" }).problemer).toEqual([
      expect.stringContaining("minst 32 tegn"),
    ]);
    expect(feilVed({ ...WEB, APP_URL: "http://forhaandsmelding.example.no" }).problemer).toEqual([
      expect.stringContaining("Secure med prefikset __Host-"),
    ]);
    expect(feilVed({ ...SENDER, APP_URL: "http://forhaandsmelding.example.no" }).problemer).toEqual([
      expect.stringContaining("lenkene i e-postvarslene"),
    ]);
    expect(feilVed({ ...WEB, APP_URL: undefined }).problemer).toEqual([
      expect.stringContaining("APP_URL må settes"),
    ]);
    expect(() => loadConfig({ ...API, APP_URL: undefined, SESSION_SECRET: undefined })).not.toThrow();
  });

  it("api krever Altinn, Enhetsregisteret og tjenestens egen Maskinporten-klient; sender Enhetsregisteret (ADR 042)", () => {
    for (const navn of [
      "ALTINN_URL",
      "ALTINN_RESSURS",
      "ALTINN_ABONNEMENTSNOEKKEL",
      "ENHETSREGISTERET_URL",
      "MASKINPORTEN_URL",
      "MASKINPORTEN_KLIENT_ID",
      "MASKINPORTEN_KLIENT_NOEKKEL",
    ]) {
      expect(feilVed({ ...API, [navn]: undefined }).problemer, navn).toEqual([
        expect.stringContaining(`${navn} må settes`),
      ]);
    }
    expect(
      feilVed({ ...API, MASKINPORTEN_KLIENT_NOEKKEL: '{"kty":"RSA","n":"x","e":"AQAB"}' }).problemer,
    ).toEqual([expect.stringContaining("privat nøkkel")]);
    expect(feilVed({ ...SENDER, ENHETSREGISTERET_URL: undefined }).problemer).toEqual([
      expect.stringContaining("ENHETSREGISTERET_URL må settes"),
    ]);
    const a = loadConfig(API);
    expect(a.registre).toMatchObject({
      innebygd: false,
      altinnUrl: "https://platform.altinn.no",
      ressurs: "mattilsynet-forhaandsmelding",
      cacheMs: 300_000,
      klientNoekkel: { kty: "RSA", kid: "k1" },
    });
    // Outside production without the URLs: the development stand-ins; with ALTINN_URL, the client's key is needed.
    expect(loadConfig({}).registre.innebygd).toBe(true);
    expect(loadConfig({ ROLES: "web", IMPORT_API_URL: "http://127.0.0.1:3001" }).registre.innebygd).toBe(
      false,
    );
    expect(
      feilVed({ ALTINN_URL: "http://127.0.0.1:3500/altinn", MASKINPORTEN_URL: "http://x" }).problemer,
    ).toEqual([expect.stringContaining("MASKINPORTEN_KLIENT_NOEKKEL må settes")]);
    // A demo may run them.
    expect(
      loadConfig({ NODE_ENV: "production", DEMO_MODE: "true", SESSION_SECRET: "s" }).registre.innebygd,
    ).toBe(true);
  });

  it("krever OIDC_RESOURCE for web og API_AUDIENCE for api i produksjon, like når begge kjører sammen (sak 31 §8)", () => {
    expect(feilVed({ ...WEB, OIDC_RESOURCE: undefined }).problemer).toEqual([
      expect.stringContaining("OIDC_RESOURCE må settes"),
    ]);
    expect(feilVed({ ...API, API_AUDIENCE: undefined }).problemer).toEqual([
      expect.stringContaining("API_AUDIENCE må settes"),
    ]);
    expect(feilVed({ ...ALLE, OIDC_RESOURCE: "https://annen.example" }).problemer).toEqual([
      expect.stringContaining("må være like"),
    ]);
    expect(loadConfig(ALLE).oidc.resource).toBe(ALLE.API_AUDIENCE);
  });

  it("nekter demodata i produksjon", () => {
    expect(feilVed({ ...API, SEED_DEMO_DATA: "true" }).problemer).toEqual([
      expect.stringContaining("SEED_DEMO_DATA"),
    ]);
  });

  it("lister alle problemene på én gang når ingenting er satt", () => {
    const feil = feilVed({ NODE_ENV: "production" });
    // DATABASE_URL, APP_URL, SESSION_SECRET, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_ISSUER, HUB_API_KEY,
    // MYNDIGHET_ORGNR, MASKINPORTEN_ISSUER (ADR 045), WEBHOOK_NOEKKEL, SMTP_URL, EPOST_AVSENDER; ENHETSREGISTERET_URL,
    // ALTINN_URL, ALTINN_RESSURS, ALTINN_ABONNEMENTSNOEKKEL, MASKINPORTEN_URL, MASKINPORTEN_KLIENT_ID,
    // MASKINPORTEN_KLIENT_NOEKKEL (ADR 042); OIDC_RESOURCE, API_AUDIENCE; HUB_URL (ADR 044)
    expect(feil.problemer).toHaveLength(22);
    expect(feil.message).toMatch(/^Ugyldig oppsett for produksjon/);
    const feilWeb = feilVed({ NODE_ENV: "production", ROLES: "web" });
    expect(feilWeb.problemer.join("\n")).toContain("IMPORT_API_URL");
    expect(feilWeb.problemer.join("\n")).not.toContain("SMTP_URL");
  });

  it("med DEMO_MODE kjører de innebygde tjenestene over http, med demodata, men krever SESSION_SECRET", () => {
    const c = loadConfig({ NODE_ENV: "production", DEMO_MODE: "true", SESSION_SECRET: "demo" });
    expect(c.demo).toBe(true);
    expect(c.embeddedIdporten).toBe(true);
    expect(c.embeddedApi).toBe(true);
    expect(c.embeddedEpost).toBe(true);
    expect(c.secureCookies).toBe(false);
    expect(c.seedDemoData).toBe(true);
    expect(feilVed({ NODE_ENV: "production", DEMO_MODE: "true" }).problemer).toEqual([
      "SESSION_SECRET må settes.",
    ]);
    // a demo behind https still gets Secure cookies
    expect(
      loadConfig({
        NODE_ENV: "production",
        DEMO_MODE: "ja",
        SESSION_SECRET: "demo",
        APP_URL: "https://demo.example",
      }).secureCookies,
    ).toBe(true);
  });
});

describe("ePhyto-huben (sender, ADR 044)", () => {
  it("i utvikling og demo henter sender fra utviklingshuben, hvert tredje sekund; med HUB_URL fra den", () => {
    const dev = loadConfig({});
    expect(dev.hub).toMatchObject({ henting: true, utvikling: true, url: undefined, intervallMs: 3000 });
    expect(loadConfig({ NODE_ENV: "production", DEMO_MODE: "true", SESSION_SECRET: "d" }).hub.utvikling).toBe(
      true,
    );
    expect(loadConfig({ ROLES: "api" }).hub.utvikling).toBe(false);
    const ekte = loadConfig(SENDER);
    expect(ekte.hub).toMatchObject({
      utvikling: false,
      url: SENDER.HUB_URL,
      intervallMs: 60_000,
      maksPerRunde: 50,
      leieMs: 300_000,
      tidsavbruddMs: 30_000,
    });
    expect(
      loadConfig({ ...SENDER, HUB_INTERVALL_SEKUNDER: "300", HUB_MAKS_PER_RUNDE: "5" }).hub,
    ).toMatchObject({
      intervallMs: 300_000,
      maksPerRunde: 5,
    });
    // The lease outlasts three Hub call timeouts (a claim renewed before the acknowledgement outlasts the call).
    expect(loadConfig({ ...SENDER, HUB_LEIE_SEKUNDER: "2" }).hub.leieMs).toBe(90_000);
    expect(loadConfig({ ...SENDER, HUB_LEIE_SEKUNDER: "9", HUB_TIDSAVBRUDD_SEKUNDER: "3" }).hub.leieMs).toBe(
      9000,
    );
  });

  it("sender i produksjon krever hubens adresse, klientsertifikat og nøkkel, og sier hva som mangler", () => {
    expect(feilVed({ ...SENDER, HUB_URL: undefined }).problemer).toEqual([
      expect.stringContaining("HUB_URL må settes til ePhyto-hubens DeliveryService"),
    ]);
    expect(feilVed({ ...SENDER, HUB_URL: "http://hub.example/hub/DeliveryService" }).problemer).toEqual([
      "HUB_URL må begynne med https://.",
    ]);
    expect(
      feilVed({ ...SENDER, HUB_KLIENTSERTIFIKAT: undefined, HUB_KLIENTNOEKKEL: "/finnes/ikke.pem" })
        .problemer,
    ).toEqual([
      expect.stringContaining("HUB_KLIENTSERTIFIKAT må settes til NPPO-ens klientsertifikat for huben"),
      "HUB_KLIENTNOEKKEL peker på en fil som ikke finnes (/finnes/ikke.pem).",
    ]);
    expect(feilVed({ ...SENDER, HUB_CA: "/finnes/ikke/ca.pem" }).problemer).toEqual([
      "HUB_CA peker på en fil som ikke finnes (/finnes/ikke/ca.pem).",
    ]);
    // api and web do not pull: they need none of it.
    expect(() => loadConfig(API)).not.toThrow();
  });

  it("HUB_HENTING=av slår henteren av (en relé leverer til Hub-endepunktet), og da kreves ingenting", () => {
    const c = loadConfig({
      ...SENDER,
      HUB_URL: undefined,
      HUB_KLIENTSERTIFIKAT: undefined,
      HUB_HENTING: "av",
    });
    expect(c.hub).toMatchObject({ henting: false, utvikling: false });
    expect(loadConfig({ HUB_HENTING: "av" }).hub.utvikling).toBe(false);
  });

  it("med HUB_URL utenfor produksjon trengs klientsertifikatet også (huben slipper ingen inn uten)", () => {
    expect(feilVed({ HUB_URL: "https://hub.example/hub/DeliveryService" }).problemer).toEqual([
      expect.stringContaining("HUB_KLIENTSERTIFIKAT må settes"),
      expect.stringContaining("HUB_KLIENTNOEKKEL må settes"),
    ]);
  });
});

describe("maskintilgang (Maskinporten, ADR 035)", () => {
  it("i utvikling og demo svarer utviklings-Maskinporten i api-rollen, med API-ets audience", () => {
    const c = loadConfig({});
    expect(c.embeddedMaskinporten).toBe(true);
    expect(c.maskinporten).toEqual({
      issuer: "http://localhost:3000/maskinporten",
      jwksUri: "http://localhost:3000/maskinporten/jwks",
      audience: "forhaandsmelding-import-api",
    });
    expect(loadConfig({ ROLES: "web", IMPORT_API_URL: "http://api" }).maskinporten).toBeUndefined();
    expect(
      loadConfig({ NODE_ENV: "production", DEMO_MODE: "true", SESSION_SECRET: "demo" }).embeddedMaskinporten,
    ).toBe(true);
  });

  it("er på i produksjon med MASKINPORTEN_ISSUER og Maskinportens nøkler (påkrevd for api, ADR 045)", () => {
    const uten = { ...API, MASKINPORTEN_ISSUER: undefined, MASKINPORTEN_JWKS_URI: undefined };
    expect(feilVed(uten).problemer).toEqual([expect.stringContaining("MASKINPORTEN_ISSUER må settes")]);
    const av = loadConfig({ ...WEB, MASKINPORTEN_ISSUER: undefined });
    expect(av.maskinporten).toBeUndefined();
    expect(av.embeddedMaskinporten).toBe(false);
    const paa = loadConfig({
      ...API,
      MASKINPORTEN_ISSUER: "https://maskinporten.no/",
      MASKINPORTEN_JWKS_URI: "https://maskinporten.no/jwk",
      MASKINPORTEN_AUDIENCE: "https://forhaandsmelding.example.no/import",
    });
    expect(paa.embeddedMaskinporten).toBe(false);
    expect(paa.maskinporten).toEqual({
      issuer: "https://maskinporten.no/",
      jwksUri: "https://maskinporten.no/jwk",
      audience: "https://forhaandsmelding.example.no/import",
    });
  });

  it("avviser et halvt eller usikkert oppsett i produksjon", () => {
    expect(feilVed({ ...API, MASKINPORTEN_JWKS_URI: undefined }).problemer).toEqual([
      "MASKINPORTEN_JWKS_URI må settes når MASKINPORTEN_ISSUER er satt (Maskinportens nøkler, f.eks. https://maskinporten.no/jwk).",
    ]);
    expect(
      feilVed({
        ...API,
        MASKINPORTEN_ISSUER: "http://maskinporten.no/",
        MASKINPORTEN_JWKS_URI: "http://x/jwk",
      }).problemer,
    ).toEqual([
      "MASKINPORTEN_ISSUER må begynne med https://.",
      "MASKINPORTEN_JWKS_URI må begynne med https://.",
    ]);
    expect(feilVed({ ...API, MASKINPORTEN_ISSUER: undefined }).problemer).toEqual([
      "MASKINPORTEN_ISSUER må settes (f.eks. https://maskinporten.no/): Mattilsynets saksbehandlingssystem kommer bare inn med Maskinporten-token.",
      "MASKINPORTEN_ISSUER må settes når MASKINPORTEN_JWKS_URI eller MASKINPORTEN_AUDIENCE er satt (ellers er maskintilgang av).",
    ]);
    // only the api role reads them
    expect(() => loadConfig({ ...WEB, MASKINPORTEN_ISSUER: "https://maskinporten.no/" })).not.toThrow();
  });
});

describe("utstederadresser", () => {
  it("lager discovery-adressen uten dobbel skråstrek", () => {
    expect(discoveryUrl("https://idporten.no")).toBe("https://idporten.no/.well-known/openid-configuration");
    expect(discoveryUrl("https://idporten.no/")).toBe("https://idporten.no/.well-known/openid-configuration");
  });

  it("sammenligner utstedere uten å bry seg om skråstrek til slutt", () => {
    expect(sammeUtsteder("https://idporten.no/", "https://idporten.no")).toBe(true);
    expect(sammeUtsteder("https://idporten.no", "https://test.idporten.no")).toBe(false);
  });
});

describe("TRUST_PROXY (sak 34 punkt 3)", () => {
  /** The client address and protocol Express reads for a request from loopback that says it came through a proxy. */
  async function sett(env: Record<string, string | undefined>): Promise<{ ip: string; protokoll: string }> {
    const app = express();
    app.set("trust proxy", loadConfig(env).trustProxy);
    app.get("/", (req, res) => {
      res.json({ ip: req.ip, protokoll: req.protocol });
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    try {
      const port = (server.address() as AddressInfo).port;
      const svar = await fetch(`http://127.0.0.1:${port}/`, {
        headers: { "X-Forwarded-For": "203.0.113.7", "X-Forwarded-Proto": "https" },
      });
      return (await svar.json()) as { ip: string; protokoll: string };
    } finally {
      server.close();
    }
  }
  const forbindelsen = { ip: "127.0.0.1", protokoll: "http" };
  const mellomtjeneren = { ip: "203.0.113.7", protokoll: "https" };

  it("uten TRUST_PROXY tror ingen rolle på X-Forwarded-For, heller ikke fra loopback: forbindelsens adresse teller", async () => {
    expect(await sett({})).toEqual(forbindelsen);
    expect(await sett({ NODE_ENV: "test" })).toEqual(forbindelsen);
    expect(await sett({ ...API })).toEqual(forbindelsen);
    expect(await sett({ ...WEB })).toEqual(forbindelsen);
    expect(await sett({ NODE_ENV: "production", DEMO_MODE: "true", SESSION_SECRET: "demo" })).toEqual(
      forbindelsen,
    );
  });

  it("bare mellomtjenerne TRUST_PROXY nevner, blir trodd", async () => {
    expect(await sett({ ...WEB, TRUST_PROXY: "loopback" })).toEqual(mellomtjeneren);
    expect(await sett({ ...WEB, TRUST_PROXY: "127.0.0.1" })).toEqual(mellomtjeneren);
    expect(await sett({ ...WEB, TRUST_PROXY: "10.0.0.0/8, 127.0.0.0/8" })).toEqual(mellomtjeneren);
    expect(await sett({ ...WEB, TRUST_PROXY: "1" })).toEqual(mellomtjeneren);
    // A proxy elsewhere is named: loopback is not it.
    expect(await sett({ ...WEB, TRUST_PROXY: "uniquelocal" })).toEqual(forbindelsen);
    expect(await sett({ ...WEB, TRUST_PROXY: "10.0.0.5" })).toEqual(forbindelsen);
    expect(await sett({ ...WEB, TRUST_PROXY: "0" })).toEqual(forbindelsen);
  });

  it("en verdi som ville tro alle, eller som ikke er en adresse, nektes med en norsk melding", () => {
    for (const verdi of ["true", "*", "0.0.0.0/0", "::/0", "alle", "10.0.0.0/33", "300.1.1.1"]) {
      expect(feilVed({ TRUST_PROXY: verdi }).problemer, verdi).toEqual([
        expect.stringContaining("TRUST_PROXY"),
      ]);
    }
  });
});
